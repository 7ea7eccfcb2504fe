"""The link that confirms an address goes through the notices' outbox like
every other email: a mail server down is retried until the letter
arrives, and meanwhile the notices page of the person's league lists it as
failed, with no way to the link for the secretary to follow. Sent again
from the page with the same form, it is one letter."""
import re
from datetime import timedelta
from typing import Any
from urllib.parse import urlparse

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.html import escape
from forms import browser, post, text
from matchnights import Night, a_match_night
from smtp_server import MailServer, body_of

from league.models import Notice
from league.services.notice_sending import notices_catch_up
from league.services.notices import notices_stop

CONFIRM = re.compile(r"http://testserver(/accounts/email/confirm/\S+)")
KEY = re.compile(r'<input type="hidden" name="form_key" value="([0-9a-f]+)">')
SUBJECT = "Confirm your email address for the league's notices"



@pytest.fixture
def night(db: None) -> Night:
    return a_match_night()


def test_a_mail_server_down_is_retried_and_the_secretary_sees_it_failed_without_its_link(
        night: Night, smtp: MailServer, committed: Any) -> None:
    captain = browser(night.away_captain)
    smtp.stop()
    with committed():
        asked = post(captain, "/accounts/email/", {"email": "away@league.test"})
    assert asked.status_code == 302
    notice = Notice.objects.get(kind="email_confirm")
    assert (notice.status, notice.league, notice.user, notice.address, notice.subject) == (
        Notice.Status.FAILED, night.league, night.away_captain, "away@league.test", SUBJECT)
    page = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/notices"))
    row = page[page.index(escape(SUBJECT)):]
    row = row[:row.index("</tr>")]
    assert "away@league.test" in row and "Failed" in row and "The link to confirm an email address" in row
    assert "/accounts/email/confirm/" not in page and f'<a href="">{escape(SUBJECT)}' not in page
    smtp.start()
    Notice.objects.filter(pk=notice.pk).update(created_at=timezone.now() - timedelta(minutes=10))
    assert notices_catch_up() == 1
    [letter] = smtp.to("away@league.test")
    assert letter["Subject"] == SUBJECT
    link = CONFIRM.search(body_of(letter).replace("\r\n", "\n"))
    assert link is not None
    assert "is confirmed" in text(post(captain, urlparse(link.group(1)).path))
    night.away_captain.refresh_from_db()
    assert night.away_captain.email == "away@league.test"


def test_send_the_link_again_tapped_twice_sends_one_letter(night: Night, smtp: MailServer, committed: Any) -> None:
    captain = browser(night.away_captain)
    with committed():
        post(captain, "/accounts/email/", {"email": "away@league.test"})
    key = KEY.search(text(captain.get("/accounts/email/")))
    assert key is not None
    with committed():
        for _ in range(2):
            again = post(captain, "/accounts/email/", {"resend": "1", "form_key": key.group(1)})
            assert again.status_code == 302
    assert len(smtp.to("away@league.test")) == 2  # the first, and one sent again
    assert "We are emailing away@league.test a link" in text(captain.get("/accounts/email/"))


def test_the_link_reaches_someone_of_no_league_too(db: None, smtp: MailServer, committed: Any) -> None:
    user = get_user_model().objects.create_user("jo")
    with committed():
        post(browser(user), "/accounts/email/", {"email": "jo@league.test"})
    notice = Notice.objects.get()
    assert (notice.league, notice.status) == (None, Notice.Status.SENT)
    assert len(smtp.to("jo@league.test")) == 1


def test_a_person_who_stopped_every_email_still_gets_the_link_they_asked_for(
        night: Night, smtp: MailServer, committed: Any) -> None:
    notices_stop(address="away@league.test")
    with committed():
        post(browser(night.away_captain), "/accounts/email/", {"email": "away@league.test"})
    assert Notice.objects.get(kind="email_confirm").status == Notice.Status.SENT
