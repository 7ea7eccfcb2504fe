"""What the change-over reads of the season it starts from: its league
divisions top first, each one's final table as stored, the fixtures still
unplayed, the teams that moved venue, and the play-offs with their
results (docs/organisation.md, "The change-over")."""
from dataclasses import dataclass

from django.db.models import F, Q

from league.models import Division, DivisionEntry, Fixture, MatchNight, Season, TableEntry, Team, TeamWithdrawal
from league.standings.promotion import Placed

# A fixture in one of these is still to be played (or to be settled).
OPEN_STATUSES = (Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED)


@dataclass(frozen=True, slots=True)
class FinalTable:
    division: Division
    rows: list[Placed]


def final_tables(*, season_id: int) -> list[FinalTable]:
    """The season's league divisions, top first, each with its teams in
    table order. A team entered but missing from the stored table (no
    table built yet) comes after the table's teams, level with any other
    such team."""
    divisions = list(Division.objects.filter(season_id=season_id, is_cup=False).order_by("level", "name", "id"))
    stored: dict[int, list[Placed]] = {division.pk: [] for division in divisions}
    for entry in TableEntry.objects.filter(division__in=divisions).order_by("position", "id"):
        stored[entry.division_id].append(Placed(entry.team_id, entry.position, entry.shared))
    entered: dict[int, list[int]] = {division.pk: [] for division in divisions}
    for division_id, team_id in (DivisionEntry.objects.filter(division__in=divisions)
                                 .order_by("team__name", "id").values_list("division_id", "team_id")):
        entered[division_id].append(team_id)
    tables = []
    for division in divisions:
        rows = stored[division.pk]
        have = {row.team for row in rows}
        missing = [team for team in entered[division.pk] if team not in have]
        rows = rows + [Placed(team, len(rows) + 1, len(missing) > 1) for team in missing]
        tables.append(FinalTable(division, rows))
    return tables


def unresolved_fixtures(*, season_id: int) -> list[Fixture]:
    """The season's league fixtures neither played to a confirmed result
    nor awarded or voided (play-offs apart: the change-over waits for
    those by name)."""
    return list(Fixture.objects.filter(division__season_id=season_id, division__is_cup=False, playoff=False,
                                       status__in=OPEN_STATUSES)
                .exclude(night__status=MatchNight.Status.CONFIRMED)
                .select_related("home_team", "away_team", "division").order_by("date", "id"))


def withdrawn_teams(*, season_id: int) -> frozenset[int]:
    """The teams that withdrew from a league division of the season."""
    return frozenset(TeamWithdrawal.objects.filter(division__season_id=season_id, division__is_cup=False)
                     .values_list("team_id", flat=True))


def venue_movers(*, season_id: int) -> frozenset[int]:
    """The teams of the season whose home fixtures were not all at the
    venue they call home now: each fixture keeps the venue it was drawn at,
    so a team that moved during or since the season shows here."""
    moved = (Fixture.objects.filter(division__season_id=season_id, division__is_cup=False, playoff=False)
             .exclude(venue_id=F("home_team__home_venue_id")).values_list("home_team_id", flat=True))
    return frozenset(moved)


@dataclass(frozen=True, slots=True)
class Playoff:
    fixture: Fixture
    winner_id: int | None  # None until decided (a draw decides nothing)

    @property
    def pair(self) -> frozenset[int]:
        return frozenset({self.fixture.home_team_id, self.fixture.away_team_id})


def season_playoffs(*, season_id: int) -> list[Playoff]:
    """The play-offs arranged in the season, oldest first, each with its
    winner once its result is confirmed or it is awarded."""
    fixtures = (Fixture.objects.filter(division__season_id=season_id, playoff=True)
                .exclude(status=Fixture.Status.VOID)
                .select_related("home_team", "away_team", "division", "night").order_by("id"))
    return [Playoff(fixture, _winner(fixture)) for fixture in fixtures]


def _winner(fixture: Fixture) -> int | None:
    if fixture.status == Fixture.Status.WALKOVER:
        return fixture.walkover_winner_id
    night = getattr(fixture, "night", None)
    if night is None or night.status != MatchNight.Status.CONFIRMED:
        return None
    if night.home_games is None or night.away_games is None or night.home_games == night.away_games:
        return None
    return fixture.home_team_id if night.home_games > night.away_games else fixture.away_team_id


def later_season(*, season: Season) -> Season | None:
    """A season of the league starting on or after this one: the
    change-over starts only from the latest."""
    return (Season.objects.filter(league_id=season.league_id, start__gte=season.start).exclude(pk=season.pk)
            .order_by("start").first())


def league_teams(*, league_id: int) -> list[Team]:
    return list(Team.objects.filter(league_id=league_id).order_by("name"))


def teams_by_id(*, ids: set[int]) -> dict[int, Team]:
    return {team.pk: team for team in Team.objects.filter(pk__in=ids).select_related("home_venue")}


def season_named(*, league_id: int, name: str) -> bool:
    return Season.objects.filter(Q(league_id=league_id) & Q(name__iexact=name.strip())).exists()


def teams_outside(*, season_id: int, league_id: int) -> list[Team]:
    """The league's teams in no league division of the season: a new
    season may take them in."""
    entered = DivisionEntry.objects.filter(division__season_id=season_id, division__is_cup=False).values("team_id")
    return list(Team.objects.filter(league_id=league_id).exclude(pk__in=entered).order_by("name"))


def latest_divisions(*, league_id: int) -> list[Division]:
    """The league divisions of the league's latest season, top first: the
    pairs a promotion rule speaks of."""
    season = Season.objects.filter(league_id=league_id).order_by("-start", "-id").first()
    if season is None:
        return []
    return list(Division.objects.filter(season=season, is_cup=False).order_by("level", "name", "id"))
