"""A venue's board sets are shared by the whole league: two divisions of a
season with a team each at a one-board pub, drawn one after another or all
at once, through the secretary's pages or the API, never put two matches
there on one night; a match moved, or a cup tie dated, onto a night the pub
is full is refused naming the pub and the night, and offered the next night
that fits; a draw that cannot fit names the venue and nights and offers the
next start that does."""
from collections import Counter
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from leagues import a_league, a_team
from tablets import tablet_for

from league.models import AuditEntry, CupTie, Division, DivisionEntry, Fixture, League, Season, Team, Venue
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.fixtures import division_team_add

pytestmark = pytest.mark.django_db

Status = Fixture.Status
TUESDAY = 1


class Pub:
    """A league with a one-board Station Hotel and a season to draw."""

    def __init__(self) -> None:
        from django.contrib.auth import get_user_model
        self.league: League = a_league()
        self.secretary = get_user_model().objects.create_user("station-secretary")
        self.league.secretaries.add(self.secretary)
        today = timezone.localdate()
        self.start = today + timedelta(days=14)
        self.season = Season.objects.create(league=self.league, name="Winter", start=self.start,
                                            registration_deadline=today + timedelta(days=7))
        self.station = Venue.objects.create(name="Station Hotel", board_sets=1)

    def division(self, name: str, size: int, *, at_station: int = 1) -> Division:
        """A division of `size` teams, the first `at_station` of them at home at the Station Hotel."""
        division = Division.objects.create(season=self.season, name=name, level=Division.objects.count() + 1)
        for i in range(size):
            team = a_team(self.league, f"{name} {'Station' if i < at_station else 'Pub'} {i + 1}")
            if i < at_station:
                Team.objects.filter(pk=team.pk).update(home_venue=self.station)
            division_team_add(division_id=division.pk, team_id=team.pk, user=self.secretary)
        return division

    def api(self) -> Any:
        return tablet_for(self.secretary)

    def browser(self) -> Client:
        client = Client()
        client.force_login(self.secretary)
        return client

    def draw(self, division: Division, start: date | None = None) -> Any:
        return self.api().post(f"/api/divisions/{division.pk}/fixtures/generate",
                               {"start": (start or self.start).isoformat(), "weekday": TUESDAY}, format="json")


def station_nights() -> Counter[date]:
    """Matches at the Station Hotel each night, every division and cup."""
    return Counter(f.played_on for f in Fixture.objects.filter(venue__name="Station Hotel")
                   .exclude(status__in=[Status.POSTPONED, Status.VOID, Status.WALKOVER]))


def assert_never_overbooked() -> None:
    nights = station_nights()
    assert nights, "nothing was drawn at the Station Hotel"
    assert max(nights.values()) == 1, sorted(night for night, n in nights.items() if n > 1)


SIZES = [pytest.param(4, 4, id="four and four"), pytest.param(6, 5, id="six and five"),
         pytest.param(5, 6, id="five and six"), pytest.param(8, 7, id="eight and seven")]


@pytest.mark.parametrize(("first", "second"), SIZES)
def test_two_divisions_drawn_one_after_another_never_double_book_a_one_board_pub(first: int, second: int) -> None:
    pub = Pub()
    one, two = pub.division("Division One", first), pub.division("Division Two", second)
    assert pub.draw(one).status_code == 201
    assert pub.draw(two).status_code == 201
    assert_never_overbooked()
    assert pub.draw(one).status_code == 201  # drawn again, round the other's drafts
    assert_never_overbooked()


@pytest.mark.parametrize(("first", "second"), SIZES)
def test_every_division_drawn_at_once_never_double_books_a_one_board_pub(first: int, second: int) -> None:
    pub = Pub()
    one, two = pub.division("Division One", first), pub.division("Division Two", second)
    response = pub.api().post(f"/api/seasons/{pub.season.pk}/fixtures/generate",
                              {"start": pub.start.isoformat(), "weekday": TUESDAY}, format="json")
    assert response.status_code == 201, response.json()
    assert [(row["name"], row["fixtures"]) for row in response.json()] == [
        ("Division One", first * (first - 1)), ("Division Two", second * (second - 1))]
    assert DivisionEntry.objects.filter(division__in=[one, two]).count() == first + second
    assert_never_overbooked()
    logged = AuditEntry.objects.get(action="season.fixtures.generate")
    assert logged.data["divisions"] == {str(one.pk): first * (first - 1), str(two.pk): second * (second - 1)}


def test_drawing_every_division_at_once_is_all_or_none_and_names_the_division_that_cannot_be_drawn() -> None:
    pub = Pub()
    one = pub.division("Division One", 4)
    pub.division("Division Two", 1)
    refused = pub.api().post(f"/api/seasons/{pub.season.pk}/fixtures/generate",
                             {"start": pub.start.isoformat(), "weekday": TUESDAY}, format="json")
    assert refused.status_code == 422 and "Division Two" in refused.json()["error"]
    assert not Fixture.objects.filter(division=one).exists()
    assert AuditEntry.objects.filter(action="season.fixtures.generate.refused").count() == 1


