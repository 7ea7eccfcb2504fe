"""A league set up for captains to ask to move a match: a published
division of four teams whose matches all lie ahead, each team with its
own captain. Dates are counted from today, never written down."""
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from leagues import a_league, a_season, a_team

from league.models import Division, Fixture, League, Team
from league.services.fixtures import division_team_add, fixtures_generate, fixtures_publish


@dataclass
class Moving:
    league: League
    division: Division
    fixture: Fixture  # the first match: its home and away teams' captains ask and answer
    secretary: Any

    @property
    def home(self) -> Team:
        return self.fixture.home_team

    @property
    def away(self) -> Team:
        return self.fixture.away_team

    def captain(self, team: Team) -> Any:
        assert team.captain is not None
        return team.captain

    def fresh(self) -> Fixture:
        return Fixture.objects.select_related("home_team", "away_team").get(pk=self.fixture.pk)


def day(offset: int) -> date:
    return timezone.localdate() + timedelta(days=offset)


def a_moving_league(*, proposer: str = "either", notice: int = 0, names: tuple[str, ...] = (
        "Red Lion A", "Crown B", "Bell A", "Swan A")) -> Moving:
    """The league's matches start on the first weekday a week or more
    from today (the weekday today's), one a week."""
    users = get_user_model().objects
    league = a_league(postpone_proposer=proposer, rearrange_notice_days=notice)
    secretary = users.create_user("secretary", password="pw")
    league.secretaries.add(secretary)
    division = Division.objects.create(season=a_season(league), name="Premier")
    for name in names:
        team = a_team(league, name)
        team.captain = users.create_user(f"{name.lower().replace(' ', '-')}-captain", password="pw")
        team.save()
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    fixtures_generate(division_id=division.pk, start=day(7), weekday=day(7).weekday(), user=secretary)
    fixtures_publish(division_id=division.pk, user=secretary)
    fixture = (Fixture.objects.select_related("home_team", "away_team").filter(division=division)
               .order_by("week", "pk").first())
    assert fixture is not None
    return Moving(league=league, division=division, fixture=fixture, secretary=secretary)
