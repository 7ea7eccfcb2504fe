"""The league's settings page offers walkovers "as the points scheme
says", shows what that means with the scheme picked, and saves it; the
scheme builder says when its walkover boxes count."""
from typing import Any

import pytest
from forms import browser, post, text
from leagues import a_season

from league.models import AuditEntry, Division, League
from league.services.formats import stored_format_create

LEAGUE_FORM = {
    "preset": "pub", "target": "", "finish": "", "down_can_win": "", "chip_out_bonus": "",
    "match_format": "plain", "points_scheme": "plain", "forfeit_rule": "score", "forfeit_won": "5",
    "forfeit_lost": "4", "forfeit_loser_points": "0", "result_deadline_days": "7", "late_result_points": "3, 5",
    "tie_0": "points", "tie_1": "games_difference", "tie_2": "games_won", "tie_3": "head_to_head",
    "tie_4": "pegged_difference", "tie_5": "name",
}
NORTHALLERTON = {"name": "Northallerton", "win": 2, "draw": 1, "loss": 0, "per_game": 1,
                 "walkover": {"score": [6, 0], "loser_points": 0}}


@pytest.fixture
def northallerton(secretary: Any, league: League) -> League:
    stored_format_create(league_id=league.pk, kind="scheme", slug="northallerton", data=NORTHALLERTON,
                         user=secretary)
    return league


def settings_url(league: League) -> str:
    return f"/secretary/leagues/{league.pk}/settings"


def review_of(html: str) -> str:
    return html[html.index("Check, then confirm"):]


def test_the_settings_page_offers_walkovers_as_the_points_scheme_says(secretary: Any, league: League) -> None:
    league.points_scheme = "leek"
    league.save()
    html = text(browser(secretary).get(settings_url(league)))
    assert "Walkovers and forfeits are scored" in html
    assert "As the points scheme says: 5-4, 0 points to the side that gave it, under Leek" in html
    # An existing league keeps its own score, picked.
    assert 'name="forfeit_rule" value="score" id="id_forfeit_rule_1" checked' in html
    assert 'name="forfeit_rule" value="scheme" id="id_forfeit_rule_0">' in html


def test_choosing_as_the_scheme_says_is_reviewed_with_the_schemes_walkover_then_saved(
        secretary: Any, northallerton: League) -> None:
    chosen = {**LEAGUE_FORM, "points_scheme": "own:northallerton", "forfeit_rule": "scheme",
              "forfeit_won": "", "forfeit_lost": "", "forfeit_loser_points": ""}
    review = review_of(text(post(browser(secretary), settings_url(northallerton), {**chosen, "step": "review"})))
    assert "5-4, 0 points to the side that gave it" in review
    assert "as the points scheme says: 6-0, 0 points to the side that gave it" in review
    northallerton.refresh_from_db()
    assert northallerton.forfeit == {"score": [5, 4], "loser_points": 0}

    page = post(browser(secretary), settings_url(northallerton), {**chosen, "step": "confirm"})

    assert page.status_code == 302
    northallerton.refresh_from_db()
    assert northallerton.forfeit is None and northallerton.points_scheme == "own:northallerton"
    audit = AuditEntry.objects.get(action="league.settings.change")
    assert audit.data["changes"]["forfeit"] == [{"score": [5, 4], "loser_points": 0}, None]
    html = text(browser(secretary).get(settings_url(northallerton)))
    assert "As the points scheme says: 6-0, 0 points to the side that gave it, under Northallerton" in html


def test_going_back_to_a_score_of_its_own_needs_the_score(secretary: Any, league: League) -> None:
    league.forfeit = None
    league.save()
    html = text(post(browser(secretary), settings_url(league), {
        **LEAGUE_FORM, "forfeit_won": "", "forfeit_lost": "", "step": "review"}))
    assert "give the walkover score, or choose as the points scheme says" in html

    page = post(browser(secretary), settings_url(league), {**LEAGUE_FORM, "forfeit_won": "6", "forfeit_lost": "0",
                                                           "step": "confirm"})
    assert page.status_code == 302
    league.refresh_from_db()
    assert league.forfeit == {"score": [6, 0], "loser_points": 0}


def test_a_form_posted_without_the_choice_keeps_scoring_by_its_boxes(secretary: Any, league: League) -> None:
    form = {k: v for k, v in LEAGUE_FORM.items() if k != "forfeit_rule"}
    page = post(browser(secretary), settings_url(league), {**form, "forfeit_won": "6", "forfeit_lost": "0",
                                                           "step": "confirm"})
    assert page.status_code == 302
    league.refresh_from_db()
    assert league.forfeit == {"score": [6, 0], "loser_points": 0}


def test_a_new_points_scheme_shows_what_the_walkover_becomes(secretary: Any, northallerton: League) -> None:
    northallerton.forfeit = None
    northallerton.save()
    review = review_of(text(post(browser(secretary), settings_url(northallerton), {
        **LEAGUE_FORM, "forfeit_rule": "scheme", "points_scheme": "own:northallerton", "step": "review"})))
    assert "as the points scheme says: 0-0, 0 points to the side that gave it" in review
    assert "as the points scheme says: 6-0, 0 points to the side that gave it" in review


def test_a_divisions_settings_under_a_league_that_follows_the_scheme(secretary: Any, league: League) -> None:
    league.forfeit = None
    league.save()
    division = Division.objects.create(season=a_season(league), name="Premier")
    html = text(browser(secretary).get(f"/secretary/divisions/{division.pk}/settings"))
    assert "Empty: the league&#x27;s, which is as the points scheme says" in html
    assert 'name="forfeit_rule"' not in html


def test_the_scheme_builder_says_when_its_walkover_boxes_count(secretary: Any, northallerton: League) -> None:
    address = f"/secretary/leagues/{northallerton.pk}/schemes/northallerton"
    html = text(browser(secretary).get(address))
    assert "where the league's walkover setting is “as the points scheme says”" in html
    assert "scores its walkovers 5-4 by its own setting, so these boxes are not used there" in html
    northallerton.forfeit = None
    northallerton.save()
    assert "scores its walkovers as the points scheme says" in text(browser(secretary).get(address))
