"""The outbox: notices written with the change they tell of, and sent after.

The one entry point for the rest of the code is `notice_queue`, called
inside the caller's own transaction:

    notice_queue(kind="result_submitted", event=f"submitted:night:{night.pk}:{stamp}",
                 league=league, to=[captain, vice_captain, "someone@example.org"],
                 subject="...", body="...", link=site_link("night-page", fixture.pk))

- `kind` names the kind of notice (`league.models.notices.NOTICE_KINDS`);
  a recipient who stopped that kind, or all, is recorded as skipped.
- `event` names the event, the same each time the same event is told:
  with each recipient it makes the notice's unique key, so telling an
  event again (a retried request, a nightly check run twice) makes no
  second notice. Put a version in it when the same thing can really
  happen again (a result submitted again after a dispute).
- `to` is users and plain addresses, in any mix; a user without an
  address, None and repeats are passed over.
- `body` is plain text; the link and an unsubscribe link are added under it.
  `subject` and `body` may instead be functions of the recipient (a user,
  or None for a plain address), for a letter that names players: each is
  named as that recipient may see them (league.selectors.shown_names).
- `link` is the absolute address of the page where the recipient acts
  (`site_link` makes one from a URL name).

It returns how many notices it wrote to be sent. Each is sent by its own
task once the caller's transaction commits (nothing is sent for a change
rolled back). The task locks the notice's row, so two workers never send
one notice twice; a failure to reach the mail server is recorded on the
notice and retried with a growing wait, and `notices_catch_up` (every ten
minutes) sends what is still pending or failed, for two days.
"""
import logging
import smtplib
from collections.abc import Callable, Iterable
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.mail import EmailMessage
from django.db import IntegrityError, connection, transaction
from django.urls import reverse
from django.utils import timezone

from league.authors import Author
from league.models import League, Notice, NoticeStop
from league.models.notices import UNSTOPPABLE_KINDS
from league.refusals import Refused
from league.selectors.access import secretary_refusal
from league.services.audit import audit_record
from league.tasks import notice_send_task

log = logging.getLogger(__name__)

Recipient = User | str | None
# Words for every recipient, or written for each one.
Words = str | Callable[[User | None], str]
UNSUBSCRIBE_SALT = "league.notices.unsubscribe"
# A notice tried this often is left failed: a secretary may send it again.
ATTEMPTS_MAX = 24
# A pending notice younger than this is left to its own task.
CATCH_UP_AFTER = timedelta(minutes=5)


def site_link(name: str, *args: Any, query: str = "") -> str:
    """The absolute address of a page, by its URL name, for an email."""
    return f"{settings.SITE_URL}{reverse(name, args=args)}{'?' + query if query else ''}"


def notice_queue(*, kind: str, event: str, league: League, to: Iterable[Recipient], subject: Words, body: Words,
                 link: str) -> int:
    """Writes a notice of the event for each recipient not told of it
    before, and queues each one to send once the transaction commits;
    returns how many will be sent (see the module's docstring)."""
    written = 0
    for user, address in _recipients(to):
        key = f"{event}:{f'user:{user.pk}' if user is not None else f'to:{address}'}"[:255]
        status = Notice.Status.SKIPPED if _stopped(address, kind) else Notice.Status.PENDING
        notice = _write(key=key, league=league, kind=kind, user=user, address=address,
                        subject=_for(subject, user)[:200], body=_letter(_for(body, user), link, address, kind),
                        link=link, status=status)
        if notice is not None and status == Notice.Status.PENDING:
            transaction.on_commit(partial(notice_send_task.delay, notice.pk))
            written += 1
    return written


def notice_send(*, notice_id: int) -> bool:
    """Sends one pending or failed notice; True if this call sent it.
    Another worker sending it at the same moment holds its row: this call
    then leaves it. Raises the mail server's error, once recorded, for the
    task to retry."""
    error: Exception | None = None
    with transaction.atomic():
        rows = Notice.objects.filter(pk=notice_id, status__in=[Notice.Status.PENDING, Notice.Status.FAILED])
        # SQLite locks the whole database for a write instead.
        skip = connection.features.has_select_for_update_skip_locked
        notice = rows.select_for_update(skip_locked=skip, no_key=True).first()
        if notice is None:
            return False
        notice.attempts += 1
        notice.tried_at = timezone.now()
        try:
            _message(notice).send()
        except (smtplib.SMTPException, OSError) as err:
            error = err
            notice.status, notice.last_error = Notice.Status.FAILED, f"{type(err).__name__}: {err}"[:2000]
        else:
            notice.status, notice.sent_at, notice.last_error = Notice.Status.SENT, timezone.now(), ""
        notice.save(update_fields=["attempts", "tried_at", "status", "sent_at", "last_error"])
    if error is not None:
        log.warning("notice %s not sent (attempt %s): %s", notice_id, notice.attempts, error)
        raise error
    return True


