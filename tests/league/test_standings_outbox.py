"""A table never stays wrong for long after a fault: every change marks its
division's table behind in its own transaction, a rebuild clears what it
saw, and the beat task `standings_catch_up` rebuilds, each minute, every
division still behind after a short grace (league.services.standings) --
whether the broker was down when the result was confirmed or the worker
died mid-rebuild."""
from datetime import timedelta
from typing import Any

import pytest
from django.db.models import F
from matchnights import Night, a_match_night
from test_redis_outage import redis_at
from test_worker_faults import submitted_five_four

from league.models import Division, TableEntry
from league.services import standings
from league.services.results import match_confirm
from league.services.sanctions import sanction_apply
from league.tasks import division_standings_task, standings_catch_up_task


def behind(night: Night) -> bool:
    division = Division.objects.get(pk=night.division.pk)
    return division.table_rebuilt_changes < division.table_changes


def time_passes(night: Night, minutes: int = 5) -> None:
    """The division's last change is `minutes` older, past the grace."""
    Division.objects.filter(pk=night.division.pk).update(table_changed_at=F("table_changed_at") - timedelta(minutes=minutes))


def catch_up() -> int:
    """One run of the catch-up, as beat queues it."""
    done: int = standings_catch_up_task.apply().get()
    return done


def tabled(night: Night) -> list[tuple[str, int, int, int]]:
    return [(entry.team.name, entry.played, entry.position, entry.points) for entry in
            TableEntry.objects.filter(division=night.division).select_related("team").order_by("position", "team__name")]


@pytest.fixture
def night(db: None) -> Night:
    night = a_match_night("plain", points_scheme="solihull")
    submitted_five_four(night)
    return night


def five_four_tabled(night: Night) -> list[tuple[str, int, int, int]]:
    return [(night.home.name, 1, 1, 3), (night.away.name, 1, 2, 1)]


def test_a_result_confirmed_while_redis_is_down_is_tabled_by_the_catch_up_once_it_is_back(
        night: Night, dead_redis: Any, django_capture_on_commit_callbacks: Any) -> None:
    with redis_at(dead_redis.url), django_capture_on_commit_callbacks(execute=True):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    # The result stands; its rebuild never reached a broker.
    assert dead_redis.attempts >= 1
    assert not TableEntry.objects.filter(division=night.division, played=1).exists()
    assert behind(night)
    # Redis is back (the test run's in-process tasks). Within the grace the
    # change is left to its own task, which may yet be on its way ...
    assert catch_up() == 0
    # ... past it, the catch-up rebuilds the table.
    time_passes(night)
    assert catch_up() == 1
    assert tabled(night) == five_four_tabled(night)
    assert not behind(night)
    assert catch_up() == 0


def test_a_rebuild_cut_short_leaves_the_division_behind_and_the_catch_up_finishes_it(
        night: Night, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def killed(*args: Any) -> None:
        raise RuntimeError("worker killed mid-rebuild")

    monkeypatch.setattr(standings, "_stats_replace", killed)
    with django_capture_on_commit_callbacks(execute=True):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    # The rebuild's transaction never committed: no table, still behind.
    assert not TableEntry.objects.filter(division=night.division, played=1).exists()
    assert behind(night)
    monkeypatch.undo()  # the worker restarts
    time_passes(night)
    assert catch_up() == 1
    assert tabled(night) == five_four_tabled(night)
    assert not behind(night)


def test_a_division_marked_with_no_task_at_all_is_rebuilt_by_the_catch_up(night: Night) -> None:
    """The worker died holding the task, which Redis gives back only after
    the visibility timeout (or never, if Redis lost it): the mark does not wait."""
    match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)  # commit hooks never run: no task
    assert behind(night)
    time_passes(night, minutes=1)
    assert catch_up() == 1
    assert tabled(night) == five_four_tabled(night)


def test_a_rebuild_clears_the_mark_and_a_later_change_marks_the_division_again(night: Night) -> None:
    match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    assert behind(night)
    division_standings_task.apply(args=[night.division.pk])  # its queued task, as a worker runs it
    assert tabled(night) == five_four_tabled(night)
    assert not behind(night)
    # A sanction whose rebuild is lost: the division is behind again, and
    # the catch-up brings the deduction into the table.
    sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=4, reason="late result",
                   user=night.secretary)
    assert behind(night)
    time_passes(night)
    assert catch_up() == 1
    assert tabled(night) == [(night.away.name, 1, 1, 1), (night.home.name, 1, 2, -1)]
    assert not behind(night)


def test_the_catch_up_leaves_divisions_that_are_up_to_date(night: Night) -> None:
    Division.objects.filter(pk=night.division.pk).update(table_changed_at=None)
    time_passes(night)
    assert not behind(night)
    assert catch_up() == 0
