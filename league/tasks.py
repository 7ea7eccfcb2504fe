"""Celery tasks. They take ids and call services (league.services.outbox)."""
from celery import shared_task

from league.services.outbox import outbox_catch_up, outbox_deliver


@shared_task(name="league.tasks.outbox_deliver", bind=True, max_retries=5, default_retry_delay=2)
def outbox_deliver_task(self, message_id: int) -> bool:  # type: ignore[no-untyped-def]
    try:
        return outbox_deliver(message_id=message_id)
    except Exception as err:
        # Still unpublished; if the retries run out, the catch-up has it.
        raise self.retry(exc=err) from err


@shared_task(name="league.tasks.outbox_catch_up")
def outbox_catch_up_task() -> int:
    return outbox_catch_up()
