"""The team sheet page of a format whose pairs are drawn: the captain names
the singles and each side's players for the pairs, draws them (with a seed
agreed at the table, or a new one), and the page shows the pairs drawn, the
seed and how anyone can check it; a refused draw says why with the form as
it was filled, and changes nothing."""
from typing import Any

import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night

from league import formats
from league.models import AuditEntry, MatchNight, Rubber
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create

DRAWN = {"name": "Drawn pairs", "pairs": "drawn", "max_singles": 1, "max_pairs": 1,
         "rubbers": [{"kind": "singles"}, {"kind": "pairs"}, {"kind": "pairs"}]}


@pytest.fixture
def night(db: None) -> Night:
    night = a_match_night()
    stored_format_create(league_id=night.league.pk, kind="format", slug="drawn", data=DRAWN, user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"match_format": "own:drawn"}, user=night.secretary)
    return night


def url(night: Night, tail: str = "") -> str:
    return f"/fixtures/{night.fixture.pk}/night{tail}"


def draw_data(night: Night, *, seed: str = "", home: int = 4, away: int = 4) -> dict[str, Any]:
    data: dict[str, Any] = {"r1_home": night.home_players[0].pk, "r1_away": night.away_players[0].pk, "seed": seed}
    for at, player in enumerate(night.home_players[1:1 + home], start=1):
        data[f"draw_home_{at}"] = player.pk
    for at, player in enumerate(night.away_players[1:1 + away], start=1):
        data[f"draw_away_{at}"] = player.pk
    return data


def test_the_captain_is_offered_the_draw_not_the_named_pairs(night: Night) -> None:
    html = text(browser(night.home_captain).get(url(night)))
    assert "Draw the pairs" in html and url(night, "/sheet/draw") in html
    assert 'name="draw_home_4"' in html and 'name="draw_away_4"' in html and 'name="draw_home_5"' not in html
    assert 'name="r1_home"' in html and 'name="r2_home"' not in html


def test_drawing_with_the_table_seed_enters_the_sheet_and_shows_the_pairs_and_seed(night: Night) -> None:
    client = browser(night.home_captain)
    response = post(client, url(night, "/sheet/draw"), draw_data(night, seed="table-7"))
    assert response.status_code == 302
    stored = MatchNight.objects.get(fixture=night.fixture)
    assert stored.pairs_seed == "table-7"
    home = [p.pk for p in night.home_players[1:5]]
    pairs = [(r.home_player_id, r.home_partner_id) for r in Rubber.objects.filter(night=stored, kind="pairs")
             .order_by("number")]
    assert pairs == formats.pairs_drawn(home, seed="table-7", side="home")
    html = text(client.get(url(night)))
    assert "The pairs are drawn with the seed table-7" in html
    assert 'id="pairs-seed">table-7<' in html
    assert 'random.Random("table-7:home")' in html
    first = {p.pk: p.name for p in night.home_players}[pairs[0][0]]
    assert f"Rubber 2: {first} &amp; " in html


def test_without_a_seed_a_new_one_is_made_and_shown(night: Night) -> None:
    client = browser(night.home_captain)
    post(client, url(night, "/sheet/draw"), draw_data(night))
    seed = MatchNight.objects.get(fixture=night.fixture).pairs_seed
    assert len(seed) == 16
    assert f'id="pairs-seed">{seed}<' in text(client.get(url(night)))


@pytest.mark.parametrize(("data", "words"), [
    ({"home": 3}, "The home side gives 3 players for the pairs: pairs are drawn from an even number"),
    ({"away": 1}, "The away side gives 1 player for the pairs: pairs are drawn from an even number"),
])
def test_a_refused_draw_says_why_keeps_the_form_and_changes_nothing(night: Night, data: dict[str, int],
                                                                     words: str) -> None:
    response = post(browser(night.home_captain), url(night, "/sheet/draw"), draw_data(night, seed="x", **data))
    assert response.status_code == 200
    html = text(response)
    assert "The pairs are not drawn" in html and words in html
    assert f'<option value="{night.home_players[0].pk}" selected' in html
    assert not MatchNight.objects.filter(fixture=night.fixture, pairs_seed="x").exists()
    assert not Rubber.objects.filter(night__fixture=night.fixture).exists()


def test_the_away_captain_may_not_draw(night: Night) -> None:
    response = post(browser(night.away_captain), url(night, "/sheet/draw"), draw_data(night, seed="x"))
    assert not Rubber.objects.filter(night__fixture=night.fixture).exists()
    assert response.status_code == 200
    assert "captain or vice-captain, or a league secretary, can draw the pairs" in text(response)
    assert AuditEntry.objects.filter(action="night.pairs_drawn.refused").count() == 1


def test_a_short_side_leaves_pairs_places_empty_and_concedes_a_singles_on_the_draw_form(night: Night) -> None:
    client = browser(night.home_captain)
    html = text(client.get(url(night)))
    assert f"Nobody: {night.away.name} concedes it" in html and "Nobody (short of players)" in html
    data = draw_data(night, seed="short", away=2)
    data["r1_away"] = "concede"
    response = post(client, url(night, "/sheet/draw"), data)
    assert response.status_code == 302, text(response)
    rubbers = {r.number: r.conceded_by for r in Rubber.objects.filter(night__fixture=night.fixture)}
    assert rubbers == {1: "away", 2: "", 3: "away"}
    html = text(client.get(url(night)))
    assert "Rubber 3: " in html and f"v {night.away.name} concedes it" in html
