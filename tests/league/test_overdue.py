"""The nightly check for overdue results: once a fixture is past its
deadline with nothing submitted, the secretaries and both captains are
told, and the league's late-result points come off the home team, once."""
from datetime import timedelta
from typing import Any

import pytest
from matchnights import Night, a_match_night, sheet_entered
from races import race

from config.celery import app
from league.models import AuditEntry, Fixture, Notice, OverdueNotice, Sanction, TableEntry
from league.services.match_games import rubber_game_card
from league.services.overdue import results_overdue_check
from league.services.results import match_submit
from league.tasks import results_overdue_check_task


def late_night(played_days_ago: int = 10, **settings: Any) -> Night:
    """A fixture played `played_days_ago` days ago in a league giving 7 days
    to return a result; everyone who should hear of it has an address."""
    night = a_match_night("plain", played_days_ago=played_days_ago, **settings)
    for user, address in ((night.secretary, "sec@league.test"), (night.home_captain, "home@league.test"),
                          (night.away_captain, "away@league.test")):
        user.email = address
        user.save()
    return night



def another_fixture(night: Night, week: int, played_days_ago: int) -> Fixture:
    return Fixture.objects.create(division=night.division, week=week, home_team=night.home, away_team=night.away,
                                  date=night.fixture.date + timedelta(days=10 - played_days_ago),
                                  venue=night.home.home_venue, status=Fixture.Status.PUBLISHED)


def test_an_overdue_result_is_told_to_the_secretary_and_both_captains(db: None, mailoutbox: list[Any],
                                                                     committed: Any) -> None:
    night = late_night()
    with committed():
        assert results_overdue_check() == 1
    assert sorted(address for message in mailoutbox for address in message.to) == [
        "away@league.test", "home@league.test", "sec@league.test"]
    for message in mailoutbox:
        assert message.subject == f"Result overdue: {night.fixture}"
        assert "has not been returned" in message.body and "deducted 3 points" in message.body


def test_the_home_team_loses_the_leagues_late_result_points(db: None, committed: Any) -> None:
    night = late_night()
    with committed():
        results_overdue_check()
    sanction = Sanction.objects.get()
    assert (sanction.team, sanction.points, sanction.late_result, sanction.fixture) == (
        night.home, 3, True, night.fixture)
    assert "Late result 1 this season" in sanction.reason
    assert TableEntry.objects.get(team=night.home).points == -3
    assert AuditEntry.objects.get(action="result.overdue").data["points"] == 3


def test_a_second_late_result_costs_the_next_figure(db: None) -> None:
    night = late_night(late_result_points=[3, 5])
    another_fixture(night, week=2, played_days_ago=9)
    assert results_overdue_check() == 2
    assert sorted(Sanction.objects.values_list("points", flat=True)) == [3, 5]


def test_the_check_acts_on_a_fixture_once_however_often_it_runs(db: None, mailoutbox: list[Any],
                                                                committed: Any) -> None:
    late_night()
    with committed():
        assert results_overdue_check() == 1
    with committed():
        assert results_overdue_check() == 0
    assert (len(mailoutbox), Sanction.objects.count(), OverdueNotice.objects.count()) == (3, 1, 1)


def test_a_league_without_late_result_points_only_tells(db: None, mailoutbox: list[Any], committed: Any) -> None:
    late_night(late_result_points=[])
    with committed():
        assert results_overdue_check() == 1
    assert not Sanction.objects.exists()
    assert len(mailoutbox) == 3 and "deducted" not in mailoutbox[0].body


def test_a_result_within_its_deadline_or_submitted_is_left_alone(db: None, mailoutbox: list[Any]) -> None:
    late_night(played_days_ago=6)
    submitted = late_night(league_name="Solihull League")
    sheet_entered(submitted, ["singles"] * 9)
    for number in range(1, 10):
        rubber_game_card(fixture_id=submitted.fixture.pk, rubber=number, home_score=61, away_score=20,
                         user=submitted.home_scorer)
    match_submit(fixture_id=submitted.fixture.pk, user=submitted.home_captain)
    assert results_overdue_check() == 0
    assert mailoutbox == [] and not Sanction.objects.exists()


def test_the_nightly_task_runs_the_check(db: None, mailoutbox: list[Any], committed: Any) -> None:
    late_night()
    with committed():
        assert results_overdue_check_task.apply().get() == 1
    assert len(mailoutbox) == 3


def test_beat_runs_the_full_rebuild_and_the_overdue_check_every_night() -> None:
    schedule = {entry["task"]: entry["schedule"] for entry in app.conf.beat_schedule.values()}
    for task in ("league.tasks.standings_rebuild_all", "league.tasks.results_overdue_check"):
        once_a_day = schedule[task]
        assert (len(once_a_day.hour), len(once_a_day.minute), len(once_a_day.day_of_week)) == (1, 1, 7), task


@pytest.mark.django_db(transaction=True)
def test_two_checks_at_once_sanction_and_tell_once(postgres: None) -> None:
    night = late_night(late_result_points=[3, 5])
    another_fixture(night, week=2, played_days_ago=9)
    assert sum(race([results_overdue_check] * 3)) == 2
    assert sorted(Sanction.objects.values_list("points", flat=True)) == [3, 5]
    assert OverdueNotice.objects.count() == 2
    # Three people, two fixtures, once each: the outbox holds six emails to send.
    assert Notice.objects.filter(kind="result_overdue").count() == 6
