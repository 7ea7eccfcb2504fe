"""The captain's card: the whole paper card keyed on one form (the team
sheet and every rubber's games), judged by the night's services, saved
whole or not at all, and once however often it is sent."""
import re
from typing import Any

import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night, sheet_entered
from test_night_form_keys import key_of_form

from league.models import AuditEntry, MatchNight, Rubber, RubberGame
from league.services.match_games import rubber_game_card, rubber_game_start

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")


def card_url(night: Night) -> str:
    return f"/fixtures/{night.fixture.pk}/night/card"


def keyed(client: Any, night: Night) -> dict[str, str]:
    return {"form_key": key_of_form(text(client.get(card_url(night))), card_url(night))}


def whole_card(night: Night, scores: list[tuple[int, int]] = FIVE_FOUR) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for number, (home, away) in enumerate(night.lineups(PLAIN), start=1):
        data[f"r{number}_home"], data[f"r{number}_away"] = home[0], away[0]
    for number, (home_score, away_score) in enumerate(scores, start=1):
        data[f"r{number}_g1_home"], data[f"r{number}_g1_away"] = home_score, away_score
    return data


def games(night: Night) -> list[tuple[int, int, int | None, int | None]]:
    return [(g.rubber.number, g.number, g.home_score, g.away_score) for g in RubberGame.objects.filter(
        rubber__night__fixture=night.fixture).select_related("rubber").order_by("rubber__number", "number")]


def test_the_night_page_links_the_home_captain_to_the_card(night: Night) -> None:
    assert f'href="{card_url(night)}"' in text(browser(night.home_captain).get(f"/fixtures/{night.fixture.pk}/night"))
    assert f'href="{card_url(night)}"' not in text(browser(night.away_captain).get(
        f"/fixtures/{night.fixture.pk}/night"))


def test_the_card_offers_every_rubbers_players_and_a_games_score_boxes_for_the_phone(night: Night) -> None:
    html = text(browser(night.home_captain).get(card_url(night)))
    assert html.count('<fieldset class="card-rubber"') == 9
    assert 'name="r9_home"' in html and 'name="r9_away"' in html
    box = re.search(r'<input[^>]*name="r1_g1_home"[^>]*>', html)
    assert box is not None
    assert 'inputmode="numeric"' in box.group(0) and 'data-target="61"' in box.group(0)


def test_a_whole_valid_card_saves_the_sheet_and_every_rubber(night: Night) -> None:
    client = browser(night.home_captain)
    response = post(client, card_url(night), {**whole_card(night), **keyed(client, night)})
    assert response.status_code == 302 and response["Location"].endswith("/night#result")
    assert games(night) == [(n, 1, h, a) for n, (h, a) in enumerate(FIVE_FOUR, start=1)]
    assert [r.home_player_id for r in Rubber.objects.filter(night__fixture=night.fixture).order_by("number")] == [
        home[0] for home, _ in night.lineups(PLAIN)]
    assert "The card is saved: 9 games recorded." in text(client.get(response["Location"]))


def test_an_impossible_score_is_refused_beside_its_game_and_nothing_is_saved(night: Night) -> None:
    client = browser(night.home_captain)
    scores = [*FIVE_FOUR[:6], (50, 40), *FIVE_FOUR[7:]]
    response = post(client, card_url(night), {**whole_card(night, scores), **keyed(client, night)})
    assert response.status_code == 200
    html = text(response)
    game = re.search(r'<div class="card-game refused" id="r7_g1">(.*?)</div>\s*</fieldset>', html, re.DOTALL)
    assert game is not None, "the refusal is beside rubber 7's game"
    assert "50-40: a game to 61 is won on exactly 61" in game.group(1)
    assert 'value="50"' in game.group(1), "the card comes back as it was filled"
    assert games(night) == [] and not Rubber.objects.filter(night__fixture=night.fixture).exists()
    assert AuditEntry.objects.filter(action="night.card.refused").count() == 1


def test_a_sheet_the_rules_refuse_is_said_beside_its_rubber_and_nothing_is_saved(night: Night) -> None:
    client = browser(night.home_captain)
    data = whole_card(night)
    data["r2_home"] = data["r1_home"]  # one player in two singles
    html = text(post(client, card_url(night), {**data, **keyed(client, night)}))
    assert "The card is not saved" in html or "Not saved" in html
    assert games(night) == [] and not MatchNight.objects.filter(fixture=night.fixture, rubbers__isnull=False).exists()


