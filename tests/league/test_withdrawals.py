"""A team withdrawing mid-season: the league's rule for the half of the
season it falls in expunges its results (the table is worked out without
them) or lets them stand (its row at the bottom, marked); its remaining
fixtures are voided, its cup entries withdrawn, and the public table says
what happened. Refusals are audited and change nothing."""
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from leagues import a_league, a_team
from tablets import tablet_for

from league.models import (
    AuditEntry,
    CupEntry,
    Division,
    DivisionEntry,
    Fixture,
    MatchNight,
    Season,
    TableEntry,
    Team,
    TeamWithdrawal,
)
from league.refusals import NotSecretary, WithdrawalRefused
from league.services.cups import competition_create, cup_enter
from league.services.overdue import results_overdue_check
from league.services.standings import division_standings_rebuild
from league.services.withdrawals import team_withdraw

# A double round robin of four teams over six weeks, two matches a week.
ROUNDS = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
SCHEDULE = [pair for pair in ROUNDS] + [(b, a) for a, b in ROUNDS]
NAMES = ["Red Lion B", "Crown A", "Plough A", "Bell A"]


class Scene:
    def __init__(self) -> None:
        today = timezone.localdate()
        self.league = a_league()
        self.secretary = get_user_model().objects.create_user("secretary")
        self.league.secretaries.add(self.secretary)
        self.season = Season.objects.create(league=self.league, name="Winter", start=today - timedelta(days=30),
                                            registration_deadline=today - timedelta(days=20))
        self.division = Division.objects.create(season=self.season, name="Premier")
        self.teams = [a_team(self.league, name) for name in NAMES]
        for team in self.teams:
            DivisionEntry.objects.create(division=self.division, team=team)
        # Week 3 tonight: weeks 1 and 2 are played, Red Lion B winning both its matches 5-4.
        self.week_dates = {week: today + timedelta(days=7 * (week - 3)) for week in range(1, 7)}
        for number, (home, away) in enumerate(SCHEDULE):
            week = number // 2 + 1
            fixture = Fixture.objects.create(
                division=self.division, week=week, date=self.week_dates[week], home_team=self.teams[home],
                away_team=self.teams[away], venue=self.teams[home].home_venue, status=Fixture.Status.PUBLISHED)
            if week <= 2:
                MatchNight.objects.create(fixture=fixture, status=MatchNight.Status.CONFIRMED,
                                          home_games=5 if home == 0 or away != 0 else 4,
                                          away_games=4 if home == 0 or away != 0 else 5)
        division_standings_rebuild(division_id=self.division.pk)

    @property
    def red_lion(self) -> Team:
        return self.teams[0]

    def withdraw(self, on: date, user: Any = None, reason: str = "lost their pub") -> TeamWithdrawal:
        return team_withdraw(division_id=self.division.pk, team_id=self.red_lion.pk, date=on, reason=reason,
                             user=user or self.secretary)

    def table(self) -> list[tuple[str, int, int, bool]]:
        division_standings_rebuild(division_id=self.division.pk)
        return [(e.team.name, e.played, e.points, e.withdrawn)
                for e in TableEntry.objects.filter(division=self.division).select_related("team")]


@pytest.fixture
def scene(db: None) -> Scene:
    return Scene()


def test_the_table_before_any_withdrawal_counts_red_lions_wins(scene: Scene) -> None:
    assert scene.table()[0] == ("Red Lion B", 2, 4, False)


def test_a_withdrawal_in_the_first_half_expunges_the_teams_results(scene: Scene) -> None:
    withdrawal = scene.withdraw(scene.week_dates[2])
    assert (withdrawal.first_half, withdrawal.results) == (True, "expunge")
    table = scene.table()
    assert "Red Lion B" not in [name for name, *_ in table]
    # Crown A and Plough A lost to Red Lion B: those matches are gone from their rows.
    played = {name: games for name, games, _, _ in table}
    assert played == {"Crown A": 1, "Plough A": 1, "Bell A": 2}


def test_a_withdrawal_in_the_second_half_lets_the_results_stand_at_the_bottom(scene: Scene) -> None:
    withdrawal = scene.withdraw(scene.week_dates[4])
    assert (withdrawal.first_half, withdrawal.results) == (False, "stand")
    assert scene.table()[-1] == ("Red Lion B", 2, 4, True)


def test_the_league_rule_for_each_half_is_its_own(scene: Scene) -> None:
    scene.league.withdrawal_first_half = "stand"
    scene.league.save()
    assert scene.withdraw(scene.week_dates[1]).results == "stand"
    assert scene.table()[-1][0] == "Red Lion B"


