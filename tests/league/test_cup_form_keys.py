"""The cup pages' forms that write (the cup's page for captains and
players, the secretary's cup pages) each carry a key made when the page was
rendered, so a form sent twice (a double tap, or the browser sending it
again after the answer was lost) does its write once, and both sendings go
back to the page saying what was done; the same key with other details is
refused in words."""
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import pytest
from cup_pages_data import Cup, a_cup, a_tie
from django.urls import URLPattern
from django.utils import timezone
from forms import browser, post, text
from leagues import a_league
from test_cup_games import a_drawn_cup, login_of, semi
from test_cup_player_entry import an_open_cup
from test_public_pages import text_of
from test_secretary_cup_pages import DRAWN_BY_HAND

from league.models import AuditEntry, Competition, CupDraw, CupEntry, CupGame, CupTie
from league.pages import public_urls, secretary_urls
from league.services.cup_game_results import cup_game_dispute, cup_game_submit
from league.services.cups import cup_enter
from league.services.game_tie_dates import game_tie_dates_offer

pytestmark = pytest.mark.django_db

SENT_BEFORE = "This form was sent before with other details: reload the page and fill it in again."
FORM = re.compile(r'<form\b([^>]*)>(.*?)</form>', re.DOTALL)
KEY = re.compile(r'<input type="hidden" name="form_key" value="([0-9a-f]+)">')
# The views of the cup pages; of these, only the secretary's cup page itself does not write.
CUP_VIEWS = ("league.pages.cup_captains", "league.pages.cup_players", "league.pages.secretary_cups",
             "league.pages.secretary_cup_new", "league.pages.secretary_cup_ties")
READ_ONLY = {"secretary-cup"}


def in_days(days: int) -> date:
    return timezone.localdate() + timedelta(days=days)


def posting_forms(html: str, address: str) -> list[tuple[str, str | None]]:
    """Each form of the page that posts: where it posts (the page itself
    when it names nowhere) and the key it carries, if any."""
    found = []
    for attributes, body in FORM.findall(html):
        if 'method="post"' not in attributes:
            continue
        action = re.search(r'action="([^"]*)"', attributes)
        key = KEY.search(body)
        found.append((action.group(1) if action else address, key.group(1) if key else None))
    return found


def key_of_form(html: str, action: str) -> str:
    """The key of the page's form to `action` (or of its form posting to itself, there)."""
    keys = [key for to, key in posting_forms(html, action) if to == action]
    assert keys and keys[0] is not None, f"no form to {action} with a key"
    return keys[0]


def cup_page(competition: Competition) -> str:
    return f"/cups/{competition.pk}/"


def secretary_page(competition: Competition) -> str:
    return f"/secretary/cups/{competition.pk}/"


# The pages to crawl: who sees which forms where.

Pages = list[tuple[Any, str]]


def singles_ties_under_way() -> Pages:
    """A best-of-three singles cup: the first tie to date and play, its
    dates offered; the second with a score entered, the third's disputed."""
    competition, secretary = a_drawn_cup(8, match_format="best-of-three")
    first, second, third = (semi(competition, number) for number in (1, 2, 3))
    game_tie_dates_offer(tie_id=first.pk, dates=[in_days(4)], user=login_of(first, "home"))
    for tie in (second, third):
        cup_game_submit(tie_id=tie.pk, home_score=61, away_score=30, user=login_of(tie, "home"))
    cup_game_dispute(tie_id=third.pk, reason="It was 30-61", user=login_of(third, "away"))
    return [(login_of(first, "home"), cup_page(competition)), (login_of(first, "away"), cup_page(competition)),
            (login_of(second, "away"), cup_page(competition)), (secretary, secretary_page(competition))]


def singles_cup_taking_entries() -> Pages:
    competition, people = an_open_cup("singles")
    secretary = competition.season.league.secretaries.get()
    entered = [cup_enter(competition_id=competition.pk, player_id=p.pk, user=secretary) for p in people[1:3]]
    return [(people[0].user, cup_page(competition)), (secretary, secretary_page(competition)),
            (secretary, f"/secretary/cups/{competition.pk}/draw"),
            (secretary, f"/secretary/cups/{competition.pk}/entries/{entered[0].pk}/withdraw"),
            (secretary, f"/secretary/seasons/{competition.season_id}/cups/new")]


