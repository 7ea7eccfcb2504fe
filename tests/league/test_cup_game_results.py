"""A singles or pairs tie's results go through the same flow as a match
night's: a player enters a game played on paper, a player of the other
side confirms it (then it counts) or disputes it, and a secretary
resolves a dispute. Once a tie is decided its games are a secretary's to
change, and nobody's once the winner has played on: the bracket never
names a winner its next tie did not have."""
from typing import Any

import pytest
from cupleague import day
from django.test import Client
from matchnights import play_live
from tablets import tablet_for
from test_cup_games import a_drawn_cup, final, login_of, semi
from test_public_pages import text_of as text_of_html

from league.models import AuditEntry, Competition, CupGame, Notice, Venue
from league.services.cup_games import cup_game_card, game_tie_date_set

pytestmark = pytest.mark.django_db


def text_of(response: Any) -> str:
    assert response.status_code == 200
    return text_of_html(response.content.decode())


def games_url(tie_id: int, what: str = "") -> str:
    return f"/api/cup-ties/{tie_id}/games" + (f"/{what}" if what else "")


def won_live(competition: Competition) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """Semi-final 1 won live on the pad by its home player's login."""
    tie = semi(competition)
    tablet = tablet_for(login_of(tie, "home"))
    game = tablet.post(games_url(tie.pk), {"live": True}, format="json").json()["games"][0]
    won = play_live(tablet, tablet.get(f"/api/games/{game['game']}").json(), seed=8)
    tie.refresh_from_db()
    return tie, game, won


def undo(user: Any, game: dict[str, Any], won: dict[str, Any], key: str) -> Any:
    return tablet_for(user).post(f"/api/games/{game['game']}/undo", {"seq": won["seq"]}, format="json",
                                 HTTP_IDEMPOTENCY_KEY=key)


@pytest.mark.slow  # whole games played move by move through the API, a second or more: make test-fast leaves it out
def test_the_loser_cannot_undo_a_semi_final_once_the_cup_is_finished() -> None:
    competition, secretary = a_drawn_cup(4)
    tie, game, won = won_live(competition)
    cup_game_card(tie_id=semi(competition, 2).pk, home_score=61, away_score=30, user=secretary)
    cup_game_card(tie_id=final(competition).pk, home_score=61, away_score=30, user=secretary)
    the_final = final(competition)
    loser = "away" if tie.winner_id == tie.home_id else "home"

    refused = undo(login_of(tie, loser), game, won, "loser-undo")
    assert refused.status_code == 422
    assert refused.json()["error"] == "The tie is decided: ask a secretary to correct its game"
    # A secretary cannot either: the winner has played the final.
    refused = undo(secretary, game, won, "secretary-undo")
    assert refused.status_code == 422
    assert refused.json()["error"].startswith(f"{tie.winner} played on: their tie against ")
    assert "in the final is decided" in refused.json()["error"]
    assert AuditEntry.objects.filter(action="cup.tie.decide.refused", target_id=str(tie.pk)).count() == 1

    tie.refresh_from_db(); the_final.refresh_from_db(); competition.refresh_from_db()
    assert tie.winner_id is not None and the_final.home_id == tie.winner_id
    assert the_final.winner_id is not None and competition.status == Competition.Status.FINISHED
    assert CupGame.objects.get(tie=tie).winner != ""


def test_a_secretary_undoes_a_decided_game_while_the_next_tie_has_not_started() -> None:
    competition, secretary = a_drawn_cup(4)
    tie, game, won = won_live(competition)
    assert undo(login_of(tie, "home"), game, won, "player-undo").status_code == 422
    undone = undo(secretary, game, won, "secretary-undo")
    assert undone.status_code == 201, undone.json()
    tie.refresh_from_db()
    assert tie.winner_id is None and final(competition).home_id is None


def test_a_win_undone_on_the_finals_night_tells_the_side_gone_and_the_side_staying_their_opponent_is_not_known(
) -> None:
    competition, secretary = a_drawn_cup(4)
    hall = Venue.objects.create(name="Town Hall")
    Competition.objects.filter(pk=competition.pk).update(finals_date=day(20), finals_venue=hall)
    tie, game, won = won_live(competition)
    cup_game_card(tie_id=semi(competition, 2).pk, home_score=61, away_score=30, user=secretary)
    game_tie_date_set(tie_id=final(competition).pk, date=day(20), user=secretary)
    the_final = final(competition)
    went, staying = the_final.home, the_final.away
    assert went is not None and staying is not None and went.pk == tie.winner_id
    with_addresses(*went.logins, *staying.logins)

    assert undo(secretary, game, won, "secretary-undo").status_code == 201
    the_final.refresh_from_db()
    assert the_final.home_id is None and the_final.date == day(20)
    night = f"the cup's finals night, {day(20):%A} {day(20).day} {day(20):%B %Y}"
    off = Notice.objects.get(address=went.logins[0].email)
    assert off.subject.startswith("Called off: ") and f"on {night}, is called off for you" in off.body
    against = Notice.objects.get(address=staying.logins[0].email)
    assert against.subject == f"New opponent: {competition.name}, {staying}"
    assert f"Your {competition.name} tie on {night}, has a new opponent" in against.body
    assert "Whom you play is not known yet: that tie has no winner for now." in against.body


