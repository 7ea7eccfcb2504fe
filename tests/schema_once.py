"""The test database's schema, migrated once a run rather than once a worker.

Under pytest-xdist every worker needs a database of its own, and migrating
each from nothing costs the same seconds again and again. The first worker
to arrive migrates a template (tests/conftest.py's `built_once` makes the
others wait for it); every worker then starts from a copy: a file copy for
SQLite, `CREATE DATABASE ... TEMPLATE` for PostgreSQL. Django then finds
its database already made (keepdb) and `migrate` has nothing left to apply,
so a migration that is missing or broken still fails the run.

An SQLite template is also kept between runs, in pytest's cache folder
(.pytest_cache, which git ignores), under a key made of everything the
migrated schema depends on: every installed app's migration files, the
league's models and formats (its data migrations read them), Django's
version. The next run whose key is the same copies it rather than migrating
again; any change to those files migrates afresh.
"""
import hashlib
import importlib.util
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import django
from django.apps import apps
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader


def template_name(database: dict[str, Any]) -> str:
    """The PostgreSQL template's name, known to the workers and to the
    process that drops it at the end of the run."""
    return f"test_{database['NAME']}_schema"


def _creating_as(name: str) -> Any:
    """Runs Django's creation of a test database named `name`, then puts the
    connection's settings back as they were (creating one renames the
    connection's database to the test database's name)."""
    database = connection.settings_dict
    before = database["NAME"], dict(database["TEST"])
    database["TEST"]["NAME"] = name
    try:
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False, keepdb=False)
        if connection.vendor == "sqlite":
            # The copies are of the main file alone: nothing may be left
            # in the write-ahead log.
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
    finally:
        database["NAME"], database["TEST"] = before
        settings.DATABASES[connection.alias]["NAME"] = before[0]


def _schema_sources() -> Iterator[Path]:
    """The folders whose files the migrated schema is made from."""
    for app in apps.get_app_configs():
        module, _ = MigrationLoader.migrations_module(app.label)
        spec = importlib.util.find_spec(module) if module else None
        if spec is not None and spec.submodule_search_locations:
            yield Path(next(iter(spec.submodule_search_locations)))
    league = Path(apps.get_app_config("league").path)
    yield league / "models"
    yield league / "formats"


def schema_key() -> str:
    """A digest of every file the migrated schema is made from."""
    digest = hashlib.sha256(f"{django.__version__} {connection.vendor}".encode())
    for folder in _schema_sources():
        for path in sorted(folder.rglob("*.py")):
            digest.update(str(path.relative_to(folder.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


def _sqlite_template(path: Path, kept: Path | None) -> None:
    """The SQLite template at `path`: copied from the one kept under the
    same key, or migrated and then kept (replacing any older one, written
    whole before it is named, for a run beside this one to find either
    nothing or all of it)."""
    if kept is None:
        _creating_as(str(path))
        return
    keeper = kept / f"schema-{schema_key()}.sqlite3"
    if keeper.exists():
        shutil.copyfile(keeper, path)
        return
    _creating_as(str(path))
    for older in kept.glob("schema-*.sqlite3"):
        older.unlink(missing_ok=True)
    partial = kept / f"{keeper.name}.{os.getpid()}.part"
    shutil.copyfile(path, partial)
    os.replace(partial, keeper)


def template_build(folder: Path, kept: Path | None = None) -> None:
    """Migrates the template: a file in `folder` for SQLite (or a copy of
    the one kept in `kept` from an earlier run), a database of its own on
    the PostgreSQL server."""
    if connection.vendor == "sqlite":
        _sqlite_template(folder / "schema.sqlite3", kept)
    else:
        _creating_as(template_name(connection.settings_dict))


def worker_database_copy(folder: Path, worker: str) -> None:
    """This worker's database, a copy of the template, under the name the
    connection's settings give its test database; Django is then asked to
    keep it rather than create it."""
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        copy = folder / f"{worker}.sqlite3"
        shutil.copyfile(folder / "schema.sqlite3", copy)
        database["TEST"]["NAME"] = str(copy)
        return
    name = connection.creation._get_test_db_name()
    quote = connection.ops.quote_name
    with connection.creation._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {quote(name)}")
        cursor.execute(f"CREATE DATABASE {quote(name)} TEMPLATE {quote(template_name(database))}")


def template_drop() -> None:
    """Drops the PostgreSQL template once the run is over (an SQLite
    template goes with the run's temporary folder)."""
    if connection.vendor == "sqlite":
        return
    with connection.creation._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {connection.ops.quote_name(template_name(connection.settings_dict))}")
