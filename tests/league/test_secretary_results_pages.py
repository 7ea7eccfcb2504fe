"""The secretary's disputes and results pages, through a browser's requests:
what a secretary sees of each disputed, overdue and waiting result, that a
ruling and a correction change the result as they should (a ruling only
once it is confirmed), that a refusal changes nothing and says why with
the form as it was filled, and who is kept out."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from forms import browser, post, text
from leagues import a_league
from matchnights import Night, a_match_night, sheet_entered
from module_data import a_copy_for_one_test, made_once_a_module

from league.models import AuditEntry, Fixture, MatchNight, RubberGame
from league.services.match_games import rubber_game_card
from league.services.overdue import results_overdue_check
from league.services.results import match_dispute, match_resolve, match_submit
from league.services.teamsheets import team_sheet_enter

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4
Status = MatchNight.Status


def a_night(league_name: str) -> Night:
    """A fixture played ten days ago, its result due three days ago."""
    found = a_match_night("plain", played_days_ago=10, league_name=league_name)
    found.home_captain.first_name, found.home_captain.last_name = "Pat", "Hollins"
    found.home_captain.save()
    return found


def submit(night: Night) -> Night:
    sheet_entered(night, PLAIN)
    cards(night, night.fixture, night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    return night


def a_disputed_night() -> Night:
    disputed = submit(a_night("Leek & District"))
    match_dispute(fixture_id=disputed.fixture.pk, reason="Rubber 9 was 61-59 to us", user=disputed.away_captain)
    return disputed


# Built once for the module; each test's writes are rolled back after it.
disputed_made = made_once_a_module(a_disputed_night)


@pytest.fixture
def disputed(db: None, disputed_made: Night) -> Night:
    return a_copy_for_one_test(disputed_made)


@pytest.fixture
def night(db: None) -> Night:
    """In a league of its own: the module's disputed night may be in the database too."""
    return a_night("Congleton League")


@pytest.fixture
def submitted(night: Night) -> Night:
    return submit(night)


def a_return_match(night: Night) -> Fixture:
    """The return fixture, the away team at home, played a week ago."""
    return Fixture.objects.create(
        division=night.division, week=2, date=timezone.localdate() - timedelta(days=9), home_team=night.away,
        away_team=night.home, venue=night.away.home_venue, status=Fixture.Status.PUBLISHED)


def cards(night: Night, fixture: Fixture, scorer: Any) -> None:
    for number, (home, away) in enumerate(FIVE_FOUR, start=1):
        rubber_game_card(fixture_id=fixture.pk, rubber=number, home_score=home, away_score=away, user=scorer)


def dispute_return_match(night: Night, fixture: Fixture, reason: str) -> None:
    """The return match played, submitted by its home captain and disputed by its away captain."""
    lineups = [(away, home) for home, away in night.lineups(PLAIN)]
    team_sheet_enter(fixture_id=fixture.pk, lineups=lineups, user=night.away_captain)
    cards(night, fixture, night.away_captain)
    match_submit(fixture_id=fixture.pk, user=night.away_captain)
    match_dispute(fixture_id=fixture.pk, reason=reason, user=night.home_captain)


def disputes_url(night: Night) -> str:
    return f"/secretary/leagues/{night.league.pk}/disputes"


def settle_url(night: Night) -> str:
    return f"/secretary/disputes/{night.fixture.pk}/settle"


def correct_url(night: Night) -> str:
    return f"/secretary/disputes/{night.fixture.pk}/correct"


def settle(night: Night, *, decision: str, note: str, step: str) -> dict[str, str]:
    """The settle form's fields as the page names them, and the step."""
    prefix = f"settle{night.fixture.pk}"
    return {f"{prefix}-decision": decision, f"{prefix}-note": note, "step": step}


def correction(night: Night, **fields: str) -> dict[str, str]:
    return {f"correct{night.fixture.pk}-{name}": value for name, value in fields.items()}


def status(night: Night) -> str:
    return MatchNight.objects.get(fixture=night.fixture).status


