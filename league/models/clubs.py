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
    class NameShown(models.TextChoices):
        FULL = "full", "Full name"
        INITIALS = "initials", "Initials only"
        HIDDEN = "hidden", "Hidden"

    # The name a player goes by when no name may be shown.
    ANONYMOUS = "A player"

    name = models.CharField(max_length=200)
    name_shown = models.CharField(
        max_length=10, choices=NameShown.choices, default=NameShown.FULL,
        help_text="How the name shows on public pages, feeds and the API: in full, as initials, or not at all.",
    )
    # Most players never log in; a player who does is one user.
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def public_name(self) -> str:
        """The name as the public sees it, by the player's choice: "Jo
        Bloggs", "J. B." or "A player". Everything shown to people who are
        not the league's officials goes through here."""
        return public_form(self.name, self.name_shown)


def public_form(name: str, shown: str) -> str:
    if shown == Player.NameShown.FULL and name.strip():
        return name.strip()
    initials = [f"{word[0].upper()}." for word in name.split() if word[0].isalnum()]
    if shown == Player.NameShown.INITIALS and initials:
        return " ".join(initials)
    return Player.ANONYMOUS
