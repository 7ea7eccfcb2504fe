"""URLs of the pad pages (see league.pages.pad)."""
from django.urls import path  # noqa: F401

urlpatterns: list = []
