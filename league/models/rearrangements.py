"""A captain's request to move a league fixture to another night.

Terms: a *rearrangement request* is made by the captain (or vice-captain)
of one of the fixture's teams, the *proposing team*, with one to three
*dates* and a reason; the other team's captain picks one of them (the
fixture is rearranged to it) or declines, saying why. The proposer may
withdraw an open request, and a league secretary may step in at any time
(the request is then *overruled*, unless the secretary chose one of the
dates offered, which accepts it). Who may ask, and how late, are the
league's settings (`League.postpone_proposer`, `rearrange_notice_days`)
and the season's last date (`Season.rearrange_by`);
`league.services.rearrangements` keeps the rules.

A fixture has at most one open request at a time: the constraint below is
the last line of defence against two captains asking at once.
"""
import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q


class RearrangeRequest(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        WITHDRAWN = "withdrawn"
        OVERRULED = "overruled", "overruled by the secretary"

    fixture = models.ForeignKey("league.Fixture", on_delete=models.PROTECT, related_name="rearrange_requests")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="+",
                             help_text="The team asking to move the match.")
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                    related_name="+")
    # ISO dates, in order, as a cup tie keeps the dates its home side offers.
    dates = models.JSONField(default=list, help_text="The nights offered, one to three, as YYYY-MM-DD.")
    reason = models.TextField(help_text="Why the proposing team asks to move the match.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    chosen_date = models.DateField(null=True, blank=True, help_text="The night the match was moved to.")
    answer = models.TextField(blank=True, help_text="Why it was declined, withdrawn or overruled.")
    answered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    answered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["fixture"], condition=Q(status="open"),
                                    name="rearrange_request_one_open"),
        ]

    @property
    def offered(self) -> list[datetime.date]:
        """The nights offered, as dates."""
        return [datetime.date.fromisoformat(day) for day in self.dates]

    def __str__(self) -> str:
        return f"{self.team}'s request to move {self.fixture}"
