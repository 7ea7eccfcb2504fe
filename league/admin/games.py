"""The secretary's view of games in the Django admin. The log is read-only
here as everywhere: corrections go through the API's services."""
from django.contrib import admin

from league.admin.base import ReadOnlyAdmin, ReadOnlyInline
from league.models import Game, GameEntry


class GameEntryInline(ReadOnlyInline[GameEntry, Game]):
    model = GameEntry
    fk_name = "game"
    readonly_fields = ("seq", "kind", "hand", "payload", "voids", "entered_by", "entered_at")
    fields = readonly_fields


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin[Game]):
    list_display = ["id", "__str__", "status", "scores", "winner", "seq", "published_seq", "created_by", "created_at"]
    list_filter = ["status"]
    search_fields = ["label"]
    inlines = [GameEntryInline]
