"""The public league pages, as a visitor who is not logged in sees them: a
league's home, a division's table, players and fixtures, its printable
table, team and player pages; and what each page costs in queries as a
division grows."""
import re
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.templatetags.static import static
from django.test import Client, TestCase
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from in_process import tasks_in_process
from leagues import a_league, a_team, players
from matchnights import Night, a_match_night, sheet_entered
from module_data import a_copy_for_one_test, made_once_a_module

from league.models import (
    Division,
    DivisionEntry,
    Fixture,
    MatchNight,
    PlayerStats,
    Rubber,
    RubberGame,
    Season,
    SquadRegistration,
    TableEntry,
)
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.results import match_confirm, match_submit
from league.services.sanctions import sanction_apply
from league.services.standings import division_standings_rebuild

PLAIN = ["singles"] * 9
# Rubbers 1-5 to the home side 61-40, rubbers 6-9 to the away side 30-61.
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4
STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "public.css"
Status = Fixture.Status


class Tables(HTMLParser):
    """The text of each cell of each row of the page's tables, by table id."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._table = self.tables.setdefault(dict(attrs).get("id") or f"table-{len(self.tables)}", [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._table:
            self._table[-1].append(" ".join(" ".join(self._cell).split()))
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables_of(html: str) -> dict[str, list[list[str]]]:
    parser = Tables()
    parser.feed(html)
    return parser.tables


class Words(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []

    def handle_data(self, data: str) -> None:
        self.words.append(data)


def text_of(html: str) -> str:
    """The page's words with the markup and extra spaces taken out."""
    parser = Words()
    parser.feed(html)
    return re.sub(r" ([,.:;])", r"\1", " ".join(" ".join(parser.words).split()))


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def a_played_night() -> Night:
    """A week-old result, 5-4 to the home side, entered from the cards,
    submitted and confirmed, and the table and statistics rebuilt:
    solihull's 3 points to the winners and 1 to the losers."""
    night = a_match_night("plain", points_scheme="solihull", played_days_ago=7)
    sheet_entered(night, PLAIN)
    for number, (home, away) in enumerate(FIVE_FOUR, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with tasks_in_process(), TestCase.captureOnCommitCallbacks(execute=True):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    return night


# Built once for the module; each test's writes are rolled back after it.
played_made = made_once_a_module(a_played_night)


@pytest.fixture
def played(db: None, played_made: Night) -> Night:
    return a_copy_for_one_test(played_made)


def a_fixture(night: Night, *, week: int, days: int, home: Any = None, away: Any = None,
              status: str = Status.PUBLISHED, **fields: Any) -> Fixture:
    """Another fixture in the night's division, `days` from today (negative: past)."""
    home, away = home or night.away, away or night.home
    return Fixture.objects.create(division=night.division, week=week, date=timezone.localdate() + timedelta(days=days),
                                  home_team=home, away_team=away, venue=home.home_venue, status=status, **fields)


def a_returned_night(fixture: Fixture, status: str, score: tuple[int, int] = (6, 3)) -> MatchNight:
    return MatchNight.objects.create(fixture=fixture, status=status, home_games=score[0], away_games=score[1])


# The front page and a league's home


def test_the_front_page_leads_to_each_league_and_its_current_divisions(client: Client, played: Night) -> None:
    html = page(client, "/")
    assert f'href="/leagues/{played.league.slug}/"' in html
    assert f'href="/divisions/{played.division.pk}/"' in html
    assert "Winter: Premier" in text_of(html)
    assert "Games being scored" in html


def test_a_league_home_shows_each_division_with_its_table_latest_result_and_next_fixture(
        client: Client, played: Night) -> None:
    upcoming = a_fixture(played, week=2, days=7)
    html = page(client, f"/leagues/{played.league.slug}/")
    table = tables_of(html)[f"table-{played.division.pk}"]
    assert [row[:2] for row in table[1:]] == [["1", played.home.name], ["2", played.away.name]]
    assert [row[-1] for row in table[1:]] == ["3", "1"]
    words = text_of(html)
    assert f"Latest results {timezone.localdate() - timedelta(days=7):%a} " in words
    assert f"{played.home.name} 5–4 {played.away.name}" in words
    assert f"Next fixtures {upcoming.date:%a} " in words
    assert f"{played.away.name} v {played.home.name} {played.away.home_venue.name}" in words
    assert f'href="/divisions/{played.division.pk}/print"' in html
    assert f'href="/fixtures/{upcoming.pk}/night"' in html


def test_a_league_home_shows_the_current_season_and_links_to_the_others(client: Client, played: Night) -> None:
    today = timezone.localdate()
    old = Season.objects.create(league=played.league, name="Winter 2024-25", start=today - timedelta(days=700),
                                registration_deadline=today - timedelta(days=710))
    Division.objects.create(season=old, name="Old Premier")
    html = page(client, f"/leagues/{played.league.slug}/")
    assert "Old Premier" not in html
    assert f'href="/leagues/{played.league.slug}/seasons/{old.pk}/">Winter 2024-25<' in html
    assert "Winter season" in text_of(html)


def test_an_unknown_league_division_team_or_player_is_not_found(client: Client, db: None) -> None:
    for url in ("/leagues/nowhere/", "/divisions/404/", "/divisions/404/print", "/teams/404/", "/players/404/"):
        assert client.get(url).status_code == 404, url


# A division's page


def test_the_division_table_shows_every_column_of_the_stored_rows(
        client: Client, played: Night, django_capture_on_commit_callbacks: Any) -> None:
    with tasks_in_process(), django_capture_on_commit_callbacks(execute=True):
        sanction_apply(division_id=played.division.pk, team_id=played.home.pk, points=2, reason="Late start",
                       user=played.secretary)
    rows = tables_of(page(client, f"/divisions/{played.division.pk}/"))["division-table"]
    assert rows[0] == ["Pos", "Team", "P", "W", "D", "L", "GF", "GA", "GD", "PF", "PA", "PD", "Ded", "Pts"]
    pegged_home, pegged_away = 5 * 61 + 4 * 30, 5 * 40 + 4 * 61
    assert rows[1] == ["1", played.home.name, "1", "1", "0", "0", "5", "4", "+1", str(pegged_home),
                       str(pegged_away), str(pegged_home - pegged_away), "−2", "1"]
    assert rows[2][:2] == ["2", played.away.name] and rows[2][-1] == "1"


def test_the_division_table_is_the_stored_one_not_worked_out_again(client: Client, played: Night) -> None:
    TableEntry.objects.filter(team=played.away).update(points=99)
    rows = tables_of(page(client, f"/divisions/{played.division.pk}/"))["division-table"]
    assert rows[2][-1] == "99"


def test_teams_sharing_a_place_show_it_with_an_equals_sign(client: Client, played: Night) -> None:
    TableEntry.objects.filter(division=played.division).update(position=1, shared=True)
    rows = tables_of(page(client, f"/divisions/{played.division.pk}/"))["division-table"]
    assert [row[0] for row in rows[1:]] == ["1=", "1="]


def test_the_division_page_says_when_the_table_was_rebuilt_and_names_its_tie_breakers(
        client: Client, played: Night) -> None:
    Division.objects.filter(pk=played.division.pk).update(tie_breakers=["points", "head_to_head", "name"])
    rebuilt = TableEntry.objects.filter(division=played.division).first().rebuilt_at  # type: ignore[union-attr]
    words = text_of(page(client, f"/divisions/{played.division.pk}/"))
    local = timezone.localtime(rebuilt)
    assert f"Table last updated {local:%H:%M} on {local:%A} {local.day} {local:%B %Y}" in words
    assert "Ordered by points; teams level on points are separated by head-to-head" in words
    assert "games difference" not in words
    assert "listed by name" in words


def test_a_division_not_yet_rebuilt_says_its_table_comes_with_the_first_result(client: Client, played: Night) -> None:
    empty = Division.objects.create(season=played.season, name="Second", level=2)
    html = page(client, f"/divisions/{empty.pk}/")
    assert "division-table" not in html
    assert "No table yet: it is drawn up when the first result is confirmed." in text_of(html)


def test_the_division_page_offers_the_table_as_csv_and_as_a_printable_page(client: Client, played: Night) -> None:
    html = page(client, f"/divisions/{played.division.pk}/")
    assert f'href="/api/divisions/{played.division.pk}/table.csv" download' in html
    assert f'href="/divisions/{played.division.pk}/print"' in html


def test_each_fixture_says_what_became_of_it_and_links_to_its_match_night(client: Client, played: Night) -> None:
    crown, lion = played.away, played.home
    swan = a_team(played.league, "Swan")
    DivisionEntry.objects.create(division=played.division, team=swan)
    confirmed = played.fixture
    postponed = a_fixture(played, week=2, days=-6, home=swan, away=lion, status=Status.POSTPONED)
    walkover = a_fixture(played, week=3, days=-5, home=crown, away=swan, status=Status.WALKOVER, walkover_winner=swan)
    void = a_fixture(played, week=4, days=-4, home=lion, away=crown, status=Status.VOID)
    submitted = a_fixture(played, week=5, days=-3, home=swan, away=crown)
    a_returned_night(submitted, MatchNight.Status.SUBMITTED)
    disputed = a_fixture(played, week=6, days=-2, home=crown, away=lion)
    a_returned_night(disputed, MatchNight.Status.DISPUTED)
    overdue = a_fixture(played, week=7, days=-20, home=lion, away=swan)
    ahead = a_fixture(played, week=8, days=5, home=swan, away=lion)
    html = page(client, f"/divisions/{played.division.pk}/")
    words = text_of(html)
    expected = {
        confirmed: f"{lion.name} 5–4 {crown.name}",
        postponed: f"{swan.name} v {lion.name} postponed",
        walkover: f"{crown.name} v {swan.name} walkover to {swan.name}",
        void: f"{lion.name} v {crown.name} void",
        submitted: f"{swan.name} v {crown.name} awaiting confirmation",
        disputed: f"{crown.name} v {lion.name} disputed",
        overdue: f"{lion.name} v {swan.name} result overdue",
        ahead: f"{swan.name} v {lion.name} {swan.home_venue.name} Match night",
    }
    for fixture, line in expected.items():
        assert line in words, line
        assert f'href="/fixtures/{fixture.pk}/night"' in html
    assert "6–3" not in words, "an unconfirmed score is shown"
    assert words.index("Week 1") < words.index("Week 2") < words.index("Week 8")


def test_draft_fixtures_stay_off_the_public_pages(client: Client, played: Night) -> None:
    draft = a_fixture(played, week=2, days=7, status=Status.DRAFT)
    for url in (f"/divisions/{played.division.pk}/", f"/leagues/{played.league.slug}/", f"/teams/{played.home.pk}/"):
        assert f'href="/fixtures/{draft.pk}/night"' not in page(client, url), url


def test_the_leaderboard_leaves_out_players_with_fewer_than_half_the_most_games(client: Client, played: Night) -> None:
    regular = played.home_players[0]
    PlayerStats.objects.filter(player=regular).update(played=4, won=3)
    html = page(client, f"/divisions/{played.division.pk}/")
    assert "Players with at least 2 games, ranked by win rate" in text_of(html)
    assert [row[1] for row in tables_of(html)["leaderboard"][1:]] == [regular.name]
    everyone = tables_of(page(client, f"/divisions/{played.division.pk}/?min_games=1"))["leaderboard"]
    assert len(everyone) - 1 == 18
    assert [row[5] for row in everyone[1:] if row[1] == regular.name] == ["75%"]


def test_the_leaderboard_ranks_by_the_statistic_the_visitor_picks(client: Client, played: Night) -> None:
    careless = played.away_players[8]
    PlayerStats.objects.filter(player=played.away_players[0]).update(penalties=3)
    PlayerStats.objects.filter(player=careless).update(penalties=0)
    PlayerStats.objects.filter(division=played.division).exclude(player=careless).update(penalties=2)
    html = page(client, f"/divisions/{played.division.pk}/?order=penalties&min_games=1")
    assert "ranked by fewest penalties" in text_of(html)
    assert tables_of(html)["leaderboard"][1][1] == careless.name
    assert '<option value="penalties" selected>' in html


def test_a_leaderboard_choice_that_makes_no_sense_is_explained(client: Client, played: Night) -> None:
    html = page(client, f"/divisions/{played.division.pk}/?min_games=-3")
    assert "Ensure this value is greater than or equal to 0." in html
    assert "Players with at least 1 game, ranked by win rate" in text_of(html)


# The printable table


def test_the_printable_table_is_a_sheet_of_a4_without_the_sites_navigation(client: Client, played: Night) -> None:
    ahead = a_fixture(played, week=2, days=7)
    html = page(client, f"/divisions/{played.division.pk}/print")
    assert 'class="site"' not in html and "Log in" not in html
    rows = tables_of(html)["print-table"]
    assert [row[1] for row in rows[1:]] == [played.home.name, played.away.name]
    words = text_of(html)
    assert "P played · W won" in words
    assert f"Latest results {played.fixture.date:%a} {played.fixture.date.day} {played.fixture.date:%b} " \
           f"{played.home.name} 5–4 {played.away.name}" in words
    assert f"Next fixtures {ahead.date:%a} {ahead.date.day} {ahead.date:%b} {played.away.name} v {played.home.name}" in words
    assert static("css/public.css") in html
    assert "@page { size: A4 portrait" in STYLESHEET.read_text()


# A team's page


def test_a_team_page_shows_its_venue_captain_results_fixtures_squad_and_calendar(
        client: Client, played: Night) -> None:
    played.home_captain.first_name, played.home_captain.last_name = "Pat", "Hulme"
    played.home_captain.save()
    ahead = a_fixture(played, week=2, days=7)
    html = page(client, f"/teams/{played.home.pk}/")
    words = text_of(html)
    assert f"Home venue {played.home.home_venue.name}" in words
    assert "Captain Pat Hulme" in words
    assert "Premier, Winter: 1st with 3 points" in words
    table = tables_of(html)["team-table"]
    assert [row[:2] for row in table[1:]] == [["1", f"{played.home.name} (this team)"], ["2", played.away.name]]
    assert f"Results {played.fixture.date:%a} {played.fixture.date.day} {played.fixture.date:%b} " \
           f"{played.home.name} 5–4 {played.away.name}" in words
    assert f"Fixtures {ahead.date:%a} {ahead.date.day} {ahead.date:%b} {played.away.name} v {played.home.name}" in words
    assert f'href="/teams/{played.home.pk}/fixtures.ics"' in html
    for player in played.home_players:
        assert f'href="/players/{player.pk}/"' in html
    assert f'href="/players/{played.away_players[0].pk}/"' not in html


def test_a_captain_who_plays_is_named_as_their_player(client: Client, played: Night) -> None:
    captain = played.home_players[2]
    captain.user = played.home_captain
    captain.save()
    assert f"Captain {captain.name}" in text_of(page(client, f"/teams/{played.home.pk}/"))


# A player's page


def test_a_player_page_shows_their_team_statistics_and_games_from_their_side(client: Client, played: Night) -> None:
    loser = played.away_players[0]  # rubber 1, lost 40-61 on the card
    html = page(client, f"/players/{loser.pk}/")
    words = text_of(html)
    assert f"{loser.name} {played.away.name}, Winter" in words
    tables = tables_of(html)
    stats = tables["player-stats"]
    assert stats[1][:5] == ["Premier Winter", played.away.name, "1", "0", "0%"]
    games = tables["player-games"]
    assert games[1][1:] == [f"{played.home.name} v {played.away.name}", "1, singles", played.home_players[0].name,
                            "40–61", "lost", "paper card"]
    assert f'href="/fixtures/{played.fixture.pk}/night"' in html


def test_a_game_scored_live_links_to_its_scoreboard_and_scoresheet(client: Client, db: None) -> None:
    night = a_match_night("plain", league_name="Live League")
    sheet_entered(night, PLAIN)
    live = rubber_game_start(fixture_id=night.fixture.pk, rubber=2, user=night.home_scorer)
    player = night.home_players[1]
    html = page(client, f"/players/{player.pk}/")
    row = tables_of(html)["player-games"][1]
    assert row[2:6] == ["2, singles", night.away_players[1].name, "0–0", "in play"]
    assert f'href="/games/{live.game_id}/board"' in html
    assert f'href="/api/games/{live.game_id}/sheet"' in html
    assert "No confirmed games yet." in text_of(html)


# What each page costs


def a_played_division(name: str, teams: int) -> dict[str, Any]:
    """A league whose one division of `teams` teams has played every
    fixture of the first half of a double round robin (one singles rubber
    each, from the card) and has the second half to come; its table is
    rebuilt and each player has statistics."""
    league = a_league(name)
    today = timezone.localdate()
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=90),
                                   registration_deadline=today - timedelta(days=80))
    division = Division.objects.create(season=season, name="Premier")
    sides, squads = [], []
    for n in range(teams):
        team = a_team(league, f"{name} Team {n}")
        DivisionEntry.objects.create(division=division, team=team)
        squad = players(2, prefix=team.name)
        SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p) for p in squad)
        sides.append(team)
        squads.append(squad)
    pairs = [(a, b) for a in range(teams) for b in range(teams) if a != b]
    for week, (a, b) in enumerate(pairs, start=1):
        played = week <= len(pairs) // 2
        fixture = Fixture.objects.create(
            division=division, week=week, date=today + timedelta(days=7 * (week - len(pairs) // 2 - 1)),
            home_team=sides[a], away_team=sides[b], venue=sides[a].home_venue, status=Status.PUBLISHED)
        if played:
            night = MatchNight.objects.create(fixture=fixture, status=MatchNight.Status.CONFIRMED,
                                              home_games=1, away_games=0)
            rubber = Rubber.objects.create(night=night, number=1, kind="singles", home_player=squads[a][0],
                                           away_player=squads[b][0])
            RubberGame.objects.create(rubber=rubber, number=1, source="card", home_score=61, away_score=40,
                                      winner="home")
    division_standings_rebuild(division_id=division.pk)
    now = timezone.now()
    PlayerStats.objects.bulk_create(
        PlayerStats(season=season, division=division, player=squad[0], team=team, played=teams, won=1, pegged=400,
                    on_target=1, played_live=0, fifteens=0, penalties=0, rebuilt_at=now)
        for team, squad in zip(sides, squads, strict=True))
    return {"league": league, "division": division, "team": sides[0], "player": squads[0][0]}


PAGES = {
    "front page": lambda built: "/",
    "league home": lambda built: f"/leagues/{built['league'].slug}/",
    "division": lambda built: f"/divisions/{built['division'].pk}/",
    "printable table": lambda built: f"/divisions/{built['division'].pk}/print",
    "team": lambda built: f"/teams/{built['team'].pk}/",
    "player": lambda built: f"/players/{built['player'].pk}/",
}
# The most queries each page makes, whatever the size of the division
# (the division's and team's pages: one of them for their season links;
# the league's home: one for the season's cups).
# The division's withdrawal notes are one query more on a table's page, and a
# team's transfers one more on its own; a player's ratings one more on theirs;
# the league home's honours of the week three (results, live games, statistics).
# Rendered for the spectators' cache, the league home and a team's page make
# one more the first time, to find their league (page_versions.league_of).
MOST_QUERIES = {"front page": 4, "league home": 10, "division": 7, "printable table": 4, "team": 9, "player": 5}


# Built once for the module, as `played` is.
divisions_made = made_once_a_module(lambda: (a_played_division("Small", 3), a_played_division("Big", 8)))


@pytest.mark.parametrize("name", list(PAGES))
def test_a_page_makes_as_few_queries_for_a_big_division_as_for_a_small_one(
        name: str, client: Client, db: None, divisions_made: tuple[dict[str, Any], dict[str, Any]],
        django_assert_max_num_queries: Any) -> None:
    counts = []
    for built in divisions_made:
        url = PAGES[name](built)
        cache.clear()  # rendered each time: the front page's address is the same for both
        with django_assert_max_num_queries(MOST_QUERIES[name]), CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], f"{name}: {counts[0]} queries for 3 teams, {counts[1]} for 8"
