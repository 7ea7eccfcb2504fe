"""URLs of the match night pages (see league.pages.night)."""
from django.urls import path  # noqa: F401

urlpatterns: list = []
