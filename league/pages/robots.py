"""Keeping a league's public pages out of search engines, when its
secretary asks (League.hide_from_search): every such page says so twice,
in a robots meta tag for crawlers that read the page and in the
X-Robots-Tag header for those that read only headers (and for the
calendar feed and CSV, which have no page)."""
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.models import League


def render_for(request: HttpRequest, template: str, context: dict[str, Any], *, hidden: bool) -> HttpResponse:
    """Renders a public page, kept out of search engines when `hidden`
    (`hidden_by` of the league or leagues it belongs to)."""
    return noindex(render(request, template, {**context, "noindex": hidden}), hidden=hidden)


def hidden_by(*leagues: League) -> bool:
    """Whether any of the leagues a page shows asks to stay out of search engines."""
    return any(league.hide_from_search for league in leagues)


def noindex(response: HttpResponse, *, hidden: bool) -> HttpResponse:
    if hidden:
        response["X-Robots-Tag"] = "noindex"
    return response
