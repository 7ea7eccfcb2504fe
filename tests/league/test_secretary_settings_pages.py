"""A league's settings and a division's overrides on the secretary's
pages: forms of choices (no JSON to type), a review listing each change
from what to what, saved only on confirmation, audited, and refused with
the validators' own words."""
from typing import Any

import pytest
from forms import browser, post, text
from leagues import a_season
from tablets import tablet_for

from league.models import AuditEntry, Division, League

LEAGUE_FORM = {
    "preset": "pub", "target": "", "finish": "", "down_can_win": "", "chip_out_bonus": "",
    "match_format": "plain", "points_scheme": "plain", "forfeit_won": "5", "forfeit_lost": "4",
    "forfeit_loser_points": "0", "result_deadline_days": "7", "late_result_points": "3, 5",
    "tie_0": "points", "tie_1": "games_difference", "tie_2": "games_won", "tie_3": "head_to_head",
    "tie_4": "pegged_difference", "tie_5": "name",
}


@pytest.fixture
def division(league: League) -> Division:
    return Division.objects.create(season=a_season(league), name="Premier")


def settings_url(league: League) -> str:
    return f"/secretary/leagues/{league.pk}/settings"


def test_the_league_form_offers_choices_and_no_json(secretary: Any, league: League) -> None:
    html = text(browser(secretary).get(settings_url(league)))
    assert "<textarea" not in html
    assert '<option value="leek">Leek</option>' in html
    assert '<option value="jaques">jaques</option>' in html
    assert '<option value="head_to_head">Head-to-head (points in their matches against each other)</option>' in html
    assert 'name="hide_from_search"' in html


def test_the_review_lists_each_change_and_saves_nothing(secretary: Any, league: League) -> None:
    html = text(post(browser(secretary), settings_url(league), {
        **LEAGUE_FORM, "step": "review", "match_format": "leek", "target": "121", "hide_from_search": "on"}))
    review = html[html.index("Check, then confirm"):]
    assert "Match format</th><td data-label=\"Now\">Plain (nine singles)</td><td data-label=\"Becomes\">Leek" in review
    assert "pub (target 121)" in review and "Hidden from search engines" in review
    assert "Points scheme" not in review
    league.refresh_from_db()
    assert (league.match_format, league.rules, league.hide_from_search) == ("plain", {"preset": "pub"}, False)


def test_confirming_saves_the_settings_and_audits_them(secretary: Any, league: League) -> None:
    page = post(browser(secretary), settings_url(league), {
        **LEAGUE_FORM, "step": "confirm", "match_format": "leek", "target": "121", "finish": "reach",
        "late_result_points": "none", "tie_2": "", "tie_3": "", "tie_4": "", "tie_5": "", "hide_from_search": "on"})
    assert page.status_code == 302
    league.refresh_from_db()
    assert league.match_format == "leek" and league.rules == {"preset": "pub", "target": 121, "finish": "reach"}
    assert league.late_result_points == [] and league.tie_breakers == ["points", "games_difference"]
    assert league.hide_from_search is True
    assert AuditEntry.objects.filter(action="league.settings.change").count() == 1
    assert AuditEntry.objects.filter(action="league.hide_from_search").count() == 1


@pytest.mark.parametrize(("change", "words"), [
    ({"tie_0": "name", "tie_1": "points"}, "comes after &#x27;name&#x27;, which must be last"),
    ({"forfeit_won": "3", "forfeit_lost": "4"}, "must favour the side that turned up"),
    ({"forfeit_loser_points": "5"}, "more than the Plain (2 for a win, 1 for a draw) points scheme gives a defeat"),
    ({"late_result_points": "3, five"}, "write whole numbers separated by commas"),
    ({"match_format": "darts"}, "Select a valid choice"),
])
def test_settings_the_validators_refuse_are_not_saved(
    secretary: Any, league: League, change: dict[str, str], words: str,
) -> None:
    html = text(post(browser(secretary), settings_url(league), {**LEAGUE_FORM, "step": "confirm", **change}))
    assert words in html
    league.refresh_from_db()
    assert league.forfeit == {"score": [5, 4], "loser_points": 0} and league.tie_breakers[0] == "points"
    assert not AuditEntry.objects.exists()


def test_settings_that_do_not_go_together_are_refused_before_the_review(secretary: Any, league: League) -> None:
    html = text(post(browser(secretary), settings_url(league), {**LEAGUE_FORM, "step": "review",
                                                                "forfeit_loser_points": "1"}))
    assert "gives a defeat (0)" in html and "Check, then confirm" not in html


def test_rule_keys_the_form_does_not_show_are_kept(secretary: Any, league: League) -> None:
    league.rules = {"preset": "pub", "hand_size": 9}
    league.save()
    post(browser(secretary), settings_url(league), {**LEAGUE_FORM, "step": "confirm", "target": "121"})
    league.refresh_from_db()
    assert league.rules == {"preset": "pub", "hand_size": 9, "target": 121}


