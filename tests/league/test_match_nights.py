"""Match night: the team sheet, the games (live and from the card), and the
result both captains sign, through the services."""
from typing import Any

import pytest
from matchnights import Night, a_match_night, play_live, sheet_entered
from tablets import post_move, tablet_for

from league.models import AuditEntry, Fixture, Game, MatchNight, Rubber, RubberGame, SquadRegistration
from league.refusals import (
    FixtureNotPlayable,
    NotCaptain,
    NotSecretary,
    NotTeamScorer,
    ReasonRequired,
    ResultInvalid,
    TeamSheetInvalid,
    WrongNightStatus,
)
from league.services.match_games import rubber_game_card, rubber_game_remove, rubber_game_start
from league.services.results import (
    match_confirm,
    match_dispute,
    match_resolve,
    match_result_correct,
    match_submit,
)
from league.services.teamsheets import team_sheet_enter

PLAIN = ["singles"] * 9
SOLIHULL = ["singles"] * 6 + ["pairs"] * 3


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")


def cards(night: Night, scores: list[tuple[int, int]], user: Any = None) -> None:
    for number, (home, away) in enumerate(scores, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=user or night.home_scorer)


FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


# The team sheet

def test_the_home_captain_enters_a_sheet_naming_every_rubbers_players(night: Night) -> None:
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=night.lineups(PLAIN), user=night.home_captain)
    rubbers = list(Rubber.objects.filter(night__fixture=night.fixture).order_by("number"))
    assert [r.number for r in rubbers] == list(range(1, 10))
    assert rubbers[0].home_player == night.home_players[0] and rubbers[0].away_player == night.away_players[0]
    assert AuditEntry.objects.filter(action="night.team_sheet").count() == 1


def test_a_pairs_rubber_names_two_players_a_side(db: None) -> None:
    night = a_match_night("solihull")
    sheet_entered(night, SOLIHULL)
    pairs = Rubber.objects.get(night__fixture=night.fixture, number=7)
    assert (pairs.kind, pairs.home_ids(), pairs.away_ids()) == (
        "pairs", (night.home_players[0].pk, night.home_players[1].pk),
        (night.away_players[0].pk, night.away_players[1].pk))


def test_a_player_registered_for_another_team_is_refused_by_name(night: Night) -> None:
    lineups = night.lineups(PLAIN)
    lineups[2] = ([night.away_players[9].pk], lineups[2][1])
    with pytest.raises(TeamSheetInvalid) as refused:
        team_sheet_enter(fixture_id=night.fixture.pk, lineups=lineups, user=night.home_captain)
    assert (f"Rubber 3 (singles): {night.home.name} names {night.away_players[9].name}, "
            f"who is registered for {night.away.name}.") in refused.value.problems
    assert not Rubber.objects.exists()


def test_a_player_not_registered_this_season_is_refused(night: Night) -> None:
    SquadRegistration.objects.filter(player=night.home_players[0]).delete()
    with pytest.raises(TeamSheetInvalid, match=f"names {night.home_players[0].name}, who is not registered for "
                                               f"{night.home.name} this season"):
        sheet_entered(night, PLAIN)


def test_a_sheet_breaking_the_format_lists_every_problem(night: Night) -> None:
    lineups = night.lineups(PLAIN)
    lineups[1] = (lineups[0][0], lineups[1][1])
    with pytest.raises(TeamSheetInvalid) as refused:
        team_sheet_enter(fixture_id=night.fixture.pk, lineups=lineups[:8], user=night.home_captain)
    assert refused.value.problems[0] == "The sheet has 8 rubbers; Plain (nine singles) has 9."
    assert any("plays two singles" in problem for problem in refused.value.problems)


@pytest.mark.parametrize("who", ["away_captain", "home_scorer"])
def test_only_the_home_captain_or_a_secretary_enters_the_sheet(night: Night, who: str) -> None:
    with pytest.raises(NotCaptain, match="Red Lion A's captain or vice-captain"):
        sheet_entered_by(night, getattr(night, who))
    assert not Rubber.objects.exists()
    assert AuditEntry.objects.filter(action="night.team_sheet.refused").count() == 1


