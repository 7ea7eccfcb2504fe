"""Moving a match from its pages and the API: the asking captain's form on
the match night page, the other captain's nights to pick (there and on
My matches), a refusal shown beside the form, the secretary's page, the
league's settings; and the API's answers."""
from typing import Any

from forms import browser, post, text
from rearranging import Moving, a_moving_league, day
from tablets import tablet_for

from league.models import AuditEntry, Fixture, RearrangeRequest
from league.services.rearrangements import rearrangement_propose


def asked(moving: Moving) -> RearrangeRequest:
    return rearrangement_propose(fixture_id=moving.fixture.pk, team_id=moving.home.pk,
                                 dates=[day(30), day(31), day(32)], reason="the pub is shut",
                                 user=moving.captain(moving.home))


def test_the_home_captain_asks_on_the_night_page_and_everyone_sees_the_request(db: None) -> None:
    moving = a_moving_league(proposer="home")
    home, away = browser(moving.captain(moving.home)), browser(moving.captain(moving.away))
    page = text(home.get(f"/fixtures/{moving.fixture.pk}/night"))
    assert "Ask to rearrange" in page
    assert "Ask to rearrange" not in text(away.get(f"/fixtures/{moving.fixture.pk}/night"))  # home only
    sent = post(home, f"/fixtures/{moving.fixture.pk}/night/rearrange", {
        "team": moving.home.pk, f"ask{moving.home.pk}-team": moving.home.pk,
        f"ask{moving.home.pk}-first": day(30).isoformat(), f"ask{moving.home.pk}-second": day(31).isoformat(),
        f"ask{moving.home.pk}-reason": "the pub is shut"})
    assert sent.status_code == 302
    assert RearrangeRequest.objects.get().dates == [day(30).isoformat(), day(31).isoformat()]
    answering = text(away.get(f"/fixtures/{moving.fixture.pk}/night"))
    assert answering.count("Pick this date") == 2 and "Decline…" in answering
    public = text(browser().get(f"/fixtures/{moving.fixture.pk}/night"))
    assert "Red Lion A ask to move the match" in public and "Pick this date" not in public


def test_a_refused_request_is_shown_beside_its_form_as_filled(db: None) -> None:
    moving = a_moving_league()
    home = browser(moving.captain(moving.home))
    prefix = f"ask{moving.home.pk}"
    page = post(home, f"/fixtures/{moving.fixture.pk}/night/rearrange", {
        "team": moving.home.pk, f"{prefix}-team": moving.home.pk, f"{prefix}-first": day(-2).isoformat(),
        f"{prefix}-reason": "the pub is shut"})
    html = text(page)
    assert page.status_code == 200 and "has gone: offer today or later" in html
    assert 'id="rearrange-refusal"' in html and f'value="{day(-2).isoformat()}"' in html
    assert not RearrangeRequest.objects.exists()


def test_the_other_captain_picks_a_night_from_my_matches(db: None) -> None:
    moving = a_moving_league()
    asked(moving)
    away = browser(moving.captain(moving.away))
    home_page = text(away.get("/"))
    assert "Pick this date" in home_page
    done = post(away, f"/fixtures/{moving.fixture.pk}/night/rearrange/pick", {"date": day(31).isoformat(),
                                                                             "next": "/"})
    assert done.status_code == 302 and done["Location"] == "/"
    fixture = Fixture.objects.get(pk=moving.fixture.pk)
    assert fixture.played_on == day(31)
    for team in (moving.home, moving.away):  # both teams' public pages show the new night already
        assert f'<time datetime="{day(31).isoformat()}">' in text(browser().get(f"/teams/{team.pk}/"))


