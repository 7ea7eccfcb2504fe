"""The audit log is append-only: nothing written there can be changed or
removed, by a row, a query or the admin."""
from typing import Any

import pytest
from django.contrib.admin.sites import site
from django.contrib.auth import get_user_model
from django.test import RequestFactory

from league.models import AuditEntry
from league.models.audit_actions import AuditAction
from league.services.audit import audit_record


@pytest.fixture
def entry(db: None) -> AuditEntry:
    user = get_user_model().objects.create_user("secretary")
    return audit_record(user=user, action=AuditAction.SQUAD_REGISTER, target="Red Lion A", data={"player": 1})


def test_an_entry_names_a_plain_target_by_label(entry: AuditEntry) -> None:
    assert (entry.target_type, entry.target_id, entry.target_label) == (None, "", "Red Lion A")


def test_an_entry_cannot_be_saved_again(entry: AuditEntry) -> None:
    entry.action = "squad.withdraw"
    with pytest.raises(TypeError, match="append-only"):
        entry.save()
    assert AuditEntry.objects.get().action == "squad.register"


def test_an_entry_cannot_be_deleted(entry: AuditEntry) -> None:
    with pytest.raises(TypeError, match="append-only"):
        entry.delete()
    assert AuditEntry.objects.count() == 1


def test_entries_cannot_be_updated_or_deleted_in_bulk(entry: AuditEntry) -> None:
    with pytest.raises(TypeError, match="append-only"):
        AuditEntry.objects.filter(pk=entry.pk).update(action="forged")
    with pytest.raises(TypeError, match="append-only"):
        AuditEntry.objects.all().delete()
    assert AuditEntry.objects.get().action == "squad.register"


def test_the_admin_shows_entries_but_cannot_change_them(entry: AuditEntry) -> None:
    request: Any = RequestFactory().get("/admin/")
    request.user = get_user_model().objects.create_superuser("root")
    admin = site._registry[AuditEntry]
    assert admin.has_view_permission(request, entry)
    assert not admin.has_add_permission(request)
    assert not admin.has_change_permission(request, entry)
    assert not admin.has_delete_permission(request, entry)