def test_a_secretary_may_enter_the_sheet(night: Night) -> None:
    sheet_entered_by(night, night.secretary)
    assert Rubber.objects.count() == 9


def sheet_entered_by(night: Night, user: Any) -> None:
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=night.lineups(PLAIN), user=user)


@pytest.mark.parametrize("status", [Fixture.Status.DRAFT, Fixture.Status.POSTPONED, Fixture.Status.VOID])
def test_nothing_is_entered_for_a_fixture_that_is_not_on(night: Night, status: str) -> None:
    Fixture.objects.filter(pk=night.fixture.pk).update(status=status)
    with pytest.raises(FixtureNotPlayable, match=f"is {status if status != 'draft' else 'a draft'}"):
        sheet_entered(night, PLAIN)
    assert not MatchNight.objects.exists()


def test_a_rubber_with_games_keeps_its_players_when_the_sheet_is_entered_again(night: Night) -> None:
    sheet_entered(night, PLAIN)
    cards(night, [(61, 12)])
    changed = night.lineups(PLAIN)
    changed[0], changed[8] = changed[8], changed[0]
    with pytest.raises(TeamSheetInvalid, match="Rubber 1 has games recorded"):
        team_sheet_enter(fixture_id=night.fixture.pk, lineups=changed, user=night.home_captain)
    unchanged_first = night.lineups(PLAIN)
    unchanged_first[4], unchanged_first[8] = unchanged_first[8], unchanged_first[4]
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=unchanged_first, user=night.home_captain)
    assert Rubber.objects.get(night__fixture=night.fixture, number=5).home_player == night.home_players[8]
    assert RubberGame.objects.count() == 1


# Games from the card

@pytest.mark.parametrize(("home", "away", "words"), [
    (62, 40, "a game to 61 is won on exactly 61"),
    (50, 40, "a game to 61 is won on exactly 61"),
    (61, 61, "always has a winner"),
    (-5, 61, "not below 0"),
])
def test_a_card_score_no_game_could_end_on_is_refused(night: Night, home: int, away: int, words: str) -> None:
    sheet_entered(night, PLAIN)
    with pytest.raises(ResultInvalid, match=words):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=home, away_score=away,
                         user=night.home_scorer)
    assert not RubberGame.objects.exists()


def test_a_league_finishing_on_reaching_the_target_takes_a_score_past_it(db: None) -> None:
    night = a_match_night("plain", rules={"preset": "pub", "finish": "reach"})
    sheet_entered(night, PLAIN)
    game = rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=40, away_score=64,
                            user=night.home_scorer)
    assert game.winner == "away"


def test_leek_pairs_are_played_to_121(db: None) -> None:
    night = a_match_night("leek")
    sheet_entered(night, SOLIHULL)
    with pytest.raises(ResultInvalid, match="won on exactly 121"):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=7, home_score=61, away_score=40, user=night.home_scorer)
    assert rubber_game_card(fixture_id=night.fixture.pk, rubber=7, home_score=121, away_score=90,
                            user=night.home_scorer).winner == "home"


def test_a_best_of_three_rubber_skips_the_decider_at_two_nil(db: None) -> None:
    night = a_match_night("best-of-three")
    sheet_entered(night, ["singles"] * 5)
    cards(night, [(61, 10)])
    rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=30, user=night.home_scorer)
    with pytest.raises(ResultInvalid, match="rubber 1 is decided"):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=20, away_score=61, user=night.home_scorer)
    rubber_game_card(fixture_id=night.fixture.pk, rubber=2, home_score=61, away_score=30, user=night.home_scorer)
    rubber_game_card(fixture_id=night.fixture.pk, rubber=2, home_score=3, away_score=61, user=night.home_scorer)
    assert rubber_game_card(fixture_id=night.fixture.pk, rubber=2, home_score=5, away_score=61,
                            user=night.home_scorer).number == 3


def test_a_game_needs_the_sheet_first(night: Night) -> None:
    with pytest.raises(WrongNightStatus, match="the home captain enters the team sheet first"):
        cards(night, [(61, 0)])


