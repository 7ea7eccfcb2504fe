"""The secretary's view of games in the Django admin. The log is read-only
here as everywhere: corrections go through the API's services."""
from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from league.models import Game, GameEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class GameEntryInline(admin.TabularInline):
    model = GameEntry
    fk_name = "game"
    fields = ["seq", "kind", "hand", "payload", "voids", "entered_by", "entered_at"]
    readonly_fields = fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["id", "__str__", "status", "scores", "winner", "seq", "published_seq", "created_by", "created_at"]
    list_filter = ["status"]
    search_fields = ["label"]
    exclude = ["sheet"]
    inlines = [GameEntryInline]


# League organisation. Every change made here is audited like one made
# through the services; squads change only through the squad services, so
# the admin keeps the deadline, the size limits and one team a season.

from django import forms  # noqa: E402
from django.contrib import messages  # noqa: E402
from django.db.models import QuerySet  # noqa: E402

from league.competition_settings import SETTING_NAMES  # noqa: E402
from league.models import (  # noqa: E402
    AuditEntry,
    Division,
    League,
    Player,
    Season,
    SquadRegistration,
    Team,
    Venue,
)
from league.selectors.squads import squad_register_refusal, squad_withdraw_refusal  # noqa: E402
from league.services.audit import audit_record  # noqa: E402
from league.services.errors import AlreadyInSquad, NotPermitted, RegisteredElsewhere, Refused  # noqa: E402
from league.services.squads import squad_register, squad_withdraw  # noqa: E402


class AuditedAdmin(admin.ModelAdmin):
    """Records each save and delete in the audit log, with who made it."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        audit_record(user=request.user, action=self._action("change" if change else "create"), target=obj,
                     data={"fields": list(form.changed_data), "via": "admin"})

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        label, pk = str(obj), obj.pk
        super().delete_model(request, obj)
        audit_record(user=request.user, action=self._action("delete"), target=label, data={"id": pk, "via": "admin"})

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for obj in queryset:
            self.delete_model(request, obj)

    def _action(self, verb: str) -> str:
        return f"{self.model._meta.model_name}.{verb}"


@admin.register(League)
class LeagueAdmin(AuditedAdmin):
    list_display = ["name", "slug", "match_format", "points_scheme", "result_deadline_days", "late_result_points"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["secretaries"]


@admin.register(Season)
class SeasonAdmin(AuditedAdmin):
    list_display = ["name", "league", "start", "registration_deadline", "squad_min", "squad_max"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]
    date_hierarchy = "start"


@admin.register(Division)
class DivisionAdmin(AuditedAdmin):
    list_display = ["name", "season", "overrides"]
    list_filter = ["season__league", "season"]
    search_fields = ["name", "season__name", "season__league__name"]
    list_select_related = ["season__league"]

    @admin.display(description="overrides")
    def overrides(self, division: Division) -> str:
        """The settings the division sets itself; the rest are the league's."""
        own = [name.replace("_", " ") for name in SETTING_NAMES if getattr(division, name) is not None]
        return ", ".join(own) or "none: the league's settings"


@admin.register(Venue)
class VenueAdmin(AuditedAdmin):
    list_display = ["name", "board_sets", "address"]
    search_fields = ["name", "address"]


@admin.register(Team)
class TeamAdmin(AuditedAdmin):
    list_display = ["name", "league", "home_venue", "captain", "vice_captain"]
    list_filter = ["league"]
    search_fields = ["name", "home_venue__name"]
    autocomplete_fields = ["home_venue", "captain", "vice_captain"]
    list_select_related = ["league", "home_venue", "captain", "vice_captain"]


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ["name", "user"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["user"]


class SquadRegistrationForm(forms.ModelForm):
    """Says why the squad services would refuse a registration before
    anything is written. `user` is set by the admin for each request."""

    user: Any = None

    class Meta:
        model = SquadRegistration
        fields = ["season", "team", "player"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        season, team, player = (cleaned.get(name) for name in ("season", "team", "player"))
        if season and team and player:
            refusal = squad_register_refusal(season=season, team=team, player=player, user=self.user)
            if isinstance(refusal, (AlreadyInSquad, RegisteredElsewhere)):
                # Against the player: a field in error is left out of the
                # model's own checks, whose one-team-a-season message would
                # only repeat this one, less clearly.
                self.add_error("player", refusal.message)
            elif refusal is not None:
                raise forms.ValidationError(refusal.message)
        return cleaned


@admin.register(SquadRegistration)
class SquadRegistrationAdmin(admin.ModelAdmin):
    form = SquadRegistrationForm
    list_display = ["player", "team", "season", "registered_at", "registered_by"]
    list_filter = ["season__league", "season"]
    search_fields = ["player__name", "team__name"]
    autocomplete_fields = ["team", "player"]
    list_select_related = ["player", "team", "season__league", "registered_by"]

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)
        form.user = request.user  # a class made for this request
        return form

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A registration is not edited: withdraw the player and register again.
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if not super().has_delete_permission(request, obj):
            return False
        return obj is None or squad_withdraw_refusal(
            season=obj.season, team=obj.team, player=obj.player, user=request.user) is None

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        registration = squad_register(season_id=obj.season_id, team_id=obj.team_id, player_id=obj.player_id,
                                      user=request.user)
        obj.pk, obj.registered_at, obj.registered_by = registration.pk, registration.registered_at, request.user
        obj._state.adding = False

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        squad_withdraw(season_id=obj.season_id, team_id=obj.team_id, player_id=obj.player_id, user=request.user)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for obj in queryset:
            try:
                self.delete_model(request, obj)
            except (Refused, NotPermitted) as refused:
                self.message_user(request, refused.message, messages.ERROR)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "user", "action", "target_label", "data"]
    list_filter = ["action", "target_type"]
    search_fields = ["action", "target_label", "user__username"]
    date_hierarchy = "at"
    list_select_related = ["user"]


