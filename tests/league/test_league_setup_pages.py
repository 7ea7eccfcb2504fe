"""A league's first set-up through the pages (docs/organisation.md, "The
first run"): on a fresh install the site's administrator is led from the
front page and the Secretary page to set up a league step by step (the
league, its first season, the season's divisions, venues, teams); each
step is saved when sent, refuses bad input beside the field changing
nothing, and a set-up left half-way carries on where it stopped."""
import uuid
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from forms import browser, post, text

from league.models import AuditEntry, Division, DivisionEntry, League, Season, Team, Venue

NAME = "Leek & District League"


def days_ahead(days: int) -> str:
    return (timezone.localdate() + timedelta(days=days)).isoformat()


LEAGUE_FORM = {"name": NAME, "preset": "pub", "match_format": "plain", "points_scheme": "plain",
               "result_deadline_days": "7"}
SEASON_FORM = {"name": "Winter 2027", "start": days_ahead(40), "registration_deadline": days_ahead(30),
               "squad_max": "12", "squad_min": "6"}


@pytest.fixture
def admin(db: None) -> Any:
    """Whoever `manage.py createsuperuser` made on a fresh install."""
    return get_user_model().objects.create_superuser("admin", "admin@league.test", "a-long-pass-phrase")


@pytest.fixture
def page(admin: Any) -> Client:
    return browser(admin)


def send(client: Client, address: str, data: dict[str, str], key: str = "") -> Any:
    """Posts one step's form as the page does, with the key it was drawn with."""
    return post(client, address, {**data, "form_key": key or uuid.uuid4().hex})


def league_made(client: Client) -> League:
    assert send(client, "/secretary/setup/", LEAGUE_FORM).status_code == 302
    return League.objects.get(name=NAME)


def season_made(client: Client, league: League) -> Season:
    assert send(client, f"/secretary/leagues/{league.pk}/setup/season", SEASON_FORM).status_code == 302
    return Season.objects.get(league=league)


def divisions_made(client: Client, league: League, names: str = "Premier\nDivision One") -> None:
    assert send(client, f"/secretary/leagues/{league.pk}/setup/divisions", {"names": names}).status_code == 302


def venue_made(client: Client, league: League, name: str = "The Red Lion", board_sets: int = 2) -> Venue:
    answer = send(client, f"/secretary/leagues/{league.pk}/setup/venues",
                  {"name": name, "address": "", "board_sets": str(board_sets)})
    assert answer.status_code == 302
    return Venue.objects.get(name=name)


def team_made(client: Client, league: League, name: str, venue: Venue, division: str) -> Any:
    found = Division.objects.get(season__league=league, name=division)
    return send(client, f"/secretary/leagues/{league.pk}/setup/teams",
                {"name": name, "venue": str(venue.pk), "division": str(found.pk)})


def test_a_fresh_front_page_tells_a_visitor_there_is_no_league_yet_in_plain_words(db: None) -> None:
    html = text(Client().get("/"))
    assert "No league yet." in html
    assert "admin" not in html.lower()
    assert "POST /api/games" not in html and "make run" not in html
    assert "No games being scored yet" in html
    assert "/secretary/setup/" not in html


def test_a_fresh_front_page_offers_the_administrator_a_button_to_set_up_a_league(page: Client) -> None:
    html = text(page.get("/"))
    assert "No league yet." in html
    assert 'href="/secretary/setup/"' in html and "Set up a league" in html


def test_the_administrator_with_no_league_is_led_from_the_secretary_page_to_set_one_up(page: Client) -> None:
    answer = page.get("/secretary/")
    assert answer.status_code == 302 and answer["Location"] == "/secretary/setup/"
    assert "The league&#x27;s name" in text(page.get("/secretary/setup/"))


def test_someone_who_runs_no_league_and_is_no_administrator_may_not_start_one(db: None) -> None:
    someone = browser(get_user_model().objects.create_user("someone"))
    assert someone.get("/secretary/").status_code == 403
    assert someone.get("/secretary/setup/").status_code == 403
    assert send(someone, "/secretary/setup/", LEAGUE_FORM).status_code == 403
    assert not League.objects.exists()


