"""Short teams and unchecked rubbers on the match night page and the public
pages, through a browser's requests: the "unchecked" label and why, a block
rubber entered by its winner and never offered to the pad, a rubber
conceded from the team sheet form, and a forfeit after its confirmation."""
from typing import Any

import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night

from league.models import Fixture, Rubber, RubberGame
from league.services.match_games import rubber_game_card
from league.services.teamsheets import team_sheet_enter

CONCEDE = "concede"


def url(night: Night, tail: str = "") -> str:
    return f"/fixtures/{night.fixture.pk}/night{tail}"


@pytest.fixture
def block_night(db: None) -> Night:
    """Northallerton: eight pairs rubbers, the first four block dominoes."""
    night = a_match_night("northallerton", league_name="Northallerton League")
    def pair(squad: list[Any], n: int) -> list[int]:
        return [squad[(2 * n) % 8].pk, squad[(2 * n + 1) % 8].pk]
    team_sheet_enter(fixture_id=night.fixture.pk, user=night.home_captain,
                     lineups=[(pair(night.home_players, n), pair(night.away_players, n)) for n in range(8)])
    return night


def test_anyone_sees_which_rubbers_are_unchecked_and_why(block_night: Night) -> None:
    html = text(browser().get(url(block_night)))
    assert html.count('<span class="flag unchecked" aria-describedby="unchecked-note">') == 4
    assert "a game the scoring engine does not play" in html


def test_a_block_rubber_offers_its_result_from_the_card_and_no_pad(block_night: Night) -> None:
    html = text(browser(block_night.home_scorer).get(url(block_night)))
    assert url(block_night, "/rubbers/1/live") not in html
    assert url(block_night, "/rubbers/5/live") in html
    assert 'name="card1-winner"' in html and 'name="card5-winner"' not in html


def test_the_pad_refuses_a_block_rubber_from_the_page_too(block_night: Night) -> None:
    response = post(browser(block_night.home_scorer), url(block_night, "/rubbers/2/live"))
    assert response.status_code == 200
    assert "rubber 2 is block dominoes, which is not scored live" in text(response)
    assert not RubberGame.objects.filter(rubber__night__fixture=block_night.fixture).exists()


def test_a_block_rubber_is_recorded_from_the_card_by_its_winner(block_night: Night) -> None:
    client = browser(block_night.home_scorer)
    response = post(client, url(block_night, "/rubbers/3/card"), {"card3-winner": "away"})
    assert response.status_code == 302
    game = RubberGame.objects.get(rubber__night__fixture=block_night.fixture, rubber__number=3)
    assert (game.winner, game.home_score, game.away_score) == ("away", None, None)
    page = text(client.get(url(block_night)))
    assert f"Rubber 3, game 1: won by {block_night.away.name} is recorded." in page
    assert "result only" in page


def test_the_match_card_notes_an_unchecked_rubber(block_night: Night) -> None:
    rubber_game_card(fixture_id=block_night.fixture.pk, rubber=1, home_score=None, away_score=None, winner="home",
                     user=block_night.home_scorer)
    rows = text(browser().get(url(block_night, "/card.csv"))).strip().split("\r\n")
    assert rows[0].endswith(",Note")
    assert rows[1].startswith("1,pairs,1,") and ",,," in rows[1]
    assert rows[1].endswith("unchecked (block dominoes): the result as the card gives it")


def test_a_player_page_labels_an_unchecked_game(block_night: Night) -> None:
    rubber_game_card(fixture_id=block_night.fixture.pk, rubber=1, home_score=None, away_score=None, winner="home",
                     user=block_night.home_scorer)
    player = Rubber.objects.get(night__fixture=block_night.fixture, number=1).home_player
    assert player is not None
    assert "block dominoes, unchecked" in text(browser().get(f"/players/{player.pk}/"))


@pytest.fixture
def solihull(db: None) -> Night:
    return a_match_night("solihull", league_name="Solihull League")


def sheet_data(night: Night, conceded: dict[int, str]) -> dict[str, Any]:
    """The sheet form as filled: rubber by rubber, "Nobody: concedes" in
    every place of a side that concedes it."""
    kinds = ["singles"] * 6 + ["pairs"] * 3
    data: dict[str, Any] = {}
    for number, (home, away) in enumerate(night.lineups(kinds), start=1):
        for side, players in (("home", home), ("away", away)):
            # A singles rubber names one player, a pairs rubber two.
            for slot, player in zip(("", "_partner"), players, strict=False):
                data[f"r{number}_{side}{slot}"] = CONCEDE if conceded.get(number) == side else player
    return data


def test_a_short_side_concedes_a_rubber_from_the_team_sheet_form(solihull: Night) -> None:
    client = browser(solihull.home_captain)
    data = sheet_data(solihull, {9: "away"})
    data["r8_away"], data["r8_away_partner"] = solihull.away_players[2].pk, solihull.away_players[3].pk
    response = post(client, url(solihull, "/sheet"), data)
    assert response.status_code == 302, text(response)
    ninth = Rubber.objects.get(night__fixture=solihull.fixture, number=9)
    assert (ninth.conceded_by, ninth.away_player, ninth.games.get().winner) == ("away", None, "home")
    html = text(client.get(url(solihull)))
    assert f'<span class="flag conceded">conceded by {solihull.away.name}</span>' in html
    assert f"Conceded by {solihull.away.name}, who could not field players for it" in html
    # The form shows the concession as it stands, for the sheet to be changed.
    assert html.count(f'<option value="{CONCEDE}" selected>') == 2


def test_a_side_that_concedes_and_names_a_player_is_told_why(solihull: Night) -> None:
    data = sheet_data(solihull, {9: "away"})
    data["r9_away_partner"] = solihull.away_players[5].pk
    response = post(browser(solihull.home_captain), url(solihull, "/sheet"), data)
    assert response.status_code == 200
    assert f"Rubber 9: {solihull.away.name} concedes it, so names no players for it." in text(response)
    assert not Rubber.objects.filter(night__fixture=solihull.fixture).exists()


def test_a_captain_forfeits_for_a_side_that_cannot_raise_a_team_after_confirming(solihull: Night) -> None:
    client = browser(solihull.away_captain)
    page = text(client.get(url(solihull)))
    assert f"{solihull.away.name} forfeits…" in page and f"{solihull.home.name} forfeits…" not in page
    review = post(client, url(solihull, "/forfeit"), {"team": solihull.away.pk, "step": "review"})
    assert "Check, then confirm" in text(review)
    assert f"The match is a walkover to {solihull.home.name}" in text(review)
    assert Fixture.objects.get(pk=solihull.fixture.pk).status == Fixture.Status.PUBLISHED
    done = post(client, url(solihull, "/forfeit"), {"team": solihull.away.pk, "step": "confirm"})
    assert done.status_code == 302
    fixture = Fixture.objects.get(pk=solihull.fixture.pk)
    assert (fixture.status, fixture.walkover_winner_id) == (Fixture.Status.WALKOVER, solihull.home.pk)


def test_a_captain_cannot_forfeit_for_the_other_side(solihull: Night) -> None:
    response = post(browser(solihull.away_captain), url(solihull, "/forfeit"),
                    {"team": solihull.home.pk, "step": "confirm"})
    assert response.status_code == 404
    assert Fixture.objects.get(pk=solihull.fixture.pk).status == Fixture.Status.PUBLISHED
