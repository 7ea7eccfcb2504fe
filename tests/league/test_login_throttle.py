"""Logins are throttled by user name and by address, on the API's token
endpoint, the site's login page and the admin's, before the password is
hashed: a guesser gets 429 with Retry-After, and the people with the right
password for their own name get in meanwhile."""
import ipaddress
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from axes.helpers import get_client_cache_keys
from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.cache import cache, caches
from django.core.cache.backends import locmem
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from rest_framework.test import APIClient

from config.client_address import trusted_networks

LIMIT = settings.AXES_FAILURE_LIMIT
COOLOFF = int(settings.AXES_COOLOFF_TIME.total_seconds())
_addresses = (f"10.20.{n // 250}.{n % 250 + 1}" for n in itertools.count())

LOGINS = {
    "api": "/api/auth/token",
    "page": "/accounts/login/",
    "admin": "/admin/login/",
}


@pytest.fixture
def people(db: None) -> Iterator[dict[str, Any]]:
    """A scorer and a captain (staff, so the admin would let them in)."""
    made = {
        "scorer": get_user_model().objects.create_user("throttled-scorer", password="pint-and-a-pen", is_staff=True),
        "captain": get_user_model().objects.create_user("throttled-captain", password="double-six", is_staff=True),
    }
    yield made
    for user in made.values():
        reset(username=user.username)


@pytest.fixture
def address() -> Iterator[Any]:
    """Fresh addresses, their counters emptied after the test."""
    used: list[str] = []

    def fresh() -> str:
        used.append(next(_addresses))
        return used[-1]

    yield fresh
    for ip in used:
        reset(ip=ip)


def log_in(where: str, username: str, password: str, ip: str) -> Any:
    if where == "api":
        return APIClient(REMOTE_ADDR=ip).post(LOGINS["api"], {"username": username, "password": password},
                                              format="json")
    return Client(REMOTE_ADDR=ip).post(LOGINS[where], {"username": username, "password": password})


def logged_in(where: str, answer: Any) -> bool:
    return answer.status_code == 200 if where == "api" else answer.status_code == 302


@pytest.mark.parametrize("where", LOGINS)
def test_the_nth_wrong_password_for_a_name_from_many_addresses_is_answered_429_with_retry_after(
    where: str, people: dict[str, Any], address: Any
) -> None:
    answers = [log_in(where, "throttled-scorer", f"guess-{n}", address()) for n in range(LIMIT)]
    assert all(answer.status_code != 429 for answer in answers[:-1])
    assert answers[-1].status_code == 429
    assert answers[-1]["Retry-After"] == str(COOLOFF)
    # Still refused with the right password, from yet another address.
    refused = log_in(where, "throttled-scorer", "pint-and-a-pen", address())
    assert refused.status_code == 429 and not logged_in(where, refused)


@pytest.mark.parametrize("where", LOGINS)
def test_many_names_from_one_address_are_answered_429(where: str, people: dict[str, Any], address: Any) -> None:
    ip = address()
    answers = [log_in(where, f"nobody-{n}", "guess", ip) for n in range(LIMIT)]
    assert [answer.status_code for answer in answers].count(429) == 1 and answers[-1].status_code == 429
    for name in (f"nobody-{n}" for n in range(LIMIT)):
        reset(username=name)
    refused = log_in(where, "throttled-captain", "double-six", ip)
    assert refused.status_code == 429


@pytest.mark.parametrize("where", LOGINS)
def test_another_user_with_the_right_password_gets_in_meanwhile(
    where: str, people: dict[str, Any], address: Any
) -> None:
    for n in range(LIMIT + 3):
        log_in(where, "throttled-scorer", f"guess-{n}", address())
    assert logged_in(where, log_in(where, "throttled-captain", "double-six", address()))


def test_the_api_answers_json_and_the_pages_a_page_that_says_how_long_to_wait(
    people: dict[str, Any], address: Any
) -> None:
    for where in LOGINS:
        for n in range(LIMIT):
            answer = log_in(where, "throttled-scorer", f"guess-{n}", address())
        reset(username="throttled-scorer")
        if where == "api":
            assert answer["Content-Type"] == "application/json"
            assert "try again in 15 minutes" in answer.json()["error"]
        else:
            html = answer.content.decode()
            assert "Too many failed logins" in html and "Wait 15 minutes, then try again." in html
            assert 'href="/static/css/secretary' in html


