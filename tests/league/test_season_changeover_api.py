"""The change-over through the API: a dry run answers the review and
writes nothing, a call writes it, placements move teams, refusals are 422."""
from datetime import timedelta
from typing import Any

import pytest
from changeover_data import ended_league, fixture
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import Division, Season

pytestmark = pytest.mark.django_db


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def body(**extra: Any) -> dict[str, Any]:
    start = timezone.localdate() + timedelta(days=30)
    return {"name": "Winter 2026-27", "start": str(start), "registration_deadline": str(start - timedelta(days=7)),
            **extra}


def test_a_dry_run_answers_the_review_and_writes_nothing(secretary: Any) -> None:
    ended = ended_league(secretary)
    answer = api(secretary).post(f"/api/seasons/{ended.season.pk}/changeover", body(dry_run=True), format="json")
    assert answer.status_code == 200, answer.content
    got = answer.json()
    assert got["season"] is None
    assert [d["name"] for d in got["divisions"]] == ["Premier", "First", "Second"]
    moves = {t["team"]["name"]: t["move"] for d in got["divisions"] for t in d["teams"]}
    assert (moves["F1"], moves["P4"], moves["S2"]) == ("up", "down", "stays")
    assert Season.objects.count() == 1


def test_the_call_starts_the_season_with_the_secretarys_placements(secretary: Any) -> None:
    ended = ended_league(secretary)
    placements = [{"team": ended.teams["S4"].pk, "division": None},
                  {"team": ended.teams["P4"].pk, "division": ended.divisions[0].pk}]
    answer = api(secretary).post(f"/api/seasons/{ended.season.pk}/changeover", body(placements=placements),
                                 format="json")
    assert answer.status_code == 201, answer.content
    new = Season.objects.get(pk=answer.json()["season"]["id"])
    premier = Division.objects.get(season=new, name="Premier")
    assert premier.entries.filter(team=ended.teams["P4"]).exists()
    assert [t["team"]["name"] for t in answer.json()["left_out"]] == ["S4"]


def test_unplayed_fixtures_answer_422_unless_insisted_on(secretary: Any) -> None:
    ended = ended_league(secretary)
    fixture(ended.divisions[0], ended.teams["P1"], ended.teams["P2"])
    client = api(secretary)
    refused = client.post(f"/api/seasons/{ended.season.pk}/changeover", body(), format="json")
    assert refused.status_code == 422 and "start it anyway" in refused.json()["error"]
    assert client.post(f"/api/seasons/{ended.season.pk}/changeover", body(insist=True),
                       format="json").status_code == 201


def test_an_unknown_season_is_404_and_a_bad_body_400(secretary: Any) -> None:
    client = api(secretary)
    assert client.post("/api/seasons/999999/changeover", body(), format="json").status_code == 404
    ended = ended_league(secretary)
    assert client.post(f"/api/seasons/{ended.season.pk}/changeover", {"name": "x"}, format="json").status_code == 400
