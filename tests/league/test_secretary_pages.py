"""The secretary's pages, through a browser's requests: what a secretary
sees, what each workflow changes in the database, that a refusal changes
nothing and says why with the form as it was filled, and who is kept out."""
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from forms import browser as logged_in
from forms import post, text
from leagues import a_league, a_season, a_team

from league.models import AuditEntry, Division, DivisionEntry, Fixture, Season, Team, Venue
from league.services.fixtures import division_team_add, fixtures_generate, fixtures_publish

Status = Fixture.Status
TUESDAY = 1

# A night still to come whenever the tests run: a fixture is never
# rearranged into the past.
LATER = timezone.localdate() + timedelta(days=365)


@pytest.fixture
def browser(secretary: Any) -> Client:
    """The secretary, logged in, with CSRF checked as a real browser's would be."""
    return logged_in(secretary)


@pytest.fixture
def season(league: Any) -> Season:
    return a_season(league)


@pytest.fixture
def division(season: Season) -> Division:
    return Division.objects.create(season=season, name="Premier")


@pytest.fixture
def teams(league: Any, division: Division, secretary: Any) -> list[Team]:
    teams = [a_team(league, name) for name in ("Red Lion A", "Crown B", "Bell A", "Swan A")]
    for team in teams:
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    return teams


@pytest.fixture
def drafts(division: Division, teams: list[Team], secretary: Any) -> list[Fixture]:
    return fixtures_generate(division_id=division.pk, start=date(2026, 9, 1), weekday=TUESDAY, user=secretary)


@pytest.fixture
def published(drafts: list[Fixture], division: Division, secretary: Any) -> Fixture:
    """The division's fixtures published; the first of them."""
    fixtures_publish(division_id=division.pk, user=secretary)
    return Fixture.objects.filter(division=division).order_by("week", "id").first()  # type: ignore[return-value]


# The home page


def test_the_home_page_lists_each_season_and_division_and_where_it_stands(
    browser: Client, league: Any, season: Season, division: Division, drafts: list[Fixture],
) -> None:
    Division.objects.create(season=season, name="Division One", level=2)
    html = text(browser.get("/secretary/"))
    assert "Leek &amp; District" in html and "Winter 2026-27" in html
    assert "12 drafted, not published" in html
    assert "not drawn yet" in html
    assert f'href="/secretary/divisions/{division.pk}/fixtures/"' in html
    assert f'href="/secretary/leagues/{league.pk}/seasons/new"' in html
    assert f'href="/secretary/seasons/{season.pk}/divisions/new"' in html


def test_the_home_page_counts_published_fixtures(browser: Client, published: Fixture) -> None:
    assert "12 published" in text(browser.get("/secretary/"))


def test_the_home_page_shows_only_the_leagues_the_user_runs(browser: Client, league: Any) -> None:
    a_league("Stoke Sunday")
    html = text(browser.get("/secretary/"))
    assert "Leek &amp; District" in html and "Stoke Sunday" not in html


# Season set-up


def test_a_secretary_creates_a_season(browser: Client, league: Any) -> None:
    deadline = LATER - timedelta(days=7)
    page = post(browser, f"/secretary/leagues/{league.pk}/seasons/new", {
        "name": "Summer 2027", "start": LATER.isoformat(), "registration_deadline": deadline.isoformat(),
        "squad_max": "10", "squad_min": "6"})
    assert page.status_code == 302 and page["Location"] == "/secretary/"
    season = Season.objects.get(league=league, name="Summer 2027")
    assert (season.start, season.squad_max, season.squad_min) == (LATER, 10, 6)
    assert AuditEntry.objects.filter(action="season.create").count() == 1
    assert "Summer 2027 is set up" in text(browser.get("/secretary/"))


def test_a_refused_season_is_not_created_and_the_form_keeps_what_was_typed(browser: Client, league: Any) -> None:
    page = post(browser, f"/secretary/leagues/{league.pk}/seasons/new", {
        "name": "Summer 2027", "start": "2027-05-04", "registration_deadline": "2027-04-27",
        "squad_max": "6", "squad_min": "10"})
    html = text(page)
    assert page.status_code == 200
    assert "a squad of at least 10 and at most 6 players is impossible" in html
    assert 'value="Summer 2027"' in html and 'value="2027-05-04"' in html
    assert not Season.objects.filter(name="Summer 2027").exists()


