"""A league's roll of honour: for every past season, each league
division's champions and runners-up from its final stored table, and the
cups' winners (`league.selectors.cup_pages.roll_of_winners`).

Terms: a *past season* is one that started before the league's current
season (`league.selectors.seasons`); the current one is still being
played for. Teams sharing first place are joint champions, and then no
team is runner-up; teams sharing second are joint runners-up. A fixed
number of queries whatever the league's history.

Season awards, from the players' stored statistics of the season's league
divisions (not cups), added up across the teams a player played for:
*most 61s*, the most games won on exactly the target, and *best average*,
the most points pegged a game over at least SEASON_AVERAGE_MIN_GAMES
games, level averages going to the player with more games. Ties share.

And *most improved rating*, from the stored ratings (docs/ratings.md): the
rise of the leaderboard's figure (mu - 3 sigma) from a player's rating
before the season's first rated game day to their rating after its last,
among players whose rating before the season stood on at least the
league's `rating_min_games` games (a rating the public could see) and who
played at least SEASON_AVERAGE_MIN_GAMES rated games in between (cups
included, as in the ratings). A newcomer has no rating to improve on: a
rating on few games climbs as its uncertainty narrows, whatever the
results, so measuring from their first games would reward games played,
not improvement. Rises level to one decimal place, as shown, share; a
season in which nobody's rating rose has no award.
"""
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from league.models import Division, League, Player, PlayerStats, Season, TableEntry, Team
from league.selectors.cup_pages import RollLine, roll_of_winners
from league.selectors.honour_marks import Leaders, Totals, honour_leaders, marks, people_of, totals_by_player
from league.selectors.ratings import RatingChange, rating_changes, season_game_days
from league.selectors.seasons import current_of
from league.selectors.shown_names import name_public

# A season's best average needs this many games: about a third of a
# season's singles for a player in a nine-game match format, so that two
# lucky nights do not top the roll. The most improved rating needs as
# many rated games in the season.
SEASON_AVERAGE_MIN_GAMES = 10


@dataclass
class DivisionHonours:
    division: Division
    champions: list[Team] = field(default_factory=list)
    runners_up: list[Team] = field(default_factory=list)


@dataclass
class SeasonHonours:
    season: Season
    divisions: list[DivisionHonours] = field(default_factory=list)
    cups: list[RollLine] = field(default_factory=list)
    most_61s: Leaders | None = None
    best_average: Leaders | None = None
    most_improved: Leaders | None = None


def roll_of_honour(*, league: League) -> list[SeasonHonours]:
    """The league's past seasons, newest first, each with its divisions
    (top first) and cups."""
    seasons = list(Season.objects.filter(league_id=league.pk).order_by("-start", "-id"))
    current = current_of(seasons, chosen_id=league.current_season_id, today=timezone.localdate())
    past = [s for s in seasons if current is not None and (s.start, s.pk) < (current.start, current.pk)]
    honours = {s.pk: SeasonHonours(s) for s in past}
    divisions = {d.pk: DivisionHonours(d) for d in Division.objects.filter(season__in=past, is_cup=False)
                 .order_by("level", "name", "id")}
    for division in divisions.values():
        honours[division.division.season_id].divisions.append(division)
    for entry in (TableEntry.objects.filter(division_id__in=divisions, position__lte=2)
                  .select_related("team").order_by("position", "id")):
        place = divisions[entry.division_id]
        (place.champions if entry.position == 1 else place.runners_up).append(entry.team)
    for line in roll_of_winners(league_id=league.pk):
        if line.competition.season_id in honours:
            honours[line.competition.season_id].cups.append(line)
    _awards(honours, league=league)
    return list(honours.values())


def _awards(honours: dict[int, SeasonHonours], *, league: League) -> None:
    rows = (PlayerStats.objects.filter(season_id__in=honours, division__is_cup=False)
            .values("season_id", "player_id", "team_id", "played", "pegged", "on_target", "fifteens"))
    by_season: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_season.setdefault(row["season_id"], []).append(row)
    totals: dict[int, dict[int, Totals]] = {pk: totals_by_player(some) for pk, some in by_season.items()}
    changes = rating_changes(league_id=league.pk, spans=season_game_days(season_ids=list(honours)),
                             min_before=league.rating_min_games, min_within=SEASON_AVERAGE_MIN_GAMES)
    # The improved are named with the teams they played for in the season's
    # divisions (none, if they played only in its cups).
    improved = {pk: {player: totals.get(pk, {}).get(player, Totals()) for player in some}
                for pk, some in changes.items()}
    people = people_of([*totals.values(), *improved.values()])
    for pk, season_totals in totals.items():
        honours[pk].most_61s = honour_leaders(season_totals, "on_target", people=people)
        honours[pk].best_average = honour_leaders(season_totals, "average", people=people,
                                                  min_games=SEASON_AVERAGE_MIN_GAMES)
    for pk, some in changes.items():
        honours[pk].most_improved = _most_improved(some, improved[pk], people)


def _most_improved(changes: dict[int, RatingChange], totals: dict[int, Totals],
                   people: tuple[dict[int, Player], dict[int, Team]]) -> Leaders | None:
    rises = {player: round(change.rise, 1) for player, change in changes.items()}
    best = max(rises.values(), default=0.0)
    if best <= 0:
        return None
    names, teams = people
    ids = sorted((player for player, rise in rises.items() if rise == best),
                 key=lambda player: (name_public(names[player]).lower(), player))
    players, others = marks(ids, totals, names, teams)
    return Leaders(players, others, rise=best)
