"""Reading what the secretary's pages show: the leagues a user runs, a
division's teams, its fixtures week by week, and the checks a secretary
makes before publishing them (each team's home and away matches, each
shared venue's busiest night); then the results to chase and settle
(disputed, overdue, awaiting confirmation) and a division's sanctions."""
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, Max, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from league.authors import Author
from league.models import (
    AuditEntry,
    Division,
    DivisionEntry,
    Fixture,
    League,
    MatchNight,
    OverdueNotice,
    RearrangeRequest,
    RubberGame,
    Sanction,
    Season,
    Team,
    Venue,
)
from league.models.fixtures import TRANSITIONS
from league.selectors.matches import results_awaiting, results_overdue
from league.selectors.seasons import current_of
from league.selectors.venue_nights import OFF_THE_BOARD, venue_bookings

Status = Fixture.Status


def leagues_run(*, user: Author) -> list[League]:
    """The leagues `user` is a secretary of, each with what is waiting for
    its secretaries (`work`, a Workload), its current season (`current`,
    see `league.selectors.seasons`) and its seasons (newest first) and
    their divisions, every division counting its teams (`team_count`),
    draft fixtures (`draft_count`), published ones, whatever became of them
    since (`published_count`), and sanctions (`sanction_count`)."""
    if user is None or not user.is_authenticated:
        return []
    divisions = Division.objects.filter(is_cup=False).annotate(
        team_count=Count("entries", distinct=True),
        draft_count=Count("fixtures", filter=Q(fixtures__status=Status.DRAFT), distinct=True),
        published_count=Count("fixtures", filter=~Q(fixtures__status=Status.DRAFT), distinct=True),
        sanction_count=Count("sanctions", distinct=True),
    ).order_by("level", "name")
    seasons = Season.objects.prefetch_related(Prefetch("divisions", queryset=divisions)).order_by("-start", "-id")
    leagues = list(League.objects.filter(secretaries=user).prefetch_related(Prefetch("seasons", queryset=seasons)))
    for league in leagues:
        # For the template: an attribute the model does not declare.
        league.work = workload(league_id=league.pk)  # type: ignore[attr-defined]
        current = current_of(league.seasons.all(), chosen_id=league.current_season_id, today=timezone.localdate())
        league.current = current  # type: ignore[attr-defined]
    return leagues


def league_get(*, league_id: int) -> League:
    """Raises League.DoesNotExist."""
    return League.objects.get(pk=league_id)


def league_or_404(*, league_id: int) -> League:
    """The league, or Http404 (a page's or the API's 404)."""
    return get_object_or_404(League, pk=league_id)


def season_get(*, season_id: int) -> Season:
    """Raises Season.DoesNotExist."""
    return Season.objects.select_related("league").get(pk=season_id)


def division_get(*, division_id: int) -> Division:
    """Raises Division.DoesNotExist."""
    return Division.objects.select_related("season__league").get(pk=division_id)


def fixture_get(*, fixture_id: int) -> Fixture:
    """Raises Fixture.DoesNotExist."""
    return (Fixture.objects.select_related("division__season__league", "home_team", "away_team", "venue",
                                           "walkover_winner", "cup_tie").get(pk=fixture_id))


def division_fixture(*, division_id: int, fixture_id: int) -> Fixture | None:
    """One of the division's fixtures, with its teams and division, or None."""
    return (Fixture.objects.filter(division_id=division_id, pk=fixture_id)
            .select_related("home_team", "away_team", "division__season").first())


def division_teams(*, division_id: int) -> list[Team]:
    """The division's teams in entry order, the order the fixtures seat them."""
    entries = DivisionEntry.objects.filter(division_id=division_id).select_related("team__home_venue")
    return [entry.team for entry in entries]


def teams_to_enter(*, division: Division) -> list[Team]:
    """The league's teams in no division of the division's season yet."""
    entered = DivisionEntry.objects.filter(division__season_id=division.season_id).values("team_id")
    return list(Team.objects.filter(league_id=division.season.league_id).exclude(pk__in=entered)
                .select_related("home_venue").order_by("name"))


