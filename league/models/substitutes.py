"""Substitutes on a match night.

A format lets each team bring on up to `substitutes` players
(`league.formats.MatchFormat.substitutes`). Before the match starts each
captain *names* the team's substitutes from its squad (`NightSubstitute`);
during the match a named substitute may take over a rubber not yet
started in place of a player named in it. The rubber's player is changed,
and the *substitution* is kept (`Substitution`) so the night's page and
the match card say who came on for whom. The services are in
`league.services.substitutes`.
"""
from django.conf import settings
from django.db import models

from league.models.matches import MatchNight, Rubber


class NightSubstitute(models.Model):
    class Side(models.TextChoices):
        HOME = "home"
        AWAY = "away"

    night = models.ForeignKey(MatchNight, on_delete=models.CASCADE, related_name="substitutes")
    side = models.CharField(max_length=4, choices=Side.choices)
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    named_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+")
    named_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["night", "side", "id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="substitute_once_a_night"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.side} substitute)"


class Substitution(models.Model):
    """A named substitute (`on`) who took over a rubber in place of `off`."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="substitutions")
    side = models.CharField(max_length=4, choices=NightSubstitute.Side.choices)
    off = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    on = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rubber", "id"]

    def __str__(self) -> str:
        return f"{self.on} for {self.off} in {self.rubber}"
