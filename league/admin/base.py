"""The kinds of admin the league's models use: read-only (a model and the
rows shown under it), for what changes only through the services, and
audited, for what the admin edits itself."""
from typing import Any, TypeVar

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from league.models.audit_actions import AuditAction
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by

ModelT = TypeVar("ModelT", bound=Model)
ParentT = TypeVar("ParentT", bound=Model)


class ReadOnlyAdmin(admin.ModelAdmin[ModelT]):
    def has_add_permission(self, request: HttpRequest, obj: ModelT | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ModelT | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ModelT | None = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline[ModelT, ParentT]):
    """Rows shown under their parent and never added, changed or removed
    there. A subclass names its columns as a tuple in `readonly_fields`
    and `fields` alike: the admin types `fields` as groups of names, which a
    tuple of names is."""

    can_delete = False
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: ParentT | None = None) -> bool:
        return False


class AuditedAdmin(admin.ModelAdmin[ModelT]):
    """Records each save and delete in the audit log, with who made it, and
    tells the spectators' cached pages that show the row."""

    def save_model(self, request: HttpRequest, obj: ModelT, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        action = self._action("change" if change else "create")
        audit_record(user=request.user, action=action, target=obj,
                     data={"fields": list(form.changed_data), "via": "admin"})
        pages_changed_by(action=action, target=obj)

    def delete_model(self, request: HttpRequest, obj: ModelT) -> None:
        label, pk = str(obj), obj.pk
        super().delete_model(request, obj)
        audit_record(user=request.user, action=self._action("delete"), target=label, data={"id": pk, "via": "admin"})
        pages_changed_by(action=self._action("delete"), target=label)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[ModelT]) -> None:
        for obj in queryset:
            self.delete_model(request, obj)

    def _action(self, verb: str) -> AuditAction:
        """`<model>.create`, `.change` or `.delete`: a model the admin
        audits has its three actions in the set (AuditAction)."""
        return AuditAction(f"{self.model._meta.model_name}.{verb}")