def test_a_division_inherits_what_it_leaves_at_the_leagues(secretary: Any, division: Division) -> None:
    url = f"/secretary/divisions/{division.pk}/settings"
    html = text(browser(secretary).get(url))
    assert "The league&#x27;s: Plain (nine singles)" in html and "<textarea" not in html
    post(browser(secretary), url, {"step": "confirm", "preset": "", "match_format": "leek", "points_scheme": "",
                                   "tie_0": "", "late_result_points": ""})
    division.refresh_from_db()
    assert division.match_format == "leek"
    assert (division.points_scheme, division.rules, division.tie_breakers, division.forfeit) == (None,) * 4
    assert AuditEntry.objects.get(action="division.settings.change").data["changes"] == {
        "match_format": [None, "leek"]}


def test_a_division_override_is_set_back_to_the_leagues(secretary: Any, division: Division) -> None:
    division.points_scheme, division.rules = "leek", {"preset": "jaques"}
    division.save()
    url = f"/secretary/divisions/{division.pk}/settings"
    page = post(browser(secretary), url, {"step": "review", "preset": "", "points_scheme": ""})
    assert "the league&#x27;s" in text(page)
    post(browser(secretary), url, {"step": "confirm", "preset": "", "points_scheme": ""})
    division.refresh_from_db()
    assert (division.points_scheme, division.rules) == (None, None)


def test_going_back_from_the_review_shows_the_form_as_filled(secretary: Any, league: League) -> None:
    html = text(post(browser(secretary), settings_url(league), {**LEAGUE_FORM, "step": "edit", "target": "99"}))
    assert 'name="target" value="99"' in html and "Check the changes" in html


def test_the_secretary_sets_and_clears_the_bound_on_one_sanction(secretary: Any, division: Division) -> None:
    league = division.season.league
    client = browser(secretary)
    assert "The most points one sanction may take off a team" in text(client.get(settings_url(league)))
    review = text(post(client, settings_url(league), {**LEAGUE_FORM, "step": "review", "sanction_max_points": "4"}))
    assert ("The most one sanction may take off</th><td data-label=\"Now\">no bound of its own: the most one match "
            "or a late result can cost</td><td data-label=\"Becomes\">4 points") in review
    post(client, settings_url(league), {**LEAGUE_FORM, "step": "confirm", "sanction_max_points": "4"})
    league.refresh_from_db()
    assert league.sanction_max_points == 4
    assert "At most 4 in Premier." in text(client.get(f"/secretary/divisions/{division.pk}/sanctions"))
    assert 'name="sanction_max_points" value="4"' in text(client.get(settings_url(league)))
    # An empty box takes the league's own bound away.
    post(client, settings_url(league), {**LEAGUE_FORM, "step": "confirm", "sanction_max_points": ""})
    league.refresh_from_db()
    assert league.sanction_max_points is None
    changes = [entry.data["changes"] for entry in AuditEntry.objects.filter(action="league.sanction_max_points")
               .order_by("pk")]
    assert changes == [{"sanction_max_points": [None, 4]}, {"sanction_max_points": [4, None]}]


def test_a_bound_of_no_points_is_refused_beside_its_box(secretary: Any, league: League) -> None:
    html = text(post(browser(secretary), settings_url(league), {**LEAGUE_FORM, "step": "confirm",
                                                                "sanction_max_points": "0"}))
    assert ('<p class="error" id="id_sanction_max_points_error">Ensure this value is greater than or equal to 1.</p>'
            in html)
    league.refresh_from_db()
    assert league.sanction_max_points is None and not AuditEntry.objects.exists()


def test_the_api_reads_and_changes_the_bound_as_the_page_does(secretary: Any, league: League,
                                                              anonymous: Any) -> None:
    url = f"/api/leagues/{league.pk}/sanction-bound"
    assert anonymous.get(url).json() == {"sanction_max_points": None}
    changed = tablet_for(secretary).put(url, {"sanction_max_points": 6}, format="json")
    assert changed.status_code == 200 and changed.json() == {"sanction_max_points": 6}
    assert 'name="sanction_max_points" value="6"' in text(browser(secretary).get(settings_url(league)))
    refused = tablet_for(secretary).put(url, {"sanction_max_points": 0}, format="json")
    assert refused.status_code == 422 and "greater than or equal to 1" in refused.json()["error"]
    assert tablet_for(secretary).put(url, {"sanction_max_points": None}, format="json").json() == {
        "sanction_max_points": None}
    assert [e.action for e in AuditEntry.objects.order_by("pk")] == [
        "league.sanction_max_points", "league.sanction_max_points.refused", "league.sanction_max_points"]