def test_a_league_is_set_up_step_by_step_through_the_pages(page: Client, admin: Any) -> None:
    league = league_made(page)
    assert list(league.secretaries.all()) == [admin]
    assert league.rules == {"preset": "pub"} and league.result_deadline_days == 7
    season = season_made(page, league)
    divisions_made(page, league, "Premier\n\nDivision One\nDivision Two")
    made = list(Division.objects.filter(season=season).order_by("id"))
    assert [d.name for d in made] == ["Premier", "Division One", "Division Two"]
    # Listed top first: each level from the division service, in that order.
    assert [d.level for d in made] == sorted(d.level for d in made)
    lion, swan = venue_made(page, league), venue_made(page, league, "The Swan", 1)
    assert lion.board_sets == 2 and swan.board_sets == 1
    for name, venue, division in [("Red Lion A", lion, "Premier"), ("Swan", swan, "Premier"),
                                  ("Red Lion B", lion, "Division One"), ("Swan B", swan, "Division One"),
                                  ("Red Lion C", lion, "Division Two")]:
        answer = team_made(page, league, name, venue, division)
        assert answer["Location"] == f"/secretary/leagues/{league.pk}/setup/teams"
    last = team_made(page, league, "Swan C", swan, "Division Two")
    assert last["Location"] == f"/secretary/leagues/{league.pk}/setup/done"
    entered = {(e.team.name, e.division.name) for e in DivisionEntry.objects.select_related("team", "division")}
    assert ("Red Lion B", "Division One") in entered and len(entered) == 6
    done = text(page.get(last["Location"]))
    assert f"{NAME.replace('&', '&amp;')} is set up" in done
    assert f'href="/leagues/{league.slug}/"' in done
    public = text(Client().get(f"/leagues/{league.slug}/"))
    assert "Premier" in public and "Division Two" in public


def test_a_half_finished_set_up_carries_on_where_it_stopped_from_any_device(page: Client, admin: Any) -> None:
    league = league_made(page)
    steps = f"/secretary/leagues/{league.pk}/setup/"
    # Another device, the same secretary: the Secretary page offers to carry on.
    tablet = browser(admin)
    assert f'href="{steps}"' in text(tablet.get("/secretary/"))
    assert tablet.get(steps)["Location"] == f"{steps}season"
    season_made(tablet, league)
    assert page.get(steps)["Location"] == f"{steps}divisions"
    divisions_made(page, league)
    assert tablet.get(steps)["Location"] == f"{steps}venues"
    lion = venue_made(tablet, league)
    # A venue added, no team yet: still the venues, with what was added listed.
    assert page.get(steps)["Location"] == f"{steps}venues"
    assert "The Red Lion: 2 board sets" in text(page.get(f"{steps}venues"))
    team_made(page, league, "Red Lion A", lion, "Premier")
    assert tablet.get(steps)["Location"] == f"{steps}teams"
    teams_page = text(tablet.get(f"{steps}teams"))
    assert "Red Lion A: Premier, at The Red Lion" in teams_page
    assert "Premier has 1 team; Division One has 0 teams" in teams_page
    # Not done: the last page sends the secretary back to the step to finish.
    assert tablet.get(f"{steps}done")["Location"] == f"{steps}teams"


def test_a_step_sent_twice_with_its_key_is_saved_once(page: Client) -> None:
    first = send(page, "/secretary/setup/", LEAGUE_FORM, key="one-key")
    again = send(page, "/secretary/setup/", LEAGUE_FORM, key="one-key")
    assert again.status_code == 302 and again["Location"] == first["Location"]
    assert League.objects.count() == 1


def changed_rows() -> tuple[int, ...]:
    return (League.objects.count(), Season.objects.count(), Division.objects.count(), Venue.objects.count(),
            Team.objects.count(), DivisionEntry.objects.count(),
            AuditEntry.objects.exclude(action__endswith=".refused").count())


def field_error(html: str, field: str) -> str:
    """The error shown beside the field, under it in the field's own box."""
    marker = f'id="id_{field}_error">'
    assert marker in html, f"no error beside {field}"
    return html.split(marker)[1].split("</p>")[0]


