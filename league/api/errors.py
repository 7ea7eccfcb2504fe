"""Every API error is JSON `{"error": "...", ...}` with a 4xx code.

A service's refusals say why in words fit to show: NotPermitted (this user
may not do this at all) is 403, Refused (the league's rules do not allow
it) is 422, each with the service's message."""
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from league.refusals import GameConflict, MoveRejected, NotPermitted, Refused


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, GameConflict):
        return Response({"error": exc.message, "state": exc.state}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, (MoveRejected, Refused)):
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
