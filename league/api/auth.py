"""Logging a device in: a token of its own, under the name the user gives
it, for the tablet's `Authorization: Token ...`."""
from typing import Any

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.schema import ErrorOutput, text
from league.services.devices import device_token_issue


class TokenApi(APIView):
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]

    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TokenInput"

        username = text(max_length=150)
        password = serializers.CharField(min_length=1, style={"input_type": "password"}, trim_whitespace=False)
        device = text(
            max_length=80, required=False, default="Unnamed device",
            help_text="A name for this device, shown on the user's My devices page (e.g. Red Lion tablet 2).",
        )

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TokenOutput"

        token = serializers.CharField(help_text="Shown this once: only a hash of it is kept.")
        device = serializers.IntegerField(help_text="The device's id on the My devices page.")
        name = serializers.CharField()
        expires_at = serializers.DateTimeField(allow_null=True)

    @extend_schema(request=InputSerializer, summary="Log a device in",
                   responses={200: OutputSerializer, 400: ErrorOutput, 413: ErrorOutput, 429: ErrorOutput})
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # The Django request, not DRF's wrapper: django-axes marks a refused
        # login on it for its middleware, which answers 429.
        credentials = {key: data.validated_data[key] for key in ("username", "password")}
        user = authenticate(request._request, **credentials)
        if user is None or not user.is_active:
            return Response({"error": "unknown username or wrong password"}, status=status.HTTP_400_BAD_REQUEST)
        issued = device_token_issue(user=user, name=data.validated_data["device"])
        return Response(self.OutputSerializer({
            "token": issued.raw, "device": issued.device.pk, "name": issued.device.name,
            "expires_at": issued.device.expires_at,
        }).data)


class WhoAmIApi(APIView):
    """Who the credentials belong to: the cheapest authenticated request."""

    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "WhoAmIOutput"

        username = serializers.CharField()

    @extend_schema(responses={200: OutputSerializer, 401: ErrorOutput}, summary="Who is logged in")
    def get(self, request: Request) -> Response:
        return Response(self.OutputSerializer({"username": request.user.get_username()}).data)
