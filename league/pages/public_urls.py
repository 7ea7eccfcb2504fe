"""URLs of the public league pages (see league.pages.public)."""
from django.urls import path  # noqa: F401

urlpatterns: list = []
