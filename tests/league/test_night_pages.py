"""The match night page through a browser's requests: what anyone reads,
which forms each role is offered, what each step of the night changes, and
that a refusal changes nothing and says why with the form as it was filled."""
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from forms import browser, post, text
from in_process import committing
from matchnights import Night, a_match_night, sheet_entered

from league.models import AuditEntry, Fixture, MatchNight, Rubber, RubberGame
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.results import match_dispute, match_resolve, match_submit

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")


@pytest.fixture
def sheet(night: Night) -> Night:
    sheet_entered(night, PLAIN)
    return night


@pytest.fixture
def played(sheet: Night) -> Night:
    """Every rubber decided from the card, 5-4 to the home team."""
    cards(sheet, FIVE_FOUR)
    return sheet


@pytest.fixture
def submitted(played: Night) -> Night:
    match_submit(fixture_id=played.fixture.pk, user=played.home_captain)
    return played


@pytest.fixture
def disputed(submitted: Night) -> Night:
    match_dispute(fixture_id=submitted.fixture.pk, reason="Rubber 9 was 61-59 to us", user=submitted.away_captain)
    return submitted


def cards(night: Night, scores: list[tuple[int, int]]) -> None:
    for number, (home, away) in enumerate(scores, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)


def stranger() -> Any:
    return get_user_model().objects.create_user("stranger")


def url(night: Night, tail: str = "") -> str:
    return f"/fixtures/{night.fixture.pk}/night{tail}"


def sheet_data(night: Night) -> dict[str, int]:
    data = {}
    for number, (home, away) in enumerate(night.lineups(PLAIN), start=1):
        data[f"r{number}_home"], data[f"r{number}_away"] = home[0], away[0]
    return data


def status(night: Night) -> str:
    return MatchNight.objects.get(fixture=night.fixture).status


# Reading the night


def test_anyone_reads_the_teams_date_venue_and_format(night: Night) -> None:
    html = text(browser().get(url(night)))
    assert "Leek Red Lion A" in html and "Leek Crown B" in html
    assert night.fixture.played_on.strftime("%B %Y") in html
    assert night.fixture.venue.name in html
    assert "Plain (nine singles)" in html
    assert "Result open" in html


def test_the_page_links_to_both_teams_fixtures_calendars(night: Night) -> None:
    html = text(browser().get(url(night)))
    assert f'href="/teams/{night.home.pk}/fixtures.ics"' in html
    assert f'href="/teams/{night.away.pk}/fixtures.ics"' in html


def test_the_page_links_to_both_teams_pages_and_the_division(night: Night) -> None:
    html = text(browser().get(url(night)))
    assert f'href="/teams/{night.home.pk}/"' in html and f'href="/teams/{night.away.pk}/"' in html
    assert f'href="/divisions/{night.division.pk}/"' in html


@pytest.mark.slow
def test_a_finished_live_game_links_to_its_scoresheet(sheet: Night, django_capture_on_commit_callbacks: Any) -> None:
    from matchnights import play_live
    from tablets import tablet_for

    started = rubber_game_start(fixture_id=sheet.fixture.pk, rubber=1, user=sheet.home_scorer)
    sheet_url = f'href="/api/games/{started.game_id}/sheet"'
    assert sheet_url not in text(browser().get(url(sheet)))
    tablet = tablet_for(sheet.home_scorer)
    # The moves' work after commit (publishing the live state) moves the
    # night's page on, as in production.
    with committing(django_capture_on_commit_callbacks)():
        play_live(tablet, tablet.get(f"/api/games/{started.game_id}").json(), seed=5)
    assert sheet_url in text(browser().get(url(sheet)))


def test_the_match_card_downloads_as_csv_one_row_a_game(sheet: Night) -> None:
    cards(sheet, [(61, 40), (12, 61)])
    response = browser().get(url(sheet, "/card.csv"))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = [line.split(",") for line in text(response).strip().split("\r\n")]
    assert rows[0][:8] == ["Rubber", "Kind", "Game", "Home players", "Away players", "Home score", "Away score",
                           "Winner"]
    assert rows[1][:8] == ["1", "singles", "1", sheet.home_players[0].name, sheet.away_players[0].name, "61", "40",
                           sheet.home.name]
    assert rows[2][5:8] == ["12", "61", sheet.away.name] and len(rows) == 3
    assert f'href="{url(sheet, "/card.csv")}"' in text(browser().get(url(sheet)))