def test_a_season_whose_start_has_gone_is_set_up_only_when_the_secretary_insists(browser: Client,
                                                                                 league: Any) -> None:
    form = {"name": "Late 2020", "start": "2020-01-07", "registration_deadline": "2020-01-01",
            "squad_max": "10", "squad_min": "6"}
    html = text(post(browser, f"/secretary/leagues/{league.pk}/seasons/new", form))
    assert "7 January 2020 has gone: a season starts on a day still to come. Insist" in html
    assert 'name="insist"' in html and not Season.objects.filter(name="Late 2020").exists()
    page = post(browser, f"/secretary/leagues/{league.pk}/seasons/new", {**form, "insist": "on"})
    assert page.status_code == 302 and Season.objects.get(name="Late 2020").start == date(2020, 1, 7)


def test_a_registration_deadline_after_the_start_is_refused(browser: Client, league: Any) -> None:
    html = text(post(browser, f"/secretary/leagues/{league.pk}/seasons/new", {
        "name": "Summer 2031", "start": "2031-05-06", "registration_deadline": "2031-06-01",
        "squad_max": "10", "squad_min": "6", "insist": "on"}))
    assert ("the registration deadline (1 June 2031) falls after the season starts (6 May 2031): squads would "
            "change mid-season without a secretary") in html
    assert not Season.objects.filter(name="Summer 2031").exists()


def test_a_secretary_creates_a_division_with_a_preset_format_and_scheme(browser: Client, season: Season) -> None:
    page = post(browser, f"/secretary/seasons/{season.pk}/divisions/new", {
        "name": "Premier", "match_format": "leek", "points_scheme": "solihull", "result_deadline_days": "",
        "late_result_points": "2, 4", "forfeit_won": "6", "forfeit_lost": "0", "rules": ""})
    division = Division.objects.get(season=season, name="Premier")
    assert page.status_code == 302 and page["Location"] == f"/secretary/divisions/{division.pk}/"
    assert (division.match_format, division.points_scheme) == ("leek", "solihull")
    assert (division.late_result_points, division.forfeit) == ([2, 4], {"score": [6, 0]})
    assert (division.rules, division.result_deadline_days) == (None, None)  # the league's


def test_the_division_form_offers_the_presets_by_name_and_the_leagues_choice(browser: Client, season: Season) -> None:
    html = text(browser.get(f"/secretary/seasons/{season.pk}/divisions/new"))
    assert '<option value="" selected>The league&#x27;s: Plain (nine singles)</option>' in html
    assert '<option value="leek">Leek</option>' in html
    assert '<option value="solihull">Solihull &amp; Warwickshire</option>' in html
    # An empty box keeps the league's value, which it shows.
    assert 'name="result_deadline_days" min="1" placeholder="7"' in html
    assert 'name="late_result_points" placeholder="3, 5"' in html
    assert 'name="forfeit_won" min="0" placeholder="5"' in html


def test_none_means_a_division_deducts_nothing_for_late_results(browser: Client, season: Season) -> None:
    post(browser, f"/secretary/seasons/{season.pk}/divisions/new", {"name": "Premier", "late_result_points": "none"})
    assert Division.objects.get(season=season).late_result_points == []


def test_a_half_given_walkover_score_is_pointed_out_and_nothing_created(browser: Client, season: Season) -> None:
    page = post(browser, f"/secretary/seasons/{season.pk}/divisions/new", {
        "name": "Premier", "forfeit_won": "6", "late_result_points": "3, five"})
    html = text(page)
    assert "give both games of the walkover score, or neither" in html
    assert "write whole numbers separated by commas" in html
    assert 'value="3, five"' in html
    assert not Division.objects.exists()