def team_cup_ties() -> Pages:
    """A team cup's tie with dates offered, and a team still to enter a cup open for entries."""
    cup = a_cup(names=["Red Lion A", "Crown B"], status=Competition.Status.DRAWN)
    a_tie(cup, 1, 1, 0, 1, window_start=in_days(0), window_end=in_days(21), offered_dates=[in_days(3).isoformat()])
    entering = a_cup(names=["Swan", "Bell"], league=a_league("Buxton"))
    CupEntry.objects.filter(pk=entering.entries[1].pk).delete()
    return [(cup.captains[0], cup_page(cup.competition)), (cup.captains[1], cup_page(cup.competition)),
            (entering.captains[1], cup_page(entering.competition))]


@dataclass(frozen=True)
class Scene:
    name: str
    pages: Callable[[], Pages]
    writes: set[str]  # the routes of the forms found there, numbers as N


SCENES = [
    Scene("a singles cup's ties being dated, played and answered", singles_ties_under_way, {
        "/cup-ties/N/offer", "/cup-ties/N/pick", "/cup-ties/N/play", "/cup-ties/N/submit", "/cup-ties/N/confirm",
        "/cup-ties/N/dispute", "/secretary/cups/N/settings", "/secretary/cups/N/seeds",
        "/secretary/cups/N/handicap", "/secretary/cups/N/rounds/N/window", "/secretary/cup-ties/N/date",
        "/secretary/cup-ties/N/winner", "/secretary/cup-ties/N/card", "/secretary/cup-ties/N/resolve",
        "/secretary/cup-ties/N/start"}),
    Scene("a singles cup taking entries", singles_cup_taking_entries, {
        "/cups/N/enter", "/secretary/cups/N/settings", "/secretary/cups/N/seeds", "/secretary/cups/N/entries/add",
        "/secretary/cups/N/handicap", "/secretary/cups/N/draw", "/secretary/cups/N/entries/N/withdraw",
        "/secretary/seasons/N/cups/new"}),
    Scene("a team cup's tie being dated, and a team entering", team_cup_ties, {
        "/cup-ties/N/offer", "/cup-ties/N/pick", "/cups/N/enter"}),
]


@pytest.mark.parametrize("scene", SCENES, ids=[scene.name for scene in SCENES])
def test_every_cup_page_form_that_writes_carries_a_key_new_at_each_rendering(scene: Scene) -> None:
    found: set[str] = set()
    for user, address in scene.pages():
        client = browser(user)
        first, second = text(client.get(address)), text(client.get(address))
        forms, again = posting_forms(first, address), posting_forms(second, address)
        for (action, key), (_, key_again) in zip(forms, again, strict=True):
            assert key is not None, f"the form to {action} on {address} carries no key"
            assert key != key_again, f"the form to {action} on {address} keeps its key"
            found.add(route(action))
    assert found == scene.writes


def test_the_crawl_takes_in_every_write_of_the_cup_pages() -> None:
    """A cup page's new write must be found in one of the scenes crawled
    above, so that its form is checked for a key."""
    crawled = {write for scene in SCENES for write in scene.writes}
    assert set(cup_writes()) <= crawled, sorted(set(cup_writes()) - crawled)


def route(address: str) -> str:
    return re.sub(r"\d+", "N", address)


def cup_writes() -> list[str]:
    """The routes of the cup pages' views that write, from the site's URLs."""
    found = []
    for prefix, patterns in (("/", public_urls.urlpatterns), ("/secretary/", secretary_urls.urlpatterns)):
        for pattern in patterns:
            if (isinstance(pattern, URLPattern) and pattern.callback.__module__ in CUP_VIEWS
                    and pattern.name not in READ_ONLY):
                found.append(route(prefix + re.sub(r"<[^>]+>", "1", str(pattern.pattern))))
    return found


# Sent twice

