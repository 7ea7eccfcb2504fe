"""Device tokens: one a tablet (or phone) a user logged in on through the
API, named so its owner can tell it from their others and revoke it.

Only a SHA-256 of the token is stored: the token itself is shown once, when
it is made, and a copy of this table lets no one in. A token is random (256
bits), so an unsalted hash is enough, and it can be looked up by its hash.
"""
import hashlib
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models.signals import pre_save


def token_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


class DeviceToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_tokens")
    name = models.CharField(max_length=80, help_text="What the user called the device, e.g. “Red Lion tablet 2”.")
    key_hash = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the token, in hex.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(
        null=True, blank=True, help_text="Kept to the minute: written at most once a minute a token.",
    )
    expires_at = models.DateTimeField(null=True, blank=True, help_text="None: until revoked (TOKEN_TTL_DAYS unset).")

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.user})"


def _password_change_revokes_tokens(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    """A new password revokes every device token of its user, whichever way
    it was set (the site's password page, the admin's, `manage.py
    changepassword`): the reason to change one is often a lost tablet. Here,
    on the user model's save, since no signal marks a password change."""
    if raw or instance.pk is None:
        return
    stored = type(instance)._default_manager.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        DeviceToken.objects.filter(user_id=instance.pk).delete()


pre_save.connect(_password_change_revokes_tokens, sender=settings.AUTH_USER_MODEL,
                 dispatch_uid="league.device_tokens.password_change")
