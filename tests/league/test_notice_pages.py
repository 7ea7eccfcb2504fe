"""The weekly results by email (double opt-in, then a Monday email of the
week's confirmed results and the top of each table), Secretary › Notices
(who may see it, the filter, send again) and the reminder's setting."""
from datetime import timedelta
from typing import Any
from urllib.parse import urlparse

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from matchnights import a_match_night, submitted_five_four
from smtp_server import MailServer, body_of

from league.models import AuditEntry, DigestSubscription, MatchNight, Notice
from league.services.digests import digests_send
from league.services.notices import notice_queue
from league.services.results import match_confirm
from league.services.standings import division_standings_rebuild


def link_path(message: Any, marker: str) -> str:
    url = next(word for word in body_of(message).split() if marker in word)
    return urlparse(url).path


def a_week_of_results() -> Any:
    """A league with one result, 5-4 to the home side, confirmed two days ago."""
    night = a_match_night("plain", played_days_ago=3)
    submitted_five_four(night)
    match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    MatchNight.objects.filter(fixture=night.fixture).update(confirmed_at=timezone.now() - timedelta(days=2))
    division_standings_rebuild(division_id=night.division.pk)
    return night


def test_the_weekly_results_start_only_once_the_address_confirms(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_week_of_results()
    page = Client().get(f"/leagues/{night.league.slug}/")
    assert f"/leagues/{night.league.slug}/weekly-results".encode() in page.content
    browser = Client(enforce_csrf_checks=False)
    assert browser.get(f"/leagues/{night.league.slug}/weekly-results").status_code == 200
    bad = browser.post(f"/leagues/{night.league.slug}/weekly-results", {"address": "not an address"})
    assert bad.status_code == 200 and b"valid email address" in bad.content
    with committed():
        answer = browser.post(f"/leagues/{night.league.slug}/weekly-results", {"address": "Fan@Pub.test"})
        browser.post(f"/leagues/{night.league.slug}/weekly-results", {"address": "fan@pub.test"})  # asked twice
    assert b"Check your inbox" in answer.content
    [confirmation] = smtp.messages  # one link a day, however often asked
    assert confirmation["To"] == "fan@pub.test"
    with committed():
        assert digests_send() == 0  # not confirmed: nothing sent
    confirm = link_path(confirmation, "/weekly-results/confirm/")
    assert browser.get(confirm).status_code == 200
    assert DigestSubscription.objects.get().confirmed_at is None  # a GET confirms nothing
    assert browser.post(confirm).status_code == 200
    assert DigestSubscription.objects.get().confirmed_at is not None
    smtp.messages.clear()
    with committed():
        assert digests_send() == 1
    with committed():
        assert digests_send() == 0  # the same ISO week: nothing new
    [digest] = smtp.messages
    body = body_of(digest)
    assert f"{night.home} 5-4 {night.away}" in body
    assert "Top of the table:" in body and f"1  {night.home}" in body
    assert f"/divisions/{night.division.pk}/" in body
    assert digest["List-Unsubscribe"] is not None


def test_a_forged_or_stale_confirmation_link_confirms_nothing(db: None) -> None:
    assert Client().get("/weekly-results/confirm/not-a-token").status_code == 404


def test_a_league_with_no_results_this_week_sends_no_digest(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_match_night("plain")
    DigestSubscription.objects.create(league=night.league, address="fan@pub.test", confirmed_at=timezone.now())
    with committed():
        assert digests_send() == 0
    assert smtp.messages == []


def a_failed_notice(night: Any) -> Notice:
    notice_queue(kind="result_submitted", event="test", league=night.league, to=["away@league.test"],
                 subject="Confirm the result", body="Please.", link="http://localhost:8000/")
    notice = Notice.objects.get()
    Notice.objects.filter(pk=notice.pk).update(status=Notice.Status.FAILED, attempts=6,
                                               last_error="ConnectionRefusedError: [Errno 111] Connection refused")
    return notice


def test_the_secretary_sees_what_failed_and_why_and_sends_it_again(db: None, smtp: MailServer,
                                                                   committed: Any) -> None:
    night = a_match_night("plain")
    notice = a_failed_notice(night)
    browser = Client()
    browser.force_login(night.secretary)
    page = browser.get(f"/secretary/leagues/{night.league.pk}/notices?status=failed")
    assert page.status_code == 200
    assert b"away@league.test" in page.content and b"Connection refused" in page.content
    assert b"away@league.test" not in browser.get(f"/secretary/leagues/{night.league.pk}/notices?status=sent").content
    with committed():
        answer = browser.post(f"/secretary/leagues/{night.league.pk}/notices/{notice.pk}/resend")
    assert answer.status_code == 302
    assert [m["To"] for m in smtp.messages] == ["away@league.test"]
    notice.refresh_from_db()
    assert notice.status == Notice.Status.SENT
    assert AuditEntry.objects.filter(action="notice.resend", user=night.secretary).exists()


def test_a_notice_stuck_waiting_is_sent_again_from_the_secretarys_page(db: None, smtp: MailServer,
                                                                       committed: Any) -> None:
    night = a_match_night("plain")
    notice_queue(kind="result_submitted", event="test", league=night.league, to=["away@league.test"],
                 subject="Confirm the result", body="Please.", link="http://localhost:8000/")
    notice = Notice.objects.get()  # its task was lost with the broker: it waits
    browser = Client()
    browser.force_login(night.secretary)
    page = browser.get(f"/secretary/leagues/{night.league.pk}/notices?status=pending")
    assert f"/notices/{notice.pk}/resend".encode() in page.content
    with committed():
        answer = browser.post(f"/secretary/leagues/{night.league.pk}/notices/{notice.pk}/resend",
                              {"status": "pending"}, follow=True)
    assert "is being sent again" in answer.content.decode()
    assert answer.redirect_chain[-1][0].endswith("?status=pending")
    assert [m["To"] for m in smtp.messages] == ["away@league.test"]
    notice.refresh_from_db()
    assert notice.status == Notice.Status.SENT
    sent_again = browser.post(f"/secretary/leagues/{night.league.pk}/notices/{notice.pk}/resend", follow=True)
    assert "this one is sent" in sent_again.content.decode() and len(smtp.messages) == 1


@pytest.mark.parametrize(("claimed_minutes_ago", "offered"), [(1, False), (10, True)])
def test_a_notice_being_sent_is_offered_again_only_once_its_sender_has_stopped(db: None, claimed_minutes_ago: int,
                                                                               offered: bool) -> None:
    night = a_match_night("plain")
    notice = a_failed_notice(night)
    Notice.objects.filter(pk=notice.pk).update(status=Notice.Status.SENDING,
                                               claimed_at=timezone.now() - timedelta(minutes=claimed_minutes_ago))
    browser = Client()
    browser.force_login(night.secretary)
    page = browser.get(f"/secretary/leagues/{night.league.pk}/notices?status=sending")
    assert b"Being sent" in page.content
    assert (f"/notices/{notice.pk}/resend".encode() in page.content) is offered


@pytest.mark.parametrize(("who", "answer"), [("anonymous", 302), ("captain", 403), ("other secretary", 403)])
def test_only_the_leagues_secretaries_see_its_notices(db: None, who: str, answer: int) -> None:
    night = a_match_night("plain")
    notice = a_failed_notice(night)
    browser = Client()
    if who == "captain":
        browser.force_login(night.home_captain)
    elif who == "other secretary":
        other = a_match_night("plain", league_name="Solihull League")
        browser.force_login(other.secretary)
    assert browser.get(f"/secretary/leagues/{night.league.pk}/notices").status_code == answer
    assert browser.post(f"/secretary/leagues/{night.league.pk}/notices/{notice.pk}/resend").status_code == answer
    notice.refresh_from_db()
    assert notice.status == Notice.Status.FAILED


def test_the_reminder_lead_time_is_a_league_setting(db: None) -> None:
    night = a_match_night("plain")
    browser = Client()
    browser.force_login(night.secretary)
    url = f"/secretary/leagues/{night.league.pk}/settings"
    form = browser.get(url)
    assert b"remind the home captain" in form.content
    data = {key: value for key, value in form.context["form"].initial.items() if value is not None}
    data.update({f"tie_{slot}": key for slot, key in enumerate(night.league.tie_breakers)},
                overdue_warning_days=0, step="confirm")
    data.pop("hide_from_search", None)
    assert browser.post(url, data).status_code == 302
    night.league.refresh_from_db()
    assert night.league.overdue_warning_days == 0
    assert AuditEntry.objects.filter(action="league.overdue_warning_days").exists()


def test_the_account_menu_links_to_email_notices(db: None) -> None:
    user = get_user_model().objects.create_user("reader")
    browser = Client()
    browser.force_login(user)
    page = browser.get("/accounts/notices/")
    assert page.status_code == 200 and b"no email address" in page.content
    assert b'href="/accounts/notices/"' in browser.get("/").content


def unsubscribe_page(message: Any) -> str:
    """The page the email's unsubscribe link opens."""
    path = urlparse("".join(message["List-Unsubscribe"].split()).strip("<>")).path
    return Client().get(path).content.decode()


def test_the_unsubscribe_page_says_in_plain_words_what_each_button_stops(
    db: None, smtp: MailServer, committed: Any,
) -> None:
    night = a_match_night("plain")
    with committed():
        Client().post(f"/leagues/{night.league.slug}/weekly-results", {"address": "fan@pub.test"})
        notice_queue(kind="result_disputed", event="test", league=night.league, to=["fan@pub.test"],
                     subject="A result disputed", body="See the match night.", link="http://localhost:8000/")
    confirmation, disputed = smtp.messages
    # The request to confirm is sent whatever was stopped: no button offers to stop only it.
    page = unsubscribe_page(confirmation)
    assert "Digest confirm" not in page and "digest" not in page.lower()
    assert "Stop all emails" in page and 'name="only"' not in page
    page = unsubscribe_page(disputed)
    assert "the kind of email that brought you here: A result disputed." in page
    assert ">Stop only this kind of email</button>" in page
