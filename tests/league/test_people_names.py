"""People are called by their names, not their logins: the header of every
page, the team page's captain and the secretary's results show a user's
full name where one is set, else the user name."""
import pytest
from forms import browser, text
from matchnights import Night, a_match_night


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain", played_days_ago=10)


def _named(user: object, first: str, last: str) -> None:
    user.first_name, user.last_name = first, last  # type: ignore[attr-defined]
    user.save()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("first", "last", "shown"), [
    ("Pat", "Hulme", "Pat Hulme"),
    ("", "", "leek-home-captain"),  # no name set: the login's name
])
def test_the_header_and_the_team_page_call_the_captain_by_name(night: Night, first: str, last: str,
                                                                shown: str) -> None:
    _named(night.home_captain, first, last)
    html = text(browser(night.home_captain).get(f"/teams/{night.home.pk}/"))
    assert f"<span>{shown}</span>" in html  # the header
    assert f"<dd>{shown}</dd>" in html  # the team's facts: its captain
    match_night = text(browser(night.home_captain).get(f"/fixtures/{night.fixture.pk}/night"))
    assert f"<span>{shown}</span>" in match_night


def test_the_secretarys_overdue_results_name_the_home_captain(night: Night) -> None:
    _named(night.home_captain, "Pat", "Hulme")
    _named(night.secretary, "Sam", "Secretary")
    html = text(browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/results"))
    assert "Pat Hulme" in html and "leek-home-captain" not in html
    assert "<span>Sam Secretary</span>" in html and "leek-secretary" not in html.split("</header>")[0]

