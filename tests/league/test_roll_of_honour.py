"""The roll of honour: every past season's champions and runners-up from
the stored final tables, joint when level, the cups' winners, on a public
page and in the API; the old season's tables stay viewable."""
from datetime import timedelta
from typing import Any

import pytest
from changeover_data import Ended, ended_league, table
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import Competition, CupEntry, CupTie, Division, Season

pytestmark = pytest.mark.django_db


def two_seasons(secretary: Any) -> Ended:
    """Winter 2025-26 played (the Second's top two level), a knockout cup
    won by F1 over P1, and Winter 2026-27 under way."""
    ended = ended_league(secretary)
    table(ended.divisions[2], ["S1", "S2", "S3", "S4"], ended.teams, level=(1,))
    cup_division = Division.objects.create(season=ended.season, name="Knockout Cup", is_cup=True)
    cup = Competition.objects.create(season=ended.season, name="Knockout Cup", slug="knockout-cup",
                                     division=cup_division, status=Competition.Status.FINISHED)
    f1, p1 = (CupEntry.objects.create(competition=cup, team=ended.teams[name]) for name in ("F1", "P1"))
    CupTie.objects.create(competition=cup, round=1, number=1, home=p1, away=f1, winner=f1)
    today = timezone.localdate()
    now = Season.objects.create(league=ended.league, name="Winter 2026-27", start=today - timedelta(days=10),
                                registration_deadline=today - timedelta(days=17))
    premier_now = Division.objects.create(season=now, name="Premier", level=1)
    table(premier_now, ["P1"], ended.teams)  # the current season is still being played for
    return ended


def test_the_roll_names_each_past_divisions_champions_and_runners_up_and_the_cup(client: Client,
                                                                                 secretary: Any) -> None:
    ended = two_seasons(secretary)
    answer = client.get(f"/api/leagues/{ended.league.pk}/honours")
    assert answer.status_code == 200
    seasons = answer.json()
    assert [s["season"]["name"] for s in seasons] == ["Winter 2025-26"]
    got = {d["division"]["name"]: ([t["name"] for t in d["champions"]], [t["name"] for t in d["runners_up"]])
           for d in seasons[0]["divisions"]}
    assert got == {"Premier": (["P1"], ["P2"]), "First": (["F1"], ["F2"]), "Second": (["S1", "S2"], [])}
    assert [d["division"]["name"] for d in seasons[0]["divisions"]] == ["Premier", "First", "Second"]
    assert [(c["competition"]["name"], c["winner"], c["runner_up"]) for c in seasons[0]["cups"]] \
        == [("Knockout Cup", "F1", "P1")]


def test_the_public_page_links_each_past_table_and_is_linked_from_the_league(client: Client,
                                                                             secretary: Any) -> None:
    ended = two_seasons(secretary)
    url = reverse("public-honours", args=[ended.league.slug])
    assert url in client.get(reverse("public-league", args=[ended.league.slug])).content.decode()
    html = client.get(url).content.decode()
    assert "S1 and S2" in html and "Knockout Cup" in html
    for division in ended.divisions:
        link = reverse("public-division", args=[division.pk])
        assert link in html
        assert client.get(link).status_code == 200
    assert client.get(reverse("public-league-season", args=[ended.league.slug, ended.season.pk])).status_code == 200


def test_a_league_with_no_past_season_says_so(client: Client, secretary: Any) -> None:
    ended = ended_league(secretary)
    assert "No season has finished yet" in client.get(reverse("public-honours", args=[ended.league.slug])).content.decode()
    assert client.get(f"/api/leagues/{ended.league.pk}/honours").json() == []


def test_an_unknown_league_is_not_found(client: Client, db: None) -> None:
    assert client.get("/leagues/nowhere/honours").status_code == 404
    assert client.get("/api/leagues/999999/honours").status_code == 404
