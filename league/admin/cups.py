"""Cups, read-only: a cup is created, entered, drawn and played through
its services (league.services.cups, cup_ties, cup_games), which keep its rules and
audit each step; the admin shows what they stored."""
from django.contrib import admin

from league.admin.base import ReadOnlyAdmin, ReadOnlyInline
from league.models import Competition, CupDraw, CupEntry, CupGame, CupTie


class CupEntryInline(ReadOnlyInline[CupEntry, Competition]):
    model = CupEntry
    fields = readonly_fields = ("team", "player", "partner", "seed", "withdrawn", "entered_by", "entered_at")


@admin.register(Competition)
class CompetitionAdmin(ReadOnlyAdmin[Competition]):
    list_display = ["name", "season", "kind", "draw_mode", "legs", "status"]
    list_filter = ["season__league", "season", "kind", "status"]
    list_select_related = ["season__league"]
    inlines = [CupEntryInline]


@admin.register(CupDraw)
class CupDrawAdmin(ReadOnlyAdmin[CupDraw]):
    list_display = ["competition", "kind", "round", "seed", "made_by", "made_at"]
    list_filter = ["competition__season__league", "competition"]
    list_select_related = ["competition", "made_by"]


class CupGameInline(ReadOnlyInline[CupGame, CupTie]):
    model = CupGame
    fields = readonly_fields = ("number", "source", "game", "home_score", "away_score", "winner", "entered_by",
                                "entered_at")


@admin.register(CupTie)
class CupTieAdmin(ReadOnlyAdmin[CupTie]):
    list_display = ["competition", "round", "number", "home", "away", "bye", "date", "winner"]
    list_filter = ["competition__season__league", "competition", "round"]
    list_select_related = ["competition", "home__team", "away__team", "winner__team"]
    inlines = [CupGameInline]
