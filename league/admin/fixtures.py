"""Division entries and fixtures. Teams enter a division through the
fixtures service (one division a season, none once published); fixtures
are drawn, published and changed only through the services, which keep
their transitions and audit them, so the admin shows fixtures read-only."""
from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from league.admin.base import ReadOnlyAdmin
from league.authors import Author
from league.models import DivisionEntry, Fixture
from league.services.fixtures import division_team_add, division_team_refusal


class DivisionEntryForm(forms.ModelForm[DivisionEntry]):
    """Says why the service would refuse the entry before anything is
    written. `user` is set by the admin for each request."""

    user: Author = None

    class Meta:
        model = DivisionEntry
        fields = ["division", "team"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        division, team = cleaned.get("division"), cleaned.get("team")
        if division and team:
            refusal = division_team_refusal(division=division, team=team, user=self.user)
            if refusal is not None:
                raise forms.ValidationError(refusal.message)
        return cleaned


@admin.register(DivisionEntry)
class DivisionEntryAdmin(admin.ModelAdmin[DivisionEntry]):
    form = DivisionEntryForm
    list_display = ["team", "division", "entered_at"]
    list_filter = ["division__season__league", "division__season", "division"]
    search_fields = ["team__name", "division__name"]
    autocomplete_fields = ["team"]
    list_select_related = ["team", "division__season__league"]

    def has_change_permission(self, request: HttpRequest, obj: DivisionEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: DivisionEntry | None = None) -> bool:
        return False

    def get_form(self, request: HttpRequest, obj: DivisionEntry | None = None, change: bool = False,
                 **kwargs: Any) -> type[forms.ModelForm[DivisionEntry]]:
        form = super().get_form(request, obj, change=change, **kwargs)
        # The admin makes a subclass of `form` for each request, so this
        # holds; the check is what lets the class's `user` be set.
        if issubclass(form, DivisionEntryForm):
            form.user = request.user
        return form

    def save_model(self, request: HttpRequest, obj: DivisionEntry, form: Any, change: bool) -> None:
        entry = division_team_add(division_id=obj.division_id, team_id=obj.team_id, user=request.user)
        obj.pk, obj.entered_at = entry.pk, entry.entered_at
        obj._state.adding = False


@admin.register(Fixture)
class FixtureAdmin(ReadOnlyAdmin[Fixture]):
    list_display = ["__str__", "division", "week", "date", "rearranged_to", "venue", "status", "walkover_winner",
                    "reason"]
    list_filter = ["division__season__league", "division", "status", "date"]
    search_fields = ["home_team__name", "away_team__name", "venue__name"]
    date_hierarchy = "date"
    list_select_related = ["division__season__league", "home_team", "away_team", "venue", "walkover_winner"]
