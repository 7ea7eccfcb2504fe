"""Login invitations: a secretary asks someone to log in as a player, a
team's captain, vice-captain or scorer, or a secretary of the league, by
email or by a link the secretary passes on.

The link carries a random token; only its SHA-256 is stored (as for device
tokens), so a copy of this table opens no invitation. An invitation is
used once: accepting it sets a password for a new login, makes that login
what the role makes them (and the invitation's player, when it names one,
that login's player), and stamps `accepted_at`. It lapses at
`expires_at`, and a secretary may withdraw it before then.
"""
from django.conf import settings
from django.db import models


class LoginInvite(models.Model):
    class Role(models.TextChoices):
        PLAYER = "player", "Player"
        CAPTAIN = "captain", "Captain"
        VICE_CAPTAIN = "vice_captain", "Vice-captain"
        SCORER = "scorer", "Scorer"
        SECRETARY = "secretary", "Secretary"

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="invites")
    team = models.ForeignKey("league.Team", null=True, blank=True, on_delete=models.CASCADE, related_name="invites",
                             help_text="The team a captain, vice-captain or scorer is invited to.")
    player = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="invites", help_text="The player the login will be, if any.")
    role = models.CharField(max_length=20, choices=Role.choices)
    name = models.CharField(max_length=200, blank=True, help_text="Who is invited, as the secretary knows them.")
    email = models.EmailField(blank=True, help_text="Where the invitation was sent; empty: the link was passed on.")
    token_hash = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the link's token, in hex.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_role_display()} of {self.team or self.league}: {self.email or self.name or 'by link'}"


# The roles that belong to a team rather than to the league.
TEAM_ROLES = frozenset({LoginInvite.Role.CAPTAIN, LoginInvite.Role.VICE_CAPTAIN, LoginInvite.Role.SCORER})