def day(value: Any) -> str:
    """A date as the pages write it: Tue 3 Nov 2026."""
    return f"{value:%a} {value.day} {value:%b %Y}"


# The disputes page


def test_the_disputes_page_shows_each_disputed_result_with_its_reason_and_who_disputed_it(disputed: Night) -> None:
    html = text(browser(disputed.secretary).get(disputes_url(disputed)))
    assert "Leek Red Lion A v Leek Crown B" in html and "Premier" in html
    assert disputed.fixture.date.strftime("%A") in html
    assert "Leek Red Lion A 5–4 Leek Crown B" in html
    assert "by leek-away-captain on" in html and "Rubber 9 was 61-59 to us" in html
    assert f'href="/fixtures/{disputed.fixture.pk}/night"' in html


def test_the_longest_disputed_result_comes_first(disputed: Night) -> None:
    return_match = a_return_match(disputed)
    dispute_return_match(disputed, return_match, "The card was never signed")
    html = text(browser(disputed.secretary).get(disputes_url(disputed)))
    assert html.index("Rubber 9 was 61-59 to us") < html.index("The card was never signed")


def test_a_league_without_disputes_says_there_is_nothing_to_settle(submitted: Night) -> None:
    html = text(browser(submitted.secretary).get(disputes_url(submitted)))
    assert "No disputed results: nothing to settle." in html
    assert "Settle the dispute…" not in html


def test_another_leagues_disputes_are_not_shown(disputed: Night) -> None:
    other = a_match_night("plain", league_name="Stoke Sunday")
    html = text(browser(other.secretary).get(f"/secretary/leagues/{other.league.pk}/disputes"))
    assert "Rubber 9 was 61-59 to us" not in html


def test_settling_asks_first_and_changes_nothing_until_yes(disputed: Night) -> None:
    page = post(browser(disputed.secretary), settle_url(disputed),
                settle(disputed, decision="uphold", note="The card says 61-40.", step="review"))
    html = text(page)
    assert page.status_code == 200 and "Check, then confirm" in html
    assert "Uphold the result as submitted" in html and "The card says 61-40." in html
    assert status(disputed) == Status.DISPUTED


def test_upholding_a_dispute_confirms_the_result_with_the_note(disputed: Night) -> None:
    client = browser(disputed.secretary)
    page = post(client, settle_url(disputed), settle(disputed, decision="uphold", note="The card says 61-40.",
                                                     step="confirm"))
    assert page.status_code == 302 and page["Location"] == disputes_url(disputed)
    found = MatchNight.objects.get(fixture=disputed.fixture)
    assert (found.status, found.resolution) == (Status.CONFIRMED, "The card says 61-40.")
    html = text(client.get(page["Location"]))
    assert "is settled, upheld: the result is confirmed" in html
    assert "No disputed results" in html


def test_reopening_a_dispute_sends_the_night_back_to_the_home_captain(disputed: Night) -> None:
    post(browser(disputed.secretary), settle_url(disputed),
         settle(disputed, decision="reopen", note="Replay rubber 9's card.", step="confirm"))
    found = MatchNight.objects.get(fixture=disputed.fixture)
    assert (found.status, found.home_games, found.resolution) == (Status.OPEN, None, "Replay rubber 9's card.")


def test_going_back_from_the_question_keeps_the_ruling_as_filled(disputed: Night) -> None:
    html = text(post(browser(disputed.secretary), settle_url(disputed),
                     settle(disputed, decision="reopen", note="Replay it", step="edit")))
    assert f'value="reopen" required id="id_settle{disputed.fixture.pk}-decision_1" checked>' in html
    assert "Replay it</textarea>" in html
    assert status(disputed) == Status.DISPUTED


