"""The unsubscribe link of an email: opaque (nothing in it reads as the
address), signed, and good for NOTICES_UNSUBSCRIBE_DAYS after the email
was written; links of the earlier kind, which carried the address, are
honoured for the same time."""
import base64
import binascii
import time
import zlib
from typing import Any
from urllib.parse import urlparse

import pytest
from django.core import signing
from django.test import Client
from in_process import committing
from matchnights import a_match_night
from smtp_server import MailServer

from league.models import NoticeStop
from league.services.notices import notice_queue

DAY = 24 * 60 * 60



@pytest.fixture
def link_path(db: None, smtp: MailServer, django_capture_on_commit_callbacks: Any) -> str:
    """The unsubscribe link's path from a notice sent to away@league.test."""
    night = a_match_night("plain")
    with committing(django_capture_on_commit_callbacks)():
        notice_queue(kind="result_submitted", event="test", league=night.league, to=["away@league.test"],
                     subject="Confirm the result", body="Please.", link="http://localhost:8000/")
    [message] = smtp.messages
    return urlparse("".join(message["List-Unsubscribe"].split()).strip("<>")).path


@pytest.fixture
def days_later(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Moves the clock the signatures are checked by forward."""
    def move(days: int) -> None:
        now = time.time() + days * DAY
        monkeypatch.setattr(signing, "time", type("Clock", (), {"time": staticmethod(lambda: now)}))
    return move


def readable(token: str) -> bytes:
    """Everything a reader can get out of the token without the key: each
    part base64-decoded, and inflated where it was compressed."""
    found = token.encode()
    for part in token.split(":"):
        compressed = part.startswith(".")
        try:
            data = base64.urlsafe_b64decode(part.lstrip(".") + "=" * (-len(part.lstrip(".")) % 4))
            found += zlib.decompress(data) if compressed else data
        except (binascii.Error, zlib.error, ValueError):
            continue
    return found


def test_the_unsubscribe_link_shows_nothing_of_the_address(link_path: str) -> None:
    token = link_path.rsplit("/", 1)[1]
    assert b"away@league.test" not in readable(token) and b"league.test" not in readable(token)
    assert b"away@league.test" in Client().get(link_path).content  # the page still knows whom it stops


def test_an_unsubscribe_link_works_for_a_year_then_says_it_has_expired(link_path: str, days_later: Any) -> None:
    days_later(364)
    assert Client().post(link_path, "List-Unsubscribe=One-Click",
                         content_type="application/x-www-form-urlencoded").status_code == 200
    assert set(NoticeStop.objects.values_list("address", "kind")) == {("away@league.test", "")}
    days_later(366)
    page = Client().get(link_path)
    assert page.status_code == 404 and b"This link has expired" in page.content
    assert Client().post(link_path).status_code == 404


def test_an_unsubscribe_link_of_the_earlier_kind_works_until_it_expires(db: None, days_later: Any) -> None:
    earlier = signing.dumps({"a": "away@league.test", "k": "result_submitted"}, salt="league.notices.unsubscribe",
                            compress=True)
    days_later(300)
    assert Client().post(f"/notices/unsubscribe/{earlier}", {"only": "kind"}).status_code == 200
    assert set(NoticeStop.objects.values_list("address", "kind")) == {("away@league.test", "result_submitted")}
    days_later(366)
    assert b"This link has expired" in Client().get(f"/notices/unsubscribe/{earlier}").content
