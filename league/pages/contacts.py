"""A user's own email address, on their account page: the address the
league's notices go to, one given and waiting for confirmation, the form
to give another (or remove it), and the confirmation link's page, which
asks for a press of its button first, so a mail scanner opening the link
confirms nothing (league.services.contacts). The link goes through the
notices' outbox, retried until the mail server takes it."""
from django import forms
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from league.pages.form_keys import Said, done_once
from league.refusals import Refused
from league.selectors.contacts import pending_address
from league.services.contacts import LinkFor, confirm_link_send, email_ask, email_confirm, email_token_read


class EmailForm(forms.Form):
    email = forms.EmailField(label="Your email address", required=False,
                             help_text="Where the league emails you about your matches: a result to confirm, a "
                                       "dispute, a match moved. We send it a link to confirm first. Leave empty "
                                       "to remove yours.")


def _link_for(request: HttpRequest) -> LinkFor:
    return lambda token: request.build_absolute_uri(reverse("email-confirm", args=[token]))


@login_required
@require_http_methods(["GET", "POST"])
def email_address(request: HttpRequest) -> HttpResponse:
    """GET: the address in use and any waiting; POST: a new one (its link
    sent), or `resend` to send the waiting one's link again."""
    user = request.user
    assert isinstance(user, User)
    waiting = pending_address(user=user)
    form = EmailForm(request.POST or None, initial={"email": waiting or user.email})
    # Each form is done once for its key (league.pages.form_keys): a double
    # tap on "Send the link again" sends one letter.
    if request.method == "POST" and request.POST.get("resend") and waiting:
        return done_once(request, lambda: confirm_link_send(user=user, address=waiting, link_for=_link_for(request)),
                         lambda sent: (reverse("email-address"), _said(sent, waiting)))
    if request.method == "POST" and form.is_valid():
        address = form.cleaned_data["email"]
        return done_once(request, lambda: email_ask(user=user, address=address, link_for=_link_for(request)),
                         lambda sent: (reverse("email-address"), _asked(sent, address)))
    return render(request, "accounts/email.html", {"form": form, "address": user.email, "waiting": waiting})


def _asked(sent: bool | None, address: str) -> Said:
    if sent is None:
        return Said("Your address is removed: the league sends you no notices."
                    if not address else "That is your address already.")
    return _said(sent, address.strip().lower())


def _said(sent: bool, address: str) -> Said:
    if sent:
        return Said(f"We are emailing {address} a link: follow it to start the notices there.")
    return Said(f"The link could not be sent to {address} just now: send it again in a while.", "error")


@never_cache
@require_http_methods(["GET", "POST"])
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the address the link confirms, and its button; POST: confirms
    it. Pressing again, or opening an old link for an address in use,
    says it is confirmed and changes nothing."""
    named = email_token_read(token)
    if named is None:
        return render(request, "accounts/email_confirm.html", {"refusal": "this link has expired or was not "
                      "copied whole: give your address again on your account page for a new one"}, status=410)
    if request.method == "POST":
        try:
            _, new = email_confirm(token=token)
        except Refused as refusal:
            return render(request, "accounts/email_confirm.html", {"refusal": refusal.message}, status=410)
        return render(request, "accounts/email_confirm.html", {"done": True, "new": new, "address": named[1]})
    return render(request, "accounts/email_confirm.html", {"address": named[1]})