def test_drawn_at_once_after_one_by_one_the_old_drafts_are_replaced_and_nothing_is_overbooked() -> None:
    pub = Pub()
    pub.division("Division One", 4)
    pub.division("Division Two", 4)
    for division in Division.objects.filter(season=pub.season):
        assert pub.draw(division).status_code == 201
    page = pub.browser().post(f"/secretary/seasons/{pub.season.pk}/fixtures",
                              {"start": pub.start.isoformat(), "weekday": str(TUESDAY), "skip_dates": ""})
    assert page.status_code == 302
    assert Fixture.objects.filter(status=Status.DRAFT).count() == 24
    assert_never_overbooked()


def test_the_secretarys_pages_draw_both_divisions_round_each_other_and_the_review_says_so_truly() -> None:
    pub = Pub()
    one, two = pub.division("Division One", 4), pub.division("Division Two", 4)
    browser = pub.browser()
    for division in (one, two):
        drawn = browser.post(f"/secretary/divisions/{division.pk}/fixtures/",
                             {"start": pub.start.isoformat(), "weekday": str(TUESDAY), "skip_dates": ""})
        assert drawn.status_code == 302
    assert_never_overbooked()
    page = browser.get(f"/secretary/divisions/{two.pk}/fixtures/").content.decode()
    assert "No shared venue is ever double-booked." in page
    assert "Other matches there on its nights" in page and "Station Hotel" in page
    # One of Division One's matches at the pub put on a night Division Two
    # already plays there (as it might have been before): the review says so.
    theirs = Fixture.objects.filter(division=two, venue=pub.station).first()
    ours = Fixture.objects.filter(division=one, venue=pub.station).first()
    assert theirs is not None and ours is not None
    Fixture.objects.filter(pk=ours.pk).update(date=theirs.date)
    page = browser.get(f"/secretary/divisions/{two.pk}/fixtures/").content.decode()
    assert "A shared venue is double-booked on some night" in page
    assert "No shared venue is ever double-booked." not in page


def a_full_season() -> tuple[Pub, Division]:
    """Two teams at the pub in Division One: one of them is at home there every week."""
    pub = Pub()
    one = pub.division("Division One", 2, at_station=2)
    assert pub.draw(one).status_code == 201
    return pub, one


def test_a_draw_no_night_fits_names_the_venue_and_nights_and_offers_the_next_start_that_fits() -> None:
    pub, one = a_full_season()
    two = pub.division("Division Two", 2)
    refused = pub.draw(two)
    assert refused.status_code == 422
    body = refused.json()
    first = Fixture.objects.filter(division=one).order_by("date").first()
    assert first is not None
    assert "Station Hotel on" in body["error"] and f"{first.date.day} {first.date:%B %Y}" in body["error"]
    last = Fixture.objects.filter(division=one).order_by("-date").values_list("date", flat=True).first()
    assert last is not None
    # Division One's two teams take the pub every week until its last:
    # Division Two's first match at home there comes after that.
    assert first.date < date.fromisoformat(body["next_start"]) <= last + timedelta(weeks=1)
    assert not Fixture.objects.filter(division=two).exists()
    assert pub.draw(two, date.fromisoformat(body["next_start"])).status_code == 201
    assert_never_overbooked()


def test_the_fixtures_page_offers_the_next_start_that_fits_as_one_button() -> None:
    pub, _one = a_full_season()
    two = pub.division("Division Two", 2)
    browser = pub.browser()
    page = browser.post(f"/secretary/divisions/{two.pk}/fixtures/",
                        {"start": pub.start.isoformat(), "weekday": str(TUESDAY), "skip_dates": ""})
    html = page.content.decode()
    assert page.status_code == 200 and "Station Hotel on" in html
    button = html.index("Draw from ")
    offered = date.fromisoformat(html[html.index('name="start" value="', button - 400) + 20:][:10])
    assert offered > pub.start
    assert f"Draw from {offered.day} {offered:%B %Y} instead" in html
    assert f'name="start" value="{offered.isoformat()}"' in html
    browser.post(f"/secretary/divisions/{two.pk}/fixtures/",
                 {"start": offered.isoformat(), "weekday": str(TUESDAY), "skip_dates": ""})
    assert Fixture.objects.filter(division=two).count() == 2
    assert_never_overbooked()


def published_pair() -> tuple[Pub, Fixture, Fixture]:
    """Both divisions published; a match of each at the pub."""
    pub = Pub()
    one, two = pub.division("Division One", 4), pub.division("Division Two", 4)
    for division in (one, two):
        assert pub.draw(division).status_code == 201
        assert pub.api().post(f"/api/divisions/{division.pk}/fixtures/publish").status_code == 200
    ours = Fixture.objects.filter(division=one, venue=pub.station).order_by("date").first()
    theirs = Fixture.objects.filter(division=two, venue=pub.station).order_by("date").first()
    assert ours is not None and theirs is not None
    return pub, ours, theirs


