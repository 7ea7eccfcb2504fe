"""Each league division's place in its season: set when it is made (next
below the last unless the secretary gives one), never shared with another
division of the season, changed on the season's divisions page, and read
by the change-over, whose promotion goes up towards number 1."""
from datetime import timedelta
from typing import Any

import pytest
from changeover_data import a_team_at, table
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from forms import browser, post, text
from leagues import a_league
from migrating import migrated_to
from tablets import tablet_for

from league.models import AuditEntry, Division, DivisionEntry, League, Season

pytestmark = pytest.mark.django_db


def season_made(secretary: Any, league: League) -> Season:
    """A season set up on the secretary's page, under way for 200 days."""
    start = timezone.localdate() - timedelta(days=200)
    post(browser(secretary), f"/secretary/leagues/{league.pk}/seasons/new", {
        "name": "Winter 2025-26", "start": start.isoformat(),
        "registration_deadline": (start - timedelta(days=7)).isoformat(), "squad_max": 12, "squad_min": 1,
        "insist": "on"})
    return Season.objects.get(league=league, name="Winter 2025-26")


def division_made(secretary: Any, season: Season, name: str, **fields: Any) -> Any:
    return post(browser(secretary), f"/secretary/seasons/{season.pk}/divisions/new", {"name": name, **fields})


def places_of(season: Season) -> list[tuple[str, int]]:
    return list(Division.objects.filter(season=season, is_cup=False).order_by("level").values_list("name", "level"))


def test_divisions_made_without_a_place_are_numbered_one_below_another(secretary: Any, league: League) -> None:
    season = season_made(secretary, league)
    for name in ("Premier", "First Division", "Second Division"):
        assert division_made(secretary, season, name).status_code == 302
    assert places_of(season) == [("Premier", 1), ("First Division", 2), ("Second Division", 3)]
    home = text(browser(secretary).get("/secretary/"))
    assert '<td class="num" data-label="Place">2</td>\n          <th scope="row" data-label="Division">First Division' \
        in home


def test_the_form_offers_the_next_place_and_takes_another(secretary: Any, league: League) -> None:
    season = season_made(secretary, league)
    division_made(secretary, season, "First Division", place="2")
    assert "Empty: number 3, below the last." in text(browser(secretary).get(
        f"/secretary/seasons/{season.pk}/divisions/new"))
    division_made(secretary, season, "Premier", place="1")
    assert places_of(season) == [("Premier", 1), ("First Division", 2)]


def test_a_place_another_division_holds_is_refused_beside_the_field_and_nothing_made(
        secretary: Any, league: League) -> None:
    season = season_made(secretary, league)
    division_made(secretary, season, "Premier")
    page = division_made(secretary, season, "First Division", place="1")
    html = text(page)
    assert page.status_code == 200
    assert ('<p class="error" id="id_place_error">Premier is already number 1 in Winter 2025-26: each division '
            'has a place of its own.') in html
    assert places_of(season) == [("Premier", 1)]


def test_two_league_divisions_of_a_season_never_share_a_place_in_the_database(league: League) -> None:
    season = Season.objects.create(league=league, name="Winter", start=timezone.localdate(),
                                   registration_deadline=timezone.localdate())
    Division.objects.create(season=season, name="Premier", level=1)
    Division.objects.create(season=season, name="Knockout Cup", is_cup=True)  # a cup's stands outside the order
    with pytest.raises(IntegrityError):
        Division.objects.create(season=season, name="First Division", level=1)


def ended(secretary: Any, league: League) -> Season:
    """Premier and First Division made on the pages without places, each
    with its final table: P1 top of the Premier, F1 of the First."""
    season = season_made(secretary, league)
    for name in ("Premier", "First Division"):
        division_made(secretary, season, name)
    teams = {}
    for division in Division.objects.filter(season=season):
        names = [f"{division.name[0]}{n}" for n in range(1, 5)]
        for name in names:
            teams[name] = a_team_at(league, name)
            DivisionEntry.objects.create(division=division, team=teams[name])
        table(division, names, teams)
    return season


