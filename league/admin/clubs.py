"""Venues, teams and players, edited in the admin and audited."""
from django.contrib import admin

from league.admin.base import AuditedAdmin
from league.models import Player, Team, Venue


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