def test_declining_and_withdrawing_from_the_night_page(db: None) -> None:
    moving = a_moving_league()
    asked(moving)
    away, home = browser(moving.captain(moving.away)), browser(moving.captain(moving.home))
    refused = post(away, f"/fixtures/{moving.fixture.pk}/night/rearrange/decline", {"reason": ""})
    assert "Say why none of the dates will do." in text(refused)
    post(away, f"/fixtures/{moving.fixture.pk}/night/rearrange/decline", {"reason": "darts final"})
    assert RearrangeRequest.objects.get().status == RearrangeRequest.Status.DECLINED
    assert "declined (“darts final”)" in text(home.get(f"/fixtures/{moving.fixture.pk}/night"))
    asked(moving)
    post(home, f"/fixtures/{moving.fixture.pk}/night/rearrange/withdraw")
    assert RearrangeRequest.objects.filter(status=RearrangeRequest.Status.WITHDRAWN).count() == 1


def test_the_secretary_sees_every_request_and_steps_in_after_checking(db: None) -> None:
    moving = a_moving_league()
    asked(moving)
    desk = browser(moving.secretary)
    url = f"/secretary/leagues/{moving.league.pk}/rearrangements"
    page = text(desk.get(url))
    assert "Waiting for an answer" in page and "the pub is shut" in page
    assert "1</strong> request to move a match" in text(desk.get("/secretary/"))
    prefix = f"settle{moving.fixture.pk}"
    form = {f"{prefix}-step": "date", f"{prefix}-night": day(32).isoformat(), f"{prefix}-reason": "agreed"}
    review = text(post(desk, f"{url}/{moving.fixture.pk}/settle", form))
    assert "Check, then confirm" in review and "request is accepted" in review
    assert RearrangeRequest.objects.get().status == RearrangeRequest.Status.OPEN  # nothing yet
    post(desk, f"{url}/{moving.fixture.pk}/settle", {**form, "confirm": "yes"})
    assert RearrangeRequest.objects.get().status == RearrangeRequest.Status.ACCEPTED
    assert Fixture.objects.get(pk=moving.fixture.pk).played_on == day(32)
    assert browser(moving.captain(moving.home)).get(url).status_code == 403


def test_the_season_s_last_night_is_set_on_the_secretary_s_page(db: None) -> None:
    moving = a_moving_league()
    season = moving.division.season
    post(browser(moving.secretary), f"/secretary/seasons/{season.pk}/rearrange-by",
         {f"season{season.pk}-rearrange_by": day(60).isoformat()})
    season.refresh_from_db()
    assert season.rearrange_by == day(60)
    assert AuditEntry.objects.filter(action="season.rearrange_by").exists()


def test_the_league_settings_say_who_may_ask_and_with_what_notice(db: None) -> None:
    moving = a_moving_league()
    page = text(browser(moving.secretary).get(f"/secretary/leagues/{moving.league.pk}/settings"))
    assert "Who may ask to move a match" in page and "Days&#x27; notice to ask to move a match" in page


def test_the_api_asks_picks_and_answers_refusals_with_422(db: None) -> None:
    moving = a_moving_league()
    home, away = tablet_for(moving.captain(moving.home)), tablet_for(moving.captain(moving.away))
    url = f"/api/fixtures/{moving.fixture.pk}/rearrangement"
    bad = home.post(url, {"team": moving.home.pk, "dates": [], "reason": "pub shut"}, format="json")
    assert (bad.status_code, bad.json()["error"]) == (422, "offer one to 3 dates")
    made = home.post(url, {"team": moving.home.pk, "dates": [str(day(30)), str(day(31))], "reason": "pub shut"},
                     format="json")
    assert made.status_code == 201 and made.json()["status"] == "open"
    assert tablet_for(moving.captain(moving.away)).get(url).json()["dates"] == [str(day(30)), str(day(31))]
    picked = away.post(f"{url}/pick", {"date": str(day(31))}, format="json")
    assert picked.status_code == 200 and picked.json()["played_on"] == str(day(31))
    assert away.get(url).json()["status"] == "accepted"
    assert tablet_for(moving.secretary).get(f"/api/leagues/{moving.league.pk}/rearrangements").json()[0][
        "chosen_date"] == str(day(31))


def test_a_fixture_never_asked_to_move_has_no_request(db: None, anonymous: Any) -> None:
    moving = a_moving_league()
    assert anonymous.get(f"/api/fixtures/{moving.fixture.pk}/rearrangement").status_code == 404
