"""Recording an action in the audit log. Every service that changes the
league (or refuses to) records what it did here, with who asked, and
always in one shape: a refused action is named `<action>.refused` and its
refusal's words are kept in the details under `refusal`, whichever
service refused it, so the log reads one way. The actions are a closed set
(`league.models.audit_actions.AuditAction`).

Recording marks no page stale: a service whose change spectators see says
so itself, with `pages_changed_by` (`league.services.page_versions`),
where it makes the change."""
from typing import Any, TypeAlias

from django.contrib.contenttypes.models import ContentType
from django.db import models

from league.authors import Author, author_user
from league.models import AuditEntry
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, Refused

# A row, a plain label for something that is not one, or nothing.
Target: TypeAlias = models.Model | str | None
# What a service refuses with: not this user, or not by the league's rules.
Refusal: TypeAlias = NotPermitted | Refused

REFUSAL_KEY = "refusal"  # where a refused action's details keep the refusal's words


def audit_record(
    *, user: Author, action: AuditAction, target: Target, data: dict[str, Any] | None = None, refusal: Refusal | None = None,
) -> AuditEntry:
    """Appends one entry: `user` did `action` to `target`, with the details
    in `data`; or, given a `refusal`, was refused it, saying why. `target` is
    named by its content type and id when it is a row, and always by its
    label, which outlives the row."""
    details, stored = dict(data or {}), action.value
    if refusal is not None:
        stored, details[REFUSAL_KEY] = action.refused, refusal.message
    entry = AuditEntry(user=author_user(user), action=stored, data=details)
    if isinstance(target, models.Model):
        entry.target_type = ContentType.objects.get_for_model(target)
        entry.target_id = str(target.pk)
        entry.target_label = str(target)[:300]
    elif target is not None:
        entry.target_label = target[:300]
    entry.save()
    return entry