def test_a_locked_out_try_hashes_no_password(people: dict[str, Any], address: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    for n in range(LIMIT):
        log_in("api", "throttled-scorer", f"guess-{n}", address())
    hashed: list[str] = []
    real_check = get_user_model().check_password
    monkeypatch.setattr(get_user_model(), "check_password",
                        lambda user, raw: hashed.append(raw) or real_check(user, raw))
    monkeypatch.setattr("django.contrib.auth.backends.UserModel.set_password",
                        lambda user, raw: hashed.append(raw) or make_password(raw))
    assert log_in("api", "throttled-scorer", "pint-and-a-pen", address()).status_code == 429
    assert hashed == []


def _shift_clock(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Moves the shared cache's clock on: the in-memory cache's by its clock,
    Redis's by shortening what is left of each key's life by `seconds`."""
    if isinstance(caches["default"], locmem.LocMemCache):
        real = locmem.time.time
        monkeypatch.setattr(locmem.time, "time", lambda: real() + seconds)
        return
    client = cache._cache.get_client(write=True)
    for key in client.keys(cache.make_key("axes*")):
        remaining = client.pttl(key)
        assert 0 < remaining <= COOLOFF * 1000
        if remaining <= seconds * 1000:
            client.delete(key)
        else:
            client.pexpire(key, remaining - int(seconds * 1000))


def test_the_count_is_forgotten_a_cool_off_after_the_last_failure(
    people: dict[str, Any], address: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ip = address()
    for n in range(LIMIT):
        log_in("api", "throttled-scorer", f"guess-{n}", ip)
    _shift_clock(monkeypatch, COOLOFF - 60)
    assert log_in("api", "throttled-scorer", "pint-and-a-pen", ip).status_code == 429
    # That refused try started the wait again: a whole cool-off from now.
    _shift_clock(monkeypatch, COOLOFF - 60)
    assert log_in("api", "throttled-scorer", "pint-and-a-pen", ip).status_code == 429
    _shift_clock(monkeypatch, COOLOFF + 1)
    assert log_in("api", "throttled-scorer", "pint-and-a-pen", ip).status_code == 200


def test_the_counts_live_in_the_shared_cache(people: dict[str, Any], address: Any) -> None:
    """Every process (gunicorn's workers, the machines) sees the same counts."""
    ip = address()
    log_in("api", "throttled-scorer", "guess", ip)
    keys = get_client_cache_keys(AccessAttempt(username="throttled-scorer", ip_address=ip))
    assert [cache.get(key) for key in keys] == [1, 1]


PROXY = "10.99.0.1"


@pytest.fixture
def behind_proxy(settings: Any) -> Iterator[None]:
    """The deployment's shape: every request reaches Django from one proxy."""
    settings.TRUSTED_PROXIES = trusted_networks([PROXY])
    yield
    reset(ip=PROXY)


def through_proxy(username: str, password: str, client_ip: str, sent_header: str = "") -> Any:
    """A token login from `client_ip` as nginx passes it on: the client's own
    X-Forwarded-For (if any) with the address nginx saw appended."""
    forwarded = f"{sent_header}, {client_ip}" if sent_header else client_ip
    return APIClient(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded).post(
        LOGINS["api"], {"username": username, "password": password}, format="json")


def test_ten_failures_from_one_client_behind_the_proxy_leave_another_client_logging_in(
    people: dict[str, Any], address: Any, behind_proxy: None
) -> None:
    guesser, player = address(), address()
    answers = [through_proxy(f"nobody-{n}", "guess", guesser) for n in range(LIMIT)]
    for n in range(LIMIT):
        reset(username=f"nobody-{n}")
    assert answers[-1].status_code == 429
    assert through_proxy("throttled-captain", "wrong-again", guesser).status_code == 429
    assert through_proxy("throttled-captain", "double-six", player).status_code == 200


def test_a_client_cannot_escape_its_count_by_writing_its_own_forwarded_for(
    people: dict[str, Any], address: Any, behind_proxy: None
) -> None:
    guesser = address()
    for n in range(LIMIT):
        through_proxy(f"nobody-{n}", "guess", guesser, sent_header=address())
        reset(username=f"nobody-{n}")
    assert through_proxy("throttled-captain", "double-six", guesser, sent_header=address()).status_code == 429


def test_forwarded_for_from_an_address_that_is_not_a_trusted_proxy_is_ignored(
    people: dict[str, Any], address: Any, behind_proxy: None
) -> None:
    guesser = address()
    for n in range(LIMIT):
        answer = APIClient(REMOTE_ADDR=guesser, HTTP_X_FORWARDED_FOR=address()).post(
            LOGINS["api"], {"username": f"nobody-{n}", "password": "guess"}, format="json")
        reset(username=f"nobody-{n}")
    assert answer.status_code == 429
    assert log_in("api", "throttled-captain", "double-six", guesser).status_code == 429


def test_the_login_page_counts_the_client_behind_the_proxy_too(
    people: dict[str, Any], address: Any, behind_proxy: None
) -> None:
    guesser, player = address(), address()
    for n in range(LIMIT):
        Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=guesser).post(
            LOGINS["page"], {"username": f"nobody-{n}", "password": "guess"})
        reset(username=f"nobody-{n}")
    answer = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=player).post(
        LOGINS["page"], {"username": "throttled-captain", "password": "double-six"})
    assert answer.status_code == 302


def test_a_trusted_proxy_that_is_not_an_address_stops_the_start() -> None:
    assert trusted_networks(["172.30.0.10", " 10.0.0.0/8 ", ""]) == [
        ipaddress.ip_network("172.30.0.10/32"), ipaddress.ip_network("10.0.0.0/8")]
    with pytest.raises(ImproperlyConfigured, match="'nginx'"):
        trusted_networks(["nginx"])
