"""A team withdrawing from its division mid-season.

The withdrawal records the day and the reason, and what the league's rule
made of it (`results`: expunged, left out of the table, or standing), from
the half of the season it fell in (`first_half`: fewer than half the
division's match weeks played). The team's remaining fixtures are voided
when it is recorded (league.services.withdrawals).
"""
from django.conf import settings
from django.db import models


class TeamWithdrawal(models.Model):
    class Results(models.TextChoices):
        EXPUNGE = "expunge", "expunged"
        STAND = "stand", "stand"

    division = models.ForeignKey("league.Division", on_delete=models.PROTECT, related_name="withdrawals")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="withdrawals")
    date = models.DateField(help_text="The day the team withdrew.")
    reason = models.TextField()
    first_half = models.BooleanField(help_text="Withdrew before half the division's match weeks were played.")
    results = models.CharField(max_length=8, choices=Results.choices)
    fixtures_voided = models.PositiveSmallIntegerField(default=0)
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["division", "date", "id"]
        constraints = [models.UniqueConstraint(fields=["division", "team"], name="withdrawal_once_a_division")]

    def __str__(self) -> str:
        return f"{self.team} withdrew from {self.division}"
