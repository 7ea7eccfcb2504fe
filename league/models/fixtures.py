"""A division's teams and the fixtures drawn for them.

Terms: a *division entry* puts a team in a division for the season (a team
plays in one division a season; `league.services.fixtures` keeps that rule).
A *fixture* is one league match, home team against away team on a date at
the home team's venue. Its *status* says where it stands:

- `draft`: generated, seen only by the secretary, replaced by regenerating;
- `published`: the division's fixtures are out, and stay out;
- `postponed`: off its date, with no new date yet;
- `rearranged`: moved to `rearranged_to` (`date` stays the original night);
- `walkover`: awarded to `walkover_winner` without a game, at the score
  and points recorded with it (`walkover_home_games` ...);
- `void`: will not be played and counts for nothing.

Which status may follow which is `TRANSITIONS`, at the end: the fixtures
service keeps to it and the secretary's pages offer what it allows. Not
`save()`: the constraints below are only the last line of defence.
"""
import datetime

from django.db import models
from django.db.models import F, Q


class DivisionEntry(models.Model):
    division = models.ForeignKey("league.Division", on_delete=models.PROTECT, related_name="entries")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="division_entries")
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # Entry order is the order the generator seats the teams in.
        ordering = ["division", "entered_at", "id"]
        verbose_name_plural = "division entries"
        constraints = [
            models.UniqueConstraint(fields=["division", "team"], name="division_entry_once"),
        ]

    def __str__(self) -> str:
        return f"{self.team} in {self.division}"


class Fixture(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft"
        PUBLISHED = "published"
        POSTPONED = "postponed"
        REARRANGED = "rearranged"
        WALKOVER = "walkover"
        VOID = "void"

    division = models.ForeignKey("league.Division", on_delete=models.PROTECT, related_name="fixtures")
    week = models.PositiveSmallIntegerField(help_text="The match week, from 1, skipped weeks not counted.")
    date = models.DateField(help_text="The night the fixture was drawn for.")
    home_team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="home_fixtures")
    away_team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="away_fixtures")
    # Copied from the home team when drawn: a team that moves pub later
    # does not move the matches already arranged at the old one.
    venue = models.ForeignKey("league.Venue", on_delete=models.PROTECT, related_name="fixtures")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT, db_index=True)
    rearranged_to = models.DateField(null=True, blank=True, help_text="The new date of a rearranged fixture.")
    walkover_winner = models.ForeignKey(
        "league.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="walkovers_won",
    )
    # What a walkover was worth when it was recorded (the points scheme and
    # the forfeit setting then): a scheme or setting changed afterwards
    # never moves it. Home first; empty for anything but a walkover.
    walkover_home_games = models.PositiveSmallIntegerField(null=True, blank=True)
    walkover_away_games = models.PositiveSmallIntegerField(null=True, blank=True)
    walkover_home_points = models.PositiveSmallIntegerField(null=True, blank=True)
    walkover_away_points = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True, help_text="Why the fixture was last postponed, rearranged, awarded or voided.")
    published_at = models.DateTimeField(null=True, blank=True)
    changed_at = models.DateTimeField(auto_now=True)
    # Counts the changes since publication: a calendar's SEQUENCE, so
    # subscribers' phones take the newest version of a moved match.
    revision = models.PositiveIntegerField(default=0)
    # A cup tie's leg (league.models.cups): `week` is then the cup's round,
    # and a round's replay can fall in the same week as its first match.
    cup_tie = models.ForeignKey("league.CupTie", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="legs")
    leg = models.PositiveSmallIntegerField(null=True, blank=True,
                                           help_text="The cup leg: 1, 2; replays and a decider numbered on.")
    # A one-off match between teams level across a promotion or relegation
    # line (league.services.changeover): its result decides who goes up or
    # down and counts in no table.
    playoff = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["division", "week", "id"]
        indexes = [models.Index(fields=["division", "status"], name="fixture_by_division_status")]
        constraints = [
            models.CheckConstraint(condition=~Q(home_team=F("away_team")), name="fixture_two_teams"),
            models.UniqueConstraint(fields=["division", "week", "home_team"], name="fixture_home_once_a_week",
                                    condition=Q(cup_tie__isnull=True)),
            models.UniqueConstraint(fields=["division", "week", "away_team"], name="fixture_away_once_a_week",
                                    condition=Q(cup_tie__isnull=True)),
            models.UniqueConstraint(fields=["cup_tie", "leg"], name="fixture_cup_leg_once"),
            models.CheckConstraint(
                condition=Q(status="rearranged", rearranged_to__isnull=False) | ~Q(status="rearranged"),
                name="fixture_rearranged_has_a_date",
            ),
            models.CheckConstraint(
                condition=Q(status="walkover", walkover_winner__isnull=False) | ~Q(status="walkover"),
                name="fixture_walkover_has_a_winner",
            ),
        ]

    @property
    def played_on(self) -> datetime.date:
        """The date the match is set for: the new one once rearranged (and
        still after a rearranged fixture is awarded or voided; postponing
        clears it)."""
        return self.rearranged_to or self.date

    def __str__(self) -> str:
        return f"{self.home_team} v {self.away_team}"


# The statuses each change to a published fixture may start from.
TRANSITIONS: dict[str, frozenset[str]] = {
    "postpone": frozenset({Fixture.Status.PUBLISHED, Fixture.Status.REARRANGED}),
    "rearrange": frozenset({Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED}),
    "walkover": frozenset({Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED}),
    "void": frozenset({Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED}),
}
