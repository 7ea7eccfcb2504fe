"""Racing service calls against each other on PostgreSQL, as two secretaries
or two tablets would: each call on its own thread and connection, all
released at the same moment."""
import threading
from collections.abc import Callable
from typing import Any

from django.db import connection

from league.refusals import Refused


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Runs each call in its own thread and connection, all at once; each
    answer is what the call returned or the Refused it raised."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(number: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            try:
                answers[number] = call()
            except Refused as refused:
                answers[number] = refused
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert None not in answers, "a call never got an answer"
    return answers