def test_a_draft_fixtures_card_is_not_found(night: Night) -> None:
    Fixture.objects.filter(pk=night.fixture.pk).update(status=Fixture.Status.DRAFT)
    assert browser().get(url(night, "/card.csv")).status_code == 404


def test_each_rubber_shows_its_players_and_its_games_scores(sheet: Night) -> None:
    cards(sheet, [(61, 40), (12, 61)])
    html = text(browser().get(url(sheet)))
    assert html.count("<tr id=\"rubber-") == 9
    assert sheet.home_players[0].name in html and sheet.away_players[8].name in html
    assert "61–40" in html and "12–61" in html


def test_the_score_so_far_counts_the_rubbers_won(sheet: Night) -> None:
    cards(sheet, [(61, 40), (12, 61), (61, 0)])
    html = text(browser().get(url(sheet)))
    assert 'data-score="Leek Red Lion A 2, Leek Crown B 1"' in html
    assert "Rubbers won so far" in html


def test_a_live_game_is_marked_in_play_with_a_link_to_its_live_scoreboard(sheet: Night) -> None:
    started = rubber_game_start(fixture_id=sheet.fixture.pk, rubber=2, user=sheet.home_scorer)
    html = text(browser().get(url(sheet)))
    assert "In play" in html
    assert f'href="/games/{started.game_id}/board"' in html
    assert "Live scoreboard" in html


def test_the_scoreboard_part_alone_is_served_for_the_page_to_poll(sheet: Night) -> None:
    cards(sheet, [(61, 40)])
    response = browser(sheet.home_captain).get(url(sheet, "/live"))
    html = text(response)
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    assert "61–40" in html and 'data-status="open"' in html
    assert "<html" not in html and "<form" not in html


def stage(html: str) -> str:
    return html.split('data-stage="', 1)[1].split('"', 1)[0]


def test_the_live_part_tells_the_page_when_its_forms_are_out_of_date(sheet: Night) -> None:
    client = browser(sheet.home_scorer)
    loaded = stage(text(client.get(url(sheet))))
    assert stage(text(client.get(url(sheet, "/live")))) == loaded == "open" + "|0" * 9
    rubber_game_start(fixture_id=sheet.fixture.pk, rubber=2, user=sheet.home_scorer)
    assert stage(text(client.get(url(sheet, "/live")))) == "open|0|1p" + "|0" * 7


def test_a_disputed_result_shows_the_reason_and_then_the_secretarys_ruling(
        disputed: Night, django_capture_on_commit_callbacks: Any) -> None:
    html = text(browser().get(url(disputed)))
    assert "Result disputed by Leek Crown B" in html and "Rubber 9 was 61-59 to us" in html
    with committing(django_capture_on_commit_callbacks)():
        match_resolve(fixture_id=disputed.fixture.pk, decision="uphold", note="The card says 61-40.",
                      user=disputed.secretary)
    html = text(browser().get(url(disputed)))
    assert "Result confirmed" in html and "Why it was disputed" in html and "The card says 61-40." in html


def test_a_postponed_match_says_so_with_its_reason(night: Night) -> None:
    Fixture.objects.filter(pk=night.fixture.pk).update(status=Fixture.Status.POSTPONED, reason="Pub flooded")
    assert "This match is postponed: Pub flooded" in text(browser().get(url(night)))


def test_an_unknown_fixture_is_not_found(db: None) -> None:
    assert browser().get("/fixtures/999/night").status_code == 404
    assert browser().get("/fixtures/999/night/live").status_code == 404


def test_a_draft_fixture_is_seen_only_by_its_leagues_secretaries(night: Night) -> None:
    Fixture.objects.filter(pk=night.fixture.pk).update(status=Fixture.Status.DRAFT)
    assert browser().get(url(night)).status_code == 404
    assert browser(night.home_captain).get(url(night, "/live")).status_code == 404
    assert browser(night.secretary).get(url(night)).status_code == 200


