"""The match night page's forms each carry a key made when the page was
rendered, so a form sent twice (a double tap, or the browser sending it
again after the answer was lost) does its write once, and both sendings go
back to the page saying what was done."""
import re
from datetime import date

import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night, sheet_entered
from rearranging import a_moving_league, day
from test_night_pages import url
from test_night_write_keys import own_format
from test_rearrangement_pages import asked
from test_substitutes import SUBS

from league.models import AuditEntry, Fixture, RubberGame, Substitution
from league.services.match_games import rubber_game_card
from league.services.substitutes import substitutes_name
from league.services.teamsheets import team_sheet_enter


@pytest.fixture
def sheet(db: None) -> Night:
    night = a_match_night("best-of-three")
    sheet_entered(night, ["singles"] * 5)
    return night


def key_of_form(html: str, action: str) -> str:
    form = re.search(rf'<form[^>]*action="{re.escape(action)}"[^>]*>(.*?)</form>', html, re.DOTALL)
    assert form is not None, f"no form to {action}"
    key = re.search(r'name="form_key" value="([0-9a-f]+)"', form.group(1))
    assert key is not None, f"the form to {action} carries no key"
    return key.group(1)


def games_in_rubber(night: Night, number: int) -> list[tuple[int | None, int | None]]:
    games = RubberGame.objects.filter(rubber__night__fixture=night.fixture, rubber__number=number).order_by("number")
    return [(g.home_score, g.away_score) for g in games]


def test_every_form_of_the_night_page_that_writes_carries_a_key_new_at_each_rendering(sheet: Night) -> None:
    client = browser(sheet.home_captain)
    first, second = text(client.get(url(sheet))), text(client.get(url(sheet)))
    actions = re.findall(rf'<form method="post" action="({re.escape(url(sheet))}[^"]*)"', first)
    assert len(actions) >= 5  # the sheet, each rubber's card and live start, the result
    for action in actions:
        assert key_of_form(first, action) != key_of_form(second, action)


def test_a_card_form_sent_twice_records_one_game_and_both_go_back_saying_so(sheet: Night) -> None:
    client = browser(sheet.home_scorer)
    action = url(sheet, "/rubbers/1/card")
    form = {"card1-home_score": "61", "card1-away_score": "30",
            "form_key": key_of_form(text(client.get(url(sheet))), action)}
    first, again = post(client, action, form), post(client, action, form)
    assert (first.status_code, again.status_code) == (302, 302)
    assert first["Location"] == again["Location"] == url(sheet) + "#record-1"
    assert games_in_rubber(sheet, 1) == [(61, 30)]
    assert text(client.get(url(sheet))).count("Rubber 1, game 1: 61–30 is recorded.") == 2


def test_a_form_sent_again_with_other_details_is_refused_and_records_nothing_more(sheet: Night) -> None:
    client = browser(sheet.home_scorer)
    action = url(sheet, "/rubbers/1/card")
    key = key_of_form(text(client.get(url(sheet))), action)
    post(client, action, {"card1-home_score": "61", "card1-away_score": "30", "form_key": key})
    changed = post(client, action, {"card1-home_score": "30", "card1-away_score": "61", "form_key": key})
    assert changed.status_code == 200 and "This form was sent before with other details" in text(changed)
    assert games_in_rubber(sheet, 1) == [(61, 30)]


def test_a_fresh_form_after_the_answer_records_the_next_game(sheet: Night) -> None:
    client = browser(sheet.home_scorer)
    action = url(sheet, "/rubbers/1/card")
    for home, away in [("61", "30"), ("30", "61")]:
        key = key_of_form(text(client.get(url(sheet))), action)
        post(client, action, {"card1-home_score": home, "card1-away_score": away, "form_key": key})
    assert games_in_rubber(sheet, 1) == [(61, 30), (30, 61)]


