"""Singles and pairs ties are dated: a secretary sets a tie's date (the
pages, the API), a cup with a finals night has its semi-finals and final
dated for it as soon as they are drawn, and the cup's page and finals night
show them; nobody else sets a tie's date outright (its players offer and
pick one: test_game_tie_dates.py), nor a tie for a night gone by."""
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from in_process import committing
from leagues import a_league, a_season, a_team, players
from rest_framework.test import APIClient
from test_public_pages import page, text_of

from league.models import AuditEntry, Competition, CupTie, SquadRegistration, Venue
from league.refusals import NotPermitted, Refused
from league.services.cup_games import game_tie_date_set
from league.services.cup_ties import tie_winner_set
from league.services.cups import competition_create, cup_draw, cup_enter

pytestmark = pytest.mark.django_db


def a_singles_cup(count: int, *, finals_in: int | None = None, mode: str = "bracket") -> tuple[Competition, Any]:
    """`count` players entered and drawn; a finals night `finals_in` days
    from today at the Town Hall, if given."""
    league = a_league()
    secretary = get_user_model().objects.create_user("secretary")
    league.secretaries.add(secretary)
    season = a_season(league)
    hall = Venue.objects.create(name="Town Hall")
    finals = timezone.localdate() + timedelta(days=finals_in) if finals_in is not None else None
    competition = competition_create(season_id=season.pk, name="Singles Knockout", kind="singles", draw_mode=mode,
                                     finals_date=finals, finals_venue_id=hall.pk if finals else None,
                                     user=secretary)
    team = a_team(league, "Red Lion A")
    for player in players(count):
        SquadRegistration.objects.create(season=season, team=team, player=player)
        cup_enter(competition_id=competition.pk, player_id=player.pk, user=secretary)
    cup_draw(competition_id=competition.pk, seed=7, user=secretary)
    competition.refresh_from_db()
    return competition, secretary


def first_tie(competition: Competition) -> CupTie:
    return CupTie.objects.filter(competition=competition, round=1, bye=False).order_by("number")[0]


def in_days(days: int) -> date:
    return timezone.localdate() + timedelta(days=days)


def test_a_dated_singles_tie_shows_its_date_on_the_cup_page_instead_of_to_be_arranged(
        client: Client, django_capture_on_commit_callbacks: Any) -> None:
    competition, secretary = a_singles_cup(4)
    tie = first_tie(competition)
    before = text_of(page(client, f"/cups/{competition.pk}/"))
    assert before.count("Date to be arranged") == 2
    with committing(django_capture_on_commit_callbacks)():
        game_tie_date_set(tie_id=tie.pk, date=in_days(3), user=secretary)
    words = text_of(page(client, f"/cups/{competition.pk}/"))
    assert words.count("Date to be arranged") == 1
    assert f"{in_days(3):%a} {in_days(3).day} {in_days(3):%b}" in words
    assert AuditEntry.objects.filter(action="cup.date.set").count() == 1


def test_the_semi_finals_and_final_are_dated_for_the_finals_night_when_drawn(client: Client) -> None:
    competition, _ = a_singles_cup(8, finals_in=20)
    dated = {(tie.round, tie.date) for tie in CupTie.objects.filter(competition=competition)}
    assert dated == {(1, None), (2, competition.finals_date), (3, competition.finals_date)}
    words = text_of(page(client, f"/cups/{competition.pk}/"))
    assert "at Town Hall, the finals night" in words


def test_a_cup_drawn_round_by_round_dates_only_its_last_two_rounds_for_the_finals_night() -> None:
    competition, secretary = a_singles_cup(4, finals_in=20, mode="rounds")
    semis = list(CupTie.objects.filter(competition=competition, round=1))
    assert [tie.date for tie in semis] == [competition.finals_date] * 2
    for tie in semis:
        assert tie.home_id is not None
        tie_winner_set(tie_id=tie.pk, winner_entry_id=tie.home_id, reason="61-40", user=secretary)
    cup_draw(competition_id=competition.pk, seed=8, user=secretary)
    final = CupTie.objects.get(competition=competition, round=2)
    assert final.date == competition.finals_date


