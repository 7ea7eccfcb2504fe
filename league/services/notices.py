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
- `to` is users and plain addresses, in any mix; None and repeats are
  passed over. A (user, address) pair is a user at an address not yet
  theirs (the link that confirms it): sent there, and listed as theirs. A user with no confirmed address (`User.email`) is written
  down all the same, as not reached and why, so the secretaries see whom
  a notice missed (league.services.contacts keeps that address).
- `body` is plain text; the link and an unsubscribe link are added under it.
  `subject` and `body` may instead be functions of the recipient (a user,
  or None for a plain address), for a letter that names players: each is
  named as that recipient may see them (league.selectors.shown_names).
- `link` is the absolute address of the page where the recipient acts
  (`site_link` makes one from a URL name).

It returns how many notices it wrote to be sent. Each is sent by its own
task once the caller's transaction commits (nothing is sent for a change
rolled back), and by `notices_catch_up` should that task be lost or fail
(`league.services.notice_sending`, which also keeps two senders from
sending one notice twice).
"""
import logging
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from league.authors import Author
from league.models import League, Notice, NoticeStop, PendingEmail
from league.models.audit_actions import AuditAction
from league.models.notices import UNSTOPPABLE_KINDS
from league.refusals import Refused
from league.selectors.access import secretary_refusal
from league.services.audit import audit_record
from league.services.notice_sending import claim_lapses
from league.services.unsubscribe_links import unsubscribe_key_new, unsubscribe_link
from league.tasks import notice_send_task

log = logging.getLogger(__name__)

Recipient = User | str | tuple[User, str] | None
# What a secretary may send again: stuck waiting, or failed.
RESENDABLE = (Notice.Status.PENDING, Notice.Status.FAILED)
# Words for every recipient, or written for each one.
Words = str | Callable[[User | None], str]


def site_link(name: str, *args: Any, query: str = "") -> str:
    """The absolute address of a page, by its URL name, for an email."""
    return f"{settings.SITE_URL}{reverse(name, args=args)}{'?' + query if query else ''}"


def notice_queue(*, kind: str, event: str, league: League | None, to: Iterable[Recipient], subject: Words,
                 body: Words, link: str) -> int:
    """Writes a notice of the event for each recipient not told of it
    before, and queues each one to send once the transaction commits;
    returns how many will be sent (see the module's docstring)."""
    written = 0
    for user, address in _recipients(to):
        key = f"{event}:{f'user:{user.pk}' if user is not None else f'to:{address}'}"[:255]
        if not address:
            # A key of its own: told again once they have an address, the event still reaches them.
            _write(key=f"{key[:244]}:unreached", league=league, kind=kind, user=user, address="", subject=_for(subject, user)[:200],
                   body=_for(body, user), link=link, status=Notice.Status.UNREACHABLE,
                   last_error=_unreachable_reason(user))
            continue
        status = Notice.Status.SKIPPED if _stopped(address, kind) else Notice.Status.PENDING
        unsubscribe_key = unsubscribe_key_new()
        notice = _write(key=key, league=league, kind=kind, user=user, address=address,
                        subject=_for(subject, user)[:200], body=_letter(_for(body, user), link, unsubscribe_key),
                        link=link, status=status, unsubscribe_key=unsubscribe_key)
        if notice is not None and status == Notice.Status.PENDING:
            transaction.on_commit(partial(_send, notice.pk))
            written += 1
    return written


def notice_resend(*, notice_id: int, user: Author) -> Notice:
    """A secretary of the notice's league sends again a notice that failed
    or is stuck waiting (or stuck sending: its sender stopped). Raises
    Notice.DoesNotExist, NotSecretary or Refused (audited)."""
    with transaction.atomic():
        # Held for a moment only: no sender keeps a notice's row locked.
        notice = Notice.objects.select_for_update(no_key=True, of=("self",)).select_related("league").get(pk=notice_id)
        failure = ((secretary_refusal(league=notice.league, user=user, doing="can send a notice again")
                    if notice.league is not None else Refused("this notice is of no league: no secretary sends it"))
                   or _not_resendable(notice))
        if failure is None:
            notice.status, notice.claimed_at, notice.retry_after = Notice.Status.PENDING, None, None
            notice.save(update_fields=["status", "claimed_at", "retry_after"])
            transaction.on_commit(partial(_send, notice.pk))
        audit_record(user=user, action=AuditAction.NOTICE_RESEND, target=notice, refusal=failure,
                     data={"address": notice.address, "kind": notice.kind, "attempts": notice.attempts})
    if failure is not None:
        raise failure
    return notice


def notices_stop(*, address: str, kind: str = "") -> bool:
    """Stops one kind of notice to the address, or every kind (""); True if
    it was not stopped before. Safe to repeat."""
    address = address.strip().lower()
    with transaction.atomic():
        _, made = NoticeStop.objects.get_or_create(address=address, kind=kind)
        audit_record(user=None, action=AuditAction.NOTICES_STOP, target=address, data={"kind": kind, "new": made})
    return made


def notice_preferences_set(*, address: str, stopped: set[str], shown: set[str]) -> None:
    """Of the choices `shown` (kinds, "" for all), the address's stops made
    exactly `stopped`; a stop the page did not show (made from an email's
    link, of a kind it does not list) is kept."""
    address = address.strip().lower()
    with transaction.atomic():
        NoticeStop.objects.filter(address=address, kind__in=shown).exclude(kind__in=stopped).delete()
        for kind in stopped:
            NoticeStop.objects.get_or_create(address=address, kind=kind)


def _for(words: Words, user: User | None) -> str:
    return words(user) if callable(words) else words


def _recipients(to: Iterable[Recipient]) -> list[tuple[User | None, str]]:
    """Each address once, and each user with no address once (its address
    empty), in the order given."""
    seen: dict[str, tuple[User | None, str]] = {}
    for recipient in to:
        user: User | None
        if isinstance(recipient, tuple):
            user, given = recipient
        else:
            user = recipient if isinstance(recipient, User) else None
            given = recipient.email if isinstance(recipient, User) else recipient or ""
        address = given.strip().lower()
        place = address or (f"user:{user.pk}" if user is not None else "")
        if place and place not in seen:
            seen[place] = (user, address)
    return list(seen.values())


def _unreachable_reason(user: User | None) -> str:
    if user is not None and PendingEmail.objects.filter(user=user).exists():
        return "no confirmed address: the one they gave is waiting for them to confirm it"
    return "no confirmed address"


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


def notice_resendable(notice: Notice) -> bool:
    """Whether a secretary may send it again (as notice_resend allows)."""
    return _not_resendable(notice) is None


def _send(notice_id: int) -> None:
    try:
        notice_send_task.delay(notice_id)
    except Exception as err:  # any broker failure: the change is committed, the catch-up sends the notice
        log.warning("notice %s left for the catch-up: %s", notice_id, err)


def _not_resendable(notice: Notice) -> Refused | None:
    if notice.status in RESENDABLE:
        return None
    if notice.status == Notice.Status.SENDING and notice.claimed_at is not None:
        if notice.claimed_at < timezone.now() - claim_lapses():
            return None  # its sender stopped mid-send
        return Refused("this notice is being sent now; look again in a minute")
    return Refused(f"only a notice waiting to be sent or failed is sent again; this one is {notice.status}")


def _letter(body: str, link: str, unsubscribe_key: str) -> str:
    acting = f"\n{link}\n" if link else ""
    return (f"{body.rstrip()}\n{acting}\n-- \nYou are sent this by the league's scorekeeping service.\n"
            f"To stop these emails: {unsubscribe_link(unsubscribe_key)}\n")
