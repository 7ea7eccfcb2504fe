"""Token authentication for the tablets: `Authorization: Token <token>`,
one token a device (league.services.devices).

Every request looks its token up (one indexed query joined to the user,
sent through a plain cursor: see `league.services.devices`), so a revoked
token or a deactivated user is refused from the next request on, in every
process. No per-process memory of tokens: sparing this one query would
cost revocations that wait.
"""
from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from league.services.devices import device_token_user


class DeviceTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        device = device_token_user(raw=key)
        if device is None:
            raise exceptions.AuthenticationFailed("unknown, revoked or expired token")
        return device.user, device
