"""A team cup with a group stage on its pages: the public page shows each
group's table and matches (with the captains' date forms) and no bracket
until the knockout is drawn; the roll of winners counts the final, not a
group match; the secretary creates a group cup from the form and draws its
groups, then its knockout, from the one draw button."""
from typing import Any

import pytest
from cupleague import CupLeague, a_cup_league, day, leg_played, ok
from django.test import Client
from django.urls import reverse
from test_api_cup_groups import draw, entered_in_seed_order, group_cup, match, played, view
from test_public_pages import page, text_of

from league.models import Competition, CupTie, Fixture

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def drawn_groups(teams: int = 4) -> tuple[CupLeague, dict[str, Any]]:
    """Two groups of two, the winner of each through to a final."""
    cup = a_cup_league(teams)
    competition = group_cup(cup, count=2, top=1)
    entered_in_seed_order(cup, competition)
    ok(draw(cup, competition), 201)
    return cup, competition


def test_a_group_cups_page_shows_each_groups_table_and_matches_and_no_bracket(client: Client) -> None:
    cup, competition = drawn_groups()
    html = page(client, f"/cups/{competition['id']}/")
    text = text_of(html)
    assert 'id="cup-group-A"' in html and 'id="cup-group-B"' in html
    assert "Group A: the matches" in text and "Group B: the matches" in text
    assert 'id="bracket"' not in html and "The knockout is drawn once every group match is played." in text
    for tie in CupTie.objects.filter(competition_id=competition["id"]):
        assert f'id="tie-{tie.pk}"' in html
    assert "Date to be arranged" in text


def test_a_group_match_played_shows_its_score_and_match_card(client: Client) -> None:
    cup, competition = drawn_groups()
    played(cup, competition, "A", "D", 6, 3)
    html = page(client, f"/cups/{competition['id']}/")
    fixture = Fixture.objects.get(cup_tie_id=match(competition, "A", "D")["id"])
    assert f'href="{reverse("night-page", args=[fixture.pk])}"' in html
    weekday = f"{day(3):%a}"  # the match's date, three days from the run's
    assert f"D Arms A A Arms A {weekday}" in text_of(html) and "3–6 Match card" in text_of(html)  # D at home


def test_the_home_captain_is_offered_the_dates_form_on_a_group_match() -> None:
    cup, competition = drawn_groups()
    found = CupTie.objects.get(pk=match(competition, "A", "D")["id"])
    home = found.home.team
    away = found.away.team
    assert home is not None and away is not None
    html = page(logged_in(home.captain), f"/cups/{competition['id']}/")
    offer = f'action="{reverse("cup-tie-offer", args=[found.pk])}"'
    assert offer in html
    assert offer not in page(logged_in(away.captain), f"/cups/{competition['id']}/")


@pytest.mark.slow  # a whole cup played through the API, a second or more: make test-fast leaves it out
def test_once_the_knockout_is_drawn_only_its_ties_are_in_the_bracket(client: Client) -> None:
    cup, competition = drawn_groups()
    played(cup, competition, "A", "D", 6, 3)
    played(cup, competition, "B", "C", 6, 4)
    ok(draw(cup, competition, seed=7), 201)
    html = page(client, f"/cups/{competition['id']}/")
    bracket = html[html.index('id="bracket"'):]
    assert [r["name"] for r in view(competition)["rounds"]] == ["Final"]
    for tie in CupTie.objects.filter(competition_id=competition["id"]).exclude(group=""):
        assert f'id="tie-{tie.pk}"' not in bracket
    final = CupTie.objects.get(competition_id=competition["id"], group="")
    assert f'id="tie-{final.pk}"' in bracket
    assert 'id="round-1-heading">Final<' in html


