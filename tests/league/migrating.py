"""The schema moved to given migrations, for the tests of a data migration."""
from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrated_to(targets: list[tuple[str, str]]) -> Any:
    """Migrates the test database to `targets` (forwards or back) and
    answers the app registry as it stands there, for historical models."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps
