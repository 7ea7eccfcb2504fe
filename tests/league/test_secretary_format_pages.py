"""The format builder on the secretary's pages: rubbers as rows added,
moved and removed by plain buttons (nothing saved until Save), a format
started from a preset, pairs drawn, a scheme with a losing bonus, each
save a new version with its history, errors beside their fields, and the
league or a division picking what was built."""
from typing import Any

import pytest
from forms import browser, post, text
from leagues import a_season
from test_secretary_settings_pages import LEAGUE_FORM

from league.models import Division, FormatVersion, League, StoredFormat

FORMAT = {"name": "Cup nights", "slug": "cup", "pairs": "drawn", "max_singles": "", "max_pairs": "1",
          "min_players": "4", "substitutes": "1",
          "rubber-1-kind": "pairs", "rubber-1-best_of": "3", "rubber-1-target": "121", "rubber-1-hand_size": "",
          "rubber-1-penalties": "",
          "rubber-2-kind": "pairs", "rubber-2-best_of": "3", "rubber-2-target": "121", "rubber-2-hand_size": "",
          "rubber-2-penalties": "misplay: deduct 10"}
SCHEME = {"name": "Close games count", "slug": "close", "win": "3", "draw": "1", "loss": "0", "per_game": "0",
          "bonus_points": "1", "bonus_within": "1", "walkover_won": "2", "walkover_lost": "0",
          "walkover_loser_points": "0"}


def formats_url(league: League, rest: str = "") -> str:
    return f"/secretary/leagues/{league.pk}/{rest}"


def test_the_list_page_offers_to_build_from_each_preset(secretary: Any, league: League) -> None:
    html = text(browser(secretary).get(formats_url(league, "formats/")))
    assert '<option value="leek">Leek</option>' in html
    assert "No match formats of the league's own yet." in html


def test_a_new_format_starts_from_the_preset_chosen(secretary: Any, league: League) -> None:
    html = text(browser(secretary).get(formats_url(league, "formats/new?from=leek")))
    assert html.count('<tr class="rubber') == 9
    assert 'name="rubber-7-kind"' in html and '<option value="pairs" selected>' in html
    assert 'name="rubber-1-hand_size" id="rubber-1-hand_size" value="9"' in html


@pytest.mark.parametrize(("action", "kinds"), [
    ("add", ["pairs", "pairs", "pairs"]),
    ("remove-1", ["pairs"]),
    ("up-2", ["pairs", "pairs"]),
])
def test_rows_are_added_moved_and_removed_without_saving(secretary: Any, league: League, action: str,
                                                        kinds: list[str]) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"), {**FORMAT, "action": action})
    assert page.status_code == 200
    html = text(page)
    assert html.count('<tr class="rubber') == len(kinds)
    assert not StoredFormat.objects.exists()


def test_rearranging_an_unfinished_form_shows_no_errors_yet(secretary: Any, league: League) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"), {**FORMAT, "name": "", "action": "add"})
    assert page.status_code == 200
    assert 'class="error"' not in text(page)


def test_moving_a_row_carries_its_boxes_with_it(secretary: Any, league: League) -> None:
    html = text(post(browser(secretary), formats_url(league, "formats/new"), {**FORMAT, "action": "up-2"}))
    assert 'name="rubber-1-penalties" id="rubber-1-penalties" value="misplay: deduct 10"' in html
    assert 'name="rubber-2-penalties" id="rubber-2-penalties" value=""' in html


def test_saving_builds_the_format_as_version_1(secretary: Any, league: League) -> None:
    client = browser(secretary)
    page = post(client, formats_url(league, "formats/new"), {**FORMAT, "action": "save"})
    assert page.status_code == 302
    stored = StoredFormat.objects.get(league=league, slug="cup")
    data = stored.versions.get().data
    assert (data["pairs"], data["substitutes"], data["min_players"]) == ("drawn", 1, 4)
    assert data["rubbers"][1] == {"kind": "pairs", "best_of": 3,
                                  "rules": {"target": 121, "penalties": {"misplay": "deduct 10"}},
                                  "game": "fives-and-threes"}
    html = text(client.get(page["Location"]))
    assert "version 1" in html and "own:cup" in html and "Save as a new version" in html