def test_a_match_moved_onto_a_night_its_pub_is_full_is_refused_naming_the_pub_and_the_night() -> None:
    pub, ours, theirs = published_pair()
    night = theirs.date
    for insist in (False, True):
        refused = pub.api().post(f"/api/fixtures/{ours.pk}/rearrange",
                                 {"date": night.isoformat(), "reason": "the darts final", "insist": insist},
                                 format="json")
        assert refused.status_code == 422
        error = refused.json()["error"]
        assert f"Station Hotel is full on {night:%A} {night.day} {night:%B %Y}" in error
        assert str(theirs) in error and "The next Tuesday with a board free there is" in error
    ours.refresh_from_db()
    assert (ours.status, ours.rearranged_to) == (Status.PUBLISHED, None)
    assert_never_overbooked()


def test_the_rearrange_page_refuses_a_full_night_in_the_same_words() -> None:
    pub, ours, theirs = published_pair()
    night = theirs.date
    page = pub.browser().post(f"/secretary/fixtures/{ours.pk}/rearrange",
                              {"reason": "the darts final", "new_date": night.isoformat(), "step": "confirm"})
    assert f"Station Hotel is full on {night:%A} {night.day} {night:%B %Y}" in page.content.decode()
    ours.refresh_from_db()
    assert ours.status == Status.PUBLISHED


def test_a_match_moved_off_the_pubs_night_frees_its_board() -> None:
    pub, ours, theirs = published_pair()
    free = theirs.date + timedelta(weeks=52)
    moved = pub.api().post(f"/api/fixtures/{theirs.pk}/rearrange",
                           {"date": free.isoformat(), "reason": "snow"}, format="json")
    assert moved.status_code == 200, moved.json()
    then = pub.api().post(f"/api/fixtures/{ours.pk}/rearrange",
                          {"date": theirs.date.isoformat(), "reason": "the darts final", "insist": True},
                          format="json")
    assert then.status_code == 200, then.json()
    assert_never_overbooked()


def test_a_cup_tie_dated_at_a_full_pub_is_refused_naming_the_pub_and_the_night() -> None:
    pub, ours, theirs = published_pair()
    competition = competition_create(season_id=pub.season.pk, name="Knockout Cup", user=pub.secretary)
    for fixture in (ours, theirs):
        cup_enter(competition_id=competition.pk, team_id=fixture.home_team_id, user=pub.secretary)
    cup_draw(competition_id=competition.pk, user=pub.secretary, seed=1)
    tie = CupTie.objects.get(competition=competition)
    night = theirs.date
    refused = pub.api().post(f"/api/cup-ties/{tie.pk}/date", {"date": night.isoformat()}, format="json")
    assert refused.status_code == 422
    assert f"Station Hotel is full on {night:%A} {night.day} {night:%B %Y}" in refused.json()["error"]
    assert not Fixture.objects.filter(cup_tie=tie).exists()
    offered = pub.api().post(f"/api/cup-ties/{tie.pk}/offer", {"dates": [night.isoformat()]}, format="json")
    assert offered.status_code == 422 and "Station Hotel is full" in offered.json()["error"]
    free = max(station_nights()) + timedelta(weeks=1)
    assert pub.api().post(f"/api/cup-ties/{tie.pk}/date", {"date": free.isoformat()}, format="json").status_code == 201
    assert_never_overbooked()


def test_a_captain_cannot_offer_a_night_the_pub_is_full() -> None:
    from django.contrib.auth import get_user_model
    pub, ours, theirs = published_pair()
    # Division Two's match at the pub moved after the season: a night both
    # of Division One's teams are free, but not the pub.
    night = max(station_nights()) + timedelta(weeks=1)
    moved = pub.api().post(f"/api/fixtures/{theirs.pk}/rearrange", {"date": night.isoformat(), "reason": "snow"},
                           format="json")
    assert moved.status_code == 200
    captain = get_user_model().objects.create_user("station-captain")
    Team.objects.filter(pk=ours.home_team_id).update(captain=captain)
    asked = tablet_for(captain).post(f"/api/fixtures/{ours.pk}/rearrangement",
                                     {"team": ours.home_team_id, "dates": [night.isoformat()],
                                      "reason": "the darts final"}, format="json")
    assert asked.status_code == 422
    assert f"Station Hotel is full on {night:%A} {night.day} {night:%B %Y}" in asked.json()["error"]


def test_a_venue_cannot_lose_a_board_set_a_night_to_come_needs() -> None:
    pub, ours, theirs = published_pair()
    Venue.objects.filter(pk=pub.station.pk).update(board_sets=2)
    both = pub.api().post(f"/api/fixtures/{ours.pk}/rearrange",
                          {"date": theirs.date.isoformat(), "reason": "a double night", "insist": True},
                          format="json")
    assert both.status_code == 200, both.json()
    page = pub.browser().post(f"/secretary/leagues/{pub.league.pk}/venues/{pub.station.pk}",
                              {"name": "Station Hotel", "board_sets": "1"})
    night = theirs.date
    assert f"Station Hotel has 2 matches arranged on {night.day} {night:%B %Y}" in page.content.decode()
    assert Venue.objects.get(pk=pub.station.pk).board_sets == 2