def test_the_division_form_asks_for_the_rules_field_by_field_and_saves_them(browser: Client, season: Season) -> None:
    html = text(browser.get(f"/secretary/seasons/{season.pk}/divisions/new"))
    assert 'name="rules"' not in html
    assert '<label for="id_preset">Rule system' in html and '<label for="id_target">Points to win a game' in html
    post(browser, f"/secretary/seasons/{season.pk}/divisions/new", {
        "name": "Premier", "preset": "pagat", "target": "121", "finish": "exact", "down_can_win": "no"})
    rules = Division.objects.get(season=season, name="Premier").rules
    assert rules == {"preset": "pagat", "target": 121, "finish": "exact", "down_can_win": False}


@pytest.mark.parametrize(("field", "given", "words"), [
    ("preset", "casino", "Select a valid choice. casino is not one of the available choices."),
    ("target", "0", "Ensure this value is greater than or equal to 1."),
    ("target", "20000", "target must be a whole number of at least 1, at most 10000"),
    ("chip_out_bonus", "two", "Enter a whole number."),
])
def test_game_rules_the_form_or_the_engine_refuses_create_no_division_and_say_why_beside_the_field(
        browser: Client, season: Season, field: str, given: str, words: str) -> None:
    form = {"name": "Premier", "preset": "pub", field: given}
    page = post(browser, f"/secretary/seasons/{season.pk}/divisions/new", form)
    html = text(page)
    assert page.status_code == 200
    assert words in html
    assert 'value="Premier"' in html
    assert not Division.objects.exists()


def test_a_division_name_taken_is_refused_in_the_services_words(
    browser: Client, season: Season, division: Division,
) -> None:
    page = post(browser, f"/secretary/seasons/{season.pk}/divisions/new", {"name": "Premier"})
    assert "already has a division called &#x27;Premier&#x27;" in text(page)
    assert Division.objects.count() == 1


def test_a_secretary_enters_a_team_and_sees_it_in_the_division(
    browser: Client, league: Any, division: Division,
) -> None:
    team = a_team(league, "Plough A")
    page = post(browser, f"/secretary/divisions/{division.pk}/teams/add", {"team": team.pk})
    assert page.status_code == 302
    assert DivisionEntry.objects.filter(division=division, team=team).exists()
    html = text(browser.get(f"/secretary/divisions/{division.pk}/"))
    assert "Plough A is in Premier." in html
    assert '<th scope="row" data-label="Team">Plough A</th>' in html


def test_only_teams_in_no_division_this_season_are_offered(
    browser: Client, league: Any, season: Season, division: Division, teams: list[Team],
) -> None:
    a_team(league, "Plough A")
    a_team(a_league("Stoke Sunday"), "Castle A")
    second = Division.objects.create(season=season, name="Division One", level=2)
    html = text(browser.get(f"/secretary/divisions/{second.pk}/"))
    assert ">Plough A</option>" in html
    assert ">Red Lion A</option>" not in html and "Castle A" not in html


def test_a_team_entered_elsewhere_is_refused_in_the_services_words(
    browser: Client, season: Season, division: Division, teams: list[Team],
) -> None:
    second = Division.objects.create(season=season, name="Division One", level=2)
    page = post(browser, f"/secretary/divisions/{second.pk}/teams/add", {"team": teams[0].pk})
    assert page.status_code == 200
    assert "Red Lion A already plays in Premier this season" in text(page)
    assert not DivisionEntry.objects.filter(division=second).exists()


def test_a_secretary_takes_a_team_out_and_its_drafts_go(
    browser: Client, division: Division, teams: list[Team], drafts: list[Fixture],
) -> None:
    page = post(browser, f"/secretary/divisions/{division.pk}/teams/{teams[1].pk}/remove", {})
    assert page.status_code == 302
    assert not DivisionEntry.objects.filter(division=division, team=teams[1]).exists()
    assert not Fixture.objects.filter(division=division).exists()
    html = text(browser.get(f"/secretary/divisions/{division.pk}/"))
    assert "Crown B is out of Premier. Its 12 draft fixtures were discarded" in html


