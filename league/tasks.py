"""Celery tasks. They take ids and call services (league.services.live,
league.services.standings, league.services.overdue, league.services.notices,
league.services.digests).

Each task imports its service when it runs: the services queue these tasks,
so they import this module, and this module imports none of them at load.
"""
from typing import TypedDict

from celery import Task, shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from league.models import Division, League

# A lost connection, a deadlock, a database restarting: worth trying again.
# Every standings task rewrites whole rows from the results, so a retry (or
# a second worker doing the same work) changes nothing that was right.
RETRYABLE: tuple[type[Exception], ...] = (OperationalError, InterfaceError)


class _RetryOptions(TypedDict):
    """The retry options shared_task takes, named so that the decorator's
    overloads still check them when they are spread into it."""

    autoretry_for: tuple[type[Exception], ...]
    retry_backoff: int
    retry_backoff_max: int
    max_retries: int


RETRY: _RetryOptions = {"autoretry_for": RETRYABLE, "retry_backoff": 2, "retry_backoff_max": 120, "max_retries": 6}


@shared_task(name="league.tasks.live_publish_pending", bind=True, max_retries=5, default_retry_delay=2)
def live_publish_pending_task(self: Task[[], int]) -> int:
    from league.services.live import live_publish_pending

    try:
        return live_publish_pending()
    except Exception as err:
        # Still pending; if the retries run out, the catch-up has it.
        raise self.retry(exc=err) from err


@shared_task(name="league.tasks.live_catch_up")
def live_catch_up_task() -> int:
    from league.services.live import live_catch_up

    return live_catch_up()


@shared_task(name="league.tasks.division_standings", **RETRY)
def division_standings_task(division_id: int) -> bool:
    """Rebuilds one division's table and player statistics; False when the
    division no longer exists."""
    from league.services.standings import division_standings_rebuild

    try:
        division_standings_rebuild(division_id=division_id)
    except Division.DoesNotExist:
        return False
    return True


@shared_task(name="league.tasks.standings_catch_up")
def standings_catch_up_task() -> int:
    """Each minute: tables whose rebuild the broker or a worker lost. Not
    retried: the next minute's run is the retry."""
    from league.services.standings import standings_catch_up

    return standings_catch_up()


@shared_task(name="league.tasks.standings_rebuild_all", **RETRY)
def standings_rebuild_all_task() -> int:
    """The nightly full rebuild: every division's table and statistics."""
    from league.services.standings import standings_rebuild_all

    return standings_rebuild_all()


@shared_task(name="league.tasks.results_overdue_check", **RETRY)
def results_overdue_check_task() -> int:
    """The nightly check: notices and late-result sanctions for overdue results."""
    from league.services.overdue import results_overdue_check

    return results_overdue_check()


# The mail server out of reach: refused, timed out, or it answered with an
# error. Retried with a growing wait; once the retries run out, the notice
# stays failed for the catch-up to send.
MAIL_RETRY: _RetryOptions = {"autoretry_for": (OSError, *RETRYABLE), "retry_backoff": 10, "retry_backoff_max": 120,
                             "max_retries": 5}


# The hard time limit: a sender stuck on a silent mail server is stopped,
# so its claim on the notice lapses at a known time (notice_sending).
@shared_task(name="league.tasks.notice_send", time_limit=settings.NOTICE_TASK_TIME_LIMIT, **MAIL_RETRY)
def notice_send_task(notice_id: int) -> bool:
    """Sends one notice; False when it was sent already, is being sent, or
    failed for a reason of its own (recorded on it)."""
    from league.services.notice_sending import notice_send

    return notice_send(notice_id=notice_id)


@shared_task(name="league.tasks.notices_catch_up", time_limit=settings.NOTICE_TASK_TIME_LIMIT)
def notices_catch_up_task() -> int:
    """Every NOTICES_CATCH_UP_SECONDS: notices whose task was lost or
    failed. Not retried: the next run is the retry."""
    from league.services.notice_sending import notices_catch_up

    return notices_catch_up()


@shared_task(name="league.tasks.digests_send", **RETRY)
def digests_send_task() -> int:
    """Weekly: each league's results and tables to its subscribers."""
    from league.services.digests import digests_send

    return digests_send()


@shared_task(name="league.tasks.ratings_update", **RETRY)
def ratings_update_task(league_id: int) -> int:
    """Re-rates a league's players from the earliest game marked behind;
    returns the games rated (0: up to date, or no such league)."""
    from league.services.ratings import ratings_update

    try:
        return ratings_update(league_id=league_id)
    except League.DoesNotExist:
        return 0


@shared_task(name="league.tasks.ratings_catch_up")
def ratings_catch_up_task() -> int:
    """Each few minutes: leagues whose re-rate the broker or a worker lost."""
    from league.services.ratings import ratings_catch_up

    return ratings_catch_up()
