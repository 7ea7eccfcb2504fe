"""Every API error is JSON `{"error": "...", ...}` with its status code,
and every error of the pages is a page of the site.

A service's refusals say why in words fit to show: NotPermitted (this user
may not do this at all) is 403, Refused (the league's rules do not allow
it) is 422, each with the service's message. Below the views, Django's
error handlers answer what no view did: an unknown URL (404), a body over
the size limit (413), a database out of reach (503 with Retry-After), a
bug (500)."""
import sys
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from league.refusals import GameConflict, MoveRejected, NotPermitted, Refused


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, GameConflict):
        return Response({"error": exc.message, "state": exc.state}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, Refused):
        return Response({"error": exc.message, **exc.details}, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, MoveRejected):
        return Response({"error": exc.message}, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, NotPermitted):
        return Response({"error": exc.message}, status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, ObjectDoesNotExist):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"error": "the request is not valid", "fields": response.data}
    elif isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"error": str(response.data["detail"])}
    return response


# --- Errors outside the views ------------------------------------------------
# What escapes DRF (an unknown URL, a body too big to read, the database
# gone, a bug) reaches Django's error handlers, named in config/urls.py.
# Under /api/ they answer JSON, as the views do; elsewhere the site's own
# pages (templates/404.html and the like, in the site's style).

API_PREFIX = "/api/"

# How long a client is asked to wait while the database is out of reach: a
# restart or a failover takes about this long.
DATABASE_RETRY_AFTER_SECONDS = 30


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def _json_error(message: str, status_code: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status_code)


def _page(template_name: str, status_code: int, request: HttpRequest | None = None) -> HttpResponse:
    """An error page. Without `request`, no context processor runs, so the
    page reads nothing from the database (the 500 and 503 pages: the
    database may be why they are shown)."""
    return HttpResponse(loader.render_to_string(template_name, request=request), status=status_code)


def _too_large() -> str:
    return f"the request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes"


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        if _is_api(request):
            return _json_error(_too_large(), 413)
        return _page("413.html", 413)
    if _is_api(request):
        return _json_error("bad request", 400)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _json_error(str(exception) or "you may not do this", 403)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _json_error("not found", 404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django calls this while handling the exception, which sys.exc_info()
    still holds: a database that cannot be reached is a 503 with
    Retry-After (the client should simply try again), anything else a 500."""
    down = isinstance(sys.exc_info()[1], (OperationalError, InterfaceError))
    if down:
        response = (_json_error("the database cannot be reached: try again shortly", 503) if _is_api(request)
                    else _page("503.html", 503))
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
        return response
    return _json_error("server error", 500) if _is_api(request) else _page("500.html", 500)


class BodyLimitMiddleware:
    """Refuses an API request whose body is over DATA_UPLOAD_MAX_MEMORY_SIZE
    before anything reads it. Django checks the size when `request.body` or
    a form is read, but DRF's parsers read the stream itself, which Django
    does not limit. Raising Django's own error sends it to `bad_request`
    above, as on the pages. (The API takes no file uploads, which that
    setting would leave out of the count.)"""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and _is_api(request) and _content_length(request) > limit:
            raise RequestDataTooBig(_too_large())
        return self.get_response(request)


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