def test_no_team_is_taken_out_once_published_and_the_page_says_why(
    browser: Client, division: Division, teams: list[Team], published: Fixture,
) -> None:
    page = post(browser, f"/secretary/divisions/{division.pk}/teams/{teams[1].pk}/remove", {})
    assert DivisionEntry.objects.filter(division=division).count() == 4
    html = text(browser.get(page["Location"]))
    assert "Premier&#x27;s fixtures are published: its teams and fixtures are settled" in html
    assert "Take out" not in html and "Enter the team" not in html


# Drawing, reviewing and publishing fixtures


def test_a_secretary_draws_the_fixtures_and_reviews_them_week_by_week(
    browser: Client, division: Division, teams: list[Team],
) -> None:
    page = post(browser, f"/secretary/divisions/{division.pk}/fixtures/", {
        "start": "2026-09-01", "weekday": "1", "skip_dates": "2026-09-22\n29/09/2026"})
    assert page.status_code == 302
    drafts = Fixture.objects.filter(division=division)
    assert drafts.count() == 12 and {f.status for f in drafts} == {Status.DRAFT}
    assert date(2026, 9, 22) not in {f.date for f in drafts} and date(2026, 9, 29) not in {f.date for f in drafts}
    html = text(browser.get(page["Location"]))
    assert "12 draft fixtures drawn" in html
    assert "Week 1, Tuesday 1 September 2026" in html
    assert "Week 3, Tuesday 15 September 2026" in html
    assert "Week 4, Tuesday 6 October 2026" in html  # two Tuesdays skipped
    first = drafts.order_by("week", "id").first()
    assert f'<td data-label="Home">{first.home_team}</td>' in html  # type: ignore[union-attr]
    assert "Every team plays the same number of matches at home and away." in html
    assert html.count('<td class="num" data-label="Home">3</td>') == 4
    assert 'href="/secretary/divisions/%d/fixtures/publish"' % division.pk in html


def test_drawing_again_replaces_the_drafts_and_starts_from_the_last_draws_choices(
    browser: Client, division: Division, drafts: list[Fixture],
) -> None:
    html = text(browser.get(f"/secretary/divisions/{division.pk}/fixtures/"))
    assert 'value="2026-09-01"' in html and '<option value="1" selected>Tuesday</option>' in html
    post(browser, f"/secretary/divisions/{division.pk}/fixtures/", {"start": "2026-09-07", "weekday": "0"})
    kept = Fixture.objects.filter(division=division)
    assert kept.count() == 12 and not kept.filter(pk__in=[f.pk for f in drafts]).exists()
    assert {f.date.weekday() for f in kept} == {0}


def test_the_review_shows_a_shared_venue_is_never_double_booked(
    browser: Client, league: Any, division: Division, secretary: Any,
) -> None:
    pub = Venue.objects.create(name="The Plough", board_sets=1)
    for name in ("Plough A", "Plough B"):
        team = Team.objects.create(league=league, name=name, home_venue=pub)
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    for name in ("Swan A", "Bell A"):
        division_team_add(division_id=division.pk, team_id=a_team(league, name).pk, user=secretary)
    post(browser, f"/secretary/divisions/{division.pk}/fixtures/", {"start": "2026-09-01", "weekday": "1"})
    html = text(browser.get(f"/secretary/divisions/{division.pk}/fixtures/"))
    assert "No shared venue is ever double-booked." in html
    assert '<th scope="row" data-label="Venue">The Plough</th>' in html
    assert '<td class="num" data-label="Most matches on a night">1</td>' in html


def test_an_odd_division_shows_who_has_no_match_each_week(
    browser: Client, league: Any, division: Division, teams: list[Team], secretary: Any,
) -> None:
    division_team_add(division_id=division.pk, team_id=a_team(league, "Plough A").pk, user=secretary)
    post(browser, f"/secretary/divisions/{division.pk}/fixtures/", {"start": "2026-09-01", "weekday": "1"})
    html = text(browser.get(f"/secretary/divisions/{division.pk}/fixtures/"))
    assert html.count("· no match: ") == 10


