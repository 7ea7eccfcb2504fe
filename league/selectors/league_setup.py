"""Where a league's first set-up stands (docs/organisation.md, "The first
run"): the set-up pages lead a new league's secretary through its steps in
order, and what the league already holds says which step comes next, so
a secretary who closes the tablet half-way finds their place again from
any device. Nothing but the league's own rows is kept for it.

The steps: the league itself (its name and settings), its first season,
that season's divisions, the venues its teams play at, then its teams,
each entered in a division. The set-up is done once every division has
at least two teams, enough to draw fixtures."""
from dataclasses import dataclass

from django.db.models import Count

from league.authors import Author
from league.models import Division, DivisionEntry, League, Season, Team, Venue
from league.selectors.clubs import league_venues

LEAGUE, SEASON, DIVISIONS, VENUES, TEAMS, DONE = "league", "season", "divisions", "venues", "teams", "done"
# The steps in order, each with its words for the pages' list of steps.
STEPS: dict[str, str] = {
    LEAGUE: "The league",
    SEASON: "The first season",
    DIVISIONS: "Its divisions",
    VENUES: "Venues",
    TEAMS: "Teams",
}
# A division needs this many teams before its fixtures can be drawn.
TEAMS_A_DIVISION = 2


@dataclass(frozen=True)
class Setup:
    """A league's set-up as it stands: its first season (None before it
    has one), that season's divisions top first, each counting its teams
    (`team_count`), the venues its secretaries work with, and its teams by
    name, each with the season's division it plays in (`division`)."""

    league: League
    season: Season | None
    divisions: list[Division]
    venues: list[Venue]
    teams: list[Team]

    @property
    def step(self) -> str:
        """The step to carry on from: the first whose work is not done."""
        if self.season is None:
            return SEASON
        if not self.divisions:
            return DIVISIONS
        if not self.teams:
            return VENUES
        if self.short_divisions:
            return TEAMS
        return DONE

    @property
    def short_divisions(self) -> list[Division]:
        """The divisions with too few teams to draw fixtures."""
        return [d for d in self.divisions if d.team_count < TEAMS_A_DIVISION]  # type: ignore[attr-defined]

    @property
    def done(self) -> bool:
        return self.step == DONE


def league_setup(*, league_id: int) -> Setup:
    """Raises League.DoesNotExist."""
    league = League.objects.get(pk=league_id)
    # The first season: a later one, however far set up, is no part of the league's first run.
    season = Season.objects.filter(league_id=league_id).order_by("start", "id").first()
    divisions: list[Division] = []
    if season is not None:
        divisions = list(Division.objects.filter(season=season, is_cup=False)
                         .annotate(team_count=Count("entries")).order_by("level", "id"))
    venues = league_venues(league_id=league_id)
    teams = list(Team.objects.filter(league_id=league_id).select_related("home_venue").order_by("name"))
    entered = {entry.team_id: entry.division for entry in DivisionEntry.objects.filter(
        division__in=divisions).select_related("division")}
    for team in teams:
        # For the page: the division the team plays in this season, if any.
        team.division = entered.get(team.pk)  # type: ignore[attr-defined]
    return Setup(league=league, season=season, divisions=divisions, venues=venues, teams=teams)


def leagues_being_set_up(*, user: Author) -> list[Setup]:
    """The set-ups not yet done of the leagues `user` runs: what their
    secretary's home page offers to carry on."""
    if user is None or not user.is_authenticated:
        return []
    found = (league_setup(league_id=pk) for pk in League.objects.filter(secretaries=user).values_list("pk", flat=True))
    return [setup for setup in found if not setup.done]


def may_start_a_league(user: Author) -> bool:
    """Only the site's administrators (superusers, as `createsuperuser`
    makes them) start a league; its secretaries are theirs to name."""
    return bool(user is not None and user.is_authenticated and getattr(user, "is_superuser", False))