def test_the_changeover_promotes_the_lower_divisions_champion_into_the_one_above(
        secretary: Any, league: League) -> None:
    season = ended(secretary, league)
    client = browser(secretary)
    proposal = text(client.get(f"/secretary/seasons/{season.pk}/next"))
    assert proposal.index("Premier") < proposal.index("First Division")
    start = timezone.localdate() + timedelta(days=40)
    done = post(client, f"/secretary/seasons/{season.pk}/next", {
        "name": "Winter 2026-27", "start": start.isoformat(),
        "registration_deadline": (start - timedelta(days=7)).isoformat(), "squad_max": 12, "squad_min": 1,
        "step": "confirm"})
    assert done.status_code == 302
    new = Season.objects.get(name="Winter 2026-27")
    entered = {d.name: sorted(e.team.name for e in d.entries.all()) for d in Division.objects.filter(season=new)}
    assert entered == {"Premier": ["F1", "P1", "P2", "P3"], "First Division": ["F2", "F3", "F4", "P4"]}
    assert places_of(new) == [("Premier", 1), ("First Division", 2)]


def test_the_order_page_swaps_two_divisions_and_refuses_two_sharing_a_number(
        secretary: Any, league: League) -> None:
    season = season_made(secretary, league)
    for name in ("First Division", "Premier"):
        division_made(secretary, season, name)
    first, premier = Division.objects.get(name="First Division"), Division.objects.get(name="Premier")
    client = browser(secretary)
    address = f"/secretary/seasons/{season.pk}/divisions"
    refused = post(client, address, {f"place_{first.pk}": "1", f"place_{premier.pk}": "1"})
    assert refused.status_code == 200
    assert "First Division is number 1 too: give each division a place of its own" in text(refused)
    assert places_of(season) == [("First Division", 1), ("Premier", 2)]
    saved = post(client, address, {f"place_{first.pk}": "2", f"place_{premier.pk}": "1"})
    assert saved.status_code == 302
    assert places_of(season) == [("Premier", 1), ("First Division", 2)]
    assert AuditEntry.objects.filter(action="season.division_order").count() == 1


def test_a_season_whose_order_was_put_right_asks_the_secretary_until_it_is_saved(
        secretary: Any, league: League) -> None:
    season = season_made(secretary, league)
    division_made(secretary, season, "Premier")
    Season.objects.filter(pk=season.pk).update(division_order_unchecked=True)
    client = browser(secretary)
    notice = "Some divisions of Winter 2025-26 shared a place, so they were numbered in the order they were made."
    assert notice in text(client.get("/secretary/"))
    premier = Division.objects.get(season=season)
    assert notice in text(client.get(f"/secretary/seasons/{season.pk}/divisions"))
    post(client, f"/secretary/seasons/{season.pk}/divisions", {f"place_{premier.pk}": "1"})
    assert notice not in text(client.get("/secretary/"))


BEFORE = [("league", "0036_stored_texts_name_no_one")]
AFTER = [("league", "0037_division_levels_distinct")]


@pytest.mark.slow  # migrates the whole schema back and forth, seconds long: make test-fast leaves it out
@pytest.mark.django_db(transaction=True)
def test_the_upgrade_orders_divisions_sharing_a_place_as_they_were_made_and_flags_their_season() -> None:
    old = migrated_to(BEFORE)
    today = timezone.localdate()
    league = old.get_model("league", "League").objects.create(name="Leek", slug="leek")
    seasons = old.get_model("league", "Season").objects
    tied = seasons.create(league_id=league.pk, name="Tied", start=today, registration_deadline=today)
    apart = seasons.create(league_id=league.pk, name="Apart", start=today, registration_deadline=today)
    divisions = old.get_model("league", "Division").objects
    premier = divisions.create(season_id=tied.pk, name="Premier", level=1)
    first = divisions.create(season_id=tied.pk, name="First Division", level=1)
    cup = divisions.create(season_id=tied.pk, name="Knockout Cup", level=1, is_cup=True)
    divisions.create(season_id=apart.pk, name="Premier", level=1)
    divisions.create(season_id=apart.pk, name="Second", level=3)
    try:
        new = migrated_to(AFTER)
        levels = dict(new.get_model("league", "Division").objects.values_list("pk", "level"))
        assert (levels[premier.pk], levels[first.pk], levels[cup.pk]) == (1, 2, 1)
        flagged = dict(new.get_model("league", "Season").objects.values_list("name", "division_order_unchecked"))
        assert flagged == {"Tied": True, "Apart": False}
        assert sorted(new.get_model("league", "Division").objects.filter(season_id=apart.pk)
                      .values_list("level", flat=True)) == [1, 3]
    finally:
        migrated_to(_latest())


