"""The unsubscribe link at the foot of every notice, and in its
List-Unsubscribe header: it works without a login, for
settings.NOTICES_UNSUBSCRIBE_DAYS after the email was written.

The token names a random key kept on the notice, signed with the time it
was made, so it shows nothing of the address and cannot be made up or
kept alive past its time. Links of the earlier kind (the address and kind
in the signed token itself) are read for the same time after they were
made, then refused like any other stale link.
"""
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.urls import reverse

from league.models import Notice

SALT = "league.notices.unsubscribe.key"
# The earlier links' salt, kept only to read them until they lapse.
EARLIER_SALT = "league.notices.unsubscribe"


@dataclass(frozen=True)
class Unsubscribe:
    """Who a link may stop, and the kind of email it came with."""

    address: str
    kind: str


class LinkExpired(Exception):
    """A link of ours, older than NOTICES_UNSUBSCRIBE_DAYS."""


def unsubscribe_key_new() -> str:
    return secrets.token_urlsafe(16)


def unsubscribe_token(key: str) -> str:
    return signing.TimestampSigner(salt=SALT).sign(key)


def unsubscribe_link(key: str) -> str:
    """The link's absolute address, for the notice with this key."""
    return f"{settings.SITE_URL}{reverse('notices-unsubscribe', args=[unsubscribe_token(key)])}"


def unsubscribe_read(token: str) -> Unsubscribe | None:
    """Who the token may stop; None if it was not made here (or names a
    notice since deleted). Raises LinkExpired for one of ours too old."""
    lifetime = timedelta(days=settings.NOTICES_UNSUBSCRIBE_DAYS)
    try:
        key = signing.TimestampSigner(salt=SALT).unsign(token, max_age=lifetime)
    except signing.SignatureExpired:
        raise LinkExpired from None
    except signing.BadSignature:
        return _earlier_read(token, lifetime)
    notice = Notice.objects.filter(unsubscribe_key=key).only("address", "kind").first()
    return None if notice is None else Unsubscribe(notice.address, notice.kind)


def _earlier_read(token: str, lifetime: timedelta) -> Unsubscribe | None:
    try:
        data = signing.loads(token, salt=EARLIER_SALT, max_age=lifetime)
    except signing.SignatureExpired:
        raise LinkExpired from None
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("a"), str) or not isinstance(data.get("k"), str):
        return None
    return Unsubscribe(data["a"], data["k"])
