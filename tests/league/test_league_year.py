"""A league's year end to end: a season of two divisions played to its
final tables, with a transfer approved mid-season and a team withdrawing
(its results expunged in the first half, standing in the second), then
the next season started from it by the league's promotion rule, the
squads carried as they stood at the season's end."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from leagues import a_league, a_team

from league.models import (
    Division,
    DivisionEntry,
    Fixture,
    MatchNight,
    Player,
    Season,
    SquadRegistration,
    TableEntry,
    Team,
)
from league.services.changeover import NewSeason, season_changeover
from league.services.standings import division_standings_rebuild
from league.services.transfers import transfer_approve, transfer_request
from league.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db

# A double round robin of four teams over six weeks, two matches a week.
ROUNDS = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
SCHEDULE = ROUNDS + [(away, home) for home, away in ROUNDS]
DIVISIONS = {"Premier": ["Crown A", "Bell A", "Swan A", "Anchor A"],
             "First": ["Plough A", "Red Lion B", "Oak A", "Fox A"]}
WITHDRAWER = "Oak A"


class Year:
    """The season ended yesterday; in each division the team listed first
    won every match 6-3, the second every other, and so on down."""

    def __init__(self, *, withdrew_in_week: int) -> None:
        today = timezone.localdate()
        users = get_user_model().objects
        self.secretary = users.create_user("secretary")
        self.league = a_league(transfers="secretary", promotion_places=1)
        self.league.secretaries.add(self.secretary)
        self.week = {week: today - timedelta(days=7 * (7 - week)) for week in range(1, 7)}
        self.season = Season.objects.create(league=self.league, name="Winter 2025-26", start=self.week[1],
                                            registration_deadline=self.week[1] - timedelta(days=7))
        self.teams: dict[str, Team] = {}
        self.divisions: dict[str, Division] = {}
        for level, (name, teams) in enumerate(DIVISIONS.items(), start=1):
            self.divisions[name] = division = Division.objects.create(season=self.season, name=name, level=level)
            for team_name in teams:
                team = self.teams[team_name] = a_team(self.league, team_name)
                team.captain = users.create_user(f"{team_name} captain")
                team.save()
                DivisionEntry.objects.create(division=division, team=team)
                for n in range(1, 9):
                    SquadRegistration.objects.create(season=self.season, team=team,
                                                     player=Player.objects.create(name=f"{team_name} {n}"))
            self._played(division, teams, withdrew_in_week if name == "First" else None)

    def _played(self, division: Division, teams: list[str], withdrew_in_week: int | None) -> None:
        for number, (home, away) in enumerate(SCHEDULE):
            week = number // 2 + 1
            fixture = Fixture.objects.create(
                division=division, week=week, date=self.week[week], home_team=self.teams[teams[home]],
                away_team=self.teams[teams[away]], venue=self.teams[teams[home]].home_venue,
                status=Fixture.Status.PUBLISHED)
            gone = withdrew_in_week is not None and week > withdrew_in_week and WITHDRAWER in (
                teams[home], teams[away])
            if not gone:  # the withdrawn team's matches after it left are never played
                home_games = 6 if home < away else 3
                MatchNight.objects.create(fixture=fixture, status=MatchNight.Status.CONFIRMED,
                                          home_games=home_games, away_games=9 - home_games)

    def withdraw(self, week: int) -> None:
        team_withdraw(division_id=self.divisions["First"].pk, team_id=self.teams[WITHDRAWER].pk,
                      date=self.week[week], reason="the pub closed", user=self.secretary)

    def table(self, division: str) -> list[str]:
        division_standings_rebuild(division_id=self.divisions[division].pk)
        return [entry.team.name for entry in TableEntry.objects.filter(division=self.divisions[division])
                .select_related("team").order_by("position", "id")]


@pytest.mark.parametrize(("week", "first_table"), [
    (2, ["Plough A", "Red Lion B", "Fox A"]),             # first half: Oak A's results expunged
    (5, ["Plough A", "Red Lion B", "Fox A", "Oak A"]),    # second half: they stand, Oak A at the bottom
])
def test_a_season_is_played_a_transfer_approved_a_team_withdrawn_and_the_next_season_started(
        week: int, first_table: list[str]) -> None:
    year = Year(withdrew_in_week=week)
    year.withdraw(week)
    mover = Player.objects.get(name="Fox A 8")
    asked = transfer_request(season_id=year.season.pk, player_id=mover.pk, to_team_id=year.teams["Plough A"].pk,
                             user=year.teams["Plough A"].captain)
    transfer_approve(transfer_id=asked.pk, user=year.secretary)

    assert year.table("Premier") == DIVISIONS["Premier"]
    assert year.table("First") == first_table

    start = timezone.localdate() + timedelta(days=30)
    outcome = season_changeover(season_id=year.season.pk, user=year.secretary, new=NewSeason(
        name="Winter 2026-27", start=start, registration_deadline=start - timedelta(days=7)))
    assert outcome.season is not None
    placed = {division.name: sorted(entry.team.name for entry in division.entries.all())
              for division in Division.objects.filter(season=outcome.season)}
    assert placed == {"Premier": sorted(["Crown A", "Bell A", "Swan A", "Plough A"]),
                      "First": sorted(["Anchor A", "Red Lion B", "Fox A"])}  # Oak A, withdrawn, left out
    carried = SquadRegistration.objects.filter(season=outcome.season, player=mover, ended_on__isnull=True)
    assert [registration.team.name for registration in carried] == ["Plough A"]
    assert not SquadRegistration.objects.filter(season=outcome.season, team=year.teams[WITHDRAWER]).exists()