def test_the_teams_remaining_fixtures_are_voided_and_the_played_ones_kept(scene: Scene) -> None:
    withdrawal = scene.withdraw(scene.week_dates[3])
    theirs = Fixture.objects.filter(division=scene.division, home_team=scene.red_lion) | Fixture.objects.filter(
        division=scene.division, away_team=scene.red_lion)
    statuses = sorted((f.week, f.status) for f in theirs)
    assert statuses == [(1, "published"), (2, "published")] + [(w, "void") for w in range(3, 7)]
    assert withdrawal.fixtures_voided == 4
    assert not Fixture.objects.filter(division=scene.division, status="void").exclude(pk__in=theirs).exists()


def test_the_public_table_says_who_withdrew_and_what_became_of_their_results(scene: Scene, client: Client) -> None:
    day = scene.week_dates[2]
    scene.withdraw(day)
    scene.table()
    page = client.get(f"/divisions/{scene.division.pk}/").content.decode()
    assert (f"Red Lion B withdrew on {day.day} {day:%B %Y}; their results were expunged, as the league&#x27;s "
            f"rule says for the first half of the season") in page


def test_a_team_whose_results_stand_is_marked_withdrawn_in_the_public_table(scene: Scene, client: Client) -> None:
    scene.withdraw(scene.week_dates[5])
    scene.table()
    page = client.get(f"/divisions/{scene.division.pk}/").content.decode()
    assert "Red Lion B</a> <span class=\"tag\">withdrawn</span>" in page
    assert "their results stand, as the league&#x27;s rule says for the second half of the season" in page


def test_its_cup_entries_are_withdrawn_too(scene: Scene) -> None:
    cup = competition_create(season_id=scene.season.pk, name="Knockout", user=scene.secretary)
    entry = cup_enter(competition_id=cup.pk, team_id=scene.red_lion.pk, user=scene.secretary)
    scene.withdraw(scene.week_dates[2])
    assert CupEntry.objects.get(pk=entry.pk).withdrawn


@pytest.mark.parametrize(("who", "reason", "refusal", "words"), [
    ("captain", "lost their pub", NotSecretary, "only a secretary of Leek & District can withdraw a team"),
    ("secretary", "  ", WithdrawalRefused, "say why the team withdrew"),
])
def test_a_refused_withdrawal_is_audited_and_changes_nothing(scene: Scene, who: str, reason: str, refusal: Any,
                                                             words: str) -> None:
    user = scene.secretary
    if who == "captain":
        user = get_user_model().objects.create_user("captain")
        scene.red_lion.captain = user
        scene.red_lion.save()
    fixtures = list(Fixture.objects.order_by("pk").values())
    with pytest.raises(refusal, match=words):
        scene.withdraw(scene.week_dates[2], user=user, reason=reason)
    assert list(Fixture.objects.order_by("pk").values()) == fixtures
    assert not TeamWithdrawal.objects.exists()
    assert AuditEntry.objects.filter(action="division.team_withdraw.refused").count() == 1


def test_a_team_withdraws_only_once(scene: Scene) -> None:
    scene.withdraw(scene.week_dates[2])
    with pytest.raises(WithdrawalRefused, match="has already withdrawn"):
        scene.withdraw(scene.week_dates[3])


def test_a_withdrawal_leaves_an_overdue_result_to_the_overdue_rule_and_voids_only_what_is_to_come(
        scene: Scene) -> None:
    # Week 1's match at Red Lion B was never returned: 15 days overdue by week 3.
    overdue = Fixture.objects.get(division=scene.division, week=1, home_team=scene.red_lion)
    MatchNight.objects.filter(fixture=overdue).delete()
    answer = tablet_for(scene.secretary).post(
        f"/api/divisions/{scene.division.pk}/withdrawals",
        {"team": scene.red_lion.pk, "date": scene.week_dates[3].isoformat(), "reason": "lost their pub"},
        format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["fixtures_voided"] == 4
    overdue.refresh_from_db()
    assert overdue.status == "published"
    # The league's overdue rule then takes the late-result points off the home team, as for any other.
    results_overdue_check()
    assert [(s.team.name, s.points) for s in overdue.sanctions.select_related("team")] == [("Red Lion B", 3)]


def test_the_confirmation_page_lists_the_unreturned_result_apart_from_the_fixtures_voided(
        scene: Scene, client: Client) -> None:
    overdue = Fixture.objects.get(division=scene.division, week=1, home_team=scene.red_lion)
    MatchNight.objects.filter(fixture=overdue).delete()
    client.force_login(scene.secretary)
    page = client.post(f"/secretary/divisions/{scene.division.pk}/teams/{scene.red_lion.pk}/withdraw",
                       {"step": "review", "date": scene.week_dates[3].isoformat(), "reason": "lost their pub"})
    text = page.content.decode()
    assert "4 remaining fixtures will be void" in text
    assert "1 fixture already played without a result returned stays as it is" in text
