"""A secretary sets a cup tie's date for today or later, unless they
insist: recording a tie already played, as when a cup is brought in
part-way through the season."""
from datetime import timedelta
from typing import Any

import pytest
from cupleague import a_cup_league, day

from league.models import AuditEntry, CupTie, Fixture
from league.refusals import Refused
from league.services.cup_ties import tie_date_set
from league.services.cups import competition_create, cup_draw, cup_enter

pytestmark = pytest.mark.django_db


def a_drawn_tie() -> tuple[CupTie, Any]:
    cl = a_cup_league(2)
    cup = competition_create(season_id=cl.season.pk, name="Knockout Cup", user=cl.secretary)
    for team in cl.teams:
        cup_enter(competition_id=cup.pk, team_id=team.pk, user=cl.secretary)
    cup_draw(competition_id=cup.pk, seed=7, user=cl.secretary)
    return CupTie.objects.get(competition=cup), cl.secretary


def test_a_date_gone_by_is_refused_and_nothing_is_arranged() -> None:
    tie, secretary = a_drawn_tie()
    with pytest.raises(Refused, match="has gone: a tie is set for today or later"):
        tie_date_set(tie_id=tie.pk, date=day(-10), user=secretary)
    assert not Fixture.objects.filter(cup_tie=tie).exists()
    refused = AuditEntry.objects.get(action="cup.date.set.refused")
    assert "has gone" in refused.data["refusal"]


def test_insisting_records_a_tie_already_played_on_its_day() -> None:
    tie, secretary = a_drawn_tie()
    fixture = tie_date_set(tie_id=tie.pk, date=day(-10), user=secretary, insist=True)
    assert fixture.date == day(-10) and fixture.cup_tie_id == tie.pk and fixture.leg == 1
    entry = AuditEntry.objects.get(action="cup.date.set")
    assert entry.data["insist"] is True and entry.data["date"] == (day(0) - timedelta(days=10)).isoformat()
