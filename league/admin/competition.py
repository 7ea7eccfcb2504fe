"""Leagues, seasons and divisions, edited in the admin and audited."""
from django.contrib import admin

from league.admin.base import AuditedAdmin
from league.competition_settings import SETTING_NAMES
from league.models import Division, League, Season


@admin.register(League)
class LeagueAdmin(AuditedAdmin[League]):
    list_display = ["name", "slug", "match_format", "points_scheme", "result_deadline_days", "late_result_points"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["secretaries"]


@admin.register(Season)
class SeasonAdmin(AuditedAdmin[Season]):
    list_display = ["name", "league", "start", "registration_deadline", "squad_min", "squad_max"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]
    date_hierarchy = "start"


@admin.register(Division)
class DivisionAdmin(AuditedAdmin[Division]):
    list_display = ["name", "season", "overrides"]
    list_filter = ["season__league", "season"]
    search_fields = ["name", "season__name", "season__league__name"]
    list_select_related = ["season__league"]

    @admin.display(description="overrides")
    def overrides(self, division: Division) -> str:
        """The settings the division sets itself; the rest are the league's."""
        own = [name.replace("_", " ") for name in SETTING_NAMES if getattr(division, name) is not None]
        return ", ".join(own) or "none: the league's settings"