def _latest() -> list[tuple[str, str]]:
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def test_a_secretary_of_another_league_may_not_order_the_divisions(secretary: Any, league: League) -> None:
    season = season_made(secretary, league)
    division_made(secretary, season, "Premier")
    other = a_league("Stoke Sunday")
    stranger = get_user_model().objects.create_user("stoke")
    other.secretaries.add(stranger)
    premier = Division.objects.get(season=season)
    answer = post(browser(stranger), f"/secretary/seasons/{season.pk}/divisions", {f"place_{premier.pk}": "2"})
    assert answer.status_code == 403
    assert places_of(season) == [("Premier", 1)]


@pytest.mark.parametrize(("places", "status", "words"), [
    ({"Premier": 1, "First Division": 1}, 422, "Premier and First Division are both number 1: each division has "
                                               "a place of its own"),
    ({"Premier": 1}, 422, "give First Division a place too"),
    ({"Premier": 0, "First Division": 1}, 400, "Ensure this value is greater than or equal to 1."),
])
def test_the_api_refuses_an_order_with_a_place_shared_or_missing_and_changes_nothing(
        secretary: Any, league: League, places: dict[str, int], status: int, words: str) -> None:
    season = season_made(secretary, league)
    for name in ("Premier", "First Division"):
        division_made(secretary, season, name)
    ids = dict(Division.objects.filter(season=season).values_list("name", "pk"))
    answer = tablet_for(secretary).put(f"/api/seasons/{season.pk}/divisions", {
        "divisions": [{"division": ids[name], "level": level} for name, level in places.items()]}, format="json")
    assert answer.status_code == status
    assert words in str(answer.json())
    assert places_of(season) == [("Premier", 1), ("First Division", 2)]


def test_the_api_refuses_a_division_listed_twice_as_a_rule_not_a_malformed_body(secretary: Any,
                                                                                league: League) -> None:
    season = season_made(secretary, league)
    for name in ("Premier", "First Division"):
        division_made(secretary, season, name)
    premier = Division.objects.get(season=season, name="Premier")
    answer = tablet_for(secretary).put(f"/api/seasons/{season.pk}/divisions", {"divisions": [
        {"division": premier.pk, "level": 2}, {"division": premier.pk, "level": 1}]}, format="json")
    assert answer.status_code == 422
    assert answer.json()["error"] == "a division is listed twice: give each division one place"
    assert places_of(season) == [("Premier", 1), ("First Division", 2)]


def test_the_api_lists_the_order_and_a_put_swaps_and_confirms_it(secretary: Any, league: League) -> None:
    season = season_made(secretary, league)
    for name in ("First Division", "Premier"):
        division_made(secretary, season, name)
    Season.objects.filter(pk=season.pk).update(division_order_unchecked=True)
    api = tablet_for(secretary)
    listed = api.get(f"/api/seasons/{season.pk}/divisions").json()
    assert [(d["name"], d["level"]) for d in listed["divisions"]] == [("First Division", 1), ("Premier", 2)]
    assert listed["order_unchecked"] is True
    ids = {d["name"]: d["id"] for d in listed["divisions"]}
    answer = api.put(f"/api/seasons/{season.pk}/divisions", {"divisions": [
        {"division": ids["Premier"], "level": 1}, {"division": ids["First Division"], "level": 2}]}, format="json")
    assert answer.status_code == 200
    assert [(d["name"], d["level"]) for d in answer.json()["divisions"]] == [("Premier", 1), ("First Division", 2)]
    assert answer.json()["order_unchecked"] is False
