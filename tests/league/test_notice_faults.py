"""A notice that cannot be sent is recorded failed with its reason and
holds no other back; a sender holds no lock or transaction while the mail
server takes its time; a notice left half-sent by a sender that stopped
is sent by the catch-up. All against a real SMTP server."""
import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone
from matchnights import Night, a_match_night, submitted_five_four
from races import race
from smtp_server import MailServer
from test_redis_outage import DeadRedis, redis_at
from test_worker_faults import wait_for

from league.models import Notice
from league.refusals import Refused
from league.services.notice_sending import notice_send, notices_catch_up
from league.services.notices import notice_queue, notice_resend


@pytest.fixture
def smtp() -> Iterator[MailServer]:
    server = MailServer()
    server.start()
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1",
                           EMAIL_PORT=server.port, EMAIL_TIMEOUT=60):
        yield server
    server.handler.release()
    server.stop()


def written(night: Night, to: str, subject: str = "Confirm the result") -> Notice:
    """A notice whose own task never ran (the broker lost it), old enough
    for the catch-up."""
    with mock.patch("league.services.notices.notice_send_task"):
        notice_queue(kind="result_submitted", event=f"test:{to}", league=night.league, to=[to],
                     subject=subject, body="Please confirm.", link="http://localhost:8000/")
    notice = Notice.objects.get(address=to)
    Notice.objects.filter(pk=notice.pk).update(created_at=timezone.now() - timedelta(minutes=10))
    return notice


def status_of(notice: Notice) -> tuple[str, str]:
    notice.refresh_from_db()
    return notice.status, notice.last_error