def league_teams(*, league_id: int) -> QuerySet[Team]:
    """Every team of the league: what a form accepts, though it offers fewer."""
    return Team.objects.filter(league_id=league_id)


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
        # For the template, as `work` above.
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
    teams: list[Team]  # the division's teams at home there
    busiest: int  # the most matches it hosts on one of the division's nights, league-wide
    others: int  # matches of other divisions and cups there on the division's nights

    @property
    def overbooked(self) -> bool:
        return self.busiest > self.venue.board_sets


@dataclass(frozen=True)
class Review:
    teams: list[TeamCount]
    # Venues home to more than one of the division's teams, or hosting
    # other divisions' or cups' matches on the division's nights.
    venues: list[VenueLoad]

    @property
    def balanced(self) -> bool:
        return len({(row.home, row.away) for row in self.teams}) <= 1

    @property
    def overbooked(self) -> bool:
        return any(load.overbooked for load in self.venues)


def fixture_review(*, weeks: list[Week], teams: list[Team], division: Division) -> Review:
    """What a secretary checks before publishing: every team's home and
    away matches, and, for each venue the division shares (between its own
    teams, or with other divisions and cups of the league on its nights),
    the most matches it hosts on one of those nights against its board sets."""
    home: Counter[int] = Counter()
    away: Counter[int] = Counter()
    nights: Counter[tuple[int, date]] = Counter()
    venues: dict[int, Venue] = {}
    for week in weeks:
        for fixture in week.fixtures:
            home[fixture.home_team_id] += 1
            away[fixture.away_team_id] += 1
            if fixture.status not in OFF_THE_BOARD:
                nights[(fixture.venue_id, fixture.played_on)] += 1
                venues[fixture.venue_id] = fixture.venue
    booked = venue_bookings(venue_ids=venues, league_id=division.season.league_id, division_id=division.pk)
    sharing: dict[int, list[Team]] = defaultdict(list)
    for team in teams:
        sharing[team.home_venue_id].append(team)
    played = {night for _, night in nights}
    loads = []
    for venue_id, venue in sorted(venues.items(), key=lambda item: item[1].name):
        others = sum(booked[(venue_id, night)] for night in played)
        if len(sharing[venue_id]) > 1 or others:
            loads.append(VenueLoad(venue=venue, teams=sharing[venue_id], others=others, busiest=max(
                nights[(venue_id, night)] + booked[(venue_id, night)] for night in played)))
    return Review(teams=[TeamCount(team=t, home=home[t.pk], away=away[t.pk]) for t in teams], venues=loads)


# Results, disputes and sanctions: what a secretary chases and settles.

Night = MatchNight.Status


def person(user: Any) -> str:
    """A user's name as the pages show it: the full name, else the username."""
    if user is None:
        return ""
    return str(user.get_full_name() or user.get_username())


@dataclass(frozen=True)
class GameLine:
    rubber: int
    game: int
    home_score: int | None
    away_score: int | None


@dataclass(frozen=True)
class Dispute:
    night: MatchNight
    games: list[GameLine]  # the result's games as submitted (or corrected since)

    @property
    def fixture(self) -> Fixture:
        return self.night.fixture


def disputes(*, league_id: int) -> list[Dispute]:
    """The league's disputed results, the longest disputed first, each with
    its games. Every season's: a dispute left unsettled from an earlier
    season is still the secretary's to settle."""
    nights = sorted(results_awaiting(league_id=league_id, status=Night.DISPUTED),
                    key=lambda night: (night.disputed_at or night.changed_at, night.pk))
    games: dict[int, list[GameLine]] = defaultdict(list)
    for row in (RubberGame.objects.filter(rubber__night__in=nights).order_by("rubber__number", "number")
                .values("rubber__night_id", "rubber__number", "number", "home_score", "away_score")):
        games[row["rubber__night_id"]].append(GameLine(row["rubber__number"], row["number"], row["home_score"],
                                                       row["away_score"]))
    return [Dispute(night=night, games=games[night.pk]) for night in nights]


@dataclass(frozen=True)
class Overdue:
    fixture: Fixture
    due: date
    days_late: int
    captain: str  # the home captain's name, "" when the team has none
    sanction: Sanction | None  # the late-result sanction applied for it, if any
    notice: OverdueNotice | None  # the nightly check's notice, once it has acted


