"""A team cup's leg once arranged is moved, postponed or awarded as any
fixture is, from links beside its tie on the secretary's cup page; its
tie's date follows it, and a leg moved onto the cup's finals night is
played at the finals venue (and goes home again when moved off it)."""
from typing import Any

import pytest
from cupleague import CupLeague, a_cup_league, day
from django.test import Client

from league.models import Competition, CupTie, Fixture
from league.selectors.cup_pages import finals_night
from league.services.cup_ties import tie_date_set
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.fixtures import fixture_postpone, fixture_rearrange

pytestmark = pytest.mark.django_db


def a_leg_arranged(*, finals: bool = False) -> tuple[CupLeague, Competition, CupTie, Fixture]:
    cup = a_cup_league(2, names="AB")
    settings: dict[str, Any] = {"finals_date": day(20), "finals_venue_id": cup.finals_venue.pk} if finals else {}
    competition = competition_create(season_id=cup.season.pk, name="Knockout Cup", user=cup.secretary, **settings)
    for team in cup.teams:
        cup_enter(competition_id=competition.pk, team_id=team.pk, user=cup.secretary)
    cup_draw(competition_id=competition.pk, user=cup.secretary, seed=1)
    tie = CupTie.objects.get(competition=competition)
    return cup, competition, tie, tie_date_set(tie_id=tie.pk, date=day(5), user=cup.secretary)


def secretary_page(cup: CupLeague, competition: Competition) -> str:
    client = Client()
    client.force_login(cup.secretary)
    response = client.get(f"/secretary/cups/{competition.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_secretary_moves_an_arranged_leg_from_the_cup_page_and_its_tie_shows_the_new_night() -> None:
    cup, competition, tie, leg = a_leg_arranged()
    shown = secretary_page(cup, competition)
    assert f'href="/secretary/fixtures/{leg.pk}/rearrange"' in shown
    assert f'href="/secretary/fixtures/{leg.pk}/postpone"' in shown
    assert f'action="/secretary/cup-ties/{tie.pk}/date"' not in shown  # a secretary moves it, not sets it again
    client = Client()
    client.force_login(cup.secretary)
    form = {"new_date": day(9).isoformat(), "reason": "the pub is shut", "step": "confirm"}
    moved = client.post(f"/secretary/fixtures/{leg.pk}/rearrange", form)
    assert moved.status_code == 302
    assert moved["Location"] == f"/secretary/cups/{competition.pk}/#tie-{tie.pk}"
    tie.refresh_from_db()
    assert tie.date == day(9)
    assert day(9).strftime("%a %-d %b %Y") in secretary_page(cup, competition)


def test_a_postponed_leg_says_so_and_can_still_be_moved() -> None:
    cup, competition, tie, leg = a_leg_arranged()
    fixture_postpone(fixture_id=leg.pk, reason="snow", user=cup.secretary)
    tie.refresh_from_db()
    assert tie.date is None
    shown = secretary_page(cup, competition)
    assert "leg 1 postponed" in shown
    assert f'href="/secretary/fixtures/{leg.pk}/rearrange"' in shown
    assert f'href="/secretary/fixtures/{leg.pk}/postpone"' not in shown


def test_a_leg_moved_onto_the_finals_night_is_played_at_the_finals_venue_and_goes_home_when_moved_off() -> None:
    cup_, competition, tie, leg = a_leg_arranged(finals=True)
    home_venue = leg.venue_id
    fixture_rearrange(fixture_id=leg.pk, new_date=day(20), reason="played on the finals night", user=cup_.secretary)
    leg.refresh_from_db()
    tie.refresh_from_db()
    assert (leg.venue_id, tie.date) == (cup_.finals_venue.pk, day(20))
    assert f"match-{leg.pk}" in Client().get(f"/cups/{competition.pk}/finals").content.decode()
    fixture_rearrange(fixture_id=leg.pk, new_date=day(22), reason="back to the pub", user=cup_.secretary)
    leg.refresh_from_db()
    assert leg.venue_id == home_venue
    night = finals_night(competition=competition)
    assert night is not None and leg.pk not in [fixture.pk for fixture in night.fixtures]