@dataclass(frozen=True)
class Tie:
    competition: Competition
    secretary: Any
    tie: CupTie

    @property
    def names(self) -> str:
        return f"{self.tie.home} v {self.tie.away}"


def best_of_three() -> Tie:
    competition, secretary = a_drawn_cup(4, match_format="best-of-three")
    return Tie(competition, secretary, semi(competition))


def with_a_score_entered(tie: Tie) -> None:
    cup_game_submit(tie_id=tie.tie.pk, home_score=61, away_score=30, user=login_of(tie.tie, "home"))


def nothing(tie: Tie) -> None:
    pass


@dataclass(frozen=True)
class ScoreForm:
    name: str
    who: Callable[[Tie], Any]
    before: Callable[[Tie], None]
    page: Callable[[Tie], str]
    action: str  # after the tie's number
    fields: Callable[[Tie], dict[str, str]]
    said: Callable[[Tie], str]
    recorded: str  # the audit entry of the write, one a write


SCORE_FORMS = [
    ScoreForm("a player entering a game from the card", lambda t: login_of(t.tie, "home"), nothing,
              lambda t: cup_page(t.competition), "/cup-ties/{}/submit",
              lambda t: {"home_score": "61", "away_score": "30"},
              lambda t: "Game 1 entered as 61-30: it counts once the other side confirms it.", "cup.game.submit"),
    ScoreForm("the other side confirming it", lambda t: login_of(t.tie, "away"), with_a_score_entered,
              lambda t: cup_page(t.competition), "/cup-ties/{}/confirm", lambda t: {},
              lambda t: "Game 1 confirmed: 61-30.", "cup.game.confirm"),
    ScoreForm("a secretary entering a game from the card", lambda t: t.secretary, nothing,
              lambda t: secretary_page(t.competition), "/secretary/cup-ties/{}/card",
              lambda t: {f"card{t.tie.pk}-home_score": "61", f"card{t.tie.pk}-away_score": "30"},
              lambda t: f"{t.names}: game 1 entered, 61-30.", "cup.game.card"),
]


@pytest.mark.parametrize("form", SCORE_FORMS, ids=[form.name for form in SCORE_FORMS])
def test_a_cup_game_score_sent_twice_is_recorded_once_and_both_go_back_saying_so(form: ScoreForm) -> None:
    tie = best_of_three()
    form.before(tie)
    client, action = browser(form.who(tie)), form.action.format(tie.tie.pk)
    sent = {**form.fields(tie), "form_key": key_of_form(text(client.get(form.page(tie))), action)}
    first, again = post(client, action, sent), post(client, action, sent)
    assert (first.status_code, again.status_code) == (302, 302)
    assert first["Location"] == again["Location"] == f"{form.page(tie)}#tie-{tie.tie.pk}"
    assert [(g.number, g.home_score, g.away_score) for g in CupGame.objects.filter(tie=tie.tie)] == [(1, 61, 30)]
    assert AuditEntry.objects.filter(action=form.recorded, target_id=str(tie.tie.pk)).count() == 1
    assert text_of(text(client.get(form.page(tie)))).count(form.said(tie)) == 2


def test_a_fresh_form_after_the_answer_enters_the_tie_s_next_game() -> None:
    tie = best_of_three()
    client, action = browser(tie.secretary), f"/secretary/cup-ties/{tie.tie.pk}/card"
    for home, away in [("61", "30"), ("30", "61")]:
        key = key_of_form(text(client.get(secretary_page(tie.competition))), action)
        post(client, action, {f"card{tie.tie.pk}-home_score": home, f"card{tie.tie.pk}-away_score": away,
                              "form_key": key})
    assert [(g.home_score, g.away_score) for g in CupGame.objects.filter(tie=tie.tie).order_by("number")] == [
        (61, 30), (30, 61)]


@dataclass(frozen=True)
class OfferForm:
    name: str
    tie: Callable[[], tuple[CupTie, Any, Any]]  # the tie, who offers, who is told


def singles_offer() -> tuple[CupTie, Any, Any]:
    tie = best_of_three().tie
    return tie, login_of(tie, "home"), login_of(tie, "away")


