"""Email notices from the reader's side: a logged-in user's preferences
(which kinds they get, or none, and which leagues' weekly results), the
unsubscribe link every email carries (no login: the link's signed token
names the email, for a stated time), and the public form for a league's weekly results
with its confirmation link (docs/notices.md)."""
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from league.models import League
from league.models.notices import NOTICE_KINDS, UNSTOPPABLE_KINDS, kind_label
from league.selectors.notices import digest_leagues_of, league_or_none, leagues_by_name, stops_of
from league.selectors.public import league_by_slug
from league.services.digests import digest_choose, digest_confirm, digest_subscribe, digest_token_read
from league.services.notices import notice_preferences_set, notices_stop
from league.services.unsubscribe_links import LinkExpired, unsubscribe_read

# The weekly results are chosen league by league, not as a kind.
CHOSEN_KINDS = {kind: label for kind, label in NOTICE_KINDS.items() if kind != "digest"}


class PreferencesForm(forms.Form):
    stop_all = forms.BooleanField(label="Send me no email notices at all", required=False)

    def __init__(self, *args: Any, leagues: list[League], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for kind, label in CHOSEN_KINDS.items():
            self.fields[f"kind_{kind}"] = forms.BooleanField(label=label, required=False)
        self.fields["digests"] = forms.MultipleChoiceField(
            label="The weekly results and tables of", required=False, widget=forms.CheckboxSelectMultiple,
            choices=[(str(league.pk), league.name) for league in leagues])

    def kind_fields(self) -> list[forms.BoundField]:
        return [self[f"kind_{kind}"] for kind in CHOSEN_KINDS]

    def stopped(self) -> set[str]:
        data = self.cleaned_data
        stopped = {kind for kind in CHOSEN_KINDS if not data[f"kind_{kind}"]}
        return stopped | {""} if data["stop_all"] else stopped

    def shown(self) -> set[str]:
        """The choices the page showed, and so the only ones saving it
        changes: the weekly results stopped from their email's link show
        as no league ticked, and ticking one lifts that stop."""
        return {*CHOSEN_KINDS, ""} | ({"digest"} if self.cleaned_data["digests"] else set())


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    """Email notices: each kind on or off, or none at all, and the weekly
    results league by league, for the user's own address."""
    assert isinstance(request.user, User)
    address = request.user.email.strip().lower()
    leagues = leagues_by_name()
    if not address:
        return render(request, "accounts/notices.html", {"address": "", "form": None})
    stopped = stops_of(address=address)
    initial: dict[str, Any] = {f"kind_{kind}": kind not in stopped for kind in CHOSEN_KINDS}
    digests = [] if "digest" in stopped else [str(pk) for pk in digest_leagues_of(address=address)]
    initial.update(stop_all="" in stopped, digests=digests)
    form = PreferencesForm(request.POST or None, initial=initial, leagues=leagues)
    if request.method == "POST" and form.is_valid():
        notice_preferences_set(address=address, stopped=form.stopped(), shown=form.shown())
        digest_choose(address=address, league_ids={int(pk) for pk in form.cleaned_data["digests"]})
        messages.success(request, "Your email choices are saved.")
        return HttpResponseRedirect(reverse("notice-preferences"))
    return render(request, "accounts/notices.html", {"address": address, "form": form})


@csrf_exempt  # the one-click unsubscribe (RFC 8058) posts from the mail client, with no token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET: asks, naming the address; POST: stops every email to it, or
    with only=kind that kind alone. Repeating it changes nothing more."""
    try:
        found = unsubscribe_read(token)
    except LinkExpired:
        return render(request, "notices/unsubscribe_expired.html",
                      {"days": settings.NOTICES_UNSUBSCRIBE_DAYS, "noindex": True}, status=404)
    if found is None:
        raise Http404("this unsubscribe link is not one of ours, or was cut short")
    address, kind = found.address, found.kind
    if request.method == "POST":
        only = request.POST.get("only") == "kind"
        notices_stop(address=address, kind=kind if only else "")
        return render(request, "notices/unsubscribed.html", {"address": address, "kind": kind_label(kind),
                                                             "only": only})
    # An email that is sent whatever was stopped is not offered as a kind to stop.
    return render(request, "notices/unsubscribe.html", {"address": address, "kind": kind_label(kind),
                                                        "kind_stoppable": kind not in UNSTOPPABLE_KINDS,
                                                        "noindex": True})


class AddressForm(forms.Form):
    address = forms.EmailField(label="Your email address", max_length=254)


@require_http_methods(["GET", "POST"])
def digest_form(request: HttpRequest, slug: str) -> HttpResponse:
    """The public form: an address, sent a link to confirm."""
    league = _league(slug)
    form = AddressForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        digest_subscribe(league=league, address=form.cleaned_data["address"])
        # The same answer whether or not the address had asked before: the
        # page says nothing of who subscribes.
        return render(request, "notices/digest_sent.html", {"league": league,
                                                            "address": form.cleaned_data["address"]})
    return render(request, "notices/digest_form.html", {"league": league, "form": form})


@require_http_methods(["GET", "POST"])
def digest_confirm_page(request: HttpRequest, token: str) -> HttpResponse:
    """GET: a button to confirm (a mail scanner following the link confirms
    nothing); POST: the weekly results start."""
    found = digest_token_read(token)
    if found is None:
        return render(request, "notices/digest_expired.html", status=404)
    league_id, address = found
    league = league_or_none(league_id=league_id)
    if league is None:
        raise Http404("no such league")
    if request.method == "POST":
        digest_confirm(league_id=league.pk, address=address)
        return render(request, "notices/digest_confirmed.html", {"league": league, "address": address})
    return render(request, "notices/digest_confirm.html", {"league": league, "address": address})


def _league(slug: str) -> League:
    try:
        return league_by_slug(slug=slug)
    except League.DoesNotExist:
        raise Http404("no such league") from None
