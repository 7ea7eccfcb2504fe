"""Public URLs: what teams and the public read without logging in."""
from django.urls import path

from league.public_views import home, team_fixtures_ics

urlpatterns = [
    path("", home, name="home"),
    path("teams/<int:team_id>/fixtures.ics", team_fixtures_ics, name="team-fixtures-ics"),
]
