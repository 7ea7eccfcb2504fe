"""The audit log, read-only: every entry stays as it was written."""
from django.contrib import admin

from league.admin.base import ReadOnlyAdmin
from league.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin[AuditEntry]):
    list_display = ["at", "user", "action", "target_label", "data"]
    list_filter = ["action", "target_type"]
    search_fields = ["action", "target_label", "user__username"]
    date_hierarchy = "at"
    list_select_related = ["user"]