# step, what is sent, the field the error is beside, words of the error
BAD_INPUT = [
    ("league", {"name": ""}, "name", "required"),
    ("league", {"name": "!!!"}, "name", "letters or digits"),
    ("league", {"name": "Moorlands League"}, "name", "already exists"),
    ("league", {"result_deadline_days": "0"}, "result_deadline_days", "greater than or equal to 1"),
    ("league", {"preset": "snap"}, "preset", "not one of the available choices"),
    ("season", {"name": ""}, "name", "required"),
    ("season", {"start": "next week"}, "start", "valid date"),
    ("season", {"registration_deadline": days_ahead(50)}, "registration_deadline", "falls after the season starts"),
    ("season", {"squad_min": "13"}, "squad_min", "impossible"),
    ("season", {"start": days_ahead(-7), "registration_deadline": days_ahead(-14)}, "start", "has gone"),
    ("divisions", {"names": "\n  \n"}, "names", "at least one division"),
    ("divisions", {"names": "Premier\npremier"}, "names", "in the list twice"),
    ("divisions", {"names": "x" * 101}, "names", "too long"),
    ("venues", {"name": ""}, "name", "required"),
    ("venues", {"board_sets": "0"}, "board_sets", "greater than or equal to 1"),
    ("teams", {"name": ""}, "name", "required"),
    ("teams", {"venue": ""}, "venue", "required"),
    ("teams", {"name": "Red Lion A"}, "name", "already has a team called Red Lion A"),
]


@pytest.mark.parametrize(("step", "sent", "field", "words"), BAD_INPUT,
                         ids=[f"{s}-{f}-{w.split()[0]}" for s, _, f, w in BAD_INPUT])
def test_bad_input_at_a_step_is_shown_beside_its_field_and_changes_nothing(
    page: Client, step: str, sent: dict[str, str], field: str, words: str,
) -> None:
    get_user_model().objects.create_user("other")
    League.objects.create(name="Moorlands League", slug="moorlands")
    address, form = "/secretary/setup/", dict(LEAGUE_FORM)
    if step != "league":
        league = league_made(page)
        if step != "season":
            season_made(page, league)
        address = f"/secretary/leagues/{league.pk}/setup/{step}"
        form = {"season": SEASON_FORM, "divisions": {"names": "Premier"},
                "venues": {"name": "The Swan", "address": "", "board_sets": "1"}}.get(step, {})
        if step in ("venues", "teams"):
            divisions_made(page, league, "Premier")
        if step == "teams":
            lion = venue_made(page, league)
            team_made(page, league, "Red Lion A", lion, "Premier")
            form = {"name": "Swan", "venue": str(lion.pk),
                    "division": str(Division.objects.get(name="Premier").pk)}
    before = changed_rows()
    answer = send(page, address, {**form, **sent})
    assert answer.status_code == 200
    assert words in field_error(text(answer), field)
    assert changed_rows() == before


def test_divisions_added_later_go_below_those_already_set_up(page: Client) -> None:
    league = league_made(page)
    season = season_made(page, league)
    divisions_made(page, league, "Premier")
    divisions_made(page, league, "Division One\nDivision Two")
    assert list(Division.objects.filter(season=season).order_by("level", "id").values_list("name", flat=True)) \
        == ["Premier", "Division One", "Division Two"]


def test_a_division_name_already_taken_refuses_the_whole_list(page: Client) -> None:
    league = league_made(page)
    season_made(page, league)
    divisions_made(page, league, "Premier")
    answer = send(page, f"/secretary/leagues/{league.pk}/setup/divisions", {"names": "Division One\nPremier"})
    assert "already has a division called" in field_error(text(answer), "names")
    assert list(Division.objects.values_list("name", flat=True)) == ["Premier"]


def test_another_leagues_secretary_may_not_carry_on_its_set_up(page: Client) -> None:
    league = league_made(page)
    stranger = browser(get_user_model().objects.create_user("stranger"))
    assert stranger.get(f"/secretary/leagues/{league.pk}/setup/season").status_code == 403
    assert send(stranger, f"/secretary/leagues/{league.pk}/setup/season", SEASON_FORM).status_code == 403
    assert not Season.objects.exists()


def test_a_season_already_set_up_is_shown_not_asked_again(page: Client) -> None:
    league = league_made(page)
    season_made(page, league)
    html = text(page.get(f"/secretary/leagues/{league.pk}/setup/season"))
    assert f"starts on {date.fromisoformat(SEASON_FORM['start']):%-d %B %Y}" in html
    assert 'name="registration_deadline"' not in html


def test_the_set_up_page_offers_a_part_set_up_league_to_carry_on_before_another(page: Client) -> None:
    league = league_made(page)
    html = text(page.get("/secretary/setup/"))
    assert f'href="/secretary/leagues/{league.pk}/setup/"' in html
    assert f"Carry on setting up {NAME.replace('&', '&amp;')}" in html
    assert 'href="/secretary/setup/"' in text(page.get("/secretary/"))  # "Set up another league"
