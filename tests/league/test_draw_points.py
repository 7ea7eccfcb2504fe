"""A points scheme whose draw is worth less than a close defeat (Solihull's
as written: win 3, draw 0, defeat 0, a bonus 1 for losing by one game)
saves, and plays wherever a match cannot be drawn (an odd number of
rubbers); where one can, the division, the league or a new version of
the format it plays is refused, saying why beside the field."""
from typing import Any

import pytest
from forms import browser, post, text
from leagues import a_season
from tablets import tablet_for

from league.models import Division, League, StoredFormat

pytestmark = pytest.mark.django_db

SOLIHULL = {"name": "Solihull as written", "slug": "solihull-written", "win": "3", "draw": "0", "loss": "0",
            "per_game": "0", "bonus_points": "1", "bonus_within": "1", "walkover_won": "5", "walkover_lost": "4",
            "walkover_loser_points": "0"}
DIVISION_FORM = {"preset": "", "match_format": "", "points_scheme": "own:solihull-written", "forfeit_won": "",
                 "forfeit_lost": "", "forfeit_loser_points": "", "result_deadline_days": "",
                 "late_result_points": "", "step": "confirm"}
EIGHT_SINGLES = {"name": "Eight singles", "rubbers": [{"kind": "singles"}] * 8}


def scheme_saved(secretary: Any, league: League) -> Any:
    return post(browser(secretary), f"/secretary/leagues/{league.pk}/schemes/new", SOLIHULL)


@pytest.fixture
def division(league: League) -> Division:
    return Division.objects.create(season=a_season(league), name="Premier")


def test_solihulls_scheme_saves_as_written(secretary: Any, league: League) -> None:
    answer = scheme_saved(secretary, league)
    assert answer.status_code == 302
    assert StoredFormat.objects.filter(league=league, slug="solihull-written").exists()


def test_a_division_of_nine_rubbers_plays_it(secretary: Any, league: League, division: Division) -> None:
    scheme_saved(secretary, league)
    answer = post(browser(secretary), f"/secretary/divisions/{division.pk}/settings",
                  {**DIVISION_FORM, "match_format": "solihull"})
    assert answer.status_code == 302
    division.refresh_from_db()
    assert (division.match_format, division.points_scheme) == ("solihull", "own:solihull-written")


def test_a_division_whose_matches_can_be_drawn_is_refused_it_beside_the_points_scheme(
        secretary: Any, league: League, division: Division) -> None:
    scheme_saved(secretary, league)
    answer = post(browser(secretary), f"/secretary/divisions/{division.pk}/settings",
                  {**DIVISION_FORM, "match_format": "northallerton"})
    html = text(answer)
    assert answer.status_code == 200
    assert ('<p class="error" id="id_points_scheme_error">points scheme: in Premier, the Solihull as written '
            "points scheme gives a draw (0) less than a close defeat (0 + bonus 1), and a match of 8 rubbers "
            "(Northallerton) can be drawn") in html
    division.refresh_from_db()
    assert division.points_scheme is None


def test_a_new_version_of_the_format_it_plays_that_could_be_drawn_is_refused(
        secretary: Any, league: League, division: Division) -> None:
    scheme_saved(secretary, league)
    api = tablet_for(secretary)
    made = api.post(f"/api/leagues/{league.pk}/formats", {"slug": "ours", "data": {
        "name": "Ours", "rubbers": [{"kind": "singles"}] * 9}}, format="json")
    assert made.status_code == 201, made.json()
    post(browser(secretary), f"/secretary/divisions/{division.pk}/settings",
         {**DIVISION_FORM, "match_format": "own:ours"})
    division.refresh_from_db()
    assert division.match_format == "own:ours"
    answer = api.post(f"/api/leagues/{league.pk}/formats/ours/versions", {"data": EIGHT_SINGLES}, format="json")
    assert answer.status_code == 422
    assert "a match of 8 rubbers (Eight singles) can be drawn" in str(answer.json())
    assert StoredFormat.objects.get(slug="ours").versions.count() == 1
