"""A night write whose answer is lost after it committed: the service's
PostgreSQL connection is terminated (pg_terminate_backend, from another
connection) right after the COMMIT that stored a rubber's game, so the
scorer's tablet is answered 503 "try again" although the game is stored.
The tablet sends the write again with the same Idempotency-Key, and gets
the first answer: the rubber, best of three, still has one game
(docs/operations.md, "PostgreSQL: backups and restarts").

Also two sendings of one key at once. Needs PostgreSQL
(DATABASE_URL=postgres://...); under CI=true it fails without it."""
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from django.db import connection
from matchnights import Night, a_match_night, sheet_entered
from races import race
from rest_framework.test import APIClient
from tablets import tablet_for

from league.models import RubberGame, WriteAnswer

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# pg_terminate_backend waits this long for the connection to be gone.
TERMINATE_WAIT_MS = 10_000


def games_stored(other: psycopg.Connection[Any]) -> int:
    """The rubber games committed, as another connection sees them."""
    row = other.execute(f"SELECT count(*) FROM {RubberGame._meta.db_table}").fetchone()
    assert row is not None
    return int(row[0])


@contextmanager
def connection_cut_after_the_game_commits() -> Iterator[list[int]]:
    """The first COMMIT that leaves a rubber game stored is carried out;
    then the service's connection is terminated before it hears back, so
    the commit fails for it as a dropped connection does. Yields the games
    stored when the connection was cut."""
    real_commit = connection._commit
    cut: list[int] = []
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:

        def commit_then_cut() -> None:
            real_commit()
            if cut or games_stored(other) == 0:
                return
            cut.append(games_stored(other))
            pid = connection.connection.info.backend_pid
            other.execute("SELECT pg_terminate_backend(%s, %s)", [pid, TERMINATE_WAIT_MS])
            with connection.wrap_database_errors, connection.connection.cursor() as cursor:
                cursor.execute("SELECT 1")  # the answer to the COMMIT, on a connection now gone

        connection._commit = commit_then_cut  # type: ignore[method-assign]
        try:
            yield cut
        finally:
            del connection._commit


@pytest.fixture
def night(postgres: None) -> Night:
    night = a_match_night("best-of-three")
    sheet_entered(night, ["singles"] * 5)
    return night


def send_card(tablet: APIClient, night: Night, key: str) -> Any:
    return tablet.post(f"/api/fixtures/{night.fixture.pk}/night/rubbers/1/games",
                       {"home_score": 61, "away_score": 30}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_game_whose_answer_was_a_503_after_it_was_stored_is_not_stored_again_by_the_retry(night: Night) -> None:
    tablet = tablet_for(night.home_scorer)
    tablet.raise_request_exception = False  # answered as the service answers: 503

    with connection_cut_after_the_game_commits() as cut:
        dropped = send_card(tablet, night, "card-1")
    assert cut == [1], "the connection was not cut after the game was stored"
    assert dropped.status_code == 503 and dropped.json()["error"].startswith("the database cannot be reached")
    assert dropped["Retry-After"]
    connection.close()  # as the service drops a connection that failed, at the end of the request

    retried = send_card(tablet, night, "card-1")
    assert retried.status_code == 201, retried.json()
    games = retried.json()["rubbers"][0]["games"]
    assert [(g["number"], g["scores"]) for g in games] == [(1, [61, 30])]
    assert RubberGame.objects.filter(rubber__night__fixture=night.fixture).count() == 1
    assert WriteAnswer.objects.filter(key="card-1").count() == 1


def test_the_same_write_sent_twice_at_once_with_its_key_is_stored_once_and_answered_the_same(night: Night) -> None:
    """The tablet resending while the first sending is still being done:
    the second waits for the first's lock on the fixture, then finds its
    answer stored."""

    def sender(tablet: APIClient) -> Callable[[], tuple[int, Any]]:
        def send() -> tuple[int, Any]:
            answer = send_card(tablet, night, "card-1")
            return answer.status_code, answer.json()
        return send

    first, second = race([sender(tablet_for(night.home_scorer)) for _ in range(2)])
    assert first == second and first[0] == 201
    assert RubberGame.objects.filter(rubber__night__fixture=night.fixture).count() == 1
