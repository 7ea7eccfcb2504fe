"""Transfers: a registered player moving to another team mid-season.

A *transfer request* names the player, the team they leave and the one
they join, and the fee the league charged (recorded, not collected). It is
*open* until decided: *approved* (the old registration ends that day and a
new one starts, league.services.transfers), *refused* by the secretary or
*withdrawn* by whoever asked. Which approvals it needs is the league's
`transfers` rule: the secretary's alone, or the secretary's and both
captains'; each approval is recorded with who gave it and when. A
secretary's direct transfer is a request made and approved in one step.
"""
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class TransferRequest(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        APPROVED = "approved"
        REFUSED = "refused"
        WITHDRAWN = "withdrawn"

    season = models.ForeignKey("league.Season", on_delete=models.PROTECT, related_name="transfers")
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="transfers")
    from_team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="transfers_out")
    to_team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="transfers_in")
    fee = models.DecimalField(max_digits=7, decimal_places=2, default=Decimal("0.00"),
                              help_text="The league's transfer fee when the request was made.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT,
                                     related_name="+")
    requested_at = models.DateTimeField(auto_now_add=True)
    secretary_approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                              on_delete=models.PROTECT, related_name="+")
    secretary_approved_at = models.DateTimeField(null=True, blank=True)
    from_captain_approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                                 on_delete=models.PROTECT, related_name="+")
    from_captain_approved_at = models.DateTimeField(null=True, blank=True)
    to_captain_approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                               on_delete=models.PROTECT, related_name="+")
    to_captain_approved_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    effective_on = models.DateField(null=True, blank=True, help_text="The day an approved transfer took effect.")
    note = models.TextField(blank=True, help_text="Why it was asked for, or refused.")

    class Meta:
        ordering = ["-requested_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(from_team=F("to_team")), name="transfer_two_teams"),
            models.UniqueConstraint(fields=["season", "player"], condition=Q(status="open"),
                                    name="transfer_one_open_a_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.from_team} to {self.to_team}"
