"""Devices and the people behind them."""
from django.contrib.auth.models import User
from django.db import transaction
from rest_framework.authtoken.models import Token


def device_token_issue(*, user: User) -> str:
    """The user's API token, made on first use. One token a user: every
    tablet a scorer logs in on shares it."""
    with transaction.atomic():
        token, _ = Token.objects.get_or_create(user=user)
    return str(token.key)
