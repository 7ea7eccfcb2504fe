"""Sending the outbox (`league.services.notices` writes it).

A sender first claims a notice: one conditional UPDATE, committed at
once, turns it from pending or failed (or sending, if that claim has
lapsed) to sending. Of any number of senders only one gets the row, and
none holds a lock or an open transaction while the mail server takes its
time. The email goes out with no transaction open; the outcome is then
written in one more UPDATE. An invitation's link is put in the letter only
then (league.services.invite_tokens), and a letter whose invitation was
withdrawn meanwhile is called off rather than sent.

A notice that cannot be sent (a header it cannot carry, a recipient the
server refuses, any error of its own) is recorded failed with the reason,
blocks nothing else, and is tried again an hour on. A mail server that cannot be reached is recorded
the same way, and its error raised for the task to retry.

`notices_catch_up`, run by beat every NOTICES_CATCH_UP_SECONDS, sends what
the tasks missed; docs/notices.md states how soon every notice goes out.
"""
import logging
import smtplib
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.db.models import F, Q
from django.utils import timezone

from league.models import Notice
from league.services.invite_tokens import invite_links_filled
from league.services.unsubscribe_links import unsubscribe_key_new, unsubscribe_link

log = logging.getLogger(__name__)

# A notice that failed for a reason of its own (not the server's) is tried
# again no sooner than this: it would most likely fail the same way.
OWN_FAULT_RETRY = timedelta(hours=1)
# A catch-up starts no new send after this long (the next run goes on),
# and stops once this many notices in a row found the server unreachable.
CATCH_UP_BUDGET_SECONDS = 90
SERVER_DOWN_AFTER = 3


def claim_lapses() -> timedelta:
    """A claim older than this belongs to a sender that was stopped: no
    task may run longer (settings.NOTICE_TASK_TIME_LIMIT), plus a margin."""
    return timedelta(seconds=settings.NOTICE_TASK_TIME_LIMIT + 60)


def notice_send(*, notice_id: int) -> bool:
    """Sends one notice if this call can claim it; True if it was sent.
    A mail server out of reach is recorded, then its error raised (for the
    task to retry); any other failure is recorded and returns False."""
    claimed = _claim(notice_id)
    if claimed is None:
        return False
    notice = Notice.objects.get(pk=notice_id)
    body, called_off = invite_links_filled(notice.body)
    if called_off:
        _record(notice_id, claimed, status=Notice.Status.CALLED_OFF, last_error=called_off[:2000], retry_after=None)
        return False
    try:
        _message(notice, body).send()
    except Exception as err:
        own = _own_fault(err)
        reason = f"{type(err).__name__}: {err}"[:2000]
        log.warning("notice %s not sent: %s", notice_id, reason)
        _record(notice_id, claimed, status=Notice.Status.FAILED, last_error=reason,
                retry_after=timezone.now() + OWN_FAULT_RETRY if own else None)
        if own:
            return False
        raise
    _record(notice_id, claimed, status=Notice.Status.SENT, sent_at=timezone.now(), last_error="", retry_after=None)
    return True


def notices_catch_up() -> int:
    """Sends what is due, written within NOTICES_CATCH_UP_HOURS: pending
    for over NOTICES_CATCH_UP_AFTER_SECONDS (its task was lost), failed
    (for a reason of its own: an hour on), or left sending by a sender that
    stopped. The least recently tried go first, so no notice holds the
    others back. Returns how many it sent."""
    now = timezone.now()
    waiting = now - timedelta(seconds=settings.NOTICES_CATCH_UP_AFTER_SECONDS)
    due = (Notice.objects.filter(created_at__gte=now - timedelta(hours=settings.NOTICES_CATCH_UP_HOURS))
           .filter(Q(status=Notice.Status.PENDING, created_at__lte=waiting)
                   | Q(status=Notice.Status.FAILED, retry_after__isnull=True)
                   | Q(status=Notice.Status.FAILED, retry_after__lte=now)
                   | Q(status=Notice.Status.SENDING, claimed_at__lt=now - claim_lapses()))
           .order_by(F("tried_at").asc(nulls_first=True), "created_at", "pk").values_list("pk", flat=True))
    stop_at = time.monotonic() + CATCH_UP_BUDGET_SECONDS
    sent = unreachable = 0
    for notice_id in list(due):
        if time.monotonic() > stop_at or unreachable >= SERVER_DOWN_AFTER:
            break  # the next run goes on from here
        try:
            sent += notice_send(notice_id=notice_id)
            unreachable = 0
        except OSError:
            unreachable += 1
    return sent


def _claim(notice_id: int) -> datetime | None:
    """The time this sender claimed the notice, or None if it is not to be
    sent (sent, stopped, or another sender has it)."""
    now = timezone.now()
    claimable = Q(status__in=[Notice.Status.PENDING, Notice.Status.FAILED]) | Q(
        status=Notice.Status.SENDING, claimed_at__lt=now - claim_lapses())
    taken = Notice.objects.filter(claimable, pk=notice_id).update(
        status=Notice.Status.SENDING, claimed_at=now, tried_at=now, attempts=F("attempts") + 1)
    if not taken:
        return None
    # Notices written before links had keys get one as they go.
    Notice.objects.filter(pk=notice_id, unsubscribe_key__isnull=True).update(unsubscribe_key=unsubscribe_key_new())
    return now


def _record(notice_id: int, claimed: datetime, **outcome: object) -> None:
    """Writes the outcome, unless the claim lapsed and another sender took
    the notice meanwhile: that one's outcome stands."""
    mine = Notice.objects.filter(pk=notice_id, status=Notice.Status.SENDING, claimed_at=claimed)
    if not mine.update(claimed_at=None, **outcome):
        log.warning("notice %s: outcome not recorded, its claim lapsed and another sender took it", notice_id)


def _own_fault(err: Exception) -> bool:
    """Whether the error belongs to this notice rather than to the mail
    server: the server refusing it for good (5xx), or no network error at
    all (a header it cannot carry, an address that is not one, a bug). Every
    smtplib error is an OSError; the rest of those mean the server."""
    if isinstance(err, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in err.recipients.values())
    if isinstance(err, smtplib.SMTPDataError):
        return err.smtp_code >= 500
    return not isinstance(err, OSError)


def _one_line(text: str) -> str:
    """A header's text on one line: a line break in it would end the header
    (and let the rest pass for another one)."""
    return " ".join(text.splitlines()).strip()


def _message(notice: Notice, body: str) -> EmailMessage:
    assert notice.unsubscribe_key is not None  # given by the claim
    message = EmailMessage(subject=_one_line(notice.subject), body=body, to=[notice.address], headers={
        "List-Unsubscribe": f"<{unsubscribe_link(notice.unsubscribe_key)}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    })
    message.message()  # a header it cannot carry fails here, before the server is reached
    return message
