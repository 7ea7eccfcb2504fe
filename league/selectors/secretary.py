"""Reading what the secretary's pages show: the leagues a user runs, a
division's teams, its fixtures week by week, and the checks a secretary
makes before publishing them (each team's home and away matches, each
shared venue's busiest night)."""
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Count, Prefetch, Q

from league.models import AuditEntry, Division, DivisionEntry, Fixture, League, Season, Team, Venue
from league.services.fixtures import TRANSITIONS
from league.services.log import Author

Status = Fixture.Status
# Fixtures that take no board on their night.
OFF_THE_BOARD = {Status.POSTPONED, Status.WALKOVER, Status.VOID}


def leagues_run(*, user: Author) -> list[League]:
    """The leagues `user` is a secretary of, each with its seasons (newest
    first) and their divisions, every division counting its teams
    (`team_count`), draft fixtures (`draft_count`) and published ones,
    whatever became of them since (`published_count`)."""
    if user is None or not user.is_authenticated:
        return []
    divisions = Division.objects.annotate(
        team_count=Count("entries", distinct=True),
        draft_count=Count("fixtures", filter=Q(fixtures__status=Status.DRAFT), distinct=True),
        published_count=Count("fixtures", filter=~Q(fixtures__status=Status.DRAFT), distinct=True),
    ).order_by("name")
    seasons = Season.objects.prefetch_related(Prefetch("divisions", queryset=divisions)).order_by("-start", "-id")
    return list(League.objects.filter(secretaries=user).prefetch_related(Prefetch("seasons", queryset=seasons)))


def league_get(*, league_id: int) -> League:
    """Raises League.DoesNotExist."""
    return League.objects.get(pk=league_id)


def season_get(*, season_id: int) -> Season:
    """Raises Season.DoesNotExist."""
    return Season.objects.select_related("league").get(pk=season_id)


def division_get(*, division_id: int) -> Division:
    """Raises Division.DoesNotExist."""
    return Division.objects.select_related("season__league").get(pk=division_id)


def fixture_get(*, fixture_id: int) -> Fixture:
    """Raises Fixture.DoesNotExist."""
    return (Fixture.objects.select_related("division__season__league", "home_team", "away_team", "venue",
                                           "walkover_winner").get(pk=fixture_id))


def division_teams(*, division_id: int) -> list[Team]:
    """The division's teams in entry order, the order the fixtures seat them."""
    entries = DivisionEntry.objects.filter(division_id=division_id).select_related("team__home_venue")
    return [entry.team for entry in entries]


def teams_to_enter(*, division: Division) -> list[Team]:
    """The league's teams in no division of the division's season yet."""
    entered = DivisionEntry.objects.filter(division__season_id=division.season_id).values("team_id")
    return list(Team.objects.filter(league_id=division.season.league_id).exclude(pk__in=entered)
                .select_related("home_venue").order_by("name"))


def fixtures_published(*, division_id: int) -> bool:
    """Whether the division's fixtures are out: then they are never drawn again."""
    return Fixture.objects.filter(division_id=division_id).exclude(status=Status.DRAFT).exists()


def last_draw(*, division_id: int) -> dict[str, Any] | None:
    """The start date, weekday and skipped dates of the division's latest
    draw, from the audit log, so a second draw starts from the first's."""
    entry = (AuditEntry.objects.filter(action="fixtures.generate", target_type__model="division",
                                       target_type__app_label="league", target_id=str(division_id))
             .order_by("-at", "-id").first())
    if entry is None:
        return None
    return {
        "start": date.fromisoformat(entry.data["start"]),
        "weekday": entry.data["weekday"],
        "skip_dates": [date.fromisoformat(day) for day in entry.data["skip_dates"]],
    }


@dataclass(frozen=True)
class Week:
    number: int
    date: date
    fixtures: list[Fixture]
    resting: list[Team]  # the teams of the division without a match that week


def fixture_weeks(*, division_id: int) -> list[Week]:
    """The division's fixtures grouped by match week, each fixture carrying
    `changes`: what the secretary may still do to it (postpone, ...)."""
    fixtures = list(Fixture.objects.filter(division_id=division_id)
                    .select_related("home_team", "away_team", "venue", "walkover_winner").order_by("week", "id"))
    teams = division_teams(division_id=division_id)
    by_week: dict[int, list[Fixture]] = defaultdict(list)
    for fixture in fixtures:
        fixture.changes = fixture_changes(fixture=fixture)  # type: ignore[attr-defined]
        by_week[fixture.week].append(fixture)
    weeks = []
    for number, played in sorted(by_week.items()):
        playing = {team_id for f in played for team_id in (f.home_team_id, f.away_team_id)}
        weeks.append(Week(number=number, date=played[0].date, fixtures=played,
                          resting=[team for team in teams if team.pk not in playing]))
    return weeks


def fixture_changes(*, fixture: Fixture) -> list[str]:
    """The changes the fixture's status allows, in the order the pages offer them."""
    return [verb for verb, starts in TRANSITIONS.items() if fixture.status in starts]


@dataclass(frozen=True)
class TeamCount:
    team: Team
    home: int
    away: int


@dataclass(frozen=True)
class VenueLoad:
    venue: Venue
    teams: list[Team]
    busiest: int  # the most matches it hosts on any one night

    @property
    def overbooked(self) -> bool:
        return self.busiest > self.venue.board_sets


@dataclass(frozen=True)
class Review:
    teams: list[TeamCount]
    venues: list[VenueLoad]  # only venues home to more than one of the division's teams

    @property
    def balanced(self) -> bool:
        return len({(row.home, row.away) for row in self.teams}) <= 1

    @property
    def overbooked(self) -> bool:
        return any(load.overbooked for load in self.venues)


def fixture_review(*, weeks: list[Week], teams: list[Team]) -> Review:
    """What a secretary checks before publishing: every team's home and
    away matches, and, for each venue shared by teams of the division, the
    most matches it hosts on one night against its board sets."""
    home: Counter[int] = Counter()
    away: Counter[int] = Counter()
    nights: Counter[tuple[int, date]] = Counter()
    for week in weeks:
        for fixture in week.fixtures:
            home[fixture.home_team_id] += 1
            away[fixture.away_team_id] += 1
            if fixture.status not in OFF_THE_BOARD:
                nights[(fixture.venue_id, fixture.played_on)] += 1
    sharing: dict[int, list[Team]] = defaultdict(list)
    for team in teams:
        sharing[team.home_venue_id].append(team)
    venues = [
        VenueLoad(venue=mates[0].home_venue, teams=mates,
                  busiest=max((n for (venue, _), n in nights.items() if venue == venue_id), default=0))
        for venue_id, mates in sharing.items() if len(mates) > 1
    ]
    return Review(teams=[TeamCount(team=t, home=home[t.pk], away=away[t.pk]) for t in teams], venues=venues)
