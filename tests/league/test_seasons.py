"""A league's seasons: which one its pages open on, the season links on
every public page, and the secretary making a season current or deleting
one created by mistake (review, then confirm; audited, refusals too)."""
from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone
from forms import browser, post, text
from matchnights import Night, a_match_night, submitted_five_four

from league.models import AuditEntry, Division, DivisionEntry, Fixture, League, Season, SquadRegistration
from league.selectors.seasons import current_of
from league.services.competition import season_create

TODAY = date(2026, 10, 1)


def _season(pk: int, start: date) -> Season:
    return Season(pk=pk, name=f"season {pk}", start=start, registration_deadline=start)


# (seasons as (id, days from today to its start), the season made current, the current season's id)
CURRENT_SEASON_RULES = [
    ([], None, None),
    ([(1, -60)], None, 1),
    ([(1, -60), (2, 30)], None, 1),  # next season set up early: the running one stays current
    ([(1, -400), (2, -60), (3, 30)], None, 2),
    ([(1, -60), (2, 0)], None, 2),  # a season starting today has started
    ([(1, 30), (2, 90)], None, 1),  # none started yet: the earliest to come
    ([(1, -60), (2, 30)], 2, 2),  # the secretary's choice beats the dates
    ([(1, -400), (2, -60)], 1, 1),
    ([(1, -60), (2, 30)], 99, 1),  # a choice that is not one of the seasons is no choice
]


@pytest.mark.parametrize(("seasons", "chosen", "expected"), CURRENT_SEASON_RULES)
def test_the_current_season_is_the_chosen_one_else_the_latest_started_else_the_first_to_come(
    seasons: list[tuple[int, int]], chosen: int | None, expected: int | None,
) -> None:
    listed = [_season(pk, TODAY + timedelta(days=days)) for pk, days in seasons]
    found = current_of(listed, chosen_id=chosen, today=TODAY)
    assert (found.pk if found else None) == expected


@pytest.fixture
def night(db: None) -> Night:
    """A running season (Winter, started 60 days ago) with a fixture tonight."""
    return a_match_night()


@pytest.fixture
def next_season(night: Night) -> Season:
    """Next season, set up in advance: starts in a month, the home team entered."""
    today = timezone.localdate()
    season = season_create(league_id=night.league.pk, name="Summer", start=today + timedelta(days=30),
                           registration_deadline=today + timedelta(days=20), user=night.secretary)
    division = Division.objects.create(season=season, name="Summer Premier")
    DivisionEntry.objects.create(division=division, team=night.home)
    return season


def _pages(night: Night) -> dict[str, str]:
    visitor = Client()
    return {address: text(visitor.get(address)) for address in
            ("/", f"/leagues/{night.league.slug}/", f"/teams/{night.home.pk}/")}


def test_setting_up_next_season_leaves_the_running_one_on_the_public_pages(night: Night, next_season: Season) -> None:
    for address, html in _pages(night).items():
        assert "Premier" in html, address
        assert "Summer Premier" not in html, address


def test_the_season_links_reach_both_seasons_at_addresses_that_stay(night: Night, next_season: Season) -> None:
    visitor = Client()
    league_page = text(visitor.get(f"/leagues/{night.league.slug}/"))
    running = f"/leagues/{night.league.slug}/seasons/{night.season.pk}/"
    coming = f"/leagues/{night.league.slug}/seasons/{next_season.pk}/"
    assert f'href="{running}" aria-current="page"' in league_page
    assert f'href="{coming}"' in league_page
    assert "<strong>Winter (current)</strong>" in league_page
    assert "Summer Premier" in text(visitor.get(coming))
    team_page = text(visitor.get(f"/teams/{night.home.pk}/"))
    team_coming = f"/teams/{night.home.pk}/seasons/{next_season.pk}/"
    assert f'href="{team_coming}"' in team_page
    assert "Summer Premier" in text(visitor.get(team_coming))
    division_page = text(visitor.get(f"/divisions/{night.division.pk}/"))
    assert f'href="{coming}"' in division_page  # no division of the same name: the season's page


def test_a_team_page_for_a_season_the_team_did_not_play_is_not_found(night: Night, next_season: Season) -> None:
    assert Client().get(f"/teams/{night.away.pk}/seasons/{next_season.pk}/").status_code == 404
    other = League.objects.create(name="Elsewhere", slug="elsewhere")
    assert Client().get(f"/leagues/{other.slug}/seasons/{night.season.pk}/").status_code == 404


def test_a_league_with_one_season_shows_no_season_links(night: Night) -> None:
    assert 'aria-label="Seasons"' not in text(Client().get(f"/leagues/{night.league.slug}/"))