def test_a_draw_the_generator_refuses_stores_nothing_and_keeps_the_form(
    browser: Client, league: Any, division: Division, secretary: Any,
) -> None:
    division_team_add(division_id=division.pk, team_id=a_team(league, "Red Lion A").pk, user=secretary)
    page = post(browser, f"/secretary/divisions/{division.pk}/fixtures/", {
        "start": "2026-09-08", "weekday": "3", "skip_dates": "2026-12-24"})
    html = text(page)
    assert page.status_code == 200
    assert "Premier has Red Lion A: fixtures need at least two teams" in html
    assert 'value="2026-09-08"' in html and '<option value="3" selected>Thursday</option>' in html
    assert "2026-12-24</textarea>" in html
    assert not Fixture.objects.exists()


def test_a_date_that_is_not_one_is_pointed_out(browser: Client, division: Division, teams: list[Team]) -> None:
    page = post(browser, f"/secretary/divisions/{division.pk}/fixtures/", {
        "start": "2026-09-01", "weekday": "1", "skip_dates": "Christmas"})
    assert "&#x27;Christmas&#x27; is not a date" in text(page)
    assert not Fixture.objects.exists()


def test_publishing_asks_first_and_a_get_changes_nothing(
    browser: Client, division: Division, drafts: list[Fixture],
) -> None:
    page = browser.get(f"/secretary/divisions/{division.pk}/fixtures/publish")
    html = text(page)
    assert page.status_code == 200
    assert "Publish Premier's fixtures?" in html
    assert "12 fixtures over 6 weeks, from 1 September 2026 to 6 October 2026" in html
    assert "Yes, publish 12 fixtures" in html
    assert set(Fixture.objects.values_list("status", flat=True)) == {Status.DRAFT}


def test_confirming_publishes_every_draft(browser: Client, division: Division, drafts: list[Fixture]) -> None:
    page = post(browser, f"/secretary/divisions/{division.pk}/fixtures/publish", {})
    assert page.status_code == 302
    assert set(Fixture.objects.values_list("status", flat=True)) == {Status.PUBLISHED}
    html = text(browser.get(page["Location"]))
    assert "12 fixtures published" in html
    assert "Draw again" not in html


def test_publishing_with_nothing_drawn_is_refused_on_the_page(
    browser: Client, division: Division, teams: list[Team],
) -> None:
    page = post(browser, f"/secretary/divisions/{division.pk}/fixtures/publish", {})
    assert page.status_code == 200
    assert "Premier has no draft fixtures to publish: generate them first" in text(page)
    assert "Yes, publish" not in text(page)


def test_the_publish_page_of_a_published_division_offers_nothing_to_publish(
    browser: Client, division: Division, published: Fixture,
) -> None:
    html = text(browser.get(f"/secretary/divisions/{division.pk}/fixtures/publish"))
    assert "Premier's fixtures are published" in html and "Yes, publish" not in html


def test_a_team_entered_after_the_draw_sends_the_secretary_back_to_draw(
    browser: Client, league: Any, division: Division, drafts: list[Fixture], secretary: Any,
) -> None:
    division_team_add(division_id=division.pk, team_id=a_team(league, "Plough A").pk, user=secretary)
    html = text(browser.get(f"/secretary/divisions/{division.pk}/fixtures/"))
    assert "Draw the fixtures" in html and "Publish" not in html


# Changing a published fixture


def test_a_published_fixture_offers_the_changes_its_status_allows(browser: Client, published: Fixture) -> None:
    html = text(browser.get(f"/secretary/divisions/{published.division_id}/fixtures/"))
    for verb in ("postpone", "rearrange", "walkover", "void"):
        assert f'href="/secretary/fixtures/{published.pk}/{verb}"' in html
    published.status = Status.POSTPONED
    published.save()
    html = text(browser.get(f"/secretary/divisions/{published.division_id}/fixtures/"))
    assert f'href="/secretary/fixtures/{published.pk}/postpone"' not in html
    assert f'href="/secretary/fixtures/{published.pk}/rearrange"' in html


