"""Inviting a team's captain or scorers: the secretary's form (by email,
or a link to copy and pass on), withdrawing an invitation, and the page
the link opens, where the person invited chooses a username and password
and is logged in as the team's captain or scorer. That page is for anyone
holding the link: the link is the key, and it works once."""
from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from league.models import LoginInvite
from league.pages.form_fields import OneLineField
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.clubs import team_get
from league.selectors.invites import invite_by_token, invite_closed_reason
from league.services.invites import INVITE_DAYS, invite_accept, invite_create, invite_withdraw

BACKEND = "django.contrib.auth.backends.ModelBackend"


class InviteForm(forms.Form):
    role = forms.ChoiceField(label="Invite them as", choices=LoginInvite.Role.choices, widget=forms.RadioSelect,
                             initial=LoginInvite.Role.SCORER)
    name = OneLineField(max_length=200, required=False, help_text="So the invitation greets them by name.")
    email = forms.EmailField(required=False,
                             help_text="Leave empty to copy the link yourself and pass it on (text, WhatsApp).")


class AcceptForm(forms.Form):
    username = OneLineField(max_length=150, help_text="What you will log in with: letters, digits and @.+-_")
    first_name = OneLineField(max_length=150, required=False)
    last_name = OneLineField(max_length=150, required=False)
    password1 = forms.CharField(label="Password", strip=False, widget=forms.PasswordInput)
    password2 = forms.CharField(label="The password again", strip=False, widget=forms.PasswordInput)

    def clean_username(self) -> str:
        name = str(self.cleaned_data["username"]).strip()
        if not all(c.isalnum() or c in "@.+-_" for c in name):
            raise forms.ValidationError("use only letters, digits and @ . + - _")
        return name

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", "the two passwords differ")
        elif first:
            try:
                validate_password(str(first))
            except ValidationError as error:
                self.add_error("password1", error)
        return data


@secretary_page
@require_http_methods(["GET", "POST"])
def invite_new(request: HttpRequest, team_id: int) -> HttpResponse:
    """The invitation form; posted, the invitation is made, sent if an
    address was given, and its link shown this once."""
    team = team_get(team_id=team_id)
    require_secretary(request, team.league)
    form = InviteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            invite, link = invite_create(
                team_id=team.pk, user=request.user, **form.cleaned_data,
                link_for=lambda token: request.build_absolute_uri(reverse("invite-accept", args=[token])))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            return render(request, "secretary/invite_made.html", {
                "team": team, "invite": invite, "link": link, "days": INVITE_DAYS})
    return render(request, "secretary/invite_new.html", {"team": team, "form": form, "days": INVITE_DAYS})


@secretary_page
@require_POST
def invite_withdraw_page(request: HttpRequest, team_id: int, invite_id: int) -> HttpResponse:
    team = team_get(team_id=team_id)
    require_secretary(request, team.league)
    try:
        invite_withdraw(invite_id=invite_id, user=request.user)
    except (LoginInvite.DoesNotExist, *REFUSALS) as refusal:
        messages.error(request, getattr(refusal, "message", "no such invitation"))
    else:
        messages.success(request, "The invitation is withdrawn: its link no longer works.")
    return HttpResponseRedirect(reverse("secretary-team", args=[team.pk]))


@never_cache
@require_http_methods(["GET", "POST"])
def accept(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation's page: who invites whom to what, and the form to
    choose a login; or why the link no longer works (410)."""
    invite = invite_by_token(token=token)
    if invite is None:
        return render(request, "secretary/invite_closed.html",
                      {"reason": "this link opens no invitation: check it was copied whole"}, status=404)
    closed = invite_closed_reason(invite)
    if closed is not None:
        return render(request, "secretary/invite_closed.html", {"reason": closed}, status=410)
    form = AcceptForm(request.POST or None, initial={"first_name": invite.name.split(" ")[0] if invite.name else ""})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = invite_accept(token=token, username=data["username"], password=data["password1"],
                                 first_name=data["first_name"], last_name=data["last_name"])
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            login(request, user, backend=BACKEND)
            role = "captain" if invite.role == LoginInvite.Role.CAPTAIN else "a scorer"
            messages.success(request, f"Welcome, {user.get_username()}: you are {role} of {invite.team}.")
            return HttpResponseRedirect(reverse("public-team", args=[invite.team_id]))
    return render(request, "secretary/invite_accept.html", {"invite": invite, "form": form})
