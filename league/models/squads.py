"""Squads: the players each team registers for a season.

A player registers for one team a season (no moving teams mid-season), by
the season's registration deadline; only a secretary changes a squad after
it. The services in `league.services.squads` keep these rules and the
squad's size limits; the constraint below is the last line of defence.
"""
from django.conf import settings
from django.db import models


class SquadRegistration(models.Model):
    season = models.ForeignKey("league.Season", on_delete=models.PROTECT, related_name="registrations")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="registrations")
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="registrations")
    registered_at = models.DateTimeField(auto_now_add=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )

    class Meta:
        ordering = ["season", "team", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="squad_one_team_a_season"),
        ]

    def __str__(self) -> str:
        return f"{self.player} for {self.team}, {self.season}"