def test_the_finals_night_lists_the_singles_games_dated_for_it(
        client: Client, django_capture_on_commit_callbacks: Any) -> None:
    competition, secretary = a_singles_cup(4, finals_in=20)
    html = page(client, f"/cups/{competition.pk}/finals/live")
    words = text_of(html)
    semi = first_tie(competition)
    assert semi.home is not None and semi.away is not None
    assert f"Singles Knockout · Semi-finals {semi.home.public_name} v {semi.away.public_name}" in words
    assert "Singles Knockout · Final To come v To come" in words
    assert semi.home_id is not None
    with committing(django_capture_on_commit_callbacks)():
        tie_winner_set(tie_id=semi.pk, winner_entry_id=semi.home_id, reason="61-40", user=secretary)
    words = text_of(page(client, f"/cups/{competition.pk}/finals/live"))
    assert f"{semi.home.public_name} 61-40 {semi.away.public_name}" in words
    assert f'id="cup-tie-{semi.pk}" class="board-rubber cup-game won-home"' in page(client, f"/cups/{competition.pk}/finals/live")


@pytest.mark.parametrize(("change", "refusal"), [
    ({"days": -1}, "has gone"),
    ({"decided": True}, "the tie is decided"),
    ({"bye": True}, "a bye has no game"),
])
def test_a_tie_gone_by_decided_or_a_bye_is_not_dated(change: dict[str, Any], refusal: str) -> None:
    competition, secretary = a_singles_cup(3)
    tie = first_tie(competition)
    if change.get("bye"):
        tie = CupTie.objects.get(competition=competition, round=1, bye=True)
    if change.get("decided"):
        assert tie.home_id is not None
        tie_winner_set(tie_id=tie.pk, winner_entry_id=tie.home_id, reason="61-40", user=secretary)
    with pytest.raises(Refused, match=refusal):
        game_tie_date_set(tie_id=tie.pk, date=in_days(change.get("days", 2)), user=secretary)
    assert AuditEntry.objects.filter(action="cup.date.set.refused").count() == 1


def test_a_secretary_records_a_singles_tie_already_played_when_insisting() -> None:
    competition, secretary = a_singles_cup(4)
    tie = game_tie_date_set(tie_id=first_tie(competition).pk, date=in_days(-5), user=secretary, insist=True)
    assert tie.date == in_days(-5)


def test_only_a_secretary_dates_a_singles_tie() -> None:
    competition, _ = a_singles_cup(4)
    tie = first_tie(competition)
    player = tie.home.player if tie.home else None
    assert player is not None
    player.user = get_user_model().objects.create_user("entrant")
    player.save()
    with pytest.raises(NotPermitted):
        game_tie_date_set(tie_id=tie.pk, date=in_days(2), user=player.user)
    tie.refresh_from_db()
    assert tie.date is None


def test_the_api_dates_a_singles_tie_for_a_secretary_only() -> None:
    competition, secretary = a_singles_cup(4)
    tie = first_tie(competition)
    stranger = APIClient()
    stranger.force_authenticate(get_user_model().objects.create_user("stranger"))
    url = f"/api/cup-ties/{tie.pk}/game-date"
    assert stranger.post(url, {"date": in_days(2).isoformat()}, format="json").status_code == 403
    desk = APIClient()
    desk.force_authenticate(secretary)
    response = desk.post(url, {"date": in_days(2).isoformat()}, format="json")
    assert response.status_code == 200 and response.json()["date"] == in_days(2).isoformat()


def test_the_secretary_cup_page_sets_a_singles_tie_date() -> None:
    competition, secretary = a_singles_cup(4)
    tie = first_tie(competition)
    client = Client()
    client.force_login(secretary)
    html = page(client, f"/secretary/cups/{competition.pk}/")
    assert f'name="tie{tie.pk}-date"' in html and f'name="won{tie.pk}-winner"' in html
    response = client.post(f"/secretary/cup-ties/{tie.pk}/date", {f"tie{tie.pk}-date": in_days(4).isoformat()})
    assert response.status_code == 302
    tie.refresh_from_db()
    assert tie.date == in_days(4)
