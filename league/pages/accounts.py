"""Logging in and out of the site: Django's own login view on the site's
page, and a logout that asks first when reached by a link, since a GET
must never change anything."""
from django.contrib.auth import logout as end_session
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

login = LoginView.as_view(template_name="registration/login.html", redirect_authenticated_user=True)


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
