"""Email notices through the outbox, received by a real SMTP server: each
kind reaches the people who act, with the link to the page where they act
and a List-Unsubscribe header; a mail server down is retried until the
message arrives once; an event told twice, or sent by two workers at once,
is one email; a stopped kind is not sent; the unsubscribe link works
without logging in."""
import re
from datetime import timedelta
from typing import Any
from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from matchnights import Night, a_match_night, submitted_five_four
from races import race
from smtp_server import MailServer, body_of

from config.celery import app
from league.models import AuditEntry, Notice, NoticeStop
from league.refusals import WrongNightStatus
from league.services.fixtures import fixture_postpone, fixture_rearrange
from league.services.notice_sending import notice_send, notices_catch_up
from league.services.notices import notice_queue
from league.services.overdue import results_overdue_check
from league.services.results import match_dispute, match_resolve
from league.services.unsubscribe_links import unsubscribe_token

LINK = re.compile(r"(http://\S+)")




def a_night(**settings: Any) -> Night:
    """A match night whose people all have addresses: the captains and
    vice-captains of both teams, and the secretary."""
    night = a_match_night("plain", **settings)
    users = type(night.home_captain).objects
    night.home.vice_captain = users.create_user("home-vice", email="home-vice@league.test")
    night.away.vice_captain = users.create_user("away-vice", email="away-vice@league.test")
    night.home.save()
    night.away.save()
    for user, address in ((night.secretary, "sec@league.test"), (night.home_captain, "home@league.test"),
                          (night.away_captain, "away@league.test")):
        user.email = address
        user.save()
    return night


def the_link(message: Any) -> str:
    """The first link of the body, the page where the recipient acts, as a path."""
    found = LINK.search(body_of(message))
    assert found is not None, body_of(message)
    assert found.group(1).startswith(settings.SITE_URL)
    return urlparse(found.group(1)).path


def assert_acts_on_its_page(message: Any, night: Night) -> None:
    """The link answers 200 for the person it was sent to, and the email
    can be stopped from its headers and its body."""
    people = {user.email: user for user in (night.secretary, night.home_captain, night.away_captain,
                                            night.home.vice_captain, night.away.vice_captain)}
    client = Client()
    client.force_login(people[message["To"]])
    assert client.get(the_link(message)).status_code == 200
    assert "".join(message["List-Unsubscribe"].split()).startswith(f"<{settings.SITE_URL}/notices/unsubscribe/")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "To stop these emails: http" in body_of(message)


def test_a_submitted_result_asks_the_away_captains_to_confirm_by_a_date(db: None, smtp: MailServer,
                                                                        committed: Any) -> None:
    night = a_night()
    with committed():
        submitted_five_four(night)
    assert sorted(m["To"] for m in smtp.messages) == ["away-vice@league.test", "away@league.test"]
    by = timezone.localdate() + timedelta(days=7)
    for message in smtp.messages:
        assert message["Subject"] == f"Confirm the result: {night.fixture}"
        assert f"by {by:%A} {by.day} {by:%B %Y}" in body_of(message)
        assert_acts_on_its_page(message, night)


def test_a_dispute_and_its_settling_are_told_to_both_teams_and_the_secretary(db: None, smtp: MailServer,
                                                                             committed: Any) -> None:
    night = a_night()
    submitted_five_four(night)
    with committed():
        match_dispute(fixture_id=night.fixture.pk, reason="rubber 3 was 61-40 to us", user=night.away_captain)
    everyone = ["away-vice@league.test", "away@league.test", "home-vice@league.test", "home@league.test",
                "sec@league.test"]
    assert sorted(m["To"] for m in smtp.messages) == everyone
    assert all("rubber 3 was 61-40 to us" in body_of(m) for m in smtp.messages)
    smtp.messages.clear()
    with committed():
        match_resolve(fixture_id=night.fixture.pk, decision="uphold", note="the card says 61-40 to the home side",
                      user=night.secretary)
    assert sorted(m["To"] for m in smtp.messages) == everyone
    for message in smtp.messages:
        assert message["Subject"] == f"Dispute settled: {night.fixture}"
        assert_acts_on_its_page(message, night)


