"""An overdue result's "apply one now": the sanction form starts from the
league's rule for a late result (the home team, the points for its late
result this season, the reason the nightly check would give), and the
sanction applied from it is the fixture's late-result one, so the nightly
check applies no second."""
import re
from datetime import timedelta

import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night

from league.models import Sanction
from league.services.overdue import results_overdue_check
from league.services.sanctions import sanction_apply


@pytest.fixture
def night(db: None) -> Night:
    """A fixture played ten days ago whose result never came (Leek deducts 3, then 5)."""
    return a_match_night("plain", played_days_ago=10, late_result_points=[3, 5])


def apply_now_link(night: Night) -> str:
    html = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/results"))
    found = re.search(r'<a href="([^"]+)">apply one now', html)
    assert found is not None, "the overdue result offers a sanction now"
    return found.group(1).replace("&amp;", "&")


def value_of(html: str, name: str) -> str:
    field = re.search(rf'<(?:input|textarea)[^>]*name="{name}"[^>]*>([^<]*)', html)
    assert field is not None, name
    given = re.search(r'value="([^"]*)"', field.group(0))
    return given.group(1) if given else field.group(1).strip()


def test_apply_one_now_opens_the_form_with_the_leagues_deduction_and_reason(night: Night) -> None:
    html = text(browser(night.secretary).get(apply_now_link(night)))
    due = (night.fixture.played_on + timedelta(days=7)).strftime("%d %B %Y")  # the league's week to return it
    assert value_of(html, "points") == "3"
    assert value_of(html, "reason") == f"Late result 1 this season: Leek Red Lion A v Leek Crown B was due by {due}."
    assert re.search(rf'<option value="{night.home.pk}" selected>', html)
    assert re.search(rf'<option value="{night.fixture.pk}" selected>', html)
    assert "Filled in from Leek &amp; District's rule for late results" in html


def test_a_teams_second_late_result_is_filled_in_at_the_second_figure(night: Night) -> None:
    earlier = Sanction.objects.create(division=night.division, team=night.home, points=3, reason="Late result 1",
                                      late_result=True)
    assert earlier.pk
    html = text(browser(night.secretary).get(apply_now_link(night)))
    assert value_of(html, "points") == "5" and "Late result 2 this season" in value_of(html, "reason")


def test_the_sanction_applied_from_it_is_the_late_one_and_the_nightly_check_adds_none(night: Night) -> None:
    client = browser(night.secretary)
    html = text(client.get(apply_now_link(night)))
    form = {name: value_of(html, name) for name in ("points", "reason", "late_result")}
    form.update(team=night.home.pk, fixture=night.fixture.pk)
    asked = post(client, f"/secretary/divisions/{night.division.pk}/sanctions", {**form, "step": "review"})
    assert "Yes: apply it" in text(asked)
    post(client, f"/secretary/divisions/{night.division.pk}/sanctions", {**form, "step": "confirm"})
    results_overdue_check()
    assert list(Sanction.objects.values_list("team_id", "points", "late_result")) == [(night.home.pk, 3, True)]
    results = text(client.get(f"/secretary/leagues/{night.league.pk}/results"))
    assert "−3 point" in results and "apply one now" not in results


def test_a_second_late_sanction_for_the_same_result_is_refused_with_the_form_kept(night: Night) -> None:
    sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=3, reason="Late",
                   fixture_id=night.fixture.pk, late_result=True, user=night.secretary)
    form = {"team": night.home.pk, "fixture": night.fixture.pk, "points": 3, "reason": "Late again",
            "late_result": "True", "step": "review"}
    html = text(post(browser(night.secretary), f"/secretary/divisions/{night.division.pk}/sanctions", form))
    assert "already have a late-result sanction for this fixture" in html
    assert Sanction.objects.count() == 1


def test_a_confirmed_sanction_sent_twice_takes_its_points_off_once(night: Night) -> None:
    client = browser(night.secretary)
    address = f"/secretary/divisions/{night.division.pk}/sanctions"
    form = {"team": night.away.pk, "points": 2, "reason": "Fielded an unregistered player", "fixture": ""}
    confirmation = text(post(client, address, {**form, "step": "review"}))
    key = re.search(r'name="form_key" value="([0-9a-f]+)"', confirmation)
    assert key is not None, "the confirmation carries a key"
    sent = {**form, "step": "confirm", "form_key": key.group(1)}
    first, again = post(client, address, sent), post(client, address, sent)
    assert (first.status_code, again.status_code) == (302, 302)
    assert list(Sanction.objects.values_list("team_id", "points")) == [(night.away.pk, 2)]