def test_a_confirmed_submit_sent_twice_submits_once(sheet: Night) -> None:
    for number in range(1, 6):
        for _ in range(2):  # best of three: 2-0
            rubber_game_card(fixture_id=sheet.fixture.pk, rubber=number, home_score=61, away_score=30,
                             user=sheet.home_scorer)
    client = browser(sheet.home_captain)
    action = url(sheet, "/submit")
    confirmation = text(post(client, action, {"step": "review"}))
    form = {"step": "confirm", "form_key": key_of_form(confirmation, action)}
    first, again = post(client, action, form), post(client, action, form)
    assert first["Location"] == again["Location"] == url(sheet) + "#result"
    assert AuditEntry.objects.filter(action="night.submit").count() == 1


# Sent again after the first was done: the page no longer offers what the
# form holds, yet the resend lands where the first did, saying the same.

def night_words(day: date) -> str:
    return f"{day:%A} {day.day} {day:%B}"


@pytest.mark.parametrize("back", ["", "/"], ids=["from the night page", "from my matches"])
def test_a_date_pick_sent_again_after_the_match_is_moved_lands_on_the_same_message(db: None, back: str) -> None:
    moving = a_moving_league()
    asked(moving)
    client = browser(moving.captain(moving.away))
    night = f"/fixtures/{moving.fixture.pk}/night"
    action = f"{night}/rearrange/pick"
    sent = {"date": day(31).isoformat(), "form_key": key_of_form(text(client.get(back or night)), action),
            **({"next": back} if back else {})}
    first, again = post(client, action, sent), post(client, action, sent)
    assert (first.status_code, again.status_code) == (302, 302)
    assert first["Location"] == again["Location"] == (back or f"{night}#rearrange")
    page = text(client.get(night))
    assert page.count(f"{moving.fresh()} is moved to {night_words(day(31))}.") == 2
    assert "Pick one of the dates offered." not in page
    assert AuditEntry.objects.filter(action="rearrangement.pick").count() == 1


def test_a_confirmed_forfeit_sent_again_lands_on_the_same_message(db: None) -> None:
    night = a_match_night("solihull", league_name="Solihull League")
    client = browser(night.away_captain)
    action = url(night, "/forfeit")
    confirmation = text(post(client, action, {"team": night.away.pk, "step": "review"}))
    form = {"team": night.away.pk, "step": "confirm", "form_key": key_of_form(confirmation, action)}
    first, again = post(client, action, form), post(client, action, form)
    assert (first.status_code, again.status_code) == (302, 302)
    assert first["Location"] == again["Location"] == url(night) + "#night"
    said = f"{night.away.name} forfeited: the match is a walkover to {night.home.name}."
    assert text(client.get(url(night))).count(said) == 2
    assert Fixture.objects.get(pk=night.fixture.pk).walkover_winner_id == night.home.pk


def test_a_substitution_sent_again_after_the_player_went_off_lands_on_the_same_message(db: None) -> None:
    night = a_match_night()
    own_format(SUBS)(night)
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=[
        ([night.home_players[0].pk], [night.away_players[0].pk]),
        ([night.home_players[1].pk], [night.away_players[1].pk]),
        ([p.pk for p in night.home_players[2:4]], [p.pk for p in night.away_players[2:4]])],
        user=night.home_captain)
    on, off = night.home_players[6], night.home_players[0]  # off plays rubber 1 only: no longer offered after
    substitutes_name(fixture_id=night.fixture.pk, team_id=night.home.pk, player_ids=[on.pk], user=night.home_captain)
    client, action, prefix = browser(night.home_captain), url(night, "/substitution"), f"sub{night.home.pk}"
    form = {"team": night.home.pk, f"{prefix}-rubber": 1, f"{prefix}-off": off.pk, f"{prefix}-on": on.pk,
            "form_key": key_of_form(text(client.get(url(night))), action)}
    first, again = post(client, action, form), post(client, action, form)
    assert (first.status_code, again.status_code) == (302, 302)
    assert first["Location"] == again["Location"] == url(night) + f"#substitutes-{night.home.pk}"
    assert text(client.get(url(night))).count("The substitute is on in rubber 1.") == 2
    assert Substitution.objects.count() == 1
