"""A league's settings as the secretary's settings page changes them: the
competition settings (through `league_settings_change`, which checks and
audits them) and whether its public pages hide from search engines, in
one transaction."""
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from league.authors import Author
from league.models import League
from league.selectors.access import secretary_refusal
from league.services.audit import audit_record
from league.services.competition import division_settings_change, league_settings_change


def league_options_change(*, league_id: int, changes: Mapping[str, Any], hide_from_search: bool | None,
                          user: Author) -> League:
    """Raises League.DoesNotExist, NotSecretary or SettingsInvalid (and
    changes nothing)."""
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league_id)
        _secretary(league, user)
        if changes:
            league = league_settings_change(league_id=league.pk, changes=changes, user=user)
        if hide_from_search is not None and hide_from_search != league.hide_from_search:
            league.hide_from_search = hide_from_search
            league.save(update_fields=["hide_from_search"])
            audit_record(user=user, action="league.hide_from_search", target=league,
                         data={"changes": {"hide_from_search": [not hide_from_search, hide_from_search]}})
    return league


def division_options_change(*, division_id: int, league: League, changes: Mapping[str, Any], user: Author) -> None:
    """The division's overrides, for a secretary of its league. Raises
    NotSecretary or SettingsInvalid."""
    _secretary(league, user)
    division_settings_change(division_id=division_id, changes=changes, user=user)


def _secretary(league: League, user: Author) -> None:
    refusal = secretary_refusal(league=league, user=user, doing="can change its settings")
    if refusal is not None:
        raise refusal