def overdue(*, league_id: int, today: date | None = None) -> list[Overdue]:
    """The league's results past their deadline and not submitted, the
    most overdue first, with whatever the nightly check did about them."""
    today = today or timezone.localdate()
    late = results_overdue(league_id=league_id, today=today)
    ids = [fixture.pk for fixture, _ in late]
    captains = {team.pk: team.captain for team in Team.objects.filter(
        pk__in=[fixture.home_team_id for fixture, _ in late]).select_related("captain")}
    sanctions = {s.fixture_id: s for s in Sanction.objects.filter(fixture_id__in=ids, late_result=True)}
    notices = {n.fixture_id: n for n in OverdueNotice.objects.filter(fixture_id__in=ids)}
    return [Overdue(fixture=fixture, due=due, days_late=(today - due).days,
                    captain=person(captains.get(fixture.home_team_id)), sanction=sanctions.get(fixture.pk),
                    notice=notices.get(fixture.pk)) for fixture, due in late]


@dataclass(frozen=True)
class Awaiting:
    night: MatchNight
    waited: timedelta  # since the home captain submitted it
    captain: str  # the away captain's name, who is to confirm it

    @property
    def fixture(self) -> Fixture:
        return self.night.fixture


def awaiting_confirmation(*, league_id: int, now: datetime | None = None) -> list[Awaiting]:
    """The league's submitted results the away captain has not yet
    confirmed or disputed, the longest waiting first."""
    now = now or timezone.now()
    nights = results_awaiting(league_id=league_id, status=Night.SUBMITTED)
    captains = {team.pk: team.captain for team in Team.objects.filter(
        pk__in=[night.fixture.away_team_id for night in nights]).select_related("captain")}
    rows = [Awaiting(night=night, waited=now - (night.submitted_at or night.changed_at),
                     captain=person(captains.get(night.fixture.away_team_id))) for night in nights]
    return sorted(rows, key=lambda row: (-row.waited, row.night.pk))


@dataclass(frozen=True)
class Workload:
    """What a league's secretary has waiting, for the home page."""

    disputes: int
    overdue: int
    awaiting: int
    rearrangements: int = 0  # captains' requests to move a match, not yet answered


def workload(*, league_id: int, today: date | None = None) -> Workload:
    nights = MatchNight.objects.filter(fixture__division__season__league_id=league_id)
    return Workload(disputes=nights.filter(status=Night.DISPUTED).count(),
                    overdue=len(results_overdue(league_id=league_id, today=today)),
                    awaiting=nights.filter(status=Night.SUBMITTED).count(),
                    rearrangements=RearrangeRequest.objects.filter(
                        fixture__division__season__league_id=league_id,
                        status=RearrangeRequest.Status.OPEN).count())


def division_sanctions(*, division_id: int) -> list[Sanction]:
    """The division's sanctions in the order they were applied."""
    return list(Sanction.objects.filter(division_id=division_id)
                .select_related("team", "fixture__home_team", "fixture__away_team", "created_by")
                .order_by("created_at", "pk"))


def sanction_get(*, sanction_id: int) -> Sanction:
    """Raises Sanction.DoesNotExist."""
    return (Sanction.objects.select_related("division__season__league", "team", "fixture__home_team",
                                            "fixture__away_team", "created_by").get(pk=sanction_id))


def division_fixtures_out(*, division_id: int) -> list[Fixture]:
    """The division's published fixtures, whatever became of them since,
    in week order: the fixtures a sanction may be for."""
    return list(Fixture.objects.filter(division_id=division_id).exclude(status=Status.DRAFT)
                .select_related("home_team", "away_team").order_by("week", "id"))


def season_league_divisions(*, season_id: int) -> list[Division]:
    """The season's league divisions (its cups' own apart), top first."""
    return list(Division.objects.filter(season_id=season_id, is_cup=False).order_by("level", "id"))


def division_next_level(*, season_id: int) -> int:
    """The place below the season's lowest league division: 1 for the first."""
    lowest = Division.objects.filter(season_id=season_id, is_cup=False).aggregate(lowest=Max("level"))["lowest"]
    return (lowest or 0) + 1