def test_another_teams_captain_cannot_record_a_game(night: Night) -> None:
    other = a_match_night("plain", league_name="Solihull League")
    sheet_entered(night, PLAIN)
    with pytest.raises(NotTeamScorer):
        cards(night, [(61, 0)], user=other.home_captain)
    with pytest.raises(NotTeamScorer):
        cards(night, [(61, 0)], user=other.secretary)
    cards(night, [(61, 0)], user=night.away_captain)
    assert RubberGame.objects.count() == 1


def test_the_newest_game_of_a_rubber_can_be_taken_off_while_the_night_is_open(night: Night) -> None:
    sheet_entered(night, PLAIN)
    cards(night, [(61, 0)])
    rubber_game_remove(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    assert not RubberGame.objects.exists()
    with pytest.raises(ResultInvalid, match="rubber 1 has no game to remove"):
        rubber_game_remove(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)


# Live games

def test_a_live_rubber_game_is_seated_home_first_and_follows_the_rubbers_rules(db: None) -> None:
    night = a_match_night("leek")
    sheet_entered(night, SOLIHULL)
    rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=7, user=night.home_scorer)
    game = Game.objects.get(pk=rubber_game.game_id)
    h, a = night.home_players, night.away_players
    assert game.seats == [h[0].name, a[0].name, h[1].name, a[1].name]
    assert game.partners and game.rules["target"] == 121
    assert game.label == f"{night.home.name} v {night.away.name}, rubber 7"


@pytest.mark.slow
def test_a_live_game_counts_once_the_engine_calls_it_won(night: Night) -> None:
    sheet_entered(night, PLAIN)
    rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    tablet = tablet_for(night.home_scorer)
    state = tablet.get(f"/api/games/{rubber_game.game_id}").json()
    with pytest.raises(ResultInvalid, match="game 1 is still being played"):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=0, user=night.home_scorer)
    final = play_live(tablet, state, seed=3)
    for number in range(2, 10):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=61, away_score=20,
                         user=night.home_scorer)
    submitted = match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    won_by_home = final["winner"] == 0
    assert (submitted.home_games, submitted.away_games) == ((9, 0) if won_by_home else (8, 1))
    copied = RubberGame.objects.get(pk=rubber_game.pk)
    assert (copied.home_score, copied.away_score) == tuple(final["scores"])


def test_only_the_two_teams_scorers_and_the_secretary_may_score_a_match_game(night: Night) -> None:
    sheet_entered(night, PLAIN)
    rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    other = a_match_night("plain", league_name="Solihull League")
    move = {"seat": 0, "tile": "6-6"}
    for outsider in (other.home_captain, other.secretary):
        refused = post_move(tablet_for(outsider), rubber_game.game_id, move)
        assert refused.status_code == 403, refused.json()
        assert "captains and scorers" in refused.json()["error"]
    assert post_move(tablet_for(night.away_captain), rubber_game.game_id, move).status_code == 201
    assert post_move(tablet_for(night.secretary), rubber_game.game_id, {"seat": 1, "knock": True}).status_code == 201