def test_a_ruling_without_a_note_is_sent_back_with_the_ruling_kept_and_changes_nothing(disputed: Night) -> None:
    page = post(browser(disputed.secretary), settle_url(disputed),
                settle(disputed, decision="uphold", note="", step="confirm"))
    html = text(page)
    assert page.status_code == 200
    assert f'<p class="error" id="id_settle{disputed.fixture.pk}-note_error">This field is required.</p>' in html
    assert f'value="uphold" required id="id_settle{disputed.fixture.pk}-decision_0" checked>' in html
    assert status(disputed) == Status.DISPUTED


def test_a_dispute_settled_meanwhile_is_refused_at_the_top_of_the_page(disputed: Night) -> None:
    match_resolve(fixture_id=disputed.fixture.pk, decision="uphold", note="Done by phone", user=disputed.secretary)
    page = post(browser(disputed.secretary), settle_url(disputed),
                settle(disputed, decision="reopen", note="Replay it", step="confirm"))
    assert f"the result of {disputed.fixture} is confirmed: only a secretary can correct it" in text(page)
    found = MatchNight.objects.get(fixture=disputed.fixture)
    assert (found.status, found.resolution) == (Status.CONFIRMED, "Done by phone")


def test_correcting_a_game_changes_its_score_and_the_match_score_and_leaves_the_dispute_open(
    disputed: Night,
) -> None:
    client = browser(disputed.secretary)
    page = post(client, correct_url(disputed), correction(
        disputed, game="5.1", home_score="59", away_score="61", reason="The card says 59-61."))
    assert page.status_code == 302
    game = RubberGame.objects.get(rubber__night__fixture=disputed.fixture, rubber__number=5, number=1)
    assert (game.home_score, game.away_score, game.winner) == (59, 61, "away")
    found = MatchNight.objects.get(fixture=disputed.fixture)
    assert (found.status, found.home_games, found.away_games) == (Status.DISPUTED, 4, 5)
    assert AuditEntry.objects.get(action="night.correct").data["old"] == [61, 40]
    assert "rubber 5, game 1 is now 59–61; the result stands at 4–5" in text(client.get(disputes_url(disputed)))


def test_the_correction_form_offers_the_results_games_with_their_scores(disputed: Night) -> None:
    html = text(browser(disputed.secretary).get(disputes_url(disputed)))
    assert '<option value="1.1">Rubber 1, game 1 (61–40)</option>' in html
    assert '<option value="9.1">Rubber 9, game 1 (30–61)</option>' in html


def test_an_impossible_correction_is_refused_with_the_scores_kept_and_changes_nothing(disputed: Night) -> None:
    page = post(browser(disputed.secretary), correct_url(disputed), correction(
        disputed, game="5.1", home_score="55", away_score="40", reason="Typo on the card"))
    html = text(page)
    assert page.status_code == 200 and "55-40: a game to 61 is won on exactly 61" in html
    assert 'value="55"' in html and 'value="40"' in html and "Typo on the card</textarea>" in html
    assert '<option value="5.1" selected>' in html
    game = RubberGame.objects.get(rubber__night__fixture=disputed.fixture, rubber__number=5, number=1)
    assert (game.home_score, game.away_score) == (61, 40)


def test_a_correction_sent_after_the_dispute_is_settled_changes_nothing_and_says_why(disputed: Night) -> None:
    match_resolve(fixture_id=disputed.fixture.pk, decision="uphold", note="Done by phone", user=disputed.secretary)
    client = browser(disputed.secretary)
    page = post(client, correct_url(disputed), correction(
        disputed, game="5.1", home_score="59", away_score="61", reason="Late word from the pub"))
    assert "is no longer disputed" in text(client.get(page["Location"]))
    game = RubberGame.objects.get(rubber__night__fixture=disputed.fixture, rubber__number=5, number=1)
    assert (game.home_score, game.away_score) == (61, 40)


# The results page


def test_an_overdue_result_shows_its_due_date_days_late_and_the_home_captain(night: Night) -> None:
    due = night.fixture.date + timedelta(days=7)
    html = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/results"))
    assert "Congleton Red Lion A v Congleton Crown B" in html
    assert f'<td data-label="Due by">{day(due)}</td>' in html
    assert '<td class="num" data-label="Days late">3</td>' in html
    assert "Pat Hollins" in html
    assert "not yet: the nightly check applies it" in html


