"""Email addresses given through the pages: a user's own, used only once
confirmed from the link sent to it (the link idempotent, and expiring); a
secretary's for someone in their league, used at once and audited; the
notices' record of whom they could not reach; and, end to end against a
real SMTP server, a captain invited by the page who accepts with an
address, confirms it from the mail received, and then gets each notice of
a postponement, a dispute's ruling and a confirmed result exactly once."""
import re
import time
from datetime import timedelta
from typing import Any
from unittest import mock
from urllib.parse import urlparse

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from forms import browser, post, text
from matchnights import Night, a_match_night, submitted_five_four
from smtp_server import MailServer, body_of

from league.models import AuditEntry, Fixture, Notice
from league.services import contacts
from league.services.match_notices import fixture_changed_tell

PASSWORD = "dominoes-on-a-tuesday"
INVITE = re.compile(r'value="http://testserver(/secretary/invitations/[^"]+)"')
CONFIRM = re.compile(r"http://testserver(/accounts/email/confirm/\S+)")



def confirm_link(body: str) -> str:
    found = CONFIRM.search(body)
    assert found is not None, body
    return found.group(1)


def test_an_address_given_on_the_account_page_waits_until_its_link_is_followed(db: None, committed: Any) -> None:
    user = get_user_model().objects.create_user("jo")
    client = browser(user)
    with committed():
        post(client, "/accounts/email/", {"email": "Jo@League.test"})
    user.refresh_from_db()
    assert user.email == "" and mail.outbox[0].to == ["jo@league.test"]
    page = text(client.get("/accounts/email/"))
    assert "jo@league.test" in page and "Waiting for confirmation" in page
    link = confirm_link(mail.outbox[0].body)
    assert "Confirm jo@league.test" in text(browser().get(link))  # opening it changes nothing
    user.refresh_from_db()
    assert user.email == ""
    assert "is confirmed. The league" in text(post(browser(), link))
    user.refresh_from_db()
    assert user.email == "jo@league.test"
    assert "confirmed already: nothing has changed" in text(post(browser(), link))
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["email.ask", "email.confirm"]


def test_a_confirmation_link_expires(db: None, committed: Any) -> None:
    user = get_user_model().objects.create_user("jo")
    long_ago = time.time() - timedelta(days=contacts.CONFIRM_DAYS, minutes=1).total_seconds()
    # The link is signed with the time it was made.
    with committed(), mock.patch("time.time", return_value=long_ago):
        post(browser(user), "/accounts/email/", {"email": "jo@league.test"})
    page = post(browser(), confirm_link(mail.outbox[0].body))
    user.refresh_from_db()
    assert page.status_code == 410 and "expired" in text(page) and user.email == ""


def test_a_link_for_an_address_since_replaced_confirms_nothing(db: None, committed: Any) -> None:
    user = get_user_model().objects.create_user("jo")
    client = browser(user)
    with committed():
        post(client, "/accounts/email/", {"email": "old@league.test"})
        post(client, "/accounts/email/", {"email": "new@league.test"})
    old, new = (confirm_link(letter.body) for letter in mail.outbox)
    assert "replaced by another" in text(post(browser(), old))
    post(browser(), new)
    user.refresh_from_db()
    assert user.email == "new@league.test"


def test_a_secretary_gives_an_address_used_at_once_and_audited(db: None) -> None:
    night = a_match_night()
    url = f"/secretary/leagues/{night.league.pk}/people/{night.away_captain.pk}/email"
    notices = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/notices"))
    assert "Captains the notices cannot reach" in notices and f'href="{url}"' in notices
    post(browser(night.secretary), url, {"email": "away@league.test"})
    night.away_captain.refresh_from_db()
    assert night.away_captain.email == "away@league.test" and mail.outbox == []
    entry = AuditEntry.objects.get(action="email.set")
    assert entry.user == night.secretary and entry.data["address"] == "away@league.test"


def test_only_the_leagues_secretaries_see_or_give_an_address(db: None) -> None:
    night = a_match_night()
    night.away_captain.email = "away@league.test"
    night.away_captain.save()
    other = a_match_night(league_name="Buxton Alliance")
    url = f"/secretary/leagues/{night.league.pk}/people/{night.away_captain.pk}/email"
    assert browser(other.secretary).get(url).status_code == 403
    assert post(browser(other.secretary), url, {"email": "x@league.test"}).status_code == 403
    # Someone with no part in the league is not theirs to give an address for.
    assert browser(night.secretary).get(
        f"/secretary/leagues/{night.league.pk}/people/{other.home_captain.pk}/email").status_code == 404
    for reader in (None, night.home_captain, other.secretary):
        page = text(browser(reader).get(f"/teams/{night.away.pk}/"))
        assert "away@league.test" not in page
    assert "away@league.test" in text(browser(night.secretary).get(f"/secretary/teams/{night.away.pk}/"))


def test_a_notice_names_whom_it_could_not_reach_and_why(db: None, committed: Any) -> None:
    night = a_match_night()
    night.home_captain.email = "home@league.test"
    night.home_captain.save()
    with committed():
        post(browser(night.secretary), f"/secretary/fixtures/{night.fixture.pk}/postpone",
             {"reason": "the pub flooded", "step": "confirm"})
    unreached = Notice.objects.get(user=night.away_captain)
    assert (unreached.status, unreached.last_error) == ("unreachable", "no confirmed address")
    assert Notice.objects.get(user=night.home_captain).status == "sent"
    page = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/notices"))
    assert "Not sent: no confirmed address" in page and night.away_captain.username in page


# End to end, against a real mail server.