def test_postponing_shows_a_confirmation_before_anything_changes(browser: Client, published: Fixture) -> None:
    url = f"/secretary/fixtures/{published.pk}/postpone"
    page = post(browser, url, {"reason": "the pub flooded", "step": "review"})
    html = text(page)
    assert "Check, then confirm" in html and "the pub flooded" in html
    assert 'name="step" value="confirm"' in html
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED
    page = post(browser, url, {"reason": "the pub flooded", "step": "confirm"})
    assert page.status_code == 302
    published.refresh_from_db()
    assert (published.status, published.reason) == (Status.POSTPONED, "the pub flooded")
    assert f"{published} is postponed." in text(browser.get(page["Location"]))


def test_going_back_from_the_confirmation_keeps_what_was_written(browser: Client, published: Fixture) -> None:
    page = post(browser, f"/secretary/fixtures/{published.pk}/rearrange",
                {"reason": "cup tie", "new_date": LATER.isoformat(), "step": "edit"})
    html = text(page)
    assert f'value="{LATER.isoformat()}"' in html and "cup tie</textarea>" in html
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED


def test_a_secretary_rearranges_a_fixture_to_a_new_date(browser: Client, published: Fixture) -> None:
    post(browser, f"/secretary/fixtures/{published.pk}/rearrange",
         {"reason": "cup tie", "new_date": LATER.isoformat(), "step": "confirm"})
    published.refresh_from_db()
    assert (published.status, published.rearranged_to) == (Status.REARRANGED, LATER)
    html = text(browser.get(f"/secretary/divisions/{published.division_id}/fixtures/"))
    assert f"rearranged to {LATER:%a} {LATER.day} {LATER:%b %Y}" in html


def test_a_night_a_team_already_plays_is_refused_until_the_secretary_ticks_insist(
    browser: Client, published: Fixture,
) -> None:
    # Two boards at the pub, so the second home match fits its venue.
    Venue.objects.filter(pk=published.venue_id).update(board_sets=2)
    other = Fixture.objects.filter(division=published.division, home_team=published.home_team).exclude(
        pk=published.pk).first()
    assert other is not None
    post(browser, f"/secretary/fixtures/{other.pk}/rearrange",
         {"reason": "cup tie", "new_date": LATER.isoformat(), "step": "confirm"})
    url = f"/secretary/fixtures/{published.pk}/rearrange"
    html = text(post(browser, url, {"reason": "double header", "new_date": LATER.isoformat(), "step": "confirm"}))
    assert "two matches on one night for" in html and "Insist to move it there all the same" in html
    assert 'name="insist"' in html
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED
    post(browser, url, {"reason": "double header", "new_date": LATER.isoformat(), "insist": "on", "step": "confirm"})
    published.refresh_from_db()
    assert published.rearranged_to == LATER


def test_a_date_gone_by_is_refused_in_plain_words(browser: Client, published: Fixture) -> None:
    html = text(post(browser, f"/secretary/fixtures/{published.pk}/rearrange",
                     {"reason": "played last week", "new_date": "2020-01-07", "step": "confirm"}))
    assert "7 January 2020 has gone: a match can only be moved to today or later" in html


def test_a_secretary_awards_a_walkover_to_the_team_chosen(browser: Client, published: Fixture) -> None:
    html = text(browser.get(f"/secretary/fixtures/{published.pk}/walkover"))
    assert f'value="{published.away_team_id}"' in html and "<legend>Awarded to</legend>" in html
    post(browser, f"/secretary/fixtures/{published.pk}/walkover",
         {"reason": "no show", "winner": published.away_team_id, "step": "confirm"})
    published.refresh_from_db()
    assert (published.status, published.walkover_winner_id) == (Status.WALKOVER, published.away_team_id)


def test_a_secretary_voids_a_fixture(browser: Client, published: Fixture) -> None:
    post(browser, f"/secretary/fixtures/{published.pk}/void", {"reason": "Crown B folded", "step": "confirm"})
    published.refresh_from_db()
    assert (published.status, published.reason) == (Status.VOID, "Crown B folded")
    assert AuditEntry.objects.get(action="fixture.void").user is not None


