"""Overdue results the nightly check has acted on.

Terms: a fixture's result is *overdue* once its deadline has passed with
nothing submitted (`league.selectors.matches.results_overdue`). The check
writes one *overdue notice* a fixture, the first time it finds it late:
whom it told and the late-result sanction it applied, if the league sets
one. The notice is what makes the check safe to run every night, and twice
at once: a fixture with a notice is never told about or sanctioned again.
"""
from django.db import models


class OverdueNotice(models.Model):
    fixture = models.OneToOneField("league.Fixture", on_delete=models.PROTECT, related_name="overdue_notice")
    due = models.DateField(help_text="The last day the result could be returned.")
    recipients = models.JSONField(default=list, help_text="The addresses the notice was sent to.")
    sanction = models.OneToOneField(
        "league.Sanction", null=True, blank=True, on_delete=models.PROTECT, related_name="overdue_notice",
        help_text="The late-result sanction applied; none when the league sets no late-result points.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.fixture}: due {self.due}"