def test_the_secretary_reviews_then_makes_next_season_current(night: Night, next_season: Season) -> None:
    secretary = browser(night.secretary)
    address = f"/secretary/seasons/{next_season.pk}/make-current"
    assert address in text(secretary.get("/secretary/"))
    review = text(secretary.get(address))
    assert "Check, then confirm" in review
    assert "instead of Winter" in review
    assert League.objects.get(pk=night.league.pk).current_season is None  # looking changes nothing
    answer = post(secretary, address)
    assert answer.status_code == 302
    for page, html in _pages(night).items():
        assert "Summer Premier" in html, page
    entry = AuditEntry.objects.get(action="season.make_current")
    assert (entry.user, entry.target_id) == (night.secretary, str(next_season.pk))


def test_only_a_secretary_of_the_league_makes_a_season_current_or_deletes_one(
        night: Night, next_season: Season) -> None:
    captain = browser(night.home_captain)
    for action in ("make-current", "delete"):
        address = f"/secretary/seasons/{next_season.pk}/{action}"
        assert captain.get(address).status_code == 403
        assert post(captain, address).status_code == 403
    assert League.objects.get(pk=night.league.pk).current_season is None
    assert Season.objects.filter(pk=next_season.pk).exists()


def test_a_season_created_by_mistake_is_deleted_after_a_check(night: Night, next_season: Season) -> None:
    SquadRegistration.objects.create(season=next_season, team=night.home, player=night.home_players[0])
    secretary = browser(night.secretary)
    address = f"/secretary/seasons/{next_season.pk}/delete"
    check = text(secretary.get(address))
    assert "Check, then confirm" in check
    assert Season.objects.filter(pk=next_season.pk).exists()
    assert post(secretary, address).status_code == 302
    assert not Season.objects.filter(pk=next_season.pk).exists()
    assert not Division.objects.filter(name="Summer Premier").exists()
    assert "Summer is deleted." in text(secretary.get("/secretary/"))
    entry = AuditEntry.objects.get(action="season.delete")
    assert entry.target_label.endswith("Summer")
    assert entry.data["registrations"] == 1


def test_a_made_current_season_deleted_hands_the_pages_back_to_the_dates(night: Night, next_season: Season) -> None:
    secretary = browser(night.secretary)
    post(secretary, f"/secretary/seasons/{next_season.pk}/make-current")
    post(secretary, f"/secretary/seasons/{next_season.pk}/delete")
    assert League.objects.get(pk=night.league.pk).current_season is None
    assert "Premier" in text(Client().get(f"/leagues/{night.league.slug}/"))


def test_a_season_with_a_result_is_never_deleted_and_the_refusal_says_why(night: Night) -> None:
    submitted_five_four(night)
    secretary = browser(night.secretary)
    address = f"/secretary/seasons/{night.season.pk}/delete"
    check = text(secretary.get(address))
    assert "Winter cannot be deleted" in check
    assert "1 result submitted, confirmed or disputed" in check
    assert "9 games entered on a match night" in check
    assert "Yes: delete" not in check
    refused = post(secretary, address)
    assert refused.status_code == 200
    assert "A season with results stays on record" in text(refused)
    assert Season.objects.filter(pk=night.season.pk).exists()
    assert Fixture.objects.filter(pk=night.fixture.pk).exists()
    entry = AuditEntry.objects.get(action="season.delete.refused")
    assert "1 result submitted" in entry.data["refusal"]


def test_a_walkover_alone_keeps_a_season(night: Night) -> None:
    Fixture.objects.filter(pk=night.fixture.pk).update(status=Fixture.Status.WALKOVER, walkover_winner=night.home)
    refused = post(browser(night.secretary), f"/secretary/seasons/{night.season.pk}/delete")
    assert "1 walkover awarded" in text(refused)
    assert Season.objects.filter(pk=night.season.pk).exists()


def test_a_division_page_leads_to_the_division_of_the_same_name_in_the_other_season(
        night: Night, next_season: Season) -> None:
    same = Division.objects.create(season=next_season, name="Premier", level=2)
    html = text(Client().get(f"/divisions/{night.division.pk}/"))
    assert f'href="/divisions/{same.pk}/">Summer<' in html
    assert f'href="/divisions/{night.division.pk}/" aria-current="page"' in html
    back = text(Client().get(f"/divisions/{same.pk}/"))
    assert f'href="/divisions/{night.division.pk}/"><strong>' not in back  # the shown one is Summer now
    assert f'href="/divisions/{night.division.pk}/">Winter (current)<' in back


def test_the_secretarys_home_marks_the_current_season_and_offers_the_others(
        night: Night, next_season: Season) -> None:
    html = text(browser(night.secretary).get("/secretary/"))
    assert f"/secretary/seasons/{next_season.pk}/make-current" in html
    assert f"/secretary/seasons/{night.season.pk}/make-current" not in html
    winter = html[html.index(f'id="season-{night.season.pk}"'):]
    assert winter[:winter.index("</h3>")].endswith('<span class="tag">Current</span>')
    for season in (night.season, next_season):
        assert f"/secretary/seasons/{season.pk}/delete" in html
