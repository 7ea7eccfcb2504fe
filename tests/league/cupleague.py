"""A league ready for a team cup: a secretary, a season under way, teams
with captains and full squads, and ways to drive a cup and play its legs
through the API as the captains' phones and the secretary do."""
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from leagues import a_league, a_team, players
from rest_framework.test import APIClient
from tablets import tablet_for

from league.models import League, Season, SquadRegistration, Team, Venue

SQUAD = 9  # the plain format's nine singles, each player once


@dataclass
class CupLeague:
    league: League
    season: Season
    secretary: Any
    teams: list[Team]
    finals_venue: Venue

    def desk(self) -> APIClient:
        """The secretary's tablet."""
        return tablet_for(self.secretary)

    def captain(self, team: Team) -> APIClient:
        return tablet_for(team.captain)

    def team_named(self, name: str) -> Team:
        return next(team for team in self.teams if team.name == name)


def a_cup_league(count: int, *, names: str = "ABCDEFGH") -> CupLeague:
    users = get_user_model().objects
    league = a_league("Leek & District", match_format="plain")
    secretary = users.create_user("cup-secretary")
    league.secretaries.add(secretary)
    today = timezone.localdate()
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=30),
                                   registration_deadline=today - timedelta(days=20), squad_max=12, squad_min=1)
    teams = []
    for letter in names[:count]:
        team = a_team(league, f"{letter} Arms A")
        team.captain = users.create_user(f"captain-{letter.lower()}")
        team.save()
        roster = players(SQUAD, prefix=team.name)
        SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p) for p in roster)
        teams.append(team)
    return CupLeague(league, season, secretary, teams, Venue.objects.create(name="The Town Hall"))


def day(offset: int) -> date:
    return timezone.localdate() + timedelta(days=offset)


def ok(response: Any, code: int = 200) -> Any:
    assert response.status_code == code, (response.status_code, response.json())
    return response.json()


def squad_ids(team: Team, season: Season) -> list[int]:
    return list(SquadRegistration.objects.filter(team=team, season=season).order_by("player__name", "pk")
                .values_list("player_id", flat=True))


def leg_entered(cup: CupLeague, fixture: dict[str, Any], *, home_wins: int, home_loses_with: int = 40,
                away_loses_with: int = 40) -> None:
    """The sheet and nine card scores of a leg (plain format), the home side
    winning the first `home_wins` rubbers; each loser pegs the given points."""
    home, away = Team.objects.get(pk=fixture["home_team"]["id"]), Team.objects.get(pk=fixture["away_team"]["id"])
    url = f"/api/fixtures/{fixture['id']}/night"
    home_players, away_players = squad_ids(home, cup.season), squad_ids(away, cup.season)
    sheet = {"rubbers": [{"home": [h], "away": [a]} for h, a in zip(home_players, away_players, strict=True)]}
    captain = cup.captain(home)
    ok(captain.put(f"{url}/sheet", sheet, format="json"))
    for rubber in range(1, 10):
        score = (61, away_loses_with) if rubber <= home_wins else (home_loses_with, 61)
        ok(captain.post(f"{url}/rubbers/{rubber}/games", {"home_score": score[0], "away_score": score[1]},
                        format="json"), 201)
    ok(captain.post(f"{url}/submit", {}, format="json"))


def leg_played(cup: CupLeague, fixture: dict[str, Any], *, home_wins: int, home_loses_with: int = 40,
               away_loses_with: int = 40) -> None:
    """A leg entered, submitted by the home captain and confirmed by the away one."""
    leg_entered(cup, fixture, home_wins=home_wins, home_loses_with=home_loses_with, away_loses_with=away_loses_with)
    away = Team.objects.get(pk=fixture["away_team"]["id"])
    ok(cup.captain(away).post(f"/api/fixtures/{fixture['id']}/night/confirm", {}, format="json"))
