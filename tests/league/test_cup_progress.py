"""However many enter, however the cup is drawn and whoever wins each tie,
the stored cup runs to one winner: every other entrant is knocked out
exactly once, a cup of n entrants has n - 1 ties played, and the draw is
refused until each round is decided."""
import itertools
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from leagues import a_league, a_season, a_team, players
from property_examples import examples

from league.models import Competition, CupTie, SquadRegistration
from league.refusals import Refused
from league.services.cup_ties import tie_winner_set
from league.services.cups import competition_create, cup_draw, cup_enter

pytestmark = pytest.mark.django_db
_leagues = itertools.count()


def singles_cup(count: int, mode: str) -> tuple[Competition, Any]:
    number = next(_leagues)
    league = a_league(f"League {number}")
    secretary = get_user_model().objects.create_user(f"secretary-{number}")
    league.secretaries.add(secretary)
    season = a_season(league)
    competition = competition_create(season_id=season.pk, name="Singles", kind="singles", draw_mode=mode,
                                     user=secretary)
    team = a_team(league, f"Team {number} A")
    for player in players(count, prefix=f"L{number} player"):
        SquadRegistration.objects.create(season=season, team=team, player=player)
        cup_enter(competition_id=competition.pk, player_id=player.pk, user=secretary)
    return competition, secretary


@given(count=st.integers(2, 9), seed=st.integers(0, 2**31 - 1), mode=st.sampled_from(["bracket", "rounds"]),
       picks=st.lists(st.booleans(), min_size=16, max_size=16))
@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_cup_runs_to_one_winner_whoever_wins_each_tie(count: int, seed: int, mode: str,
                                                        picks: list[bool]) -> None:
    competition, secretary = singles_cup(count, mode)
    cup_draw(competition_id=competition.pk, seed=seed, user=secretary)
    choices = iter(picks)
    for round in itertools.count(1):
        competition.refresh_from_db()
        if competition.status == Competition.Status.FINISHED:
            break
        ties = CupTie.objects.filter(competition=competition, round=round)
        for tie in ties:
            if tie.winner_id is None:
                assert tie.home_id is not None and tie.away_id is not None
                winner = tie.home_id if next(choices) else tie.away_id
                tie_winner_set(tie_id=tie.pk, winner_entry_id=winner, reason="61-40", user=secretary)
        competition.refresh_from_db()
        if mode == "rounds" and competition.status != Competition.Status.FINISHED:
            cup_draw(competition_id=competition.pk, seed=seed + round, user=secretary)
        assert round < 5
    played = list(CupTie.objects.filter(competition=competition, bye=False))
    assert len(played) == count - 1
    losers = [tie.home_id if tie.winner_id == tie.away_id else tie.away_id for tie in played]
    assert len(losers) == len(set(losers)) == count - 1
    with pytest.raises(Refused):
        cup_draw(competition_id=competition.pk, user=secretary)
