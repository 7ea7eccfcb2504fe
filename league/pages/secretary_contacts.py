"""A secretary gives or corrects the email address of someone with a part
in their league (a captain, a scorer, a player who logs in): the
secretary's word that it reaches them, so it is used at once, audited,
and its owner can change it on their own page (league.services.contacts)."""
from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.contacts import league_person, pending_address
from league.selectors.secretary import league_get, person
from league.services.contacts import email_set_by_secretary


class PersonEmailForm(forms.Form):
    email = forms.EmailField(label="Their email address", required=False,
                             help_text="Used at once for the league's notices, on your word that it reaches them. "
                                       "Leave empty to remove it.")


@secretary_page
@require_http_methods(["GET", "POST"])
def person_email(request: HttpRequest, league_id: int, user_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    found = league_person(league=league, user_id=user_id)
    if found is None:
        raise Http404("no one of this league")
    form = PersonEmailForm(request.POST or None, initial={"email": found.email})
    if request.method == "POST" and form.is_valid():
        try:
            email_set_by_secretary(league=league, person_id=found.pk, address=form.cleaned_data["email"],
                                   user=request.user)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, f"{person(found)}'s email address is saved: the notices use it now.")
            return HttpResponseRedirect(_back(request, league.pk))
    return render(request, "secretary/person_email.html", {
        "league": league, "person": found, "name": person(found), "form": form,
        "waiting": pending_address(user=found), "back": _back(request, league.pk)})


def _back(request: HttpRequest, league_id: int) -> str:
    """Where to go after saving: the page that linked here, on this site."""
    back = request.GET.get("back") or request.POST.get("back") or ""
    return back if back.startswith("/secretary/") else reverse("secretary-notices", args=[league_id])