def test_anonymous_users_see_no_forms(sheet: Night) -> None:
    html = text(browser().get(url(sheet)))
    assert "<form" not in html and "csrfmiddlewaretoken" not in html


# Who is offered what

FORMS = {"sheet": "/sheet", "card": "/rubbers/1/card", "live": "/rubbers/1/live", "submit": "/submit",
         "confirm": "/confirm", "dispute": "/dispute", "settle": "/settle"}


def offered(night: Night, user: Any) -> set[str]:
    html = text(browser(user).get(url(night)))
    return {name for name, tail in FORMS.items() if f'action="{url(night, tail)}"' in html}


@pytest.mark.parametrize(("who", "forms"), [
    ("home_captain", {"sheet", "card", "live", "submit"}),
    ("secretary", {"sheet", "card", "live", "submit"}),
    ("home_scorer", {"card", "live"}),
    ("away_captain", {"card", "live"}),
])
def test_while_the_night_is_open_each_role_is_offered_its_own_forms(sheet: Night, who: str, forms: set[str]) -> None:
    assert offered(sheet, getattr(sheet, who)) == forms


def test_a_user_with_no_part_in_the_match_is_offered_nothing(sheet: Night) -> None:
    html = text(browser(stranger()).get(url(sheet)))
    assert "<form" not in html


def test_once_submitted_only_the_away_captain_is_offered_confirm_and_dispute(submitted: Night) -> None:
    assert offered(submitted, submitted.away_captain) == {"confirm", "dispute"}
    assert offered(submitted, submitted.home_captain) == set()
    assert offered(submitted, submitted.secretary) == set()


def test_a_disputed_result_offers_the_secretary_a_ruling_and_the_captains_nothing(disputed: Night) -> None:
    assert offered(disputed, disputed.secretary) == {"settle"}
    assert offered(disputed, disputed.away_captain) == set()
    assert offered(disputed, disputed.home_captain) == set()


def test_a_rubber_with_a_game_in_play_links_its_scorers_to_the_pad(sheet: Night) -> None:
    started = rubber_game_start(fixture_id=sheet.fixture.pk, rubber=1, user=sheet.home_scorer)
    html = text(browser(sheet.home_scorer).get(url(sheet)))
    assert f'href="/games/{started.game_id}/pad"' in html
    assert f'action="{url(sheet, "/rubbers/1/card")}"' not in html


# The team sheet


def test_the_home_captain_enters_the_team_sheet_from_the_page(night: Night) -> None:
    client = browser(night.home_captain)
    response = post(client, url(night, "/sheet"), sheet_data(night))
    assert response.status_code == 302 and response["Location"] == url(night) + "#sheet"
    rubbers = list(Rubber.objects.filter(night__fixture=night.fixture).order_by("number"))
    assert [(r.home_player, r.away_player) for r in rubbers] == list(
        zip(night.home_players[:9], night.away_players[:9], strict=True))
    assert "The team sheet is entered." in text(client.get(url(night)))


def test_a_pairs_rubber_takes_a_player_and_a_partner_a_side(db: None) -> None:
    night = a_match_night("solihull")
    kinds = ["singles"] * 6 + ["pairs"] * 3
    data = {}
    for number, (home, away) in enumerate(night.lineups(kinds), start=1):
        for side, players in (("home", home), ("away", away)):
            data[f"r{number}_{side}"] = players[0]
            if len(players) == 2:
                data[f"r{number}_{side}_partner"] = players[1]
    assert 'name="r7_away_partner"' in text(browser(night.home_captain).get(url(night)))
    post(browser(night.home_captain), url(night, "/sheet"), data)
    pairs = Rubber.objects.get(night__fixture=night.fixture, number=7)
    assert (pairs.home_player, pairs.home_partner) == (night.home_players[0], night.home_players[1])
    assert (pairs.away_player, pairs.away_partner) == (night.away_players[0], night.away_players[1])