def test_a_change_without_a_reason_goes_nowhere(browser: Client, published: Fixture) -> None:
    page = post(browser, f"/secretary/fixtures/{published.pk}/void", {"reason": "", "step": "confirm"})
    assert page.status_code == 200 and "This field is required." in text(page)
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED


def test_a_change_the_service_refuses_changes_nothing_and_says_why(browser: Client, published: Fixture) -> None:
    page = post(browser, f"/secretary/fixtures/{published.pk}/rearrange",
                {"reason": "no change really", "new_date": published.date.isoformat(), "step": "confirm"})
    html = text(page)
    assert page.status_code == 200
    assert f"{published} is already set for" in html
    assert "no change really</textarea>" in html
    published.refresh_from_db()
    assert (published.status, published.revision) == (Status.PUBLISHED, 0)


def test_a_void_fixture_refuses_a_second_change_on_the_page(browser: Client, published: Fixture) -> None:
    post(browser, f"/secretary/fixtures/{published.pk}/void", {"reason": "folded", "step": "confirm"})
    page = post(browser, f"/secretary/fixtures/{published.pk}/postpone", {"reason": "snow", "step": "confirm"})
    assert f"{published} is void: it cannot be postponed" in text(page)
    published.refresh_from_db()
    assert published.status == Status.VOID


def test_an_unknown_change_is_not_found(browser: Client, published: Fixture) -> None:
    assert browser.get(f"/secretary/fixtures/{published.pk}/cancel").status_code == 404


# Who is kept out


def test_anonymous_users_are_sent_to_log_in(client: Client, division: Division, published: Fixture) -> None:
    for url in ("/secretary/", f"/secretary/divisions/{division.pk}/fixtures/",
                f"/secretary/fixtures/{published.pk}/void"):
        page = client.get(url)
        assert page.status_code == 302 and page["Location"] == f"/accounts/login/?next={url}"


@pytest.fixture(params=["captain", "another league's secretary"])
def outsider(request: Any, teams: list[Team]) -> Client:
    user = get_user_model().objects.create_user(request.param)
    if request.param == "captain":
        teams[0].captain = user
        teams[0].save()
    else:
        a_league("Stoke Sunday").secretaries.add(user)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_others_get_the_403_page_on_every_page_of_the_league(
    outsider: Client, league: Any, season: Season, division: Division, teams: list[Team], published: Fixture,
) -> None:
    for url in (f"/secretary/leagues/{league.pk}/seasons/new", f"/secretary/seasons/{season.pk}/divisions/new",
                f"/secretary/divisions/{division.pk}/", f"/secretary/divisions/{division.pk}/fixtures/",
                f"/secretary/divisions/{division.pk}/fixtures/publish", f"/secretary/fixtures/{published.pk}/void"):
        page = outsider.get(url)
        assert page.status_code == 403, url
        assert "Not a page of yours" in text(page)


def test_others_cannot_change_anything_by_posting(
    outsider: Client, division: Division, teams: list[Team], published: Fixture,
) -> None:
    for url, data in ((f"/secretary/fixtures/{published.pk}/void", {"reason": "spite", "step": "confirm"}),
                      (f"/secretary/divisions/{division.pk}/teams/{teams[0].pk}/remove", {})):
        page = post(outsider, url, data)
        assert page.status_code == 403
    published.refresh_from_db()
    assert published.status == Status.PUBLISHED
    assert DivisionEntry.objects.filter(division=division).count() == 4


def test_a_user_who_runs_no_league_gets_the_403_page_at_home(db: None) -> None:
    client = Client()
    client.force_login(get_user_model().objects.create_user("captain"))
    page = client.get("/secretary/")
    assert page.status_code == 403 and "Not a page of yours" in text(page)


def test_a_post_without_its_csrf_token_is_refused(browser: Client, division: Division, drafts: list[Fixture]) -> None:
    page = browser.post(f"/secretary/divisions/{division.pk}/fixtures/publish", {})
    assert page.status_code == 403
    assert set(Fixture.objects.values_list("status", flat=True)) == {Status.DRAFT}

