"""Reading a user's device tokens, for their "My devices" page."""
from django.contrib.auth.models import User
from django.db.models import QuerySet

from league.models import DeviceToken


def devices_of(user: User) -> QuerySet[DeviceToken]:
    """The user's devices, most recently made first."""
    return DeviceToken.objects.filter(user_id=user.pk).order_by("-created_at", "-id")


def device_of(user: User, device_id: int) -> DeviceToken | None:
    """One of the user's own devices; None for another's or a revoked one."""
    return devices_of(user).filter(pk=device_id).first()
