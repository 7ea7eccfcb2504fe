"""Project configuration. Importing it loads the Celery app so that
`shared_task` tasks bind to it and `transaction.on_commit` can queue them."""
from config.celery import app as celery_app

__all__ = ["celery_app"]
