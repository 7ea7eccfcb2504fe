"""A singles or pairs tie played as games: started live on the pad by an
entrant's login or a secretary and scored through the moves API, or
entered from the card by a secretary; once a side has won the games it
needs (best of N as the cup's match format's first rubber), the tie is
decided and its winner goes on, and an undo of the winning move takes
that back."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from in_process import committing
from leagues import a_league, a_season, a_team, players
from matchnights import play_live
from tablets import tablet_for
from test_public_pages import text_of

from league.models import AuditEntry, Competition, CupGame, CupTie, Game, SquadRegistration, Venue
from league.refusals import NotPermitted, Refused, ResultInvalid
from league.services.cup_games import cup_game_card, cup_game_start, game_tie_date_set
from league.services.cups import competition_create, cup_draw, cup_enter

pytestmark = pytest.mark.django_db


def a_drawn_cup(count: int, *, kind: str = "singles", match_format: str | None = None) -> tuple[Competition, Any]:
    """`count` entries (players, or pairs) drawn as a bracket; each player
    with a login of their own."""
    league = a_league()
    secretary = get_user_model().objects.create_user("secretary")
    league.secretaries.add(secretary)
    season = a_season(league)
    competition = competition_create(season_id=season.pk, name="Singles Knockout", kind=kind, draw_mode="bracket",
                                     match_format=match_format, user=secretary)
    team = a_team(league, "Red Lion A")
    people = players(count * (2 if kind == "pairs" else 1))
    for player in people:
        player.user = get_user_model().objects.create_user(f"login-{player.pk}")
        player.save()
        SquadRegistration.objects.create(season=season, team=team, player=player)
    for number in range(count):
        if kind == "pairs":
            cup_enter(competition_id=competition.pk, player_id=people[2 * number].pk,
                      partner_id=people[2 * number + 1].pk, user=secretary)
        else:
            cup_enter(competition_id=competition.pk, player_id=people[number].pk, user=secretary)
    cup_draw(competition_id=competition.pk, seed=11, user=secretary)
    return competition, secretary


def semi(competition: Competition, number: int = 1) -> CupTie:
    return CupTie.objects.select_related("home__player", "away__player", "home__partner", "away__partner").get(
        competition=competition, round=1, number=number)


def final(competition: Competition) -> CupTie:
    return CupTie.objects.get(competition=competition, round=2)


def login_of(tie: CupTie, side: str) -> Any:
    entry = tie.home if side == "home" else tie.away
    assert entry is not None and entry.player is not None
    return entry.player.user


def test_a_singles_tie_played_live_on_the_pad_decides_the_tie_and_moves_the_winner_on() -> None:
    competition, _ = a_drawn_cup(4)
    tie = semi(competition)
    tablet = tablet_for(login_of(tie, "away"))
    started = tablet.post(f"/api/cup-ties/{tie.pk}/games", {"live": True}, format="json")
    assert started.status_code == 201, started.json()
    game = started.json()["games"][0]
    assert (game["number"], game["kind"], game["winner"]) == (1, "live", None)
    state = tablet.get(f"/api/games/{game['game']}").json()
    assert state["seats"] == [tie.home.player.name, tie.away.player.name]  # type: ignore[union-attr]
    won = play_live(tablet, state, seed=5)
    tie.refresh_from_db()
    winner = tie.home_id if won["winner"] == 0 else tie.away_id
    assert tie.winner_id == winner
    scores = f"{won['scores'][0]}-{won['scores'][1]}"
    assert tie.decided_reason.endswith(f"({scores})") and "through" in tie.decided_reason
    assert final(competition).home_id == winner  # tie 1's winner is the final's home side
    stored = CupGame.objects.get(tie=tie)
    assert (stored.home_score, stored.away_score) == tuple(won["scores"])
    assert AuditEntry.objects.filter(action="cup.tie.decide").count() == 1
    shown = tablet.get(f"/api/cups/{competition.pk}").json()
    assert shown["rounds"][0]["ties"][0]["games"][0]["home_score"] == won["scores"][0]


@pytest.mark.slow  # whole games played move by move through the API, a second or more: make test-fast leaves it out
def test_a_secretary_undoing_the_winning_move_takes_the_decision_back() -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    tablet = tablet_for(login_of(tie, "home"))
    game = tablet.post(f"/api/cup-ties/{tie.pk}/games", {"live": True}, format="json").json()["games"][0]
    won = play_live(tablet, tablet.get(f"/api/games/{game['game']}").json(), seed=8)
    undone = tablet_for(secretary).post(f"/api/games/{game['game']}/undo", {"seq": won["seq"]}, format="json",
                         HTTP_IDEMPOTENCY_KEY="undo-the-win")
    assert undone.status_code == 201, undone.json()
    tie.refresh_from_db()
    assert tie.winner_id is None and tie.decided_reason == ""
    assert final(competition).home_id is None
    assert CupGame.objects.get(tie=tie).winner == ""


def test_a_best_of_three_tie_from_the_card_is_decided_by_games_won() -> None:
    competition, secretary = a_drawn_cup(4, match_format="best-of-three")
    tie = semi(competition)
    cup_game_card(tie_id=tie.pk, home_score=61, away_score=40, user=secretary)
    cup_game_card(tie_id=tie.pk, home_score=33, away_score=61, user=secretary)
    tie.refresh_from_db()
    assert tie.winner_id is None
    cup_game_card(tie_id=tie.pk, home_score=61, away_score=12, user=secretary)
    tie.refresh_from_db()
    assert tie.winner_id == tie.home_id and tie.decided_reason.endswith("(61-40, 33-61, 61-12)")
    assert final(competition).home_id == tie.home_id
    with pytest.raises(Refused, match="decided"):
        cup_game_card(tie_id=tie.pk, home_score=61, away_score=12, user=secretary)


@pytest.mark.parametrize(("home", "away", "refusal"), [
    (50, 40, "won on exactly 61"),
    (61, 61, "always has a winner"),
    (61, -3, "not below 0"),
])
def test_a_card_score_no_game_could_end_on_is_refused(home: int, away: int, refusal: str) -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    with pytest.raises(ResultInvalid, match=refusal):
        cup_game_card(tie_id=tie.pk, home_score=home, away_score=away, user=secretary)
    assert not CupGame.objects.filter(tie=tie).exists()
    assert AuditEntry.objects.filter(action="cup.game.card.refused").count() == 1


def test_the_card_through_the_api_is_for_a_secretary_only() -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    url = f"/api/cup-ties/{tie.pk}/games"
    assert tablet_for(login_of(tie, "home")).post(url, {"home_score": 61, "away_score": 3},
                                                  format="json").status_code == 403
    made = tablet_for(secretary).post(url, {"home_score": 61, "away_score": 3}, format="json")
    assert made.status_code == 201 and made.json()["winner"]["entry"] == tie.home_id


def test_only_the_ties_players_or_a_secretary_start_its_game() -> None:
    competition, secretary = a_drawn_cup(4)
    tie, other = semi(competition), semi(competition, 2)
    stranger = get_user_model().objects.create_user("stranger")
    for user in (stranger, login_of(other, "home")):
        with pytest.raises(NotPermitted):
            cup_game_start(tie_id=tie.pk, user=user)
    started = cup_game_start(tie_id=tie.pk, user=secretary)
    assert started.game is not None
    scorers = set(started.game.scorers.values_list("pk", flat=True))
    assert scorers == {login_of(tie, "home").pk, login_of(tie, "away").pk, secretary.pk}
    with pytest.raises(ResultInvalid, match="still being played"):
        cup_game_start(tie_id=tie.pk, user=login_of(tie, "home"))


def test_a_pairs_tie_is_seated_with_partners_opposite() -> None:
    competition, secretary = a_drawn_cup(4, kind="pairs")
    tie = semi(competition)
    game = cup_game_start(tie_id=tie.pk, user=secretary).game
    assert isinstance(game, Game) and game.partners
    assert tie.home is not None and tie.away is not None
    names = [p.name for p in (tie.home.player, tie.away.player, tie.home.partner, tie.away.partner) if p]
    assert game.seats == names


def test_a_tie_whose_sides_are_to_come_or_a_team_tie_has_no_game() -> None:
    competition, secretary = a_drawn_cup(4)
    with pytest.raises(Refused, match="not known yet"):
        cup_game_start(tie_id=final(competition).pk, user=secretary)
    Competition.objects.filter(pk=competition.pk).update(kind="team")
    with pytest.raises(Refused, match="played as fixtures"):
        cup_game_start(tie_id=semi(competition).pk, user=secretary)


def test_the_secretary_cup_page_enters_a_card_score_and_starts_a_game_on_the_pad() -> None:
    competition, secretary = a_drawn_cup(4, match_format="best-of-three")
    tie = semi(competition)
    client = Client()
    client.force_login(secretary)
    html = client.get(f"/secretary/cups/{competition.pk}/").content.decode()
    assert f'action="/secretary/cup-ties/{tie.pk}/card"' in html and "Start the game on the pad" in html
    entered = client.post(f"/secretary/cup-ties/{tie.pk}/card", {f"card{tie.pk}-home_score": "61",
                                                                 f"card{tie.pk}-away_score": "40"})
    assert entered.status_code == 302
    started = client.post(f"/secretary/cup-ties/{tie.pk}/start")
    game = CupGame.objects.get(tie=tie, number=2)
    assert started.status_code == 302 and started["Location"] == f"/games/{game.game_id}/pad"
    html = client.get(f"/secretary/cups/{competition.pk}/").content.decode()
    assert "Game 1: 61-40" in html and "Game 2: being played" in html


def test_the_finals_night_shows_a_singles_game_as_it_is_played_with_its_board(
        client: Client, django_capture_on_commit_callbacks: Any) -> None:
    competition, secretary = a_drawn_cup(4)
    hall = Venue.objects.create(name="Town Hall")
    night = timezone.localdate() + timedelta(days=3)
    Competition.objects.filter(pk=competition.pk).update(finals_date=night, finals_venue=hall)
    tie = semi(competition)
    game_tie_date_set(tie_id=tie.pk, date=night, user=secretary)
    started = cup_game_start(tie_id=tie.pk, user=secretary)
    tablet = tablet_for(secretary)
    state = tablet.get(f"/api/games/{started.game_id}").json()
    live = client.get(f"/cups/{competition.pk}/finals/live").content.decode()
    assert f'href="/games/{started.game_id}/board"' in live and 'class="game playing">0–0<' in live
    with committing(django_capture_on_commit_callbacks)():
        won = play_live(tablet, state, seed=3)
    live = client.get(f"/cups/{competition.pk}/finals/live").content.decode()
    assert f'class="game">{won["scores"][0]}–{won["scores"][1]}<' in live
    assert f"/games/{started.game_id}/board" not in live


def test_an_entrant_starts_their_game_from_the_cup_page_and_finds_it_there_to_score() -> None:
    competition, _ = a_drawn_cup(4)
    tie, other = semi(competition), semi(competition, 2)
    player = Client()
    player.force_login(login_of(tie, "away"))
    html = player.get(f"/cups/{competition.pk}/").content.decode()
    assert f'action="/cup-ties/{tie.pk}/play"' in html and f'action="/cup-ties/{other.pk}/play"' not in html
    started = player.post(f"/cup-ties/{tie.pk}/play")
    game = CupGame.objects.get(tie=tie)
    assert started.status_code == 302 and started["Location"] == f"/games/{game.game_id}/pad"
    html = player.get(f"/cups/{competition.pk}/").content.decode()
    assert f'href="/games/{game.game_id}/pad"' in html and "Game 1: 0–0" in text_of(html)
    assert f'href="/games/{game.game_id}/board"' in Client().get(f"/cups/{competition.pk}/").content.decode()
    someone_else = Client()
    someone_else.force_login(login_of(other, "home"))
    refused = someone_else.post(f"/cup-ties/{tie.pk}/play")
    assert refused.status_code == 302 and CupGame.objects.filter(tie=tie).count() == 1