def test_an_overdue_result_says_when_its_late_sanction_is_applied(night: Night) -> None:
    results_overdue_check()
    html = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/results"))
    assert "−3 points</span>, applied" in html
    assert "not yet: the nightly check applies it" not in html


def test_a_submitted_result_waits_for_confirmation_and_says_for_how_long(submitted: Night) -> None:
    a_return_match(submitted)
    MatchNight.objects.filter(fixture=submitted.fixture).update(submitted_at=timezone.now() - timedelta(days=2))
    html = text(browser(submitted.secretary).get(f"/secretary/leagues/{submitted.league.pk}/results"))
    awaiting = html[html.index('id="awaiting-heading"'):]
    assert "Congleton Red Lion A v Congleton Crown B" in awaiting and "5–4" in awaiting
    assert "2 days" in awaiting and "congleton-away-captain" in awaiting
    # The submitted result is no longer overdue; the return match is.
    overdue = html[html.index('id="overdue-heading"'):html.index('id="awaiting-heading"')]
    assert "Congleton Crown B v Congleton Red Lion A" in overdue \
        and "Congleton Red Lion A v Congleton Crown B" not in overdue


def test_a_league_with_nothing_late_says_so(submitted: Night) -> None:
    match_dispute(fixture_id=submitted.fixture.pk, reason="wrong", user=submitted.away_captain)
    html = text(browser(submitted.secretary).get(f"/secretary/leagues/{submitted.league.pk}/results"))
    assert "No result is overdue." in html and "No result is waiting for confirmation." in html


# The home page


def test_the_home_page_counts_what_is_waiting_and_links_to_it(disputed: Night) -> None:
    a_return_match(disputed)
    html = text(browser(disputed.secretary).get("/secretary/"))
    assert f'<a href="{disputes_url(disputed)}"><strong>1</strong> dispute to settle</a>' in html
    assert f'<a href="/secretary/leagues/{disputed.league.pk}/results"><strong>1</strong> result overdue</a>' in html
    assert "<strong>0</strong> awaiting confirmation" in html


# Who is kept out


@pytest.fixture(params=["captain", "another league's secretary"])
def outsider(request: Any, disputed: Night) -> Client:
    if request.param == "captain":
        return browser(disputed.away_captain)
    user = get_user_model().objects.create_user("stoke-secretary")
    a_league("Stoke Sunday").secretaries.add(user)
    return browser(user)


def test_others_get_the_403_page_for_the_leagues_disputes_and_results(outsider: Client, disputed: Night) -> None:
    for url in (disputes_url(disputed), f"/secretary/leagues/{disputed.league.pk}/results"):
        page = outsider.get(url)
        assert page.status_code == 403 and "Not a page of yours" in text(page), url


def test_others_can_neither_settle_nor_correct_by_posting(outsider: Client, disputed: Night) -> None:
    settled = post(outsider, settle_url(disputed), settle(disputed, decision="uphold", note="mine", step="confirm"))
    corrected = post(outsider, correct_url(disputed), correction(
        disputed, game="5.1", home_score="59", away_score="61", reason="mine"))
    assert (settled.status_code, corrected.status_code) == (403, 403)
    found = MatchNight.objects.get(fixture=disputed.fixture)
    assert (found.status, found.home_games) == (Status.DISPUTED, 5)


def test_anonymous_users_are_sent_to_log_in(client: Client, disputed: Night) -> None:
    for url in (disputes_url(disputed), f"/secretary/leagues/{disputed.league.pk}/results"):
        page = client.get(url)
        assert page.status_code == 302 and page["Location"] == f"/accounts/login/?next={url}"


def test_the_settle_and_correct_addresses_take_no_get(disputed: Night) -> None:
    client = browser(disputed.secretary)
    assert client.get(settle_url(disputed)).status_code == 405
    assert client.get(correct_url(disputed)).status_code == 405
    assert status(disputed) == Status.DISPUTED

