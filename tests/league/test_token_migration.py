"""Upgrading keeps the tablets logged in: migration 0009 turns each user's
one API token (DRF's authtoken, before devices had names) into a device
token that answers to the same key, and deletes the old one."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from migrating import migrated_to
from rest_framework.test import APIClient

AUTHTOKEN = ("authtoken", "0004_alter_tokenproxy_options")
BEFORE = [("league", "0008_game_scorers"), AUTHTOKEN]
AFTER = [("league", "0009_device_tokens"), AUTHTOKEN]


@pytest.mark.slow  # migrates the whole schema back and forth, seconds long: make test-fast leaves it out
@pytest.mark.django_db(transaction=True)
def test_a_tablet_logged_in_before_the_upgrade_stays_logged_in() -> None:
    old = migrated_to(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="red-lion-scorer")
    key = "0123456789abcdef0123456789abcdef01234567"
    old.get_model("authtoken", "Token").objects.create(key=key, user_id=user.pk)
    try:
        new = migrated_to(AFTER)
        [device] = new.get_model("league", "DeviceToken").objects.filter(user_id=user.pk)
        assert device.name == "Logged in before devices had names"
        assert key not in device.key_hash
        assert not new.get_model("authtoken", "Token").objects.exists()
    finally:
        migrated_to(_latest())
    tablet = APIClient()
    tablet.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert tablet.get("/api/auth/whoami").json()["username"] == "red-lion-scorer"


def _latest() -> list[tuple[str, str]]:
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()
