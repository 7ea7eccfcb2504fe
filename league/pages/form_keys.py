"""A page's form that writes, done once however often it is sent: each
such form carries a hidden key made when it was rendered (`{% form_key %}`,
league.templatetags.form_keys), and the write goes through
league.services.write_answers with it, as the API's Idempotency-Key does.
A double tap, or the browser sending the form again after the answer was
lost, finds the first answer stored: the same message, the same page to go
to, and nothing done twice."""
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from league.models.write_answers import KEY_MAX_LENGTH
from league.refusals import KeyReused, NotPermitted, Refused
from league.services.write_answers import Keyed, keyed_request, write_once

FORM_KEY_FIELD = "form_key"
# Not part of what was asked: the CSRF token differs from one rendering to the next.
UNCOMPARED = {FORM_KEY_FIELD, "csrfmiddlewaretoken"}

T = TypeVar("T")


class FormInvalid(Exception):
    """A form found invalid inside its keyed write (`cleaned`)."""


def cleaned(form: forms.Form) -> dict[str, Any]:
    """The form's data, checked inside its write rather than before it
    where what the form may hold depends on what the write changes (a team
    entered is no longer offered, a date picked no longer offered): the
    stored answer is looked up first, so a resend still finds it."""
    if not form.is_valid():
        raise FormInvalid
    return form.cleaned_data


Level = Literal["success", "warning", "error"]


@dataclass(frozen=True)
class Said:
    """A message and the level the page shows it at (its tag there), such
    as a warning for a write done only in part. The level is stored with the
    answer, so a resend shows the message as the first sending did."""

    text: str
    level: Level = "success"


# The messages framework's levels, by the names stored with an answer.
LEVELS: dict[Level, int] = {"success": messages.SUCCESS, "warning": messages.WARNING, "error": messages.ERROR}
# Where to go once the write is done, and the message to show there (if
# any): words alone are a success.
Done = tuple[str, str | Said]


def done_once(request: HttpRequest, write: Callable[[], T], done: Callable[[T], Done]) -> HttpResponse:
    """Runs `write` and goes where `done` says with its message; or, for a
    form sent again, goes where the first sending went. A refusal is raised
    as the service raised it, for the page to show."""

    def answer() -> dict[str, Any]:
        location, message = done(write())
        said = message if isinstance(message, Said) else Said(message)
        return {"location": location, "message": said.text, "level": said.level}

    body = answered_once(request, answer)
    _show(request, body)
    return HttpResponseRedirect(body["location"])


def answered_once(request: HttpRequest, write: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """What `write` answers (as JSON would carry it), or for a form sent
    again what the first sending's write answered: for a form whose answer
    is a page made from it rather than a redirect (`done_once`)."""
    try:
        _, body = write_once(keyed=form_keyed(request), write=lambda: (200, write()))
    except KeyReused:
        raise KeyReused("This form was sent before with other details: reload the page and fill it in "
                        "again.") from None
    return dict(body)


def form_keyed(request: HttpRequest) -> Keyed | None:
    """The form's key as its write stores it: whose, the key, and what the
    form asked; None for a form sent without one."""
    key = request.POST.get(FORM_KEY_FIELD, "")
    form = {name: request.POST.getlist(name) for name in sorted(request.POST) if name not in UNCOMPARED}
    # A key no form of the site makes (too long) is not used: the write is done as if it had none.
    return keyed_request(user=request.user, key=key if len(key) <= KEY_MAX_LENGTH else "", method="POST",
                         path=request.path, body=form)


def _show(request: HttpRequest, body: dict[str, Any]) -> None:
    """The answer's message, at its level. An answer stored without one
    (kept from before levels were stored) is a success, as it was then."""
    if body["message"]:
        messages.add_message(request, LEVELS[body.get("level", "success")], body["message"])


def done_once_or_refused(request: HttpRequest, back: str, write: Callable[[], T],
                         message: Callable[[T], str | Said]) -> HttpResponse:
    """`done_once` for a form whose every answer is the page at `back`: the
    write's message there, or the service's refusal shown there as an error
    (the cup pages' forms, which say what happened above the page)."""
    try:
        return done_once(request, write, lambda done: (back, message(done)))
    except (Refused, NotPermitted) as refusal:
        messages.error(request, refusal.message)
        return HttpResponseRedirect(back)