def notices_catch_up() -> int:
    """Sends the notices still pending or failed, younger than
    NOTICES_CATCH_UP_HOURS and tried fewer than ATTEMPTS_MAX times: their
    task was lost, or its retries ran out while the mail server was down.
    Returns how many it sent."""
    now = timezone.now()
    due = (Notice.objects.filter(status__in=[Notice.Status.PENDING, Notice.Status.FAILED],
                                 created_at__gte=now - timedelta(hours=settings.NOTICES_CATCH_UP_HOURS),
                                 created_at__lte=now - CATCH_UP_AFTER, attempts__lt=ATTEMPTS_MAX)
           .order_by("created_at", "pk").values_list("pk", flat=True))
    sent = 0
    for notice_id in list(due):
        try:
            sent += notice_send(notice_id=notice_id)
        except (smtplib.SMTPException, OSError):
            break  # the mail server is down: the next run tries again
    return sent


def notice_resend(*, notice_id: int, user: Author) -> Notice:
    """A secretary of the notice's league sends a failed notice again.
    Raises Notice.DoesNotExist, NotSecretary or Refused (audited)."""
    with transaction.atomic():
        notice = Notice.objects.select_for_update(no_key=True).select_related("league").get(pk=notice_id)
        failure = (secretary_refusal(league=notice.league, user=user, doing="can send a notice again")
                   or (None if notice.status == Notice.Status.FAILED
                       else Refused(f"only a failed notice is sent again; this one is {notice.status}")))
        if failure is None:
            notice.status = Notice.Status.PENDING
            notice.save(update_fields=["status"])
            transaction.on_commit(lambda: notice_send_task.delay(notice.pk))
        audit_record(user=user, action="notice.resend", target=notice, refusal=failure,
                     data={"address": notice.address, "kind": notice.kind, "attempts": notice.attempts})
    if failure is not None:
        raise failure
    return notice


def unsubscribe_token(address: str, kind: str) -> str:
    return signing.dumps({"a": address, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_read(token: str) -> tuple[str, str] | None:
    """The address and kind a token from an email names; None if it was
    not made here."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("a"), str) or not isinstance(data.get("k"), str):
        return None
    return data["a"], data["k"]


def notices_stop(*, address: str, kind: str = "") -> bool:
    """Stops one kind of notice to the address, or every kind (""); True if
    it was not stopped before. Safe to repeat."""
    address = address.strip().lower()
    with transaction.atomic():
        _, made = NoticeStop.objects.get_or_create(address=address, kind=kind)
        audit_record(user=None, action="notices.stop", target=address, data={"kind": kind, "new": made})
    return made


def notice_preferences_set(*, address: str, stopped: set[str]) -> None:
    """An address's stops made exactly `stopped` (kinds, "" for all)."""
    address = address.strip().lower()
    with transaction.atomic():
        NoticeStop.objects.filter(address=address).exclude(kind__in=stopped).delete()
        for kind in stopped:
            NoticeStop.objects.get_or_create(address=address, kind=kind)


def _for(words: Words, user: User | None) -> str:
    return words(user) if callable(words) else words


def _recipients(to: Iterable[Recipient]) -> list[tuple[User | None, str]]:
    seen: dict[str, tuple[User | None, str]] = {}
    for recipient in to:
        user = recipient if isinstance(recipient, User) else None
        given = recipient.email if isinstance(recipient, User) else recipient or ""
        address = given.strip().lower()
        if address and address not in seen:
            seen[address] = (user, address)
    return list(seen.values())


def _stopped(address: str, kind: str) -> bool:
    if kind in UNSTOPPABLE_KINDS:
        return False
    return NoticeStop.objects.filter(address=address, kind__in=["", kind]).exists()


def _write(*, key: str, **fields: Any) -> Notice | None:
    """The new notice, or None if one has the key already (written before,
    or by a transaction running alongside, which the savepoint survives)."""
    if Notice.objects.filter(key=key).exists():
        return None
    try:
        with transaction.atomic():
            return Notice.objects.create(key=key, **fields)
    except IntegrityError:
        return None


def _unsubscribe_link(address: str, kind: str) -> str:
    return site_link("notices-unsubscribe", unsubscribe_token(address, kind))


def _letter(body: str, link: str, address: str, kind: str) -> str:
    acting = f"\n{link}\n" if link else ""
    return (f"{body.rstrip()}\n{acting}\n-- \nYou are sent this by the league's scorekeeping service.\n"
            f"To stop these emails: {_unsubscribe_link(address, kind)}\n")


def _message(notice: Notice) -> EmailMessage:
    unsubscribe = _unsubscribe_link(notice.address, notice.kind)
    return EmailMessage(subject=notice.subject, body=notice.body, to=[notice.address], headers={
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    })
