"""Logging in and out of the site: Django's own login view on the site's
page, a logout that asks first when reached by a link, since a GET must
never change anything, and the answer to a login refused for too many
failures; a user's own devices (their API tokens), each revocable after a
confirmation, and the password change, which revokes them all."""
import math
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout as end_session
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, PasswordChangeDoneView, PasswordChangeView
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from league.selectors.devices import device_of, devices_of
from league.services.devices import device_token_revoke

login = LoginView.as_view(template_name="registration/login.html", redirect_authenticated_user=True)
# Django's own views; saving the new password revokes every device token
# (league.models.devices), which the form says.
password_change = PasswordChangeView.as_view(template_name="registration/password_change_form.html")
password_change_done = PasswordChangeDoneView.as_view(template_name="registration/password_change_done.html")


@require_http_methods(["GET", "POST"])
def logout(request: HttpRequest) -> HttpResponse:
    """GET: a page with a button to log out; POST: logs out and goes to
    `next` when it is on this site, else the front page."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = reverse("home")
    if request.method == "POST":
        end_session(request)
        return HttpResponseRedirect(target)
    return render(request, "registration/logout.html", {"next": target})


def login_throttled(request: HttpRequest, response: HttpResponse | None, credentials: Any) -> HttpResponse:
    """django-axes' answer (AXES_LOCKOUT_CALLABLE) to a login it refused,
    for the site's page, the admin's and the API alike: 429 with the wait in
    Retry-After. The wait is the whole cool-off, since the refused try has
    just started it again. The API's tablets read JSON; people read a page."""
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    minutes = math.ceil(wait / 60)
    answer: HttpResponse
    if request.path.startswith("/api/"):
        answer = JsonResponse({"error": f"too many failed logins: try again in {minutes} minutes"}, status=429)
    else:
        answer = render(request, "accounts/throttled.html",
                        {"minutes": minutes, "failure_limit": settings.AXES_FAILURE_LIMIT}, status=429)
    answer["Retry-After"] = str(wait)
    return answer


def _user(request: HttpRequest) -> User:
    """The logged-in user (the pages below require a login)."""
    assert isinstance(request.user, User)
    return request.user


@login_required
@require_http_methods(["GET"])
def devices(request: HttpRequest) -> HttpResponse:
    """My devices: each token the user has made through the API, by name,
    with when it was made, last used and expires."""
    return render(request, "accounts/devices.html", {"devices": devices_of(_user(request))})


@login_required
@require_http_methods(["GET", "POST"])
def device_revoke(request: HttpRequest, device_id: int) -> HttpResponse:
    """GET: asks, naming the device; POST: revokes its token, which the next
    request from the device finds refused."""
    device = device_of(_user(request), device_id)
    if device is None:
        raise Http404("no such device of yours")
    if request.method == "POST":
        device_token_revoke(user=_user(request), device_id=device.pk)
        messages.success(request, f"{device.name} is logged out: its token no longer works.")
        return HttpResponseRedirect(reverse("devices"))
    return render(request, "accounts/device_revoke.html", {"device": device})
