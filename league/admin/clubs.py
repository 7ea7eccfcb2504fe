"""Venues, teams and players, edited in the admin and audited; login
invitations, shown only."""
from django.contrib import admin

from league.admin.base import AuditedAdmin, ReadOnlyAdmin
from league.models import LoginInvite, Player, Team, Venue


@admin.register(Venue)
class VenueAdmin(AuditedAdmin[Venue]):
    list_display = ["name", "board_sets", "address"]
    search_fields = ["name", "address"]


@admin.register(Team)
class TeamAdmin(AuditedAdmin[Team]):
    list_display = ["name", "league", "home_venue", "captain", "vice_captain"]
    list_filter = ["league"]
    search_fields = ["name", "home_venue__name"]
    autocomplete_fields = ["home_venue", "captain", "vice_captain"]
    list_select_related = ["league", "home_venue", "captain", "vice_captain"]


@admin.register(Player)
class PlayerAdmin(AuditedAdmin[Player]):
    list_display = ["name", "user"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["user"]


@admin.register(LoginInvite)
class LoginInviteAdmin(ReadOnlyAdmin[LoginInvite]):
    """Invitations are made and withdrawn on the secretary's pages, where
    each is audited; the admin shows them only. The token is never stored,
    its hash is not shown."""
    list_display = ["league", "team", "player", "role", "name", "email", "created_by", "created_at", "expires_at", "accepted_by",
                    "withdrawn_at"]
    list_filter = ["role", "league"]
    search_fields = ["name", "email", "team__name"]
    exclude = ["token_hash"]
    list_select_related = ["league", "team", "player", "created_by", "accepted_by"]
