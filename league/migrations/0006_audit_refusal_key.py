"""Refused squad changes were audited with their refusal's words under
`reason`, where every other refused action keeps them under `refusal` (and
where `reason` means the reason a secretary gave). The old entries are
renamed so the log reads one way.

The one change ever made to audit entries after they were written: the
entries' meaning stays as it was, only the key moves. The historical model
has none of the append-only guard, which belongs to the real model's class.
"""
from typing import Any

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

SQUAD_REFUSALS = ("squad.register.refused", "squad.withdraw.refused")


def _renamed(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    return {(new if key == old else key): value for key, value in data.items()}


def _rename(apps: StateApps, old: str, new: str) -> None:
    entries = apps.get_model("league", "AuditEntry")
    changed = []
    for entry in entries.objects.filter(action__in=SQUAD_REFUSALS).only("pk", "data").iterator():
        if old in entry.data and new not in entry.data:
            entry.data = _renamed(entry.data, old, new)
            changed.append(entry)
    entries.objects.bulk_update(changed, ["data"], batch_size=500)


def forwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _rename(apps, "reason", "refusal")


def backwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _rename(apps, "refusal", "reason")


class Migration(migrations.Migration):
    dependencies = [("league", "0005_standings_tables_player_stats")]

    operations = [migrations.RunPython(forwards, backwards)]