def test_a_subject_with_a_line_break_is_sent_on_one_line_and_holds_no_later_notice_back(
        db: None, smtp: MailServer) -> None:
    night = a_match_night("plain")
    injected = written(night, "away@league.test", subject="Dates offered: Cup\r\nBcc: victim@example.org")
    later = written(night, "home@league.test")
    Notice.objects.filter(pk=later.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    assert notices_catch_up() == 2
    assert sorted(m["To"] for m in smtp.messages) == ["away@league.test", "home@league.test"]
    [message] = smtp.to("away@league.test")
    assert message["Subject"] == "Dates offered: Cup Bcc: victim@example.org"
    assert message["Bcc"] is None
    assert status_of(injected) == status_of(later) == (Notice.Status.SENT, "")


def test_an_address_that_cannot_be_a_header_is_recorded_failed_and_the_rest_go(db: None, smtp: MailServer) -> None:
    night = a_match_night("plain")
    broken = written(night, "away@league.test\nbcc: victim@example.org")
    later = written(night, "home@league.test")
    assert notices_catch_up() == 1
    assert [m["To"] for m in smtp.messages] == ["home@league.test"]
    status, reason = status_of(broken)
    assert status == Notice.Status.FAILED and "BadHeaderError" in reason
    assert status_of(later) == (Notice.Status.SENT, "")


def test_a_mailbox_the_server_refuses_is_recorded_failed_and_later_notices_still_go(
        db: None, smtp: MailServer) -> None:
    night = a_match_night("plain")
    smtp.handler.refused.add("gone@league.test")
    refused = written(night, "gone@league.test")
    later = written(night, "home@league.test")
    Notice.objects.filter(pk=later.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    assert notices_catch_up() == 1
    assert [m["To"] for m in smtp.messages] == ["home@league.test"]
    status, reason = status_of(refused)
    assert status == Notice.Status.FAILED and "550" in reason and "No such mailbox" in reason
    assert notices_catch_up() == 0  # not tried again at once: it would be refused the same way
    Notice.objects.filter(pk=refused.pk).update(retry_after=timezone.now() - timedelta(seconds=1))
    smtp.handler.refused.clear()  # the mailbox exists again by the time it is retried
    assert notices_catch_up() == 1
    assert [m["To"] for m in smtp.messages] == ["home@league.test", "gone@league.test"]
    refused.refresh_from_db()
    assert (refused.status, refused.attempts) == (Notice.Status.SENT, 2)


def test_a_notice_left_sending_by_a_sender_that_stopped_is_sent_by_the_catch_up(db: None, smtp: MailServer) -> None:
    night = a_match_night("plain")
    abandoned = written(night, "away@league.test")
    in_hand = written(night, "home@league.test")
    Notice.objects.filter(pk=abandoned.pk).update(status=Notice.Status.SENDING, attempts=1,
                                                  claimed_at=timezone.now() - timedelta(minutes=10))
    Notice.objects.filter(pk=in_hand.pk).update(status=Notice.Status.SENDING, attempts=1,
                                                claimed_at=timezone.now() - timedelta(seconds=30))
    assert notices_catch_up() == 1
    assert [m["To"] for m in smtp.messages] == ["away@league.test"]
    assert status_of(abandoned)[0] == Notice.Status.SENT
    assert status_of(in_hand)[0] == Notice.Status.SENDING  # its sender may still be at it


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_while_the_mail_server_is_slow_the_notice_shows_being_sent_and_the_secretary_is_answered_at_once(
        postgres: None, smtp: MailServer) -> None:
    night = a_match_night("plain")
    notice = written(night, "away@league.test")
    smtp.handler.holding = True
    sender = threading.Thread(target=lambda: (notice_send(notice_id=notice.pk), connection.close()))
    sender.start()
    try:
        wait_for(smtp.handler.held.is_set, "the mail server taking the message")
        assert status_of(notice)[0] == Notice.Status.SENDING
        answers: list[Any] = []

        def send_again() -> None:
            try:
                notice_resend(notice_id=notice.pk, user=night.secretary)
            except Refused as refused:
                answers.append(refused.message)
            finally:
                connection.close()

        threading.Thread(target=send_again, daemon=True).start()
        # Before, the sender held the row locked until the server answered.
        assert wait_for(lambda: answers, "the secretary's answer while the server holds the message",
                        seconds=15) == ["this notice is being sent now; look again in a minute"]
    finally:
        smtp.handler.release()
        sender.join(timeout=30)
    assert status_of(notice)[0] == Notice.Status.SENT
    assert [m["To"] for m in smtp.messages] == ["away@league.test"]


@pytest.mark.django_db(transaction=True)
def test_senders_racing_for_one_failed_notice_send_it_once(
        postgres: None, smtp: MailServer) -> None:
    night = a_match_night("plain")
    notice = written(night, "away@league.test")
    Notice.objects.filter(pk=notice.pk).update(status=Notice.Status.FAILED)
    answers = race([lambda: notice_send(notice_id=notice.pk)] * 4 + [notices_catch_up])
    assert sum(answers) == 1  # one True (a task) or 1 (the catch-up): one sender sent it
    assert [m["To"] for m in smtp.messages] == ["away@league.test"]
    notice.refresh_from_db()
    assert (notice.status, notice.attempts) == (Notice.Status.SENT, 1)


def test_a_result_submitted_while_redis_is_down_is_answered_and_its_notices_go_out_later(
        db: None, smtp: MailServer, django_capture_on_commit_callbacks: Any) -> None:
    night = a_match_night("plain")
    for user, address in ((night.away_captain, "away@league.test"), (night.home_captain, "home@league.test")):
        user.email = address
        user.save()
    dead = DeadRedis()
    try:
        with redis_at(dead.url), django_capture_on_commit_callbacks(execute=True):
            submitted_five_four(night)  # before, the broker's error escaped after the commit
    finally:
        dead.close()
    assert dead.attempts >= 1
    [notice] = Notice.objects.filter(address="away@league.test")
    assert status_of(notice)[0] == Notice.Status.PENDING
    Notice.objects.update(created_at=timezone.now() - timedelta(minutes=3))
    assert notices_catch_up() == 1
    assert [m["To"] for m in smtp.messages] == ["away@league.test"]