def test_a_submitted_nights_games_can_no_longer_be_scored(night: Night) -> None:
    sheet_entered(night, PLAIN)
    live = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    rubber_game_remove(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    cards(night, FIVE_FOUR)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    refused = post_move(tablet_for(night.home_scorer), live.game_id, {"seat": 0, "tile": "6-6"})
    assert refused.status_code == 422
    assert "submitted" in refused.json()["error"]


# Submitting, confirming, disputing

def test_a_result_with_an_undecided_rubber_cannot_be_submitted(night: Night) -> None:
    sheet_entered(night, PLAIN)
    cards(night, FIVE_FOUR[:8])
    with pytest.raises(ResultInvalid, match="Rubber 9 is not decided"):
        match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    assert MatchNight.objects.get().status == "open"


def test_the_away_captain_confirms_a_submitted_result_and_then_it_counts(night: Night) -> None:
    sheet_entered(night, PLAIN)
    cards(night, FIVE_FOUR)
    submitted = match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    assert (submitted.status, submitted.home_games, submitted.away_games) == ("submitted", 5, 4)
    with pytest.raises(NotCaptain, match="only Leek Crown B's captain"):
        match_confirm(fixture_id=night.fixture.pk, user=night.home_captain)
    confirmed = match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    assert (confirmed.status, confirmed.confirmed_by) == ("confirmed", night.away_captain)


def test_the_away_captain_disputes_with_a_reason_and_the_secretary_upholds(night: Night) -> None:
    sheet_entered(night, PLAIN)
    cards(night, FIVE_FOUR)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with pytest.raises(ReasonRequired):
        match_dispute(fixture_id=night.fixture.pk, reason=" ", user=night.away_captain)
    disputed = match_dispute(fixture_id=night.fixture.pk, reason="Rubber 9 was 61-59 to us",
                             user=night.away_captain)
    assert (disputed.status, disputed.dispute_reason) == ("disputed", "Rubber 9 was 61-59 to us")
    with pytest.raises(WrongNightStatus):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    with pytest.raises(NotSecretary):
        match_resolve(fixture_id=night.fixture.pk, decision="uphold", note="as played", user=night.home_captain)
    upheld = match_resolve(fixture_id=night.fixture.pk, decision="uphold", note="Card checked: as submitted",
                           user=night.secretary)
    assert (upheld.status, upheld.resolution, upheld.confirmed_by) == (
        "confirmed", "Card checked: as submitted", night.secretary)


def test_a_reopened_dispute_goes_back_to_the_home_captain(night: Night) -> None:
    sheet_entered(night, PLAIN)
    cards(night, FIVE_FOUR)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    match_dispute(fixture_id=night.fixture.pk, reason="Wrong players in rubber 2", user=night.away_captain)
    reopened = match_resolve(fixture_id=night.fixture.pk, decision="reopen", note="Correct the sheet",
                             user=night.secretary)
    assert (reopened.status, reopened.home_games) == ("open", None)
    rubber_game_remove(fixture_id=night.fixture.pk, rubber=9, user=night.home_captain)
    rubber_game_card(fixture_id=night.fixture.pk, rubber=9, home_score=61, away_score=59, user=night.home_captain)
    assert match_submit(fixture_id=night.fixture.pk, user=night.home_captain).home_games == 6


def test_after_confirmation_only_a_secretary_corrects_and_the_change_is_audited(night: Night) -> None:
    sheet_entered(night, PLAIN)
    cards(night, FIVE_FOUR)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    with pytest.raises(WrongNightStatus, match="is confirmed: only a secretary can correct it"):
        rubber_game_remove(fixture_id=night.fixture.pk, rubber=9, user=night.home_captain)
    with pytest.raises(NotSecretary):
        match_result_correct(fixture_id=night.fixture.pk, rubber=9, game=1, home_score=61, away_score=30,
                             reason="card misread", user=night.home_captain)
    corrected = match_result_correct(fixture_id=night.fixture.pk, rubber=9, game=1, home_score=61, away_score=30,
                                     reason="card misread", user=night.secretary)
    assert (corrected.status, corrected.home_games, corrected.away_games) == ("confirmed", 6, 3)
    entry = AuditEntry.objects.get(action="night.correct")
    assert (entry.user, entry.data["old"], entry.data["new"], entry.data["reason"]) == (
        night.secretary, [30, 61], [61, 30], "card misread")


def test_a_correction_that_would_leave_a_decider_played_is_refused(db: None) -> None:
    night = a_match_night("best-of-three")
    sheet_entered(night, ["singles"] * 5)
    for number in range(1, 6):
        for home, away in ((61, 10), (10, 61), (61, 20)):
            rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                             user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with pytest.raises(ResultInvalid, match="should not have been played"):
        match_result_correct(fixture_id=night.fixture.pk, rubber=1, game=2, home_score=61, away_score=10,
                             reason="misread", user=night.secretary)
    assert RubberGame.objects.get(rubber__number=1, number=2).winner == "away"
