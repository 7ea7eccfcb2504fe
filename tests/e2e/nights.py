"""A match night for the browser tests: a league playing a given format,
two teams with full squads and people's names as long as a real sheet's,
the home team's scorer, tonight's fixture with its team sheet entered; and
a live game played to its last move."""
import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

import scoring
from league import formats
from league.models import Division, DivisionEntry, Fixture, Game, League, Player, Season, SquadRegistration, Team, Venue
from league.services.moves import move_record, shown_record
from league.services.teamsheets import team_sheet_enter
from scoring.simulate import random_game

FIRST = ["Annie", "Bob", "Carol", "Dave", "Edna", "Frank", "Gwen", "Harry", "Iris", "Jack", "Kath", "Len"]
LAST = ["Whitehouse", "Fairbrother", "Ollerenshaw", "Bagshaw", "Hollinshead", "Cartwright"]


@dataclass
class Night:
    fixture: Fixture
    scorer: Any  # scores for the home team
    secretary: Any
    home: list[Player]
    away: list[Player]


def a_night(match_format: str) -> Night:
    users = get_user_model().objects
    today = timezone.localdate()
    league = League.objects.create(name="Solihull & District", slug="solihull", match_format=match_format)
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=30),
                                   registration_deadline=today - timedelta(days=20), squad_max=14, squad_min=1)
    division = Division.objects.create(season=season, name="Premier")
    secretary, scorer = users.create_user("night-secretary"), users.create_user("home-scorer")
    league.secretaries.add(secretary)
    squads = []
    for number, name in enumerate(("Red Lion A", "Crown & Anchor B")):
        team = Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=name[:-2]))
        DivisionEntry.objects.create(division=division, team=team)
        squad = [Player.objects.create(name=f"{first} {LAST[(n + number) % len(LAST)]}")
                 for n, first in enumerate(FIRST)]
        SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p) for p in squad)
        squads.append(squad)
        if number == 0:
            team.scorers.add(scorer)
            home_team = team
        else:
            away_team = team
    fixture = Fixture.objects.create(division=division, week=1, date=today, home_team=home_team, away_team=away_team,
                                     venue=home_team.home_venue, status=Fixture.Status.PUBLISHED)
    team_sheet_enter(fixture_id=fixture.pk, lineups=_lineups(match_format, squads), user=secretary)
    return Night(fixture, scorer, secretary, squads[0], squads[1])


def _lineups(match_format: str, squads: list[list[Player]]) -> list[tuple[list[int], list[int]]]:
    """Singles by the first players, each once; pairs by the rest, two by two."""
    sheet, singles, pairs = [], 0, 0
    home, away = ([p.pk for p in squad] for squad in squads)
    for rubber in formats.format_get(match_format).rubbers:
        if rubber.kind == "singles":
            sheet.append(([home[singles]], [away[singles]]))
            singles += 1
        else:
            at = 6 + 2 * pairs
            sheet.append((home[at:at + 2], away[at:at + 2]))
            pairs += 1
    return sheet


def won_by_a_play(rules: Any, seats: int) -> dict[str, Any]:
    """A whole random game under `rules` whose winning move is a tile
    played (not an award after the tiles are shown), so that a test can
    make that last move on the pad."""
    for seed in range(200):
        sheet = random_game(random.Random(seed), rules, seats=seats, partners=seats == 4)
        last = sheet["hands"][-1]
        if "shown" not in last and last["moves"][-1].get("tile"):
            return sheet
    raise AssertionError("no seed gives a game won by a play")


def played_to_the_last_move(game: Game, user: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Plays a whole game into `game` through the service but its winning
    move; returns that move and the engine's event for it."""
    sheet = won_by_a_play(game.rules, len(game.seats))
    *hands, last = sheet["hands"]
    for number, hand in enumerate(hands):
        for move in hand["moves"]:
            move_record(game_id=game.pk, move=move, user=user)
        if "shown" in hand:
            shown_record(game_id=game.pk, hand=number, shown=hand["shown"], user=user)
    for move in last["moves"][:-1]:
        move_record(game_id=game.pk, move=move, user=user)
    result = scoring.check({**sheet, "seats": game.seats})
    plays = [e for e in result["events"] if e["type"] != "hand-end"]
    return last["moves"][-1], plays[-1]
