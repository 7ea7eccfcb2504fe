"""Running what a change queues on commit right here, in this process.

With REDIS_URL set (CI), a task queued on commit goes to the broker, and a
test would wait for a worker; these run it in-process instead, as the
service does without a broker. The test that drives a real worker is
tests/league/test_celery_worker.py."""
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from config.celery import app


@contextmanager
def tasks_in_process() -> Iterator[None]:
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before


def committing(capture: Callable[..., AbstractContextManager[Any]]) -> Callable[[], AbstractContextManager[Any]]:
    """From pytest-django's `django_capture_on_commit_callbacks`: a context
    manager that runs what the block queued on commit, tasks in-process."""

    @contextmanager
    def committed() -> Iterator[None]:
        with tasks_in_process(), capture(execute=True):
            yield

    return committed
