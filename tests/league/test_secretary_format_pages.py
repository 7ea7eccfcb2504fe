"""The format builder on the secretary's pages: rubbers as rows added,
moved and removed by plain buttons (nothing saved until Save), a format
started from a preset, pairs drawn, a scheme with a losing bonus, each
save a new version with its history, errors beside their fields, and the
league or a division picking what was built."""
from html.parser import HTMLParser
from typing import Any

import pytest
from forms import browser, post, text
from leagues import a_season
from test_secretary_settings_pages import LEAGUE_FORM

from league.formats import format_get, format_to_data
from league.models import Division, FormatVersion, League, StoredFormat
from league.services.formats import stored_format_create

FORMAT = {"name": "Cup nights", "slug": "cup", "pairs": "drawn", "max_singles": "", "max_pairs": "1",
          "min_players": "4", "substitutes": "1", "concede_score": "",
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
    assert data["concede_score"] is None
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


class FormBoxes(HTMLParser):
    """What a browser would post from the page's form as it stands: each
    box's value, the checked radio, the selected option."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        box = dict(attrs)
        name = box.get("name") or ""
        if tag == "input" and name and name != "csrfmiddlewaretoken" and box.get("type") != "submit":
            if box.get("type") != "radio" or "checked" in box:
                self.values[name] = box.get("value") or ""
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select and "selected" in box:
            self.values[self.select] = box.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None


def boxes(html: str) -> dict[str, str]:
    parser = FormBoxes()
    parser.feed(html)
    return parser.values


def saved_unchanged(client: Any, address: str, **changes: str) -> Any:
    """Opens the page and presses Save with the boxes as they were filled in."""
    return post(client, address, {**boxes(text(client.get(address))), **changes, "action": "save"})


@pytest.mark.parametrize("preset", ["northallerton", "leek", "solihull", "guisborough", "best-of-three"])
def test_a_format_started_from_a_preset_and_saved_unchanged_is_the_preset(secretary: Any, league: League,
                                                                          preset: str) -> None:
    client = browser(secretary)
    page = post(client, formats_url(league, "formats/new"),
                {**boxes(text(client.get(formats_url(league, f"formats/new?from={preset}")))), "slug": "ours",
                 "action": "save"})
    assert page.status_code == 302
    saved = StoredFormat.objects.get(league=league, slug="ours").versions.get().data
    assert {**saved, "key": preset} == format_to_data(format_get(preset))


def test_northallertons_block_dominoes_rubbers_are_shown_and_kept_when_saved(secretary: Any, league: League) -> None:
    client = browser(secretary)
    html = text(client.get(formats_url(league, "formats/new?from=northallerton")))
    for number in range(1, 9):
        row = html[html.index(f'id="rubber-{number}"'):]
        game = "block" if number <= 4 else "fives-and-threes"
        assert row.index(f'<option value="{game}" selected>') < row.index("</tr>")
    assert "Block dominoes, result only from the card (unchecked)" in html
    page = post(client, formats_url(league, "formats/new"), {**boxes(html), "slug": "north", "action": "save"})
    rubbers = StoredFormat.objects.get(slug="north").versions.get().data["rubbers"]
    assert [r["game"] for r in rubbers] == ["block"] * 4 + ["fives-and-threes"] * 4
    assert saved_unchanged(client, page["Location"]).status_code == 302
    assert "Nothing changed: still version 1." in text(client.get(page["Location"]))


def test_a_block_rubber_given_a_target_is_refused_beside_the_box(secretary: Any, league: League) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"), {
        **FORMAT, "action": "save", "rubber-2-game": "block", "rubber-2-penalties": "", "rubber-2-target": "121"})
    assert page.status_code == 400
    html = text(page)
    row_2 = html[html.index('id="rubber-2"'):]
    target_box = row_2[row_2.index('id="rubber-2-target"'):row_2.index('id="rubber-2-hand_size"')]
    assert "A block dominoes rubber has no target: its result comes from the card." in target_box
    assert not StoredFormat.objects.exists()


def test_a_rubber_made_block_dominoes_in_the_builder_is_saved_unchecked(secretary: Any, league: League) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"), {
        **FORMAT, "action": "save", "rubber-2-game": "block", "rubber-2-penalties": "", "rubber-2-target": ""})
    assert page.status_code == 302
    rubbers = StoredFormat.objects.get(slug="cup").versions.get().data["rubbers"]
    assert rubbers[1] == {"kind": "pairs", "best_of": 3, "rules": {}, "game": "block"}


def test_a_concede_score_set_through_the_api_survives_a_save_on_the_page(secretary: Any, league: League) -> None:
    data = {**format_to_data(format_get("solihull")), "concede_score": 31, "substitutes": 2}
    stored_format_create(league_id=league.pk, kind="format", slug="api", data=data, user=secretary)
    client = browser(secretary)
    html = text(client.get(formats_url(league, "formats/api")))
    assert 'name="concede_score" value="31"' in html
    assert saved_unchanged(client, formats_url(league, "formats/api"), name="Solihull again").status_code == 302
    versions = StoredFormat.objects.get(slug="api").versions.order_by("number")
    assert [(v.number, v.data["concede_score"], v.data["name"]) for v in versions] == [
        (1, 31, "Solihull & Warwickshire"), (2, 31, "Solihull again")]


def test_a_concede_score_is_set_and_cleared_on_the_page(secretary: Any, league: League) -> None:
    client = browser(secretary)
    post(client, formats_url(league, "formats/new"), {**FORMAT, "concede_score": "50", "action": "save"})
    assert StoredFormat.objects.get(slug="cup").versions.get().data["concede_score"] == 50
    saved_unchanged(client, formats_url(league, "formats/cup"), concede_score="")
    assert StoredFormat.objects.get(slug="cup").versions.get(number=2).data["concede_score"] is None


def test_leeks_pairs_hand_size_by_number_of_players_is_shown_and_kept(secretary: Any, league: League) -> None:
    client = browser(secretary)
    html = text(client.get(formats_url(league, "formats/new?from=leek")))
    assert 'name="rubber-7-hand_size" id="rubber-7-hand_size" value="4: 6"' in html
    assert 'name="rubber-1-hand_size" id="rubber-1-hand_size" value="9"' in html
    post(client, formats_url(league, "formats/new"), {**boxes(html), "slug": "leek", "action": "save"})
    rubbers = StoredFormat.objects.get(slug="leek").versions.get().data["rubbers"]
    assert [r["rules"]["hand_size"] for r in rubbers] == [9] * 6 + [{"4": 6}] * 3


@pytest.mark.parametrize(("typed", "stored"), [
    ("7", 7),
    ("2: 9, 4: 6", {"2": 9, "4": 6}),
    ("4:6; 2:9", {"4": 6, "2": 9}),
])
def test_a_hand_size_is_typed_for_every_count_or_per_count(secretary: Any, league: League, typed: str,
                                                           stored: Any) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"),
                {**FORMAT, "rubber-1-hand_size": typed, "action": "save"})
    assert page.status_code == 302
    assert StoredFormat.objects.get(slug="cup").versions.get().data["rubbers"][0]["rules"]["hand_size"] == stored


@pytest.mark.parametrize(("typed", "said"), [
    ("seven", "Write the tiles each player is dealt as a number, such as 7, or by number of players"),
    ("5: 6", "A hand size is for 2, 3 or 4 players, not 5"),
    ("4: 6, 4: 7", "The hand size for 4 players is given twice."),
    ("4: 0", "Write the tiles each player is dealt as a number"),
])
def test_a_hand_size_that_makes_no_sense_is_refused_in_a_sentence_beside_it(secretary: Any, league: League,
                                                                            typed: str, said: str) -> None:
    page = post(browser(secretary), formats_url(league, "formats/new"),
                {**FORMAT, "rubber-1-hand_size": typed, "action": "save"})
    assert page.status_code == 400
    html = text(page)
    row_1 = html[html.index('id="rubber-1"'):html.index('id="rubber-2"')]
    hand_box = row_1[row_1.index('id="rubber-1-hand_size"'):row_1.index('id="rubber-1-penalties"')]
    assert said in hand_box
    assert not StoredFormat.objects.exists()
