"""Spectators' pages from the cache: the anonymous rendering of a public
page, kept under the versions of what it shows
(`league.selectors.page_versions`), with an ETag made of those versions.

A request from someone not logged in costs two cache round trips and no
SQL: the versions, then either a 304 (the browser's copy is current, sent
as `If-None-Match`) or the stored page (one more, first, for a page that
finds its league: `league.selectors.page_versions.league_of`). Only a miss renders, and stores
what it rendered. Everything else is rendered as before and never stored:
a request with a session (a captain sees forms the public does not), a
query string the page does not name, a page that is not a plain 200 or
that sets a cookie (a CSRF token in a form), and every request while the
cache is down or `settings.SPECTATOR_CACHE` is off.

The pages hold no CSP nonce (the site's policy allows no inline script),
so a stored page stays valid whatever nonce a response carries. Its static
addresses are those of the code that rendered it: the key includes a digest
of the templates, the code and the static files' manifest (`build_digest`),
so after a deployment nothing rendered by the old code is served.
"""
import hashlib
import logging
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeAlias

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, urlencode

from league.selectors.page_versions import EVERYTHING, page_versions

log = logging.getLogger(__name__)

View: TypeAlias = Callable[..., HttpResponseBase]
# The cache keys of the versions a page shows, from the view's arguments.
Keys: TypeAlias = Callable[..., list[str]]

# The response headers a stored page keeps (the rest are the middleware's).
KEPT_HEADERS = ("Content-Type", "X-Robots-Tag", "Content-Language")
# Revalidated on every use: a scoreboard polls, and a 304 costs no SQL.
CACHE_CONTROL = "no-cache"

_digest: list[str] = []


def spectator_cached(keys: Keys, *, params: tuple[str, ...] = ()) -> Callable[[View], View]:
    """Serves the decorated GET view from the cache for anyone not logged in;
    `keys` names the versions its page shows (EVERYTHING is added), `params`
    the query parameters it reads."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not getattr(settings, "SPECTATOR_CACHE", False) or request.method != "GET":
                return view(request, *args, **kwargs)
            if settings.SESSION_COOKIE_NAME in request.COOKIES:
                return _personal(view(request, *args, **kwargs))
            if not set(request.GET) <= set(params):
                return view(request, *args, **kwargs)
            try:
                etag = _etag(request, [*keys(*args, **kwargs), EVERYTHING])
            except Exception as err:  # the cache is down: pages render as before
                log.warning("spectators' page rendered uncached: %s", err)
                return view(request, *args, **kwargs)
            if etag in parse_etags(request.headers.get("If-None-Match", "")):
                return _public(HttpResponseNotModified(), etag)
            stored = _stored(etag)
            if stored is not None:
                return _public(stored, etag)
            response = view(request, *args, **kwargs)
            return _public(response, etag) if _store(request, response, etag) else response

        return wrapped

    return decorate


def _etag(request: HttpRequest, keys: list[str]) -> str:
    """A weak ETag of everything the anonymous page depends on: the code,
    the address, today's date (a page says what is due and overdue) and
    the versions of what it shows."""
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    parts = [build_digest(), request.path, query, timezone.localdate().isoformat(), *page_versions(keys)]
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return f'W/"{digest}"'


def _page_key(etag: str) -> str:
    return f"pages:page:{etag[3:-1]}"


def _stored(etag: str) -> HttpResponse | None:
    try:
        found = cache.get(_page_key(etag))
    except Exception as err:
        log.warning("spectators' page not read from the cache: %s", err)
        return None
    if found is None:
        return None
    response = HttpResponse(found["body"])
    for name, value in found["headers"].items():
        response[name] = value
    return response


def _store(request: HttpRequest, response: HttpResponseBase, etag: str) -> bool:
    """Keeps the rendered page under `etag`, unless it is not one anyone may
    be given: not a plain 200, or setting a cookie or a CSRF token."""
    if (not isinstance(response, HttpResponse) or response.status_code != 200 or response.cookies
            or request.META.get("CSRF_COOKIE_NEEDS_UPDATE")):
        return False
    stored = {"body": response.content,
              "headers": {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}}
    try:
        cache.set(_page_key(etag), stored, settings.SPECTATOR_CACHE_SECONDS)
    except Exception as err:
        log.warning("spectators' page not stored: %s", err)
    return True


def _public(response: HttpResponseBase, etag: str) -> HttpResponseBase:
    """The headers of a page anyone may be given: revalidate each time, and
    a logged-in reader's request (its cookie) is another page."""
    for name in ("Expires", "Cache-Control"):
        if response.has_header(name):
            del response[name]
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    patch_vary_headers(response, ["Cookie"])
    return response


def _personal(response: HttpResponseBase) -> HttpResponseBase:
    """A logged-in reader's page is theirs alone: no shared cache keeps it."""
    if not response.has_header("Cache-Control"):
        add_never_cache_headers(response)
    patch_cache_control(response, private=True)
    return response


def build_digest() -> str:
    """A digest of what renders the pages: the templates, the league app's
    code and the static files' manifest (hashed names). Worked out once a
    process."""
    if not _digest:
        digest = hashlib.sha256()
        base = Path(settings.BASE_DIR)
        for folder, pattern in (("templates", "*"), ("league", "*.py")):
            for path in sorted((base / folder).rglob(pattern)):
                if path.is_file():
                    digest.update(str(path.relative_to(base)).encode())
                    digest.update(path.read_bytes())
        manifest = getattr(staticfiles_storage, "hashed_files", {})
        digest.update(repr(sorted(manifest.items())).encode())
        _digest.append(digest.hexdigest()[:16])
    return _digest[0]