def test_the_sheet_form_starts_from_the_sheet_as_entered(sheet: Night) -> None:
    html = text(browser(sheet.home_captain).get(url(sheet)))
    assert f'<option value="{sheet.home_players[2].pk}" selected>' in html


def test_a_refused_team_sheet_lists_every_problem_keeps_the_choices_and_stores_nothing(night: Night) -> None:
    data = sheet_data(night)
    data["r2_home"] = data["r1_home"]
    data["r3_away"] = ""
    response = post(browser(night.home_captain), url(night, "/sheet"), data)
    html = text(response)
    assert response.status_code == 200
    assert f"Leek Red Lion A: {night.home_players[0].name} plays two singles" in html
    assert "Rubber 3 (singles): Leek Crown B names 0 players" in html
    assert html.count(f'<option value="{night.home_players[0].pk}" selected>') == 2
    assert not Rubber.objects.filter(night__fixture=night.fixture).exists()


# Recording the games


def test_starting_a_live_game_opens_the_scorers_pad(sheet: Night) -> None:
    response = post(browser(sheet.home_scorer), url(sheet, "/rubbers/4/live"))
    game = RubberGame.objects.get(rubber__night__fixture=sheet.fixture, rubber__number=4)
    assert game.source == RubberGame.Source.LIVE
    assert response.status_code == 302 and response["Location"] == f"/games/{game.game_id}/pad"


def test_a_card_score_is_recorded_and_the_page_says_so(sheet: Night) -> None:
    client = browser(sheet.away_captain)
    response = post(client, url(sheet, "/rubbers/3/card"), {"card3-home_score": "40", "card3-away_score": "61"})
    assert response.status_code == 302 and response["Location"] == url(sheet) + "#record-3"
    game = RubberGame.objects.get(rubber__night__fixture=sheet.fixture, rubber__number=3)
    assert (game.home_score, game.away_score, game.winner, game.source) == (40, 61, "away", "card")
    assert "Rubber 3, game 1: 40–61 is recorded." in text(client.get(url(sheet)))


def test_an_impossible_card_score_is_refused_in_the_services_words_with_the_scores_kept(sheet: Night) -> None:
    response = post(browser(sheet.home_scorer), url(sheet, "/rubbers/3/card"),
                    {"card3-home_score": "55", "card3-away_score": "40"})
    html = text(response)
    assert response.status_code == 200
    assert "55-40: a game to 61 is won on exactly 61" in html
    assert 'name="card3-home_score" value="55"' in html and 'name="card3-away_score" value="40"' in html
    assert not RubberGame.objects.exists()
    assert AuditEntry.objects.filter(action="night.game.card.refused").count() == 1


def test_a_card_score_that_is_not_a_number_is_asked_for_again(sheet: Night) -> None:
    response = post(browser(sheet.home_scorer), url(sheet, "/rubbers/3/card"),
                    {"card3-home_score": "sixty", "card3-away_score": "40"})
    assert "Enter a whole number." in text(response)
    assert not RubberGame.objects.exists()


def test_taking_a_game_off_asks_first_and_then_takes_it_off(sheet: Night) -> None:
    cards(sheet, [(61, 40)])
    client = browser(sheet.home_scorer)
    asked = post(client, url(sheet, "/rubbers/1/remove"), {"step": "review"})
    assert "Rubber 1, game 1, 61–40 from the card" in text(asked)
    assert RubberGame.objects.count() == 1
    response = post(client, url(sheet, "/rubbers/1/remove"), {"step": "confirm"})
    assert response.status_code == 302
    assert not RubberGame.objects.exists()


def test_a_rubber_with_no_game_has_none_to_take_off(sheet: Night) -> None:
    response = post(browser(sheet.home_scorer), url(sheet, "/rubbers/2/remove"), {"step": "confirm"})
    assert "rubber 2 has no game to remove" in text(response)


def test_a_rubber_the_match_does_not_have_is_not_found(sheet: Night) -> None:
    response = post(browser(sheet.home_scorer), url(sheet, "/rubbers/10/card"),
                    {"card10-home_score": "61", "card10-away_score": "40"})
    assert response.status_code == 404


