"""The Idempotency-Key header: read for every write that takes one, and,
for the writes of a match night and a cup tie, the wrapper that does the
write once per key (league.services.write_answers)."""
from collections.abc import Callable
from functools import wraps
from typing import Any

from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from league.models.write_answers import KEY_MAX_LENGTH
from league.services.write_answers import keyed_request, write_once

Handler = Callable[..., Response]


def idempotency_key(request: Request) -> str:
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > KEY_MAX_LENGTH:
        raise serializers.ValidationError({"Idempotency-Key": f"at most {KEY_MAX_LENGTH} characters"})
    return key


def once_per_key(handler: Handler) -> Handler:
    """Wraps an APIView's write: the write and its answer in one transaction,
    the answer stored under the request's Idempotency-Key (if it sent one)
    and given again, unchanged, to a retry with that key."""

    @wraps(handler)
    def write(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        keyed = keyed_request(user=request.user, key=idempotency_key(request), method=request.method or "",
                              path=request.path, body=request.data)

        def answer() -> tuple[int, Any]:
            response = handler(view, request, *args, **kwargs)
            return response.status_code, response.data

        status, body = write_once(keyed=keyed, write=answer)
        return Response(body, status=status)

    return write
