"""Project configuration. Importing it loads the Celery app so that
`shared_task` tasks bind to it and `transaction.on_commit` can queue them."""
import django_stubs_ext

from config.engine_build import choose as choose_engine_build

# Before anything imports the rules engine: the compiled build when it is
# built and current (config/engine_build.py).
ENGINE_BUILD = choose_engine_build()

from config.celery import app as celery_app  # noqa: E402

# Before any app is loaded (settings import this package first): the admin
# and the forms subclass Django's generic classes with their model
# (ModelAdmin[Game], ModelForm[Team]), which needs them subscriptable.
django_stubs_ext.monkeypatch()

__all__ = ["ENGINE_BUILD", "celery_app"]
