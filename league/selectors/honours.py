"""A league's roll of honour: for every past season, each league
division's champions and runners-up from its final stored table, and the
cups' winners (`league.selectors.cup_pages.roll_of_winners`).

Terms: a *past season* is one that started before the league's current
season (`league.selectors.seasons`); the current one is still being
played for. Teams sharing first place are joint champions, and then no
team is runner-up; teams sharing second are joint runners-up. A fixed
number of queries whatever the league's history.
"""
from dataclasses import dataclass, field

from django.utils import timezone

from league.models import Division, League, Season, TableEntry, Team
from league.selectors.cup_pages import RollLine, roll_of_winners
from league.selectors.seasons import current_of


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
    return list(honours.values())
