"""The audit log: who did what, to what, and when, one row per action,
appended and never altered.

Terms: an *action* is a dotted name such as `squad.register` or
`squad.register.refused`; the *target* is the object acted on, named by
its content type and id where it is a row and always by a label, so the
entry still reads well after the object is gone; *data* holds the details
(the fields changed, a secretary's reason) and, for a refused action, the
refusal's words under `refusal`, whichever service refused it.
"""
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone

from league.models.append_only import AppendOnly


class AuditEntry(AppendOnly):
    REFUSAL = "the audit log is append-only: record a new entry instead"

    at = models.DateTimeField(auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="Who did it; empty when nobody known (a shell, an import).",
    )
    action = models.CharField(max_length=100, db_index=True)
    target_type = models.ForeignKey(ContentType, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    target_id = models.CharField(max_length=64, blank=True)
    target_label = models.CharField(max_length=300, blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["target_type", "target_id"], name="audit_by_target")]

    def __str__(self) -> str:
        return f"{timezone.localtime(self.at):%Y-%m-%d %H:%M} {self.action} {self.target_label}".rstrip()
