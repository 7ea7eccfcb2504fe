"""Match nights, their rubbers and games, and sanctions. They change only
through their services (captains' and secretaries' pages, the API), which
check who acts and audit it; the admin shows them for record keeping."""
from django.contrib import admin

from league.admin.base import ReadOnlyAdmin, ReadOnlyInline
from league.models import MatchNight, Rubber, RubberGame, Sanction


class RubberInline(ReadOnlyInline[Rubber, MatchNight]):
    model = Rubber
    readonly_fields = ("number", "kind", "game", "home_player", "home_partner", "away_player", "away_partner",
                       "conceded_by")
    fields = readonly_fields


@admin.register(MatchNight)
class MatchNightAdmin(ReadOnlyAdmin[MatchNight]):
    list_display = ["fixture", "status", "home_games", "away_games", "submitted_at", "confirmed_at", "disputed_at"]
    list_filter = ["fixture__division__season__league", "fixture__division", "status"]
    search_fields = ["fixture__home_team__name", "fixture__away_team__name"]
    list_select_related = ["fixture__home_team", "fixture__away_team"]
    inlines = [RubberInline]


@admin.register(RubberGame)
class RubberGameAdmin(ReadOnlyAdmin[RubberGame]):
    list_display = ["__str__", "source", "home_score", "away_score", "winner", "game", "entered_by", "entered_at"]
    list_filter = ["source", "rubber__night__fixture__division"]
    list_select_related = ["rubber__night__fixture__home_team", "rubber__night__fixture__away_team", "game"]


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin[Sanction]):
    list_display = ["team", "division", "points", "reason", "late_result", "fixture", "created_by", "created_at"]
    list_filter = ["division__season__league", "division", "late_result"]
    list_select_related = ["team", "division", "fixture__home_team", "fixture__away_team", "created_by"]
