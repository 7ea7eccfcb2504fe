"""A fixture ready for its match night: a league playing a given format, two
teams with captains and a scorer, full squads, and the published fixture
between them; and ways to fill in its team sheet and play its games."""
import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from leagues import a_league, a_team, players
from rest_framework.test import APIClient
from tablets import post_move

from league.models import Division, DivisionEntry, Fixture, League, Player, Season, SquadRegistration, Team
from league.services.match_games import rubber_game_card
from league.services.results import match_submit
from league.services.teamsheets import team_sheet_enter
from scoring.simulate import random_game


@dataclass
class Night:
    league: League
    season: Season
    division: Division
    home: Team
    away: Team
    fixture: Fixture
    home_players: list[Player]
    away_players: list[Player]
    home_captain: Any
    away_captain: Any
    home_scorer: Any
    secretary: Any

    def lineups(self, kinds: list[str]) -> list[tuple[list[int], list[int]]]:
        """A lawful sheet for these rubber kinds: each player once a kind,
        in squad order."""
        sheet, singles, pairs = [], 0, 0
        for kind in kinds:
            if kind == "singles":
                sheet.append(([self.home_players[singles].pk], [self.away_players[singles].pk]))
                singles += 1
            else:
                at = 2 * pairs
                sheet.append(([p.pk for p in self.home_players[at:at + 2]], [p.pk for p in self.away_players[at:at + 2]]))
                pairs += 1
        return sheet


def a_match_night(match_format: str = "plain", *, squad: int = 10, played_days_ago: int = 0,
                  league_name: str = "Leek & District", **settings: Any) -> Night:
    users = get_user_model().objects
    prefix = league_name.split()[0].lower()
    league = a_league(league_name, match_format=match_format, **settings)
    secretary = users.create_user(f"{prefix}-secretary")
    league.secretaries.add(secretary)
    today = timezone.localdate()
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=60),
                                   registration_deadline=today - timedelta(days=50), squad_max=12, squad_min=1)
    division = Division.objects.create(season=season, name="Premier")
    home, away = a_team(league, f"{prefix.title()} Red Lion A"), a_team(league, f"{prefix.title()} Crown B")
    home.captain = users.create_user(f"{prefix}-home-captain")
    away.captain = users.create_user(f"{prefix}-away-captain")
    home.save()
    away.save()
    scorer = users.create_user(f"{prefix}-home-scorer")
    home.scorers.add(scorer)
    squads = []
    for team in (home, away):
        DivisionEntry.objects.create(division=division, team=team)
        roster = players(squad, prefix=team.name)
        SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p) for p in roster)
        squads.append(roster)
    fixture = Fixture.objects.create(
        division=division, week=1, date=today - timedelta(days=played_days_ago), home_team=home, away_team=away,
        venue=home.home_venue, status=Fixture.Status.PUBLISHED,
    )
    return Night(league, season, division, home, away, fixture, squads[0], squads[1], home.captain, away.captain,
                 scorer, secretary)


def sheet_entered(night: Night, kinds: list[str]) -> None:
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=night.lineups(kinds), user=night.home_captain)


def play_live(tablet: APIClient, game: dict[str, Any], seed: int) -> dict[str, Any]:
    """Plays a whole random game into the live game `game` (its state as
    the API gives it) through the API; returns the final state."""
    partners = len(game["seats"]) == 4
    sheet = random_game(random.Random(seed), game["rules"], seats=len(game["seats"]), partners=partners)
    state = game
    for hand in sheet["hands"]:
        for move in hand["moves"]:
            response = post_move(tablet, state["id"], move, seq=state["seq"])
            assert response.status_code == 201, (move, response.json())
            state = response.json()["state"]
    assert state["status"] == "won"
    return state


def submitted_five_four(night: Night) -> None:
    """Nine singles entered from the card, won 5-4 by the home side, and
    submitted by the home captain."""
    sheet_entered(night, ["singles"] * 9)
    for number in range(1, 10):
        home, away = (61, 40) if number <= 5 else (30, 61)
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