def test_a_postponed_or_rearranged_match_is_told_to_both_teams_captains(db: None, smtp: MailServer,
                                                                        committed: Any) -> None:
    night = a_night(played_days_ago=-3)
    with committed():
        fixture_postpone(fixture_id=night.fixture.pk, reason="the pub flooded", user=night.secretary)
    new = timezone.localdate() + timedelta(days=10)
    with committed():
        fixture_rearrange(fixture_id=night.fixture.pk, new_date=new, reason="the pub is dry", user=night.secretary)
    subjects = sorted((m["Subject"].split(":")[0], m["To"]) for m in smtp.messages)
    captains = ["away-vice@league.test", "away@league.test", "home-vice@league.test", "home@league.test"]
    assert subjects == sorted([("Postponed", a) for a in captains] + [("Rearranged", a) for a in captains])
    rearranged = next(m for m in smtp.messages if m["Subject"].startswith("Rearranged"))
    assert f"{new.day} {new:%B %Y}" in body_of(rearranged)
    assert_acts_on_its_page(rearranged, night)


@pytest.mark.parametrize(("warning_days", "played_days_ago", "warned"), [
    (2, 5, True),    # due in 2 days: warned
    (2, 4, False),   # due in 3 days: not yet
    (0, 5, False),   # the league warns no one
    (2, 7, True),    # due today: still warned
])
def test_the_home_captains_are_warned_before_a_result_is_overdue(db: None, smtp: MailServer, committed: Any,
                                                                 warning_days: int, played_days_ago: int,
                                                                 warned: bool) -> None:
    night = a_night(played_days_ago=played_days_ago)
    night.league.overdue_warning_days = warning_days
    night.league.save()
    with committed():
        results_overdue_check()
    with committed():
        results_overdue_check()  # a second run warns no one again
    expected = ["home-vice@league.test", "home@league.test"] if warned else []
    assert sorted(m["To"] for m in smtp.messages) == expected
    for message in smtp.messages:
        assert message["Subject"].startswith("Result due by")
        assert_acts_on_its_page(message, night)


