"""Device tokens: one a device, named, listed on the user's My devices page
with its last use, revocable one by one after a confirmation, all revoked by
a password change; a revoked token or a deactivated user is refused from the
next request on; TOKEN_TTL_DAYS, when set, makes tokens expire."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import DeviceToken

PASSWORD = "pint-and-a-pen"


@pytest.fixture
def scorer(db: None) -> Any:
    return get_user_model().objects.create_user("scorer", password=PASSWORD)


def log_in_device(name: str, username: str = "scorer", password: str = PASSWORD) -> dict[str, Any]:
    answer = APIClient().post("/api/auth/token", {"username": username, "password": password, "device": name},
                              format="json")
    assert answer.status_code == 200, answer.json()
    return answer.json()


def tablet(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def works(token: str) -> bool:
    answer = tablet(token).get("/api/auth/whoami")
    assert answer.status_code in (200, 401), answer.status_code
    return answer.status_code == 200


def site(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_only_a_hash_of_the_token_is_stored(scorer: Any) -> None:
    token = log_in_device("Red Lion tablet 2")["token"]
    stored = DeviceToken.objects.get(user=scorer)
    assert stored.name == "Red Lion tablet 2"
    assert token not in stored.key_hash and len(stored.key_hash) == 64
    assert works(token)


def test_my_devices_lists_each_device_by_name_with_its_last_use(scorer: Any) -> None:
    used = log_in_device("Red Lion tablet 2")["token"]
    log_in_device("Swan phone")
    works(used)
    get_user_model().objects.create_user("other", password="other-pass-123")
    log_in_device("Somebody else's tablet", "other", "other-pass-123")
    page = site(scorer).get("/accounts/devices/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Red Lion tablet 2" in html and "Swan phone" in html
    assert "Somebody else" not in html
    assert html.count(">never<") == 1  # the phone; the tablet shows when it was used
    assert html.count("when revoked") == 2


def test_my_devices_needs_a_login(db: None) -> None:
    page = Client().get("/accounts/devices/")
    assert page.status_code == 302 and page["Location"].startswith("/accounts/login/")


def test_the_last_use_is_written_at_most_once_a_minute(scorer: Any) -> None:
    token = log_in_device("Red Lion tablet 2")["token"]
    client = tablet(token)
    client.get("/api/auth/whoami")
    first = DeviceToken.objects.get().last_used_at
    assert first is not None
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/auth/whoami").status_code == 200
    assert not [query for query in queries if query["sql"].startswith("UPDATE")]
    assert DeviceToken.objects.get().last_used_at == first
    DeviceToken.objects.update(last_used_at=first - timedelta(seconds=61))
    client.get("/api/auth/whoami")
    assert DeviceToken.objects.get().last_used_at > first


def test_revoking_asks_first_then_the_device_is_refused_at_once_and_the_others_still_work(scorer: Any) -> None:
    lost = log_in_device("Red Lion tablet 2")
    kept = log_in_device("Swan phone")
    browser = site(scorer)
    assert works(lost["token"])  # and so is remembered wherever it could be

    asking = browser.get(f"/accounts/devices/{lost['device']}/revoke/")
    assert asking.status_code == 200
    assert "Red Lion tablet 2" in asking.content.decode() and "Yes: revoke it" in asking.content.decode()
    assert works(lost["token"])

    done = browser.post(f"/accounts/devices/{lost['device']}/revoke/", follow=True)
    assert done.redirect_chain == [("/accounts/devices/", 302)]
    assert "Red Lion tablet 2 is logged out" in done.content.decode()
    assert not works(lost["token"])
    assert works(kept["token"])


def test_a_revoked_token_can_no_longer_write(scorer: Any) -> None:
    lost = log_in_device("Red Lion tablet 2")
    client = tablet(lost["token"])
    assert client.post("/api/games", {"rules": {"preset": "pub"}, "seats": ["Ann", "Bob"]},
                       format="json").status_code == 201
    site(scorer).post(f"/accounts/devices/{lost['device']}/revoke/")
    answer = client.post("/api/games", {"rules": {"preset": "pub"}, "seats": ["Ann", "Bob"]}, format="json")
    assert answer.status_code == 401 and "revoked" in answer.json()["error"]


def test_no_one_revokes_another_users_device(scorer: Any) -> None:
    theirs = log_in_device("Red Lion tablet 2")
    other = get_user_model().objects.create_user("other", password="other-pass-123")
    assert site(other).get(f"/accounts/devices/{theirs['device']}/revoke/").status_code == 404
    assert site(other).post(f"/accounts/devices/{theirs['device']}/revoke/").status_code == 404
    assert works(theirs["token"])


def test_changing_the_password_on_the_site_logs_every_device_out(scorer: Any) -> None:
    tokens = [log_in_device(name)["token"] for name in ("Red Lion tablet 1", "Red Lion tablet 2")]
    assert all(works(token) for token in tokens)
    browser = site(scorer)
    form = browser.get("/accounts/password/")
    assert "logged out when you change it" in form.content.decode()
    done = browser.post("/accounts/password/", {"old_password": PASSWORD, "new_password1": "a-new-pint-pen-9",
                                                "new_password2": "a-new-pint-pen-9"})
    assert done.status_code == 302 and done["Location"] == "/accounts/password/done/"
    assert not any(works(token) for token in tokens)
    assert works(log_in_device("Red Lion tablet 1", password="a-new-pint-pen-9")["token"])


def test_changing_a_password_in_the_admin_logs_every_device_out(scorer: Any) -> None:
    token = log_in_device("Red Lion tablet 2")["token"]
    admin = site(get_user_model().objects.create_superuser("root", password="root-pass-123"))
    answer = admin.post(f"/admin/auth/user/{scorer.pk}/password/",
                        {"password1": "a-new-pint-pen-9", "password2": "a-new-pint-pen-9"})
    assert answer.status_code == 302
    assert not works(token)


def test_saving_a_user_without_changing_the_password_keeps_their_devices(scorer: Any) -> None:
    token = log_in_device("Red Lion tablet 2")["token"]
    scorer.first_name = "Sam"
    scorer.save()
    assert works(token)


def test_a_deactivated_user_is_refused_from_the_next_request(scorer: Any) -> None:
    token = log_in_device("Red Lion tablet 2")["token"]
    assert works(token)
    scorer.is_active = False
    scorer.save()
    assert not works(token)


def test_without_token_ttl_days_a_token_never_expires(scorer: Any, settings: Any) -> None:
    settings.TOKEN_TTL_DAYS = None
    answer = log_in_device("Red Lion tablet 2")
    assert answer["expires_at"] is None
    DeviceToken.objects.update(created_at=timezone.now() - timedelta(days=3650))
    assert works(answer["token"])


def test_with_token_ttl_days_a_token_expires(scorer: Any, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.TOKEN_TTL_DAYS = 30
    answer = log_in_device("Red Lion tablet 2")
    assert answer["expires_at"] is not None
    real_now = timezone.now
    monkeypatch.setattr(timezone, "now", lambda: real_now() + timedelta(days=29))
    assert works(answer["token"])
    monkeypatch.setattr(timezone, "now", lambda: real_now() + timedelta(days=30, seconds=1))
    assert not works(answer["token"])
    assert not DeviceToken.objects.exists()
    page = site(scorer).get("/accounts/devices/")
    assert "Red Lion tablet 2" not in page.content.decode()


def test_a_login_without_a_device_name_gets_a_token_under_a_plain_name(scorer: Any) -> None:
    answer = APIClient().post("/api/auth/token", {"username": "scorer", "password": PASSWORD}, format="json")
    assert answer.status_code == 200 and answer.json()["name"] == "Unnamed device"