def team_offer() -> tuple[CupTie, Any, Any]:
    cup = a_cup(names=["Red Lion A", "Crown B"], status=Competition.Status.DRAWN)
    tie = a_tie(cup, 1, 1, 0, 1, window_start=in_days(0), window_end=in_days(21))
    return tie, cup.captains[0], cup.captains[1]


OFFERS = [OfferForm("a singles tie's home player", singles_offer), OfferForm("a team tie's home captain", team_offer)]


def offered(tie: CupTie, days: list[int]) -> dict[str, str]:
    return {f"offer{tie.pk}-{place}": in_days(day).isoformat()
            for place, day in zip(["first", "second"], days, strict=True)}


@pytest.mark.parametrize("form", OFFERS, ids=[form.name for form in OFFERS])
def test_a_date_offer_sent_twice_offers_once_and_both_go_back_saying_so(form: OfferForm) -> None:
    tie, offers, told = form.tie()
    client, action = browser(offers), f"/cup-ties/{tie.pk}/offer"
    page = cup_page(tie.competition)
    sent = {**offered(tie, [3, 6]), "form_key": key_of_form(text(client.get(page)), action)}
    first, again = post(client, action, sent), post(client, action, sent)
    assert first["Location"] == again["Location"] == f"{page}#tie-{tie.pk}"
    assert AuditEntry.objects.filter(action="cup.dates.offer", target_id=str(tie.pk)).count() == 1
    assert text_of(text(client.get(page))).count("Dates offered: the other side") == 2
    assert f'action="/cup-ties/{tie.pk}/pick"' in text(browser(told).get(page))


def test_a_pick_sent_again_after_the_tie_is_dated_lands_on_the_same_message() -> None:
    tie, offers, picks = singles_offer()
    game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(4), in_days(9)], user=offers)
    client, action, page = browser(picks), f"/cup-ties/{tie.pk}/pick", cup_page(tie.competition)
    sent = {f"pick{tie.pk}-date": in_days(9).isoformat(), "form_key": key_of_form(text(client.get(page)), action)}
    first, again = post(client, action, sent), post(client, action, sent)
    assert first["Location"] == again["Location"] == f"{page}#tie-{tie.pk}"
    words = text_of(text(client.get(page)))
    assert words.count(f"{tie.home} v {tie.away} is on {in_days(9):%A %d %B}.") == 2
    assert "Pick one of the dates offered." not in words
    tie.refresh_from_db()
    assert tie.date == in_days(9)


# The same key with other details

@dataclass(frozen=True)
class Changed:
    name: str
    who: str
    action: str
    first: Callable[[CupTie], dict[str, str]]
    then: Callable[[CupTie], dict[str, str]]
    kept: Callable[[CupTie], Any]  # what the first sending left, the same after the second


CHANGED = [
    Changed("a game's score", "home", "/cup-ties/{}/submit", lambda t: {"home_score": "61", "away_score": "30"},
            lambda t: {"home_score": "30", "away_score": "61"},
            lambda t: list(CupGame.objects.filter(tie=t).values_list("home_score", "away_score"))),
    Changed("the dates offered", "home", "/cup-ties/{}/offer", lambda t: offered(t, [3, 6]),
            lambda t: offered(t, [4, 8]), lambda t: CupTie.objects.get(pk=t.pk).offered_dates),
]


@pytest.mark.parametrize("changed", CHANGED, ids=[changed.name for changed in CHANGED])
def test_a_form_sent_again_with_other_details_is_refused_in_words_and_changes_nothing(changed: Changed) -> None:
    tie = best_of_three().tie
    client, action, page = browser(login_of(tie, changed.who)), changed.action.format(tie.pk), cup_page(tie.competition)
    key = key_of_form(text(client.get(page)), action)
    post(client, action, {**changed.first(tie), "form_key": key})
    kept = changed.kept(tie)
    assert kept, "the first sending did nothing"
    refused = post(client, action, {**changed.then(tie), "form_key": key})
    assert refused["Location"] == f"{page}#tie-{tie.pk}"
    assert SENT_BEFORE in text_of(text(client.get(page)))
    assert changed.kept(tie) == kept