@pytest.mark.slow  # a whole cup played through the API, a second or more: make test-fast leaves it out
def test_the_roll_of_winners_counts_the_final_not_a_group_match(client: Client) -> None:
    cup, competition = drawn_groups()
    played(cup, competition, "A", "D", 6, 3)
    played(cup, competition, "B", "C", 6, 4)
    ok(draw(cup, competition, seed=7), 201)
    final = view(competition)["rounds"][0]["ties"][0]
    fixture = ok(cup.desk().post(f"/api/cup-ties/{final['id']}/date", {"date": day(30).isoformat()},
                                 format="json"), 201)
    leg_played(cup, fixture, home_wins=6)
    assert Competition.objects.get(pk=competition["id"]).status == Competition.Status.FINISHED
    winner, runner_up = final["home"]["name"], final["away"]["name"]
    text = text_of(page(client, f"/leagues/{cup.league.slug}/cups/winners"))
    assert f"{winner}" in text and f"{runner_up}" in text
    assert text.index(winner) < text.index(runner_up)
    assert "C Arms A" not in text and "D Arms A" not in text  # beaten in the groups


# The secretary's pages

GROUP_CUP = {"name": "Group Cup", "kind": "team", "structure": "groups", "draw_mode": "rounds", "seeded": "seeded",
             "legs": "1", "tie_break": "games,points", "level": "replay"}


def test_the_secretary_creates_a_group_cup_from_the_form() -> None:
    cup = a_cup_league(2)
    response = logged_in(cup.secretary).post(f"/secretary/seasons/{cup.season.pk}/cups/new", {
        **GROUP_CUP, "group_count": "2", "group_top": "2", "group_best_of_next": "1"})
    made = Competition.objects.get(name="Group Cup")
    assert response.status_code == 302 and response["Location"] == f"/secretary/cups/{made.pk}/"
    assert (made.structure, made.draw_mode) == ("groups", "bracket")
    assert (made.group_stage["count"], made.group_stage["top"], made.group_stage["best_of_next"]) == (2, 2, 1)


def test_a_group_cup_without_its_number_of_groups_is_refused_by_the_field() -> None:
    cup = a_cup_league(2)
    response = logged_in(cup.secretary).post(f"/secretary/seasons/{cup.season.pk}/cups/new",
                                             {**GROUP_CUP, "group_top": "2"})
    html = response.content.decode()
    assert response.status_code == 200 and "give the number of groups" in text_of(html)
    field = html[html.index('id="id_group_count"') - 600:html.index('id="id_group_count"') + 900]
    assert "give the number of groups" in field
    assert not Competition.objects.filter(name="Group Cup").exists()


def test_a_knockout_cup_keeps_no_group_settings() -> None:
    cup = a_cup_league(2)
    logged_in(cup.secretary).post(f"/secretary/seasons/{cup.season.pk}/cups/new", {
        **GROUP_CUP, "structure": "knockout", "group_count": "3"})
    assert Competition.objects.get(name="Group Cup").group_stage in ({}, None)


@pytest.mark.slow  # a whole cup played through the API, a second or more: make test-fast leaves it out
def test_the_secretarys_draw_button_draws_the_groups_then_the_knockout() -> None:
    cup = a_cup_league(4)
    competition = group_cup(cup, count=2, top=1)
    entered_in_seed_order(cup, competition)
    desk = logged_in(cup.secretary)
    home = f"/secretary/cups/{competition['id']}/"
    assert "Make the group draw" in text_of(page(desk, home))
    assert desk.post(f"{home}draw").status_code == 302
    html = page(desk, home)
    assert 'id="cup-group-A"' in html and 'id="group-1-heading">Group A<' in html
    assert "2 group matches still to play" in text_of(html) and "Make the" not in text_of(html)
    played(cup, competition, "A", "D", 6, 3)
    played(cup, competition, "B", "C", 6, 4)
    assert "Make the knockout draw" in text_of(page(desk, home))
    confirm = text_of(page(desk, f"{home}draw"))
    assert "Entries in the draw 2: A Arms A, B Arms A" in confirm
    assert desk.post(f"{home}draw", {"seed": "7"}).status_code == 302
    html = page(desk, home)
    assert 'id="round-1-heading">Final<' in html and "The knockout, made" in text_of(html)
