"""A write done once however often it is sent: the one home of writes that
take an idempotency key, other than a game's moves (league.services.log,
whose log rows keep their own answers).

A write with a key runs in one transaction with the storing of its answer
(league.models.WriteAnswer): a write that committed always has its answer
stored, and a write rolled back stores nothing. So an answer lost on its
way back (a dropped connection, a 503 after the commit) costs nothing: the
retry with the same key gets the first answer, and nothing is done again.

Order of the checks:
1. a key already answered, for the same request, gets its stored answer;
   for another request (another URL or body) it is refused (KeyReused, 422);
2. otherwise the write runs; its answer, unless an error (4xx), is stored
   with it;
3. a refusal (NotPermitted, Refused) is not stored: nothing was written but
   the refusal's audit entry, which is kept. A retry is judged afresh.

Two sends of one key at once: the second waits on the first's locks (every
night write locks its fixture), then either finds its own write refused or
fails the unique key; either way it answers with the first's stored answer.
"""
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.authors import Author, author_user
from league.models.write_answers import ANSWER_KEPT_DAYS, WriteAnswer
from league.refusals import KeyReused, NotPermitted, Refused

# An answer: its HTTP status and its body, as JSON would carry it.
Answer = tuple[int, Any]


@dataclass(frozen=True)
class Keyed:
    """Whose key, the key, and the request it came with (a digest)."""

    scope: str
    key: str
    request: str


def keyed_request(*, user: Author, key: str, method: str, path: str, body: Any) -> Keyed | None:
    """The write's key as stored, or None for a write without one (or by
    nobody known, whose answers no one could be sure are theirs)."""
    author = author_user(user)
    if not key or author is None:
        return None
    text = json.dumps(body, sort_keys=True, cls=DjangoJSONEncoder)
    digest = hashlib.sha256(f"{method} {path}\n{text}".encode()).hexdigest()
    return Keyed(scope=f"user:{author.pk}", key=key, request=digest)


def write_once(*, keyed: Keyed | None, write: Callable[[], Answer]) -> Answer:
    """Runs `write` and returns its answer, or the answer stored for the key.

    `write` returns (status, body) or raises; a NotPermitted or Refused is
    raised again once its transaction has committed (keeping the refusal's
    audit entry), anything else rolls everything back."""
    try:
        return _once(keyed, write)
    except IntegrityError:
        # The same key answered by another request meanwhile (its unique
        # constraint), or a fault of the write itself.
        stored = _stored(keyed) if keyed is not None else None
        if stored is None:
            raise
        return stored


def _once(keyed: Keyed | None, write: Callable[[], Answer]) -> Answer:
    with transaction.atomic():
        stored = _stored(keyed) if keyed is not None else None
        if stored is not None:
            return stored
        try:
            status, body = write()
        except (NotPermitted, Refused) as refused:
            failure = refused
        else:
            body = json.loads(json.dumps(body, cls=DjangoJSONEncoder))  # as it will be stored and sent
            if keyed is not None and status < 400:
                _store(keyed, (status, body))
            return status, body
    # Refused, perhaps because a send of the same key committed while this
    # one waited for its locks: then that one's answer is this one's.
    stored = _stored(keyed) if keyed is not None else None
    if stored is not None:
        return stored
    raise failure


def _stored(keyed: Keyed) -> Answer | None:
    row = WriteAnswer.objects.filter(scope=keyed.scope, key=keyed.key).values_list("request", "status", "body")
    found = row.first()
    if found is None:
        return None
    request, status, body = found
    if request != keyed.request:
        raise KeyReused("this Idempotency-Key was sent before with another request: "
                        "make a new key for each write")
    return status, body


def _store(keyed: Keyed, answer: Answer) -> None:
    """Stores the answer, and prunes answers older than ANSWER_KEPT_DAYS:
    on write rather than by a periodic task, so that no schedule has to be
    kept running; the delete reads the answered_at index and mostly finds
    nothing."""
    now = timezone.now()
    WriteAnswer.objects.filter(answered_at__lt=now - timedelta(days=ANSWER_KEPT_DAYS)).delete()
    WriteAnswer.objects.create(scope=keyed.scope, key=keyed.key, request=keyed.request, status=answer[0],
                               body=answer[1], answered_at=now)
