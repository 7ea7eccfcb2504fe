"""Squads: the players each team registers for a season.

A player registers for one team at a time a season, by the season's
registration deadline; only a secretary changes a squad after it. Where the
league allows transfers (league.models.transfers) a registration *ends* on
the day the player moves, and is kept: it says who played for whom until
when. The services in `league.services.squads` and `league.services.transfers`
keep these rules and the squad's size limits; the constraint below (one
open registration a season) is the last line of defence.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q


class SquadRegistration(models.Model):
    season = models.ForeignKey("league.Season", on_delete=models.PROTECT, related_name="registrations")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="registrations")
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="registrations")
    registered_at = models.DateTimeField(auto_now_add=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    ended_on = models.DateField(
        null=True, blank=True,
        help_text="The day the player left the team by transfer (from it on, they play for the new team); "
                  "empty: still registered.",
    )

    class Meta:
        ordering = ["season", "team", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], condition=Q(ended_on__isnull=True),
                                    name="squad_one_open_team_a_season"),
        ]

    def __str__(self) -> str:
        return f"{self.player} for {self.team}, {self.season}"
