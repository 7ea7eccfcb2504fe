"""Sanctions: only a league secretary deducts points, saying why, from a team
of the division; removing one gives the points back; all of it audited."""
from collections.abc import Callable
from typing import Any

import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night

from league.models import AuditEntry, OverdueNotice, Sanction, TableEntry
from league.refusals import NotSecretary, ReasonRequired, Refused
from league.services.overdue import results_overdue_check
from league.services.sanctions import sanction_apply, sanction_remove


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")



def points(night: Night) -> dict[str, int]:
    return {e.team.name: e.points for e in TableEntry.objects.filter(division=night.division).select_related("team")}


def test_a_secretary_deducts_points_and_the_table_shows_it(night: Night, committed: Any) -> None:
    with committed():
        sanction = sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=3,
                                  reason="Fielded an unregistered player", user=night.secretary,
                                  fixture_id=night.fixture.pk)
    assert (sanction.points, sanction.fixture, sanction.created_by) == (3, night.fixture, night.secretary)
    assert points(night) == {night.home.name: 0, night.away.name: -3}
    entry = AuditEntry.objects.get(action="sanction.apply")
    assert (entry.user, entry.target_label, entry.data["points"]) == (night.secretary, night.away.name, 3)


def test_a_captain_cannot_sanction_and_the_attempt_is_audited(night: Night) -> None:
    with pytest.raises(NotSecretary, match="only a secretary of Leek & District"):
        sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=3, reason="Cheek",
                       user=night.home_captain)
    assert not Sanction.objects.exists()
    assert AuditEntry.objects.get(action="sanction.apply.refused").user == night.home_captain


@pytest.mark.parametrize(("given", "refused"), [
    ({"points": 0}, "a sanction deducts a whole number of points, 1 or more"),
    ({"reason": "  "}, "say why the team is sanctioned"),
])
def test_a_sanction_needs_points_and_a_reason(night: Night, given: dict[str, Any], refused: str) -> None:
    with pytest.raises(Refused, match=refused):
        sanction_apply(**{"division_id": night.division.pk, "team_id": night.away.pk, "points": 2,
                          "reason": "Late start", "user": night.secretary, **given})
    assert not Sanction.objects.exists()


def test_a_team_outside_the_division_cannot_be_sanctioned_in_it(night: Night) -> None:
    other = a_match_night("plain", league_name="Solihull League")
    with pytest.raises(Refused, match=f"{other.home.name} does not play in"):
        sanction_apply(division_id=night.division.pk, team_id=other.home.pk, points=2, reason="Late",
                       user=night.secretary)


def test_a_sanction_for_a_fixture_must_be_for_one_of_the_teams_fixtures(night: Night) -> None:
    other = a_match_night("plain", league_name="Solihull League")
    with pytest.raises(Refused, match="is not one of"):
        sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=2, reason="Late",
                       user=night.secretary, fixture_id=other.fixture.pk)


def test_removing_a_sanction_gives_the_points_back(night: Night, committed: Any) -> None:
    with committed():
        sanction = sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=3, reason="Late",
                                  user=night.secretary)
    with pytest.raises(ReasonRequired):
        sanction_remove(sanction_id=sanction.pk, reason="", user=night.secretary)
    with pytest.raises(NotSecretary):
        sanction_remove(sanction_id=sanction.pk, reason="Appeal upheld", user=night.away_captain)
    with committed():
        sanction_remove(sanction_id=sanction.pk, reason="Appeal upheld", user=night.secretary)
    assert not Sanction.objects.exists()
    assert points(night) == {night.home.name: 0, night.away.name: 0}
    assert AuditEntry.objects.get(action="sanction.remove").data["reason"] == "Appeal upheld"


# Every kind of sanction is removed the same way, through the service and
# the secretary's page: a late result's keeps its overdue notice, so the
# nightly check does not take the points again.

def manual(night: Night) -> Sanction:
    return sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=2, reason="Late start",
                          user=night.secretary)


def manual_for_a_fixture(night: Night) -> Sanction:
    return sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=2, reason="Late start",
                          user=night.secretary, fixture_id=night.fixture.pk)


def late_result(night: Night) -> Sanction:
    results_overdue_check()
    return Sanction.objects.get(late_result=True)


# Each kind, and how many days ago the fixture was played: the manual
# ones on a fixture not yet overdue, so the nightly check leaves it alone.
KINDS = [pytest.param(manual, 0, id="manual"), pytest.param(manual_for_a_fixture, 0, id="manual, for a fixture"),
         pytest.param(late_result, 10, id="late result, by the nightly check")]


def remove_by_service(night: Night, sanction: Sanction) -> None:
    sanction_remove(sanction_id=sanction.pk, reason="Appeal upheld", user=night.secretary)


def remove_on_the_page(night: Night, sanction: Sanction) -> None:
    page = post(browser(night.secretary), f"/secretary/sanctions/{sanction.pk}/remove",
                {"reason": "Appeal upheld", "step": "confirm"})
    assert page.status_code == 302, text(page)


WAYS = [pytest.param(remove_by_service, id="service"), pytest.param(remove_on_the_page, id="secretary page")]


@pytest.mark.parametrize(("kind", "days_ago"), KINDS)
@pytest.mark.parametrize("remove", WAYS)
def test_every_kind_of_sanction_is_removed_and_its_points_given_back(
        db: None, committed: Any, kind: Callable[[Night], Sanction], days_ago: int,
        remove: Callable[[Night, Sanction], None]) -> None:
    night = a_match_night("plain", played_days_ago=days_ago)
    with committed():
        sanction = kind(night)
    assert points(night)[sanction.team.name] < 0
    with committed():
        remove(night, sanction)
    assert not Sanction.objects.filter(pk=sanction.pk).exists()
    assert points(night) == {night.home.name: 0, night.away.name: 0}
    assert AuditEntry.objects.get(action="sanction.remove").data["reason"] == "Appeal upheld"
    results_overdue_check()  # the notice, kept, stops the check sanctioning the fixture again
    assert not Sanction.objects.exists()
    assert OverdueNotice.objects.filter(sanction__isnull=False).count() == 0


# Bounds: the most one sanction may take off


@pytest.mark.parametrize(("settings", "most"), [
    ({"points_scheme": "plain", "late_result_points": []}, 2),  # a win is 2
    ({"points_scheme": "leek", "late_result_points": []}, 11),  # a win (2) and a point for each of 9 rubbers
    ({"points_scheme": "solihull", "late_result_points": []}, 3),
    ({"points_scheme": "plain", "late_result_points": [3, 5]}, 5),  # what a late result may cost
    ({"points_scheme": "leek", "sanction_max_points": 4}, 4),  # the league's own bound
])
def test_a_sanction_may_take_off_at_most_what_the_league_allows(db: None, settings: dict[str, Any], most: int) -> None:
    night = a_match_night("plain", **settings)
    apply = {"division_id": night.division.pk, "team_id": night.away.pk, "reason": "Late start",
             "user": night.secretary}
    with pytest.raises(Refused, match=f"takes off at most {most} point"):
        sanction_apply(points=most + 1, **apply)
    assert not Sanction.objects.exists()
    assert AuditEntry.objects.filter(action="sanction.apply.refused").count() == 1
    assert sanction_apply(points=most, **apply).points == most
