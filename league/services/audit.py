"""Recording an action in the audit log. Every service that changes the
league (or refuses to) records what it did here, with who asked."""
from typing import Any, TypeAlias

from django.contrib.contenttypes.models import ContentType
from django.db import models

from league.models import AuditEntry
from league.authors import Author, author_user

# A row, a plain label for something that is not one, or nothing.
Target: TypeAlias = models.Model | str | None


def audit_record(*, user: Author, action: str, target: Target, data: dict[str, Any] | None = None) -> AuditEntry:
    """Appends one entry. `target` is named by its content type and id when
    it is a row, and always by its label, which outlives the row."""
    entry = AuditEntry(user=author_user(user), action=action, data=data or {})
    if isinstance(target, models.Model):
        entry.target_type = ContentType.objects.get_for_model(target)
        entry.target_id = str(target.pk)
        entry.target_label = str(target)[:300]
    elif target is not None:
        entry.target_label = target[:300]
    entry.save()
    return entry
