"""The change-over on the secretary's pages: the proposal and the form, the
review (nothing written), the confirmation, a team moved by hand, a
play-off arranged, the promotion rule and a division's place saved."""
from datetime import timedelta
from typing import Any

import pytest
from changeover_data import ended_league, squad, table
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import AuditEntry, Division, Fixture, League, Season

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def season_form(ended: Any, **extra: Any) -> dict[str, Any]:
    start = timezone.localdate() + timedelta(days=40)
    return {"name": "Winter 2026-27", "start": start.isoformat(),
            "registration_deadline": (start - timedelta(days=7)).isoformat(), "squad_max": 12, "squad_min": 8,
            **extra}


def test_the_page_proposes_each_teams_move_and_says_what_is_not_done(secretary: Any) -> None:
    ended = ended_league(secretary)
    page = logged_in(secretary).get(reverse("secretary-season-changeover", args=[ended.season.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "promoted" in text and "relegated" in text and "stays" in text
    assert "Cups are not copied" in text and "does not become current" in text


def test_the_review_writes_nothing_and_confirm_writes_it_all(secretary: Any) -> None:
    ended = ended_league(secretary)
    squad(ended.season, ended.teams["F1"], 2)
    client = logged_in(secretary)
    url = reverse("secretary-season-changeover", args=[ended.season.pk])
    review = client.post(url, season_form(ended, step="review"))
    text = review.content.decode()
    assert review.status_code == 200 and "Check, then confirm" in text
    assert "F1 player 1" in text
    assert Season.objects.count() == 1
    done = client.post(url, season_form(ended, step="confirm"))
    assert done.status_code == 302
    new = Season.objects.get(name="Winter 2026-27")
    premier = Division.objects.get(season=new, name="Premier")
    assert sorted(e.team.name for e in premier.entries.all()) == ["F1", "P1", "P2", "P3"]
    assert "not the current season" in client.get(reverse("secretary-home")).content.decode()


def test_a_team_moved_by_hand_on_the_page(secretary: Any) -> None:
    ended = ended_league(secretary)
    url = reverse("secretary-season-changeover", args=[ended.season.pk])
    form = season_form(ended, step="confirm", **{f"team_{ended.teams['P4'].pk}": str(ended.divisions[0].pk),
                                                  f"team_{ended.teams['S4'].pk}": "out"})
    assert logged_in(secretary).post(url, form).status_code == 302
    new = Season.objects.get(name="Winter 2026-27")
    names = {e.team.name for d in Division.objects.filter(season=new) for e in d.entries.all()}
    assert "S4" not in names
    assert Division.objects.get(season=new, name="Premier").entries.filter(team=ended.teams["P4"]).exists()


def test_a_refusal_shows_beside_the_form(secretary: Any) -> None:
    ended = ended_league(secretary)
    url = reverse("secretary-season-changeover", args=[ended.season.pk])
    page = logged_in(secretary).post(url, season_form(ended, name="Winter 2025-26", step="review"))
    assert "already has a season" in page.content.decode()


def test_a_playoff_is_arranged_from_the_page(secretary: Any) -> None:
    ended = ended_league(secretary, playoff_when_level=True)
    table(ended.divisions[0], ["P1", "P2", "P3", "P4"], ended.teams, level=(3,))
    client = logged_in(secretary)
    url = reverse("secretary-season-changeover", args=[ended.season.pk])
    assert "Arrange a play-off" in client.get(url).content.decode()
    on = (timezone.localdate() + timedelta(days=5)).isoformat()
    answer = client.post(reverse("secretary-season-playoff", args=[ended.season.pk]),
                         {"home": ended.teams["P3"].pk, "away": ended.teams["P4"].pk, "on": on})
    assert answer.status_code == 302
    assert Fixture.objects.filter(playoff=True, status="published", home_team=ended.teams["P3"]).count() == 1


def test_strangers_get_the_forbidden_page(secretary: Any) -> None:
    ended = ended_league(secretary)
    stranger = logged_in(get_user_model().objects.create_user("stranger"))
    for name in ("secretary-season-changeover", "secretary-season-playoff"):
        assert stranger.post(reverse(name, args=[ended.season.pk]), season_form(ended)).status_code == 403
    assert stranger.get(reverse("secretary-promotion", args=[ended.league.pk])).status_code == 403
    assert Season.objects.count() == 1


def test_the_promotion_rule_is_saved_from_the_settings_pages(secretary: Any) -> None:
    ended = ended_league(secretary)
    client = logged_in(secretary)
    assert "Change the rule" in client.get(reverse("secretary-league-settings", args=[ended.league.pk])).content.decode()
    answer = client.post(reverse("secretary-promotion", args=[ended.league.pk]), {
        "promotion_places": 2, "pair_1": 3, "pair_2": "", "playoff_when_level": "on", "venue_move": "relegate"})
    assert answer.status_code == 302
    league = League.objects.get(pk=ended.league.pk)
    assert (league.promotion_places, league.promotion_overrides, league.playoff_when_level, league.venue_move) \
        == (2, {"1": 3}, True, "relegate")
    assert AuditEntry.objects.filter(action="league.promotion_rule").count() == 1


def test_a_bad_rule_is_refused_beside_the_field(secretary: Any) -> None:
    ended = ended_league(secretary)
    page = logged_in(secretary).post(reverse("secretary-promotion", args=[ended.league.pk]), {
        "promotion_places": -1, "venue_move": "relegate"})
    assert page.status_code == 200 and 'class="error"' in page.content.decode()


def test_a_divisions_place_is_saved_from_its_settings_page(secretary: Any) -> None:
    ended = ended_league(secretary)
    client = logged_in(secretary)
    second = ended.divisions[2]
    assert "Place in the league" in client.get(reverse("secretary-division-settings", args=[second.pk])).content.decode()
    assert client.post(reverse("secretary-division-level", args=[second.pk]), {"level": 4}).status_code == 302
    second.refresh_from_db()
    assert second.level == 4


def test_a_place_another_division_holds_is_refused_from_the_settings_page(secretary: Any) -> None:
    ended = ended_league(secretary)
    client = logged_in(secretary)
    second = ended.divisions[2]
    answer = client.post(reverse("secretary-division-level", args=[second.pk]), {"level": 1}, follow=True)
    assert "Premier is already number 1 in Winter 2025-26: each division has a place of its own" in \
        answer.content.decode()
    second.refresh_from_db()
    assert second.level == 3