def test_each_problem_is_shown_beside_its_box(secretary: Any, league: League) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"), {
        **FORMAT, "action": "save", "rubber-2-best_of": "2", "rubber-1-penalties": "shouting: deduct 5",
        "min_players": "5"})
    assert page.status_code == 400
    html = text(page)
    row_1, row_2 = html[html.index('id="rubber-1"'):html.index('id="rubber-2"')], html[html.index('id="rubber-2"'):]
    assert "Write penalty changes as offence: action" in row_1
    assert "Best of must be an odd number of games" in row_2
    assert not StoredFormat.objects.exists()


def test_the_whole_format_is_checked_too(secretary: Any, league: League) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"), {**FORMAT, "action": "save",
                                                                        "min_players": "5"})
    assert page.status_code == 400
    assert "The fewest players a team fields must be from 1 to 4" in text(page)


def test_saving_again_makes_a_new_version_shown_in_the_history(secretary: Any, league: League) -> None:
    client = browser(secretary)
    post(client, formats_url(league, "formats/new"), {**FORMAT, "action": "save"})
    edit = {k: v for k, v in FORMAT.items() if k != "slug"}
    post(client, formats_url(league, "formats/cup"), {**edit, "substitutes": "2", "action": "save"})
    page = post(client, formats_url(league, "formats/cup"), {**edit, "substitutes": "2", "action": "save"})
    assert FormatVersion.objects.filter(format__slug="cup").count() == 2
    html = text(client.get(page["Location"]))
    assert "Nothing changed: still version 2." in html
    assert html.count('data-label="Version"') == 2


def test_a_scheme_with_a_losing_bonus_is_built_and_then_picked_for_a_division(secretary: Any, league: League) -> None:
    client = browser(secretary)
    assert post(client, formats_url(league, "schemes/new"), SCHEME).status_code == 302
    stored = StoredFormat.objects.get(league=league, slug="close")
    assert stored.versions.get().data["losing_bonus"] == {"points": 1, "within": 1}
    post(client, formats_url(league, "formats/new"), {**FORMAT, "action": "save"})
    division = Division.objects.create(season=a_season(league), name="Cup")
    settings = f"/secretary/divisions/{division.pk}/settings"
    html = text(client.get(settings))
    assert '<option value="own:close">Close games count (own)</option>' in html
    form = {key: "" for key in LEAGUE_FORM}
    page = post(client, settings, {**form, "step": "confirm", "match_format": "own:cup",
                                   "points_scheme": "own:close"})
    assert page.status_code == 302
    division.refresh_from_db()
    assert (division.match_format, division.points_scheme) == ("own:cup", "own:close")
    assert "Winter 2026-27: Cup" in text(client.get(formats_url(league, "schemes/close")))


def test_a_losing_bonus_needs_its_points_and_its_margin(secretary: Any, league: League) -> None:
    page = post(browser(secretary), formats_url(league, "schemes/new"), {**SCHEME, "bonus_within": ""})
    assert page.status_code == 400
    assert "both its points and its margin" in text(page)


def test_a_scheme_paying_a_draw_more_than_a_win_is_refused_beside_the_draw(secretary: Any, league: League) -> None:
    page = post(browser(secretary), formats_url(league, "schemes/new"), {**SCHEME, "draw": "4"})
    assert page.status_code == 400
    html = text(page)
    assert 'id="id_draw_error"' in html and "must be worth at least a draw" in html


def test_only_the_leagues_secretary_sees_the_builder(league: League, django_user_model: Any) -> None:
    stranger = django_user_model.objects.create_user("stranger")
    assert browser(stranger).get(formats_url(league, "formats/")).status_code == 403
    assert browser().get(formats_url(league, "formats/")).status_code == 302


def test_the_settings_review_names_the_leagues_own_format(secretary: Any, league: League) -> None:
    client = browser(secretary)
    post(client, formats_url(league, "formats/new"), {**FORMAT, "action": "save"})
    html = text(post(client, f"/secretary/leagues/{league.pk}/settings",
                     {**LEAGUE_FORM, "step": "review", "match_format": "own:cup"}))
    review = html[html.index("Check, then confirm"):]
    assert 'data-label="Becomes">Cup nights (own:cup)</td>' in review
