"""Squad registrations. They change only through the squad services, so
the admin keeps the deadline, the size limits and one team a season, and
says why one is refused before anything is written."""
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from league.authors import Author
from league.models import SquadRegistration
from league.refusals import AlreadyInSquad, NotPermitted, Refused, RegisteredElsewhere
from league.selectors.squads import squad_register_refusal, squad_withdraw_refusal
from league.services.squads import squad_register, squad_withdraw


class SquadRegistrationForm(forms.ModelForm[SquadRegistration]):
    """Says why the squad services would refuse a registration before
    anything is written. `user` is set by the admin for each request."""

    user: Author = None

    class Meta:
        model = SquadRegistration
        fields = ["season", "team", "player"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
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
class SquadRegistrationAdmin(admin.ModelAdmin[SquadRegistration]):
    form = SquadRegistrationForm
    list_display = ["player", "team", "season", "registered_at", "registered_by", "ended_on"]
    list_filter = ["season__league", "season"]
    search_fields = ["player__name", "team__name"]
    autocomplete_fields = ["team", "player"]
    list_select_related = ["player", "team", "season__league", "registered_by"]

    def get_form(self, request: HttpRequest, obj: SquadRegistration | None = None, change: bool = False,
                 **kwargs: Any) -> type[forms.ModelForm[SquadRegistration]]:
        form = super().get_form(request, obj, change=change, **kwargs)
        # A subclass of `form` made for this request, as for division entries.
        if issubclass(form, SquadRegistrationForm):
            form.user = request.user
        return form

    def has_change_permission(self, request: HttpRequest, obj: SquadRegistration | None = None) -> bool:
        # A registration is not edited: withdraw the player and register again.
        return False

    def has_delete_permission(self, request: HttpRequest, obj: SquadRegistration | None = None) -> bool:
        if not super().has_delete_permission(request, obj):
            return False
        return obj is None or squad_withdraw_refusal(
            season=obj.season, team=obj.team, player=obj.player, user=request.user) is None

    def save_model(self, request: HttpRequest, obj: SquadRegistration, form: Any, change: bool) -> None:
        registration = squad_register(season_id=obj.season_id, team_id=obj.team_id, player_id=obj.player_id,
                                      user=request.user)
        obj.pk, obj.registered_at = registration.pk, registration.registered_at
        obj.registered_by = registration.registered_by
        obj._state.adding = False

    def delete_model(self, request: HttpRequest, obj: SquadRegistration) -> None:
        squad_withdraw(season_id=obj.season_id, team_id=obj.team_id, player_id=obj.player_id, user=request.user)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[SquadRegistration]) -> None:
        for obj in queryset:
            try:
                self.delete_model(request, obj)
            except (Refused, NotPermitted) as refused:
                self.message_user(request, refused.message, messages.ERROR)
