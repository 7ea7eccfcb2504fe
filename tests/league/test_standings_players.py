"""Player statistics: each player's games in a division's confirmed
results, stored when the table is rebuilt, and leaderboards over them."""
import random
from datetime import timedelta
from typing import Any

import pytest
from matchnights import Night, a_match_night, sheet_entered
from tablets import post_move, post_shown, tablet_for

import scoring
from league.models import Fixture, PlayerGame, PlayerStats
from league.selectors.standings import player_leaderboard
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.results import match_confirm, match_result_correct, match_submit
from league.services.standings_player_games import seat_counts
from league.services.teamsheets import team_sheet_enter
from scoring.simulate import random_game

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")



def cards(night: Night, fixture: Fixture, scores: list[tuple[int, int]]) -> None:
    for number, (home, away) in enumerate(scores, start=1):
        rubber_game_card(fixture_id=fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)


def confirmed(night: Night, fixture: Fixture, scores: list[tuple[int, int]], committed: Any) -> None:
    cards(night, fixture, scores)
    match_submit(fixture_id=fixture.pk, user=fixture.home_team.captain)
    with committed():
        match_confirm(fixture_id=fixture.pk, user=fixture.away_team.captain)


def stats(player: Any) -> tuple[int, int, int, int, int, int, int]:
    s = PlayerStats.objects.get(player=player)
    return s.played, s.won, s.pegged, s.on_target, s.played_live, s.fifteens, s.penalties


def return_fixture(night: Night) -> Fixture:
    """The return match, at the away team's pub: players 2 to 10 of each side play."""
    fixture = Fixture.objects.create(division=night.division, week=2, date=night.fixture.date + timedelta(days=7),
                                     home_team=night.away, away_team=night.home, venue=night.away.home_venue,
                                     status=Fixture.Status.PUBLISHED)
    lineups = [([night.away_players[n].pk], [night.home_players[n].pk]) for n in range(1, 10)]
    team_sheet_enter(fixture_id=fixture.pk, lineups=lineups, user=night.away_captain)
    return fixture


def test_a_player_is_credited_with_the_game_they_played(night: Night, committed: Any) -> None:
    sheet_entered(night, PLAIN)
    confirmed(night, night.fixture, FIVE_FOUR, committed)
    # Played, won, pegged, won on exactly 61, scored live, 15s, penalties.
    assert stats(night.home_players[0]) == (1, 1, 61, 1, 0, 0, 0)
    assert stats(night.away_players[0]) == (1, 0, 40, 0, 0, 0, 0)
    assert stats(night.away_players[8]) == (1, 1, 61, 1, 0, 0, 0)
    assert not PlayerStats.objects.filter(player=night.home_players[9]).exists()


THREE_PAIRS = {"name": "Three pairs", "pairs": "named", "rubbers": [{"kind": "pairs"}] * 3}


def test_both_partners_of_a_pairs_rubber_share_its_result(db: None, committed: Any) -> None:
    night = a_match_night()
    stored_format_create(league_id=night.league.pk, kind="format", slug="three-pairs", data=THREE_PAIRS,
                         user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"match_format": "own:three-pairs"},
                           user=night.secretary)
    sheet_entered(night, ["pairs"] * 3)
    confirmed(night, night.fixture, [(61, 12), (61, 30), (50, 61)], committed)
    assert stats(night.home_players[0])[:4] == stats(night.home_players[1])[:4] == (1, 1, 61, 1)
    assert stats(night.away_players[5])[:4] == (1, 1, 61, 1)


def test_player_statistics_add_up_a_season_of_matches(night: Night, committed: Any) -> None:
    sheet_entered(night, PLAIN)
    confirmed(night, night.fixture, FIVE_FOUR, committed)
    confirmed(night, return_fixture(night), [(61, 50)] * 9, committed)
    # Home player 2 won at home 61-40, then lost away 50-61.
    assert stats(night.home_players[1])[:4] == (2, 1, 111, 1)
    assert stats(night.home_players[9])[:4] == (1, 0, 50, 0)


def test_a_result_not_yet_confirmed_adds_nothing(night: Night, committed: Any) -> None:
    sheet_entered(night, PLAIN)
    confirmed(night, night.fixture, FIVE_FOUR, committed)
    fixture = return_fixture(night)
    cards(night, fixture, [(61, 50)] * 9)
    with committed():
        match_submit(fixture_id=fixture.pk, user=night.away_captain)
    assert stats(night.home_players[1])[:2] == (1, 1)


def test_a_correction_changes_the_players_statistics(night: Night, committed: Any) -> None:
    sheet_entered(night, PLAIN)
    confirmed(night, night.fixture, FIVE_FOUR, committed)
    with committed():
        match_result_correct(fixture_id=night.fixture.pk, rubber=1, game=1, home_score=45, away_score=61,
                             reason="Card misread", user=night.secretary)
    assert stats(night.home_players[0])[:4] == (1, 0, 45, 0)
    assert stats(night.away_players[0])[:4] == (1, 1, 61, 1)