# Signing the result


def test_submitting_asks_first_and_then_submits(played: Night) -> None:
    client = browser(played.home_captain)
    asked = post(client, url(played, "/submit"), {"step": "review"})
    assert "Leek Red Lion A 5–4 Leek Crown B" in text(asked)
    assert status(played) == "open"
    response = post(client, url(played, "/submit"), {"step": "confirm"})
    assert response.status_code == 302
    night = MatchNight.objects.get(fixture=played.fixture)
    assert (night.status, night.home_games, night.away_games) == ("submitted", 5, 4)


def test_a_result_not_yet_decided_is_not_submitted_and_the_page_says_why(sheet: Night) -> None:
    cards(sheet, FIVE_FOUR[:8])
    response = post(browser(sheet.home_captain), url(sheet, "/submit"), {"step": "confirm"})
    assert "Rubber 9 is not decided." in text(response)
    assert status(sheet) == "open"


def test_the_away_captain_confirms_after_a_confirmation_step(submitted: Night) -> None:
    client = browser(submitted.away_captain)
    asked = post(client, url(submitted, "/confirm"), {"step": "review"})
    assert "It then counts in the division" in text(asked)
    assert status(submitted) == "submitted"
    post(client, url(submitted, "/confirm"), {"step": "confirm"})
    assert status(submitted) == "confirmed"


def test_the_home_captain_cannot_confirm_his_own_result(submitted: Night) -> None:
    response = post(browser(submitted.home_captain), url(submitted, "/confirm"), {"step": "confirm"})
    assert "only Leek Crown B&#x27;s captain or vice-captain, or a league secretary, can confirm" in text(response)
    assert status(submitted) == "submitted"


def test_the_away_captain_disputes_with_a_reason(submitted: Night) -> None:
    response = post(browser(submitted.away_captain), url(submitted, "/dispute"), {"reason": "Rubber 9 was ours"})
    assert response.status_code == 302
    night = MatchNight.objects.get(fixture=submitted.fixture)
    assert (night.status, night.dispute_reason) == ("disputed", "Rubber 9 was ours")


def test_a_dispute_without_a_reason_is_refused_in_the_services_words(submitted: Night) -> None:
    response = post(browser(submitted.away_captain), url(submitted, "/dispute"), {"reason": "  "})
    assert "say why the result is disputed, for the secretary" in text(response)
    assert status(submitted) == "submitted"


def test_a_secretary_upholds_a_dispute_after_a_confirmation_step(disputed: Night) -> None:
    client = browser(disputed.secretary)
    data = {"decision": "uphold", "note": "The card says 61-40."}
    asked = post(client, url(disputed, "/settle"), {**data, "step": "review"})
    assert "Uphold the result as submitted" in text(asked) and 'value="The card says 61-40."' in text(asked)
    assert status(disputed) == "disputed"
    post(client, url(disputed, "/settle"), {**data, "step": "confirm"})
    night = MatchNight.objects.get(fixture=disputed.fixture)
    assert (night.status, night.resolution) == ("confirmed", "The card says 61-40.")


def test_a_secretary_reopens_a_disputed_night(disputed: Night) -> None:
    post(browser(disputed.secretary), url(disputed, "/settle"),
         {"decision": "reopen", "note": "Replay rubber 9.", "step": "confirm"})
    night = MatchNight.objects.get(fixture=disputed.fixture)
    assert (night.status, night.home_games, night.resolution) == ("open", None, "Replay rubber 9.")


def test_going_back_from_the_ruling_keeps_what_was_written(disputed: Night) -> None:
    response = post(browser(disputed.secretary), url(disputed, "/settle"),
                    {"decision": "reopen", "note": "Replay rubber 9.", "step": "edit"})
    html = text(response)
    assert "Replay rubber 9.</textarea>" in html and 'value="reopen" id="id_decision_1" required checked' in html
    assert status(disputed) == "disputed"


def test_a_ruling_without_a_note_is_refused_in_the_services_words(disputed: Night) -> None:
    response = post(browser(disputed.secretary), url(disputed, "/settle"),
                    {"decision": "uphold", "note": "", "step": "confirm"})
    assert "say how the dispute was settled, for both teams" in text(response)
    assert status(disputed) == "disputed"