def test_a_card_sent_twice_with_its_key_is_saved_once(night: Night) -> None:
    client = browser(night.home_captain)
    data = {**whole_card(night), **keyed(client, night)}
    first, again = post(client, card_url(night), data), post(client, card_url(night), data)
    assert (first.status_code, again.status_code) == (302, 302)
    assert first["Location"] == again["Location"]
    assert len(games(night)) == 9
    assert AuditEntry.objects.filter(action="night.game.card").count() == 9


def test_games_already_recorded_keep_their_players_and_the_card_gives_the_rest(night: Night) -> None:
    sheet_entered(night, PLAIN)
    rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=12, user=night.home_scorer)
    rubber_game_start(fixture_id=night.fixture.pk, rubber=2, user=night.home_scorer)
    client = browser(night.home_captain)
    html = text(client.get(card_url(night)))
    assert "Game 1: 61–12" in html and "being scored live" in html
    assert 'name="r1_g1_home"' not in html and 'name="r2_g1_home"' not in html
    data = {f"r{n}_g1_{side}": score for n, (h, a) in enumerate(FIVE_FOUR, start=1) if n > 2
            for side, score in (("home", h), ("away", a))}
    form = {**{k: v for k, v in whole_card(night).items() if not k.startswith("r1_") and "_g" not in k}, **data}
    response = post(client, card_url(night), {**form, **keyed(client, night)})
    assert response.status_code == 302, text(response)
    assert len(games(night)) == 9  # rubber 1's, rubber 2's live game, and seven from the card


def test_an_empty_card_says_so_and_changes_nothing(night: Night) -> None:
    sheet_entered(night, PLAIN)
    client = browser(night.home_captain)
    data = {k: v for k, v in whole_card(night).items() if "_g" not in k}
    html = text(post(client, card_url(night), {**data, **keyed(client, night)}))
    assert "Nothing is filled in" in html and games(night) == []


def test_only_the_home_captain_or_a_secretary_keys_the_card(night: Night) -> None:
    response = browser(night.away_captain).get(card_url(night))
    assert response.status_code == 403 and "Only Leek Red Lion A's captain" in text(response)
    client = browser(night.away_captain)
    assert post(client, card_url(night), whole_card(night)).status_code == 403
    assert games(night) == []


def test_a_block_rubbers_game_is_keyed_by_its_winner_beside_the_checked_ones(db: None) -> None:
    block = a_match_night("northallerton", squad=16, league_name="Northallerton League")
    sheet_entered(block, ["pairs"] * 8)
    client = browser(block.home_captain)
    html = text(client.get(card_url(block)))
    assert 'name="r1_g1_winner"' in html and 'name="r5_g1_winner"' not in html
    assert 'data-target' not in re.search(r'<input[^>]*name="r1_g1_home"[^>]*>', html).group(0)
    sheet = {f"r{n}_{side}{slot}": block.lineups(["pairs"] * 8)[n - 1][0 if side == "home" else 1][at]
             for n in range(1, 9) for side in ("home", "away") for at, slot in enumerate(("", "_partner"))}
    games_given = {"r1_g1_winner": "away", "r5_g1_home": "61", "r5_g1_away": "30"}
    response = post(client, card_url(block), {**sheet, **games_given, **keyed(client, block)})
    assert response.status_code == 302, text(response)
    assert games(block) == [(1, 1, None, None), (5, 1, 61, 30)]
    assert RubberGame.objects.get(rubber__night__fixture=block.fixture, rubber__number=1).winner == "away"


def test_someone_not_logged_in_is_sent_to_log_in_first(night: Night) -> None:
    response = browser().get(card_url(night))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_where_the_pairs_are_drawn_the_card_sends_the_captain_to_draw_them_first(db: None) -> None:
    drawn = a_match_night("guisborough", league_name="Guisborough League")
    html = text(browser(drawn.home_captain).get(card_url(drawn)))
    assert "the pairs are drawn at the table" in html and "draw them on the match night page</a> first" in html
