"""A person's email address on its way to being used.

A login's `email` is the address the league's notices go to: one that is
known to reach its owner. An address the owner gives on their account page,
or when accepting an invitation by a passed-on link, waits here until they
follow the link sent to it; then it becomes the login's `email` and this
row goes. An address a secretary gives for someone in their league is the
secretary's word that it reaches them, and is used at once
(league.services.contacts)."""
from django.conf import settings
from django.db import models


class PendingEmail(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pending_email")
    address = models.EmailField(max_length=254, help_text="Waiting for its owner to follow the link sent to it.")
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user}: {self.address} (waiting for confirmation)"
