"""URLs of the secretary pages (see league.pages.secretary)."""
from django.urls import path  # noqa: F401

urlpatterns: list = []