def test_recording_another_winner_once_the_final_is_played_is_refused() -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    cup_game_card(tie_id=tie.pk, home_score=61, away_score=20, user=secretary)
    cup_game_card(tie_id=semi(competition, 2).pk, home_score=61, away_score=30, user=secretary)
    cup_game_card(tie_id=final(competition).pk, home_score=61, away_score=30, user=secretary)
    changed = tablet_for(secretary).post(f"/api/cup-ties/{tie.pk}/winner",
                                         {"winner": tie.away_id, "reason": "a walkover"}, format="json")
    the_final = final(competition)
    assert changed.status_code == 422
    assert changed.json()["error"] == (
        f"{tie.home} played on: their tie against {the_final.away} in the final is decided "
        f"({the_final.winner} through: 1-0 on games (61-30)), so this tie's result can no longer change")
    tie.refresh_from_db()
    assert tie.winner_id == tie.home_id and final(competition).home_id == tie.home_id
    assert AuditEntry.objects.filter(action="cup.tie.winner.refused").count() == 1


def with_addresses(*users: Any) -> None:
    for user in users:
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])


def test_a_players_card_score_counts_once_the_other_side_confirms_it() -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    with_addresses(login_of(tie, "away"))
    home, away = tablet_for(login_of(tie, "home")), tablet_for(login_of(tie, "away"))
    submitted = home.post(games_url(tie.pk, "submit"), {"home_score": 61, "away_score": 44}, format="json")
    assert submitted.status_code == 201, submitted.json()
    shown = submitted.json()["games"][0]
    assert (shown["state"], shown["home_score"], shown["winner"]) == ("submitted", 61, None)
    assert submitted.json()["winner"] is None
    assert Notice.objects.filter(kind="result_submitted", user=login_of(tie, "away")).exists()

    own_side = home.post(games_url(tie.pk, "confirm"), format="json")
    assert own_side.status_code == 403 and "other side" in own_side.json()["error"]
    stranger = tablet_for(login_of(semi(competition, 2), "home")).post(games_url(tie.pk, "confirm"), format="json")
    assert stranger.status_code == 403
    blocked = home.post(games_url(tie.pk), {"live": True}, format="json")
    assert blocked.status_code == 422 and "confirm" in blocked.json()["error"]

    confirmed = away.post(games_url(tie.pk, "confirm"), format="json")
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["winner"]["entry"] == tie.home_id
    assert final(competition).home_id == tie.home_id
    assert AuditEntry.objects.filter(action="cup.game.confirm").count() == 1


def test_a_disputed_score_is_resolved_by_a_secretary_upholding_it_or_correcting_it() -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    with_addresses(secretary)
    home, away = tablet_for(login_of(tie, "home")), tablet_for(login_of(tie, "away"))
    home.post(games_url(tie.pk, "submit"), {"home_score": 61, "away_score": 44}, format="json")
    unsaid = away.post(games_url(tie.pk, "dispute"), {"reason": " "}, format="json")
    assert unsaid.status_code == 422 and "say why" in unsaid.json()["error"]
    disputed = away.post(games_url(tie.pk, "dispute"), {"reason": "I won 61-50"}, format="json")
    assert disputed.status_code == 200 and disputed.json()["games"][0]["state"] == "disputed"
    assert Notice.objects.filter(kind="result_disputed", user=secretary).exists()
    assert home.post(games_url(tie.pk, "resolve"), {"uphold": True}, format="json").status_code == 403

    upheld = tablet_for(secretary).post(games_url(tie.pk, "resolve"), {"uphold": True}, format="json")
    assert upheld.status_code == 200 and upheld.json()["games"] == []

    away.post(games_url(tie.pk, "submit"), {"home_score": 50, "away_score": 61}, format="json")
    home.post(games_url(tie.pk, "dispute"), {"reason": "it was 55"}, format="json")
    wrong = tablet_for(secretary).post(games_url(tie.pk, "resolve"), {"home_score": 62, "away_score": 50},
                                       format="json")
    assert wrong.status_code == 422 and "exactly 61" in wrong.json()["error"]
    corrected = tablet_for(secretary).post(games_url(tie.pk, "resolve"), {"home_score": 55, "away_score": 61},
                                           format="json")
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["games"][0]["state"] == "counts"
    assert corrected.json()["winner"]["entry"] == tie.away_id and final(competition).home_id == tie.away_id


def test_the_cup_page_lets_a_player_submit_and_the_other_confirm_and_the_secretary_resolve() -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    home, away = Client(), Client()
    home.force_login(login_of(tie, "home"))
    away.force_login(login_of(tie, "away"))
    page = f"/cups/{competition.pk}/"
    assert "Enter your game's score from the card" in text_of(home.get(page))
    home.post(f"/cup-ties/{tie.pk}/submit", {"home_score": 61, "away_score": 44})
    assert "61–44 to be confirmed" in text_of(home.get(page))
    away.post(f"/cup-ties/{tie.pk}/dispute", {"reason": "it was 61-54"})
    assert "61–44 disputed" in text_of(away.get(page))
    secretary_client = Client()
    secretary_client.force_login(secretary)
    desk = text_of(secretary_client.get(f"/secretary/cups/{competition.pk}/"))
    assert "Disputed" in desk and "it was 61-54" in desk
    secretary_client.post(f"/secretary/cup-ties/{tie.pk}/resolve", {f"resolve{tie.pk}-home_score": 61, f"resolve{tie.pk}-away_score": 54})
    tie.refresh_from_db()
    assert tie.winner_id == tie.home_id
    assert "(61-54)" in text_of(Client().get(page))