def test_a_leaderboard_leaves_out_players_below_the_minimum_and_ranks_by_win_rate(night: Night, committed: Any) -> None:
    sheet_entered(night, PLAIN)
    confirmed(night, night.fixture, FIVE_FOUR, committed)
    confirmed(night, return_fixture(night), [(61, 50)] * 9, committed)
    board = player_leaderboard(division_id=night.division.pk, min_games=2)
    assert len(board) == 16 and all(s.played == 2 for s in board)
    assert [s.win_rate for s in board][:1] == [1.0]  # away players 6-9 won both
    assert {s.player for s in board if s.win_rate == 1.0} == set(night.away_players[5:9])
    assert len(player_leaderboard(division_id=night.division.pk, min_games=1)) == 20


def test_a_leaderboard_by_average_pegged(night: Night, committed: Any) -> None:
    sheet_entered(night, PLAIN)
    confirmed(night, night.fixture, [(61, n * 5) for n in range(1, 10)], committed)
    board = player_leaderboard(division_id=night.division.pk, order="average_pegged")
    assert [s.average_pegged for s in board][:9] == [61.0] * 9
    assert [s.player for s in board][-1] == night.away_players[0]  # pegged only 5


# Live games: 15s and penalties, from the engine's events

def test_fifteens_and_penalties_are_read_from_the_engines_events_seat_by_seat() -> None:
    sheet = {"rules": {"preset": "pub", "hand_size": 3}, "seats": ["Ann", "Bob"], "hands": [{"moves": [
        {"seat": 0, "tile": "3-6", "peg": 3},
        {"seat": 1, "tile": "6-6", "end": "right", "peg": 8},    # 3 + 12: a 15, 8 points
        {"seat": 0, "tile": "3-1", "end": "left", "peg": 2},     # worth 0: an over-peg
        {"seat": 1, "misplay": "2-4"},
    ]}]}
    fifteens, penalties = seat_counts(scoring.check(sheet)["events"], 2)
    assert (fifteens, penalties) == ([0, 1], [1, 1])


def test_a_false_knock_found_when_the_tiles_are_shown_is_charged_to_the_knocker() -> None:
    sheet = {"rules": {"preset": "pub", "hand_size": 3}, "seats": ["Ann", "Bob"], "hands": [{
        "leader": 0,
        "moves": [{"seat": 0, "tile": "6-3", "peg": 3}, {"seat": 1, "tile": "3-3", "end": "right", "peg": 4},
                  {"seat": 0, "knock": True}, {"seat": 1, "tile": "3-1", "end": "right", "peg": 0},
                  {"seat": 0, "tile": "6-5", "end": "left", "peg": 2}, {"seat": 1, "knock": True},
                  {"seat": 0, "knock": True}],
        "shown": {"0": ["0-0"], "1": ["2-4"]}}]}
    assert seat_counts(scoring.check(sheet)["events"], 2) == ([0, 0], [1, 0])


@pytest.mark.slow
def test_a_game_scored_live_counts_its_players_fifteens_and_penalties(night: Night, committed: Any) -> None:
    sheet_entered(night, PLAIN)
    live = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    tablet = tablet_for(night.home_scorer)
    game = tablet.get(f"/api/games/{live.game_id}").json()
    played = play_with_mistakes(tablet, game, seed=11)
    cards_from_rubber_2(night)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    fifteens, penalties = seat_counts(scoring.check(played)["events"], 2)
    assert sum(fifteens) > 0 and sum(penalties) > 0, "pick a seed whose game has both"
    for seat, player in enumerate([night.home_players[0], night.away_players[0]]):
        assert stats(player)[4:] == (1, fifteens[seat], penalties[seat])
    assert stats(night.home_players[1])[4:] == (0, 0, 0)  # a card game: nothing known
    assert PlayerGame.objects.filter(player=night.home_players[1]).get().fifteens is None


def cards_from_rubber_2(night: Night) -> None:
    for number in range(2, 10):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=61, away_score=20,
                         user=night.home_scorer)


def play_with_mistakes(tablet: Any, game: dict[str, Any], seed: int) -> dict[str, Any]:
    """Plays a random game with the mistakes real tables make into the live
    game, showing the tiles at each hand's end; returns its scoresheet."""
    sheet = random_game(random.Random(seed), game["rules"], seats=2, mistakes=0.08)
    seq = game["seq"]
    for number, hand in enumerate(sheet["hands"]):
        for move in hand["moves"]:
            response = post_move(tablet, game["id"], move, seq=seq)
            assert response.status_code == 201, (move, response.json())
            seq = response.json()["state"]["seq"]
        if "shown" in hand:
            response = post_shown(tablet, game["id"], number, hand["shown"], seq=seq)
            assert response.status_code == 201, response.json()
            seq = response.json()["state"]["seq"]
    return sheet