# Refusals and what never changes anything


def test_someone_with_no_part_in_the_match_is_refused_and_nothing_changes(sheet: Night) -> None:
    response = post(browser(stranger()), url(sheet, "/rubbers/1/card"),
                    {"card1-home_score": "61", "card1-away_score": "40"})
    assert "only the captains and scorers of Leek Red Lion A and Leek Crown B" in text(response)
    assert not RubberGame.objects.exists()


def test_a_form_sent_after_the_night_moved_on_is_refused_at_the_top_of_the_page(submitted: Night) -> None:
    response = post(browser(submitted.home_scorer), url(submitted, "/rubbers/1/card"),
                    {"card1-home_score": "61", "card1-away_score": "40"})
    html = text(response)
    assert 'id="refusal"' in html and "is submitted: cannot record a game" in html
    assert RubberGame.objects.count() == 9


def test_someone_not_logged_in_is_sent_to_log_in_and_nothing_changes(sheet: Night) -> None:
    response = post(browser(), url(sheet, "/rubbers/1/card"), {"card1-home_score": "61", "card1-away_score": "40"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not RubberGame.objects.exists()


@pytest.mark.parametrize("tail", ["/sheet", "/rubbers/1/live", "/rubbers/1/card", "/rubbers/1/remove", "/submit",
                                  "/confirm", "/dispute", "/settle"])
def test_the_workflows_addresses_change_nothing_on_a_get(sheet: Night, tail: str) -> None:
    assert browser(sheet.secretary).get(url(sheet, tail)).status_code == 405
    assert not RubberGame.objects.exists()


def test_a_form_without_its_csrf_token_is_refused(sheet: Night) -> None:
    response = browser(sheet.home_scorer).post(url(sheet, "/rubbers/1/card"),
                                               {"card1-home_score": "61", "card1-away_score": "40"})
    assert response.status_code == 403
    assert not RubberGame.objects.exists()


# The night a match is set for


@pytest.mark.parametrize(("days_ago", "who", "warned"), [
    (0, "home_scorer", False),  # tonight's match: nothing to say
    (3, "home_scorer", True),  # another night's match, opened by its scorer
    (-2, "home_captain", True),  # a match still to come, opened by the captain who enters the sheet
    (3, None, False),  # a visitor records nothing, so is not warned
])
def test_a_scorer_opening_a_match_set_for_another_night_is_warned(
    db: None, days_ago: int, who: str | None, warned: bool,
) -> None:
    night = a_match_night("plain", played_days_ago=days_ago)
    reader = browser(getattr(night, who)) if who else Client()
    html = text(reader.get(url(night)))
    assert ("check it is the match you are playing before you record it" in html) is warned
    if warned:
        assert f"This match is set for {night.fixture.date:%A %-d %B}, and today is" in html


# Refused at once: a result with no team sheet, a score below 0


def test_without_a_team_sheet_submit_is_disabled_and_refused_at_once(night: Night) -> None:
    client = browser(night.home_captain)
    html = text(client.get(url(night)))
    assert 'disabled aria-describedby="submit-needs-sheet"' in html
    assert "There is no team sheet yet: enter it above" in html
    refused = text(post(client, url(night, "/submit"), {"step": "review"}))
    assert "There is no team sheet yet: enter it, then record the games, before submitting the result." in refused
    assert "Yes: submit it" not in refused
    assert not MatchNight.objects.filter(fixture=night.fixture, status="submitted").exists()


def test_a_card_score_below_0_is_refused_by_the_browser_and_the_server(sheet: Night) -> None:
    client = browser(sheet.home_scorer)
    box = re.search(r'<input[^>]*name="card3-home_score"[^>]*>', text(client.get(url(sheet))))
    assert box is not None and ' min="0"' in box.group()
    html = text(post(client, url(sheet, "/rubbers/3/card"), {"card3-home_score": "-5", "card3-away_score": "61"}))
    assert "a final score is not below 0" in html
    assert not RubberGame.objects.exists()
