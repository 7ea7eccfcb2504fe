"""The pubs, teams and players a league is made of.

Terms: a *venue* is a pub with one or more *board sets* (tables it can give
over to a league match on one night). A *team* plays its home matches at its
venue and has a *captain* and a *vice-captain*, who sign results, and
*scorers*, who may score its games on match nights. A *player*
is a person who plays; some have a user account, most need none.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q


class Venue(models.Model):
    name = models.CharField(max_length=200)
    address = models.TextField(blank=True)
    board_sets = models.PositiveSmallIntegerField(
        default=1, help_text="How many league matches the venue can host on one night.",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=Q(board_sets__gte=1), name="venue_has_a_board_set"),
        ]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    league = models.ForeignKey("league.League", on_delete=models.PROTECT, related_name="teams")
    name = models.CharField(max_length=200, help_text="Such as Red Lion A.")
    home_venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="home_teams")
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="teams_captained",
    )
    vice_captain = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="teams_vice_captained",
    )
    scorers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="teams_scored",
        help_text="Users who may score this team's games on match nights, besides its captains.",
    )

    class Meta:
        ordering = ["league", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="team_name_unique_in_league"),
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(max_length=200)
    # Most players never log in; a player who does is one user.
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
