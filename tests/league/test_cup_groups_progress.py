"""However many teams enter, however they are grouped and whoever wins
each match, a cup with a group stage either refuses a stage its groups
cannot give, or runs from its groups to one winner: every group match
played once, the knockout drawn from exactly the qualifiers, and each of
them but the winner knocked out once."""
import itertools
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from leagues import a_league, a_season, a_team
from property_examples import examples

import cups
from league.models import Competition, CupTie, Fixture
from league.refusals import Refused
from league.selectors.cup_groups import group_draw, group_qualifiers, group_tables
from league.services.cup_ties import tie_date_set
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.fixtures import fixture_walkover

pytestmark = pytest.mark.django_db
_leagues = itertools.count()


def group_cup(count: int, stage: dict[str, Any]) -> tuple[Competition, Any]:
    number = next(_leagues)
    league = a_league(f"Group League {number}")
    secretary = get_user_model().objects.create_user(f"group-secretary-{number}")
    league.secretaries.add(secretary)
    competition = competition_create(season_id=a_season(league).pk, name="Group Cup", structure="groups",
                                     group_stage=stage, user=secretary)
    for team in range(1, count + 1):
        cup_enter(competition_id=competition.pk, team_id=a_team(league, f"G{number} T{team} A").pk,
                  user=secretary)
    return competition, secretary


def walked_over(tie: CupTie, home_wins: bool, secretary: Any) -> None:
    """The secretary sets the match for tomorrow and gives it as a walkover."""
    fixture = tie_date_set(tie_id=tie.pk, date=timezone.localdate() + timedelta(days=1), user=secretary)
    winner = fixture.home_team_id if home_wins else fixture.away_team_id
    fixture_walkover(fixture_id=fixture.pk, winner_team_id=winner, reason="short", user=secretary)


@given(count=st.integers(3, 8), groups=st.integers(1, 4), top=st.integers(1, 2), best=st.integers(0, 1),
       seed=st.integers(0, 2**31 - 1), picks=st.lists(st.booleans(), min_size=40, max_size=40))
@pytest.mark.slow  # a whole cup played through the API, a second or more: make test-fast leaves it out
@example(count=7, groups=2, top=1, best=1, seed=5, picks=[True, False, False] * 13 + [True])
@example(count=8, groups=3, top=2, best=0, seed=9, picks=[False] * 40)
@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_group_cup_runs_from_its_groups_to_one_winner(count: int, groups: int, top: int, best: int, seed: int,
                                                        picks: list[bool]) -> None:
    competition, secretary = group_cup(count, {"count": groups, "top": top, "best_of_next": best})
    smallest = count // groups if groups <= count // 2 else 0
    if not smallest or top + best > smallest or best > groups or groups * top + best < 2:
        with pytest.raises(Refused):
            cup_draw(competition_id=competition.pk, seed=seed, user=secretary)
        return
    cup_draw(competition_id=competition.pk, seed=seed, user=secretary)
    drawn = group_draw(competition_id=competition.pk)
    assert drawn is not None
    assert drawn == cups.split_groups(drawn.entrants, groups, seed=seed)  # reproduced from its seed
    choices = itertools.cycle(picks)
    matches = list(CupTie.objects.filter(competition=competition).exclude(group=""))
    for match in matches:
        walked_over(match, next(choices), secretary)
        if match is not matches[-1]:
            with pytest.raises(Refused):  # the knockout waits for every group match
                cup_draw(competition_id=competition.pk, user=secretary)
    tables = group_tables(competition_id=competition.pk)
    assert tables is not None and tables["finished"]
    for found, group in zip(tables["groups"], drawn.groups, strict=True):
        assert all(row["played"] == len(group.entrants) - 1 for row in found["rows"])
    through = {q.entrant for q in group_qualifiers(competition=competition)}
    assert len(through) == groups * top + best
    cup_draw(competition_id=competition.pk, user=secretary)
    knockout = CupTie.objects.filter(competition=competition, group="")
    assert {side for tie in knockout.filter(round=1) for side in (tie.home_id, tie.away_id)} - {None} == through
    for round in itertools.count(1):
        for tie in knockout.filter(round=round, winner__isnull=True):
            walked_over(tie, next(choices), secretary)
        competition.refresh_from_db()
        if competition.status == Competition.Status.FINISHED:
            break
        assert round < 4
    played = list(knockout.filter(bye=False))
    assert len(played) == len(through) - 1
    losers = [tie.home_id if tie.winner_id == tie.away_id else tie.away_id for tie in played]
    assert len(set(losers)) == len(losers) and set(losers) < through
    assert Fixture.objects.filter(cup_tie__competition=competition).count() == (
        CupTie.objects.filter(competition=competition, bye=False).count())