# The secretary's forms whose page changes once they are done

@dataclass(frozen=True)
class SecretaryForm:
    name: str
    page: Callable[[Cup], str]  # where the form is
    posts: Callable[[Cup], str]  # where it posts
    fields: Callable[[Cup], dict[str, Any]]
    done: Callable[[Cup], int]  # how many times the write is seen done
    goes_to: Callable[[Cup], str]
    said: str


def team_left_out() -> Cup:
    cup = a_cup()
    cup.entries[-1].delete()
    return cup


def withdraw_page(cup: Cup) -> str:
    return f"/secretary/cups/{cup.competition.pk}/entries/{cup.entries[0].pk}/withdraw"


def draw_page(cup: Cup) -> str:
    return f"/secretary/cups/{cup.competition.pk}/draw"


def new_cup_page(cup: Cup) -> str:
    return f"/secretary/seasons/{cup.season.pk}/cups/new"


SECRETARY_FORMS = [
    SecretaryForm("entering a team, then no longer offered", lambda c: secretary_page(c.competition),
                  lambda c: f"/secretary/cups/{c.competition.pk}/entries/add", lambda c: {"team": c.teams[-1].pk},
                  lambda c: CupEntry.objects.filter(team=c.teams[-1]).count(),
                  lambda c: secretary_page(c.competition) + "#entries-heading", "Anchor is entered in Knockout Cup."),
    SecretaryForm("withdrawing an entry, then withdrawn", withdraw_page, withdraw_page, lambda c: {},
                  lambda c: AuditEntry.objects.filter(action="cup.withdraw").count(),
                  lambda c: secretary_page(c.competition) + "#entries-heading",
                  "Red Lion A is withdrawn from Knockout Cup."),
    SecretaryForm("making the draw, then of the next round", draw_page, draw_page, lambda c: {"seed": "7"},
                  lambda c: CupDraw.objects.count(), lambda c: secretary_page(c.competition) + "#draws-heading",
                  "(drawn at random from seed 7)."),
    SecretaryForm("setting up a new cup, then taken", new_cup_page, new_cup_page,
                  lambda c: {**DRAWN_BY_HAND, "name": "Plate"},
                  lambda c: Competition.objects.filter(name="Plate").count(),
                  lambda c: secretary_page(Competition.objects.get(name="Plate")),
                  "Plate is set up: now take its entries."),
]


@pytest.mark.parametrize("form", SECRETARY_FORMS, ids=[form.name for form in SECRETARY_FORMS])
def test_a_secretarys_form_sent_again_after_its_page_changed_is_done_once_and_lands_the_same(
        form: SecretaryForm) -> None:
    cup = team_left_out()
    client, action = browser(cup.secretary), form.posts(cup)
    sent = {**form.fields(cup), "form_key": key_of_form(text(client.get(form.page(cup))), action)}
    first, again = post(client, action, sent), post(client, action, sent)
    assert (first.status_code, again.status_code) == (302, 302)
    assert first["Location"] == again["Location"] == form.goes_to(cup)
    assert form.done(cup) == 1
    assert text_of(text(client.get(secretary_page(cup.competition)))).count(form.said) == 2


def shown_as(level: str, html: str) -> list[str]:
    """The messages at the top of a secretary's page shown with the level's styling (success, warning, error)."""
    return re.findall(rf'<p class="{level}">(.*?)</p>', html)


def test_a_new_cup_whose_match_settings_the_engine_refuses_is_not_made_and_says_why_beside_the_field() -> None:
    cup = a_cup()
    client, action = browser(cup.secretary), new_cup_page(cup)
    sent = {**DRAWN_BY_HAND, "name": "Plate", "preset": "pub", "target": "20000",
            "form_key": key_of_form(text(client.get(action)), action)}
    answer = post(client, action, sent)
    assert answer.status_code == 200
    assert "target must be a whole number of at least 1, at most 10000" in text(answer)
    assert not Competition.objects.filter(name="Plate").exists()