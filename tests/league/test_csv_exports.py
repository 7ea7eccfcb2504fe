"""Every CSV the service serves, found by walking the URLconf, carries a
name a spreadsheet would run as a formula as plain text instead: a team
or player renamed `=HYPERLINK(...)` comes out with a quote in front, and
numbers (a negative goal difference too) stay numbers."""
import csv
import io
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from forms import browser
from in_process import committing
from matchnights import Night, a_match_night, sheet_entered

from league.models import Player, Team
from league.selectors.csv_export import RISKY_STARTS, csv_text
from league.services.match_games import rubber_game_card
from league.services.results import match_confirm, match_submit

TEAM = '=HYPERLINK("http://evil.example","Cock Inn")'
PLAYER = '=HYPERLINK("http://evil.example","Sid")'
OTHER_TEAM = "@SUM(1+1)"
NUMBER = re.compile(r"-?\d+(\.\d+)?")

# Each CSV endpoint's URL name and the address of its export for the night.
CSV_ADDRESSES: dict[str, Callable[[Night], str]] = {
    "division-table-csv": lambda night: f"/api/divisions/{night.division.pk}/table.csv",
    "night-page-card-csv": lambda night: f"/fixtures/{night.fixture.pk}/night/card.csv",
}


def csv_routes(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(name, route) of every URL pattern whose route ends in .csv."""
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from csv_routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and route.endswith(".csv"):
            yield pattern.name or route, route


@pytest.fixture
def renamed_night(db: None, django_capture_on_commit_callbacks: Any) -> Night:
    """A confirmed 5-4 night whose home team and first player were renamed
    to formulas, and the table rebuilt from it."""
    night = a_match_night("plain")
    Team.objects.filter(pk=night.home.pk).update(name=TEAM)
    Team.objects.filter(pk=night.away.pk).update(name=OTHER_TEAM)
    Player.objects.filter(pk=night.home_players[0].pk).update(name=PLAYER)
    sheet_entered(night, ["singles"] * 9)
    for number, (home, away) in enumerate([(61, 40)] * 5 + [(30, 61)] * 4, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with committing(django_capture_on_commit_callbacks)():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    return night


def test_every_csv_endpoint_is_checked_here() -> None:
    """A new CSV export fails this until it is added to CSV_ADDRESSES below."""
    assert {name for name, _ in csv_routes(get_resolver().url_patterns)} == set(CSV_ADDRESSES)


@pytest.mark.parametrize("name", sorted(CSV_ADDRESSES))
def test_no_cell_of_an_export_starts_a_formula(name: str, renamed_night: Night) -> None:
    response = browser(renamed_night.secretary).get(CSV_ADDRESSES[name](renamed_night))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    cells = [cell for row in csv.reader(io.StringIO(response.content.decode())) for cell in row]
    assert "'" + TEAM in cells and "'" + OTHER_TEAM in cells
    assert [cell for cell in cells if cell.startswith(RISKY_STARTS) and not NUMBER.fullmatch(cell)] == []


def test_a_player_named_as_a_formula_is_text_on_the_match_card(renamed_night: Night) -> None:
    response = browser().get(CSV_ADDRESSES["night-page-card-csv"](renamed_night))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[1][3] == "'" + PLAYER


def test_numbers_stay_numbers_and_text_that_looks_like_one_is_quoted() -> None:
    text = csv_text(["Team", "GD", "Note"], [["-3", -3, "+44 1234"], ["\t=1+1", 2.5, "\r@A1"]])
    assert list(csv.reader(io.StringIO(text))) == [
        ["Team", "GD", "Note"], ["'-3", "-3", "'+44 1234"], ["'\t=1+1", "2.5", "'\r@A1"]]


def test_the_table_keeps_a_negative_difference_a_number(renamed_night: Night) -> None:
    response = browser().get(CSV_ADDRESSES["division-table-csv"](renamed_night))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    header, away = rows[0], rows[2]
    assert away[header.index("GD")] == "-1"