def received(smtp: MailServer, to: str, subject: str) -> list[Any]:
    return [m for m in smtp.messages if m["To"] == to and m["Subject"].startswith(subject)]


def captain_invited_and_confirmed(night: Night, smtp: MailServer, committed: Any) -> Any:
    """The away team's captain, invited by the secretary's page with a
    link, accepting with an address, and confirming it from the mail."""
    made = post(browser(night.secretary), f"/secretary/teams/{night.away.pk}/invite", {"role": "captain"})
    [link] = INVITE.findall(text(made))
    client = browser()
    with committed():
        answer = post(client, link, {"username": "newcap", "password1": PASSWORD, "password2": PASSWORD,
                                     "email": "newcap@league.test"})
    assert answer.status_code == 302
    [letter] = received(smtp, "newcap@league.test", "Confirm your email address")
    captain = get_user_model().objects.get(username="newcap")
    assert captain.email == ""
    confirm = urlparse(confirm_link(body_of(letter).replace("\r\n", "\n"))).path
    assert "is confirmed" in text(post(client, confirm))
    captain.refresh_from_db()
    assert captain.email == "newcap@league.test"
    return captain


@pytest.fixture
def night(db: None) -> Night:
    night = a_match_night()
    # The home captain's address, given by the secretary's page.
    post(browser(night.secretary), f"/secretary/leagues/{night.league.pk}/people/{night.home_captain.pk}/email",
         {"email": "home@league.test"})
    return night


def test_a_postponement_reaches_a_captain_invited_through_the_pages_once(night: Night, smtp: MailServer,
                                                                         committed: Any) -> None:
    captain_invited_and_confirmed(night, smtp, committed)
    with committed():
        post(browser(night.secretary), f"/secretary/fixtures/{night.fixture.pk}/postpone",
             {"reason": "the pub flooded", "step": "confirm"})
    assert len(received(smtp, "newcap@league.test", "Postponed:")) == 1
    assert len(received(smtp, "home@league.test", "Postponed:")) == 1


def test_a_dispute_ruling_reaches_a_captain_invited_through_the_pages_once(night: Night, smtp: MailServer,
                                                                           committed: Any) -> None:
    captain = captain_invited_and_confirmed(night, smtp, committed)
    with committed():
        submitted_five_four(night)
        post(browser(captain), f"/fixtures/{night.fixture.pk}/night/dispute", {"reason": "Rubber 9 was ours"})
        post(browser(night.secretary), f"/fixtures/{night.fixture.pk}/night/settle",
             {"decision": "uphold", "note": "The card says 61-40.", "step": "confirm"})
    assert len(received(smtp, "newcap@league.test", "Confirm the result:")) == 1
    assert len(received(smtp, "newcap@league.test", "Dispute settled:")) == 1
    assert len(received(smtp, "home@league.test", "Dispute settled:")) == 1


def test_a_confirmed_result_reaches_the_home_captain_once(night: Night, smtp: MailServer, committed: Any) -> None:
    captain = captain_invited_and_confirmed(night, smtp, committed)
    with committed():
        submitted_five_four(night)
        post(browser(captain), f"/fixtures/{night.fixture.pk}/night/confirm", {"step": "confirm"})
        post(browser(captain), f"/fixtures/{night.fixture.pk}/night/confirm", {"step": "confirm"})
    [letter] = received(smtp, "home@league.test", "Result confirmed:")
    assert "It now counts" in body_of(letter)


def test_a_league_set_up_through_the_pages_reaches_its_captains(night: Night, smtp: MailServer,
                                                               committed: Any) -> None:
    """Nobody in the league had an address but as given through the pages:
    the notices page shows what was sent, and no one unreached."""
    captain_invited_and_confirmed(night, smtp, committed)
    with committed():
        post(browser(night.secretary), f"/secretary/fixtures/{night.fixture.pk}/postpone",
             {"reason": "the pub flooded", "step": "confirm"})
    page = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/notices"))
    assert "No notices yet" not in page and "newcap@league.test" in page
    assert set(Notice.objects.values_list("status", flat=True)) == {"sent"}


def test_an_event_told_again_once_the_address_is_given_reaches_them(db: None, committed: Any) -> None:
    night = a_match_night()
    with committed():
        fixture_changed_tell(night.fixture, verb="postponed")
    post(browser(night.secretary), f"/secretary/leagues/{night.league.pk}/people/{night.away_captain.pk}/email",
         {"email": "away@league.test"})
    fixture = Fixture.objects.get(pk=night.fixture.pk)  # as a retried request reads it
    with committed():
        fixture_changed_tell(fixture, verb="postponed")
        fixture_changed_tell(fixture, verb="postponed")
    statuses = sorted(Notice.objects.filter(user=night.away_captain).values_list("status", flat=True))
    assert statuses == ["sent", "unreachable"]


def test_a_user_removes_their_address_and_the_notices_stop_at_once(db: None) -> None:
    user = get_user_model().objects.create_user("jo", email="jo@league.test")
    client = browser(user)
    assert "jo@league.test" in text(client.get("/accounts/email/"))
    post(client, "/accounts/email/", {"email": ""})
    user.refresh_from_db()
    assert user.email == "" and mail.outbox == []
    assert "Give your address" in text(client.get("/accounts/notices/"))


def test_the_teams_page_marks_a_captain_with_no_address(db: None) -> None:
    night = a_match_night()
    night.home_captain.email = "home@league.test"
    night.home_captain.save()
    page = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/teams/"))
    assert f"/people/{night.away_captain.pk}/email" in page
    assert f"/people/{night.home_captain.pk}/email" not in page