def test_an_overdue_result_arrives_by_smtp_for_each_person(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_night(played_days_ago=10)
    with committed():
        results_overdue_check()
    assert sorted(m["To"] for m in smtp.messages) == ["away@league.test", "home@league.test", "sec@league.test"]
    for message in smtp.messages:
        assert_acts_on_its_page(message, night)


def queue_one(night: Night, event: str = "test:1") -> int:
    return notice_queue(kind="result_submitted", event=event, league=night.league, to=[night.away_captain],
                        subject="Confirm the result", body="Please confirm.", link="http://localhost:8000/")


def test_a_mail_server_down_is_retried_and_the_message_arrives_once(db: None, smtp: MailServer,
                                                                    committed: Any) -> None:
    night = a_night()
    smtp.stop()
    with committed():
        queue_one(night)
    notice = Notice.objects.get()
    assert notice.status == Notice.Status.FAILED
    assert notice.attempts == 6  # the first try and five retries, each with the error kept
    assert "Connection refused" in notice.last_error or "Errno" in notice.last_error
    smtp.start()
    Notice.objects.filter(pk=notice.pk).update(created_at=timezone.now() - timedelta(minutes=10))
    assert notices_catch_up() == 1
    assert notices_catch_up() == 0
    assert [m["To"] for m in smtp.messages] == ["away@league.test"]
    notice.refresh_from_db()
    assert (notice.status, notice.last_error, notice.attempts) == (Notice.Status.SENT, "", 7)


def test_the_catch_up_leaves_notices_older_than_two_days(db: None, smtp: MailServer) -> None:
    night = a_night()
    queue_one(night)  # its task never runs: the transaction is not committed
    Notice.objects.update(created_at=timezone.now() - timedelta(days=3))
    assert notices_catch_up() == 0
    assert smtp.messages == []


@pytest.mark.django_db(transaction=True)
def test_two_workers_sending_one_notice_at_once_deliver_it_once(postgres: None, smtp: MailServer) -> None:
    night = a_night()
    queue_one(night)  # no broker in the way: committed, its task left to the race
    notice = Notice.objects.get()
    answers = race([lambda: notice_send(notice_id=notice.pk)] * 4)
    assert sorted(answers) == [False, False, False, True]
    assert len(smtp.messages) == 1


def test_an_event_told_twice_makes_one_notice(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_night()
    with committed():
        assert queue_one(night) == 1
        assert queue_one(night) == 0
    assert len(smtp.messages) == 1 and Notice.objects.count() == 1


def test_a_stopped_kind_is_recorded_skipped_and_not_sent(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_night()
    NoticeStop.objects.create(address="away@league.test", kind="result_submitted")
    with committed():
        submitted_five_four(night)
    assert [m["To"] for m in smtp.messages] == ["away-vice@league.test"]
    assert Notice.objects.get(address="away@league.test").status == Notice.Status.SKIPPED


def test_the_unsubscribe_link_works_without_logging_in(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_night()
    with committed():
        queue_one(night)
    [message] = smtp.messages
    path = urlparse("".join(message["List-Unsubscribe"].split()).strip("<>")).path
    browser = Client(enforce_csrf_checks=True)
    page = browser.get(path)
    assert page.status_code == 200 and b"away@league.test" in page.content and b"Stop all emails" in page.content
    assert browser.post(path, {"only": "kind"}).status_code == 200
    assert set(NoticeStop.objects.values_list("address", "kind")) == {("away@league.test", "result_submitted")}
    # The mail client's one-click POST: no CSRF token, no cookie; repeating it changes nothing more.
    for _ in range(2):
        answer = browser.post(path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
        assert answer.status_code == 200
    assert set(NoticeStop.objects.values_list("kind", flat=True)) == {"result_submitted", ""}
    with committed():
        queue_one(night, event="test:2")
    assert len(smtp.messages) == 1
    assert Client().get("/notices/unsubscribe/forged-token").status_code == 404
    assert Client().get(f"/notices/unsubscribe/{unsubscribe_token('made-up-key')}x").status_code == 404


def test_a_users_preferences_choose_the_kinds_they_get(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_night()
    browser = Client()
    browser.force_login(night.away_captain)
    page = browser.get("/accounts/notices/")
    assert page.status_code == 200 and b"away@league.test" in page.content
    answer = browser.post("/accounts/notices/", {"kind_result_disputed": "on"})  # everything else off
    assert answer.status_code == 302
    with committed():
        submitted_five_four(night)
    assert [m["To"] for m in smtp.messages] == ["away-vice@league.test"]
    assert Client().get("/accounts/notices/").status_code == 302  # to the login


def test_beat_catches_up_the_notices_and_sends_the_weekly_results() -> None:
    schedule = {entry["task"]: entry["schedule"] for entry in app.conf.beat_schedule.values()}
    assert schedule["league.tasks.notices_catch_up"] == 120.0
    weekly = schedule["league.tasks.digests_send"]
    assert (len(weekly.day_of_week), len(weekly.hour)) == (1, 1)


def test_a_refused_change_tells_nobody(db: None, smtp: MailServer, committed: Any) -> None:
    night = a_night()
    # The result is not submitted yet: the dispute is refused for that
    # before its empty reason is read.
    with committed(), pytest.raises(WrongNightStatus):
        match_dispute(fixture_id=night.fixture.pk, reason="", user=night.away_captain)
    assert smtp.messages == [] and not Notice.objects.exists()
    assert AuditEntry.objects.filter(action="night.dispute.refused").exists()
