"""Project configuration. Importing it loads the Celery app so that
`shared_task` tasks bind to it and `transaction.on_commit` can queue them."""
import django_stubs_ext

from config.celery import app as celery_app

# Before any app is loaded (settings import this package first): the admin
# and the forms subclass Django's generic classes with their model
# (ModelAdmin[Game], ModelForm[Team]), which needs them subscriptable.
django_stubs_ext.monkeypatch()

__all__ = ["celery_app"]