# Fixtures. Teams enter a division through the fixtures service (one
# division a season, none once published); fixtures are drawn, published
# and changed only through the services, which keep their transitions and
# audit them, so the admin shows fixtures read-only.

from league.models import DivisionEntry, Fixture  # noqa: E402
from league.services.fixtures import division_team_add, division_team_refusal  # noqa: E402


class DivisionEntryForm(forms.ModelForm):
    """Says why the service would refuse the entry before anything is
    written. `user` is set by the admin for each request."""

    user: Any = None

    class Meta:
        model = DivisionEntry
        fields = ["division", "team"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        division, team = cleaned.get("division"), cleaned.get("team")
        if division and team:
            refusal = division_team_refusal(division=division, team=team, user=self.user)
            if refusal is not None:
                raise forms.ValidationError(refusal.message)
        return cleaned


@admin.register(DivisionEntry)
class DivisionEntryAdmin(admin.ModelAdmin):
    form = DivisionEntryForm
    list_display = ["team", "division", "entered_at"]
    list_filter = ["division__season__league", "division__season", "division"]
    search_fields = ["team__name", "division__name"]
    autocomplete_fields = ["team"]
    list_select_related = ["team", "division__season__league"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)
        form.user = request.user  # a class made for this request
        return form

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        entry = division_team_add(division_id=obj.division_id, team_id=obj.team_id, user=request.user)
        obj.pk, obj.entered_at = entry.pk, entry.entered_at
        obj._state.adding = False


@admin.register(Fixture)
class FixtureAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "division", "week", "date", "rearranged_to", "venue", "status", "walkover_winner",
                    "reason"]
    list_filter = ["division__season__league", "division", "status", "date"]
    search_fields = ["home_team__name", "away_team__name", "venue__name"]
    date_hierarchy = "date"
    list_select_related = ["division__season__league", "home_team", "away_team", "venue", "walkover_winner"]


# Match nights and sanctions change only through their services (captains'
# and secretaries' pages, the API), which check who acts and audit it; the
# admin shows them for record keeping.

from league.models import MatchNight, Rubber, RubberGame, Sanction  # noqa: E402


class RubberInline(admin.TabularInline):
    model = Rubber
    fields = ["number", "kind", "home_player", "home_partner", "away_player", "away_partner"]
    readonly_fields = fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(MatchNight)
class MatchNightAdmin(ReadOnlyAdmin):
    list_display = ["fixture", "status", "home_games", "away_games", "submitted_at", "confirmed_at", "disputed_at"]
    list_filter = ["fixture__division__season__league", "fixture__division", "status"]
    search_fields = ["fixture__home_team__name", "fixture__away_team__name"]
    list_select_related = ["fixture__home_team", "fixture__away_team"]
    inlines = [RubberInline]


@admin.register(RubberGame)
class RubberGameAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "source", "home_score", "away_score", "winner", "game", "entered_by", "entered_at"]
    list_filter = ["source", "rubber__night__fixture__division"]
    list_select_related = ["rubber__night__fixture__home_team", "rubber__night__fixture__away_team", "game"]


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ["team", "division", "points", "reason", "late_result", "fixture", "created_by", "created_at"]
    list_filter = ["division__season__league", "division", "late_result"]
    list_select_related = ["team", "division", "fixture__home_team", "fixture__away_team", "created_by"]
