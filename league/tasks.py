"""Celery tasks. They call services (league.services.live)."""
from celery import shared_task

from league.services.live import live_catch_up, live_publish_pending


@shared_task(name="league.tasks.live_publish_pending", bind=True, max_retries=5, default_retry_delay=2)
def live_publish_pending_task(self) -> int:  # type: ignore[no-untyped-def]
    try:
        return live_publish_pending()
    except Exception as err:
        # Still pending; if the retries run out, the catch-up has it.
        raise self.retry(exc=err) from err


@shared_task(name="league.tasks.live_catch_up")
def live_catch_up_task() -> int:
    return live_catch_up()
