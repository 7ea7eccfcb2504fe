"""The secretary's view of games in the Django admin. The log is read-only
here as everywhere: corrections go through the API's services."""
from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from league.admin.base import ReadOnlyAdmin
from league.models import Game, GameEntry


class GameEntryInline(admin.TabularInline[GameEntry, Game]):
    model = GameEntry
    fk_name = "game"
    # A tuple: the admin types `fields` as groups of names, which a tuple of
    # names is, and `readonly_fields` as names.
    readonly_fields = ("seq", "kind", "hand", "payload", "voids", "entered_by", "entered_at")
    fields = readonly_fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin[Game]):
    list_display = ["id", "__str__", "status", "scores", "winner", "seq", "published_seq", "created_by", "created_at"]
    list_filter = ["status"]
    search_fields = ["label"]
    inlines = [GameEntryInline]
