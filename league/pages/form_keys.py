"""A page's form that writes, done once however often it is sent: each
such form carries a hidden key made when it was rendered (`{% form_key %}`,
league.templatetags.form_keys), and the write goes through
league.services.write_answers with it, as the API's Idempotency-Key does.
A double tap, or the browser sending the form again after the answer was
lost, finds the first answer stored: the same message, the same page to go
to, and nothing done twice."""
from collections.abc import Callable
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from league.models.write_answers import KEY_MAX_LENGTH
from league.refusals import KeyReused, NotPermitted, Refused
from league.services.write_answers import keyed_request, write_once

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
# Where to go once the write is done, and the message to show there (if any).
Done = tuple[str, str]


def done_once(request: HttpRequest, write: Callable[[], T], done: Callable[[T], Done]) -> HttpResponse:
    """Runs `write` and goes where `done` says with its message; or, for a
    form sent again, goes where the first sending went. A refusal is raised
    as the service raised it, for the page to show."""
    key = request.POST.get(FORM_KEY_FIELD, "")
    form = {name: request.POST.getlist(name) for name in sorted(request.POST) if name not in UNCOMPARED}
    # A key no form of the site makes (too long) is not used: the write is done as if it had none.
    keyed = keyed_request(user=request.user, key=key if len(key) <= KEY_MAX_LENGTH else "", method="POST",
                          path=request.path, body=form)

    def answer() -> tuple[int, Any]:
        location, message = done(write())
        return 302, {"location": location, "message": message}

    try:
        _, body = write_once(keyed=keyed, write=answer)
    except KeyReused:
        raise KeyReused("This form was sent before with other details: reload the page and fill it in "
                        "again.") from None
    if body["message"]:
        messages.success(request, body["message"])
    return HttpResponseRedirect(body["location"])


def done_once_or_refused(request: HttpRequest, back: str, write: Callable[[], T],
                         message: Callable[[T], str]) -> HttpResponse:
    """`done_once` for a form whose every answer is the page at `back`: the
    write's message there, or the service's refusal shown there as an error
    (the cup pages' forms, which say what happened above the page)."""
    try:
        return done_once(request, write, lambda done: (back, message(done)))
    except (Refused, NotPermitted) as refusal:
        messages.error(request, refusal.message)
        return HttpResponseRedirect(back)
