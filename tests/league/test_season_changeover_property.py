"""Whatever the final tables, the rule and the secretary's choices, the
change-over puts every team of the old season in exactly one new division,
or leaves it out only where the secretary said so."""
from datetime import timedelta
from typing import Any

import pytest
from changeover_data import ended_league, table
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_examples import examples

from league.models import DivisionEntry
from league.services.changeover import NewSeason, season_changeover

pytestmark = pytest.mark.django_db


class _Undo(Exception):
    pass


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sizes=st.tuples(*[st.integers(min_value=2, max_value=5)] * 3), places=st.integers(min_value=0, max_value=1),
       shuffles=st.randoms(use_true_random=False), left=st.sets(st.integers(min_value=0, max_value=14), max_size=3))
def test_every_team_lands_once_or_is_left_out_by_the_secretary(secretary: Any, sizes: tuple[int, ...], places: int,
                                                               shuffles: Any, left: set[int]) -> None:
    try:
        with transaction.atomic():
            ended = ended_league(secretary, sizes=sizes, promotion_places=places)
            for division in ended.divisions:
                names = list(DivisionEntry.objects.filter(division=division).values_list("team__name", flat=True))
                shuffles.shuffle(names)
                table(division, names, ended.teams)
            teams = sorted(ended.teams.values(), key=lambda team: team.pk)
            out = {teams[i].pk for i in left if i < len(teams)}
            start = timezone.localdate() + timedelta(days=30)
            outcome = season_changeover(season_id=ended.season.pk, user=secretary,
                                        new=NewSeason("Next", start, start - timedelta(days=7)),
                                        placements={pk: None for pk in out})
            assert outcome.season is not None
            entered = list(DivisionEntry.objects.filter(division__season=outcome.season)
                           .values_list("team_id", flat=True))
            assert len(entered) == len(set(entered))
            assert set(entered) | out == {team.pk for team in teams}
            assert not set(entered) & out
            raise _Undo
    except _Undo:
        pass
