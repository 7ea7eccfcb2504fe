"""Device tokens: made when a tablet logs in through the API, revoked one
by one by their owner, all at once by a password change (league.models.
devices), and checked on every API request."""
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone

from league.models import DeviceToken
from league.models.devices import token_hash
from league.models.rows import Rows

# A token's last use is written when the stored one is older than this, so a
# tablet's moves, seconds apart, cost no write for it.
LAST_USED_PRECISION = timedelta(minutes=1)


@dataclass(frozen=True)
class IssuedToken:
    device: DeviceToken
    raw: str  # shown to the device once, stored nowhere


def device_token_issue(*, user: User, name: str) -> IssuedToken:
    """A new token for one device of `user`, lasting TOKEN_TTL_DAYS when set."""
    raw = secrets.token_urlsafe(32)
    ttl_days: int | None = settings.TOKEN_TTL_DAYS
    expires = timezone.now() + timedelta(days=ttl_days) if ttl_days else None
    with transaction.atomic():
        device = DeviceToken.objects.create(user=user, name=name.strip() or "Unnamed device",
                                            key_hash=token_hash(raw), expires_at=expires)
    return IssuedToken(device=device, raw=raw)


def device_token_revoke(*, user: User, device_id: int) -> bool:
    """Revokes one of the user's own tokens; False when it was not theirs
    or is already gone. The next request with it is refused."""
    with transaction.atomic():
        deleted, _ = DeviceToken.objects.filter(user_id=user.pk, pk=device_id).delete()
    return deleted > 0


def device_token_user(*, raw: str) -> DeviceToken | None:
    """The live token `raw` is, with its user, or None: unknown, revoked,
    expired, or its user deactivated. One query, and a write at most once a
    minute a token to keep its last use."""
    now = timezone.now()
    device = _device_with_user(key_hash=token_hash(raw))
    if device is None or not device.user.is_active:
        return None
    if device.expires_at is not None and device.expires_at <= now:
        device.delete()
        return None
    if device.last_used_at is None or now - device.last_used_at >= LAST_USED_PRECISION:
        # Conditional, so two processes touching it at once write once.
        stale = DeviceToken.objects.filter(pk=device.pk, last_used_at=device.last_used_at)
        stale.update(last_used_at=now)
        device.last_used_at = now
    return device


DEVICE_ROWS = Rows(DeviceToken, "d")
USER_ROWS = Rows(User, "u")


def _device_with_user(*, key_hash: str) -> DeviceToken | None:
    """The token of this hash with its user, as `select_related("user")`
    would give them, read with a plain cursor: every API request asks this,
    and building the query through the ORM cost more than the rest of the
    trivial request's Python."""
    sql = (f"SELECT {DEVICE_ROWS.columns}, {USER_ROWS.columns} FROM {DeviceToken._meta.db_table} d"
           f" JOIN {User._meta.db_table} u ON u.id = d.user_id WHERE d.key_hash = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [key_hash])
        row = cursor.fetchone()
    if row is None:
        return None
    device = DEVICE_ROWS.instance(row[: len(DEVICE_ROWS)], connection)
    device.user = USER_ROWS.instance(row[len(DEVICE_ROWS):], connection)
    return device
