"""A cup drawn at random as a whole bracket follows the procedure
docs/cups.md gives for a draw out of the hat, as a cup drawn round by round
does: the first name drawn at home to the second, the third to the fourth,
the names left in the hat with the byes. A bracket recorded before it
changed stays as it was drawn, and says how it is made again."""
from dataclasses import asdict
from typing import Any

import pytest
from cup_pages_data import a_cup
from cupleague import a_cup_league, ok
from django.test import Client
from rest_framework.test import APIClient
from test_public_pages import page, text_of

import cups
from league.models import CupDraw, CupEntry

pytestmark = pytest.mark.django_db

SEED = 20261201


def named(side: dict[str, Any] | None) -> str | None:
    return side["name"] if side else None


def test_a_whole_bracket_of_seven_is_drawn_as_names_come_out_of_the_hat() -> None:
    cup = a_cup_league(7, names="ABCDEFG")
    desk = cup.desk()
    competition = ok(desk.post(f"/api/seasons/{cup.season.pk}/cups",
                               {"name": "Knockout Cup", "draw_mode": "bracket", "seeded": False, "legs": 1},
                               format="json"), 201)
    for team in cup.teams:
        ok(cup.captain(team).post(f"/api/cups/{competition['id']}/entries", {"team": team.pk}, format="json"), 201)
    made = ok(desk.post(f"/api/cups/{competition['id']}/draw", {"seed": SEED}, format="json"), 201)

    entries = [cups.Entrant(e.pk, e.name) for e in CupEntry.objects.filter(competition_id=competition["id"])]
    hat = [e.name for e in cups.drawn_order(entries, SEED)]  # the order docs/cups.md reproduces
    view = ok(APIClient().get(f"/api/cups/{competition['id']}"))
    first = [(named(t["home"]), named(t["away"]), t["bye"]) for t in view["rounds"][0]["ties"]]
    assert first == [(hat[0], hat[1], False), (hat[2], hat[3], False), (hat[4], hat[5], False),
                     (hat[6], None, True)]
    # The winners of ties 1 and 2 meet in the semi-finals; the bye meets the winner of tie 3.
    assert [(named(t["home"]), named(t["away"])) for t in view["rounds"][1]["ties"]] == [(None, None),
                                                                                        (None, hat[6])]
    stored = CupDraw.objects.get(pk=made["id"])
    assert stored.data["procedure"] == cups.IN_PAIRS
    assert cups.Bracket.from_dict(stored.data) == cups.draw_bracket(entries, seed=SEED)
    # Round by round, the same entries and seed draw the same first round.
    assert [(t.home, t.away) for t in cups.draw_round(entries, round=1, seed=SEED).ties] == [
        (t.home, t.away) for t in cups.first_round(cups.Bracket.from_dict(stored.data))]


def test_a_bracket_drawn_by_the_first_procedure_is_shown_as_drawn_and_says_so() -> None:
    cup = a_cup(draw_mode="bracket", status="drawn")
    entrants = [cups.Entrant(e.pk, e.name) for e in cup.entries]
    old = cups.draw_bracket(entrants, seed=SEED, procedure=cups.AS_SEEDS)
    stored = {key: value for key, value in asdict(old).items() if key != "procedure"}  # as recorded then
    CupDraw.objects.create(competition=cup.competition, kind=CupDraw.Kind.BRACKET, seed=SEED, data=stored)
    client = Client()
    client.force_login(cup.secretary)
    words = text_of(page(client, f"/secretary/cups/{cup.competition.pk}/"))
    assert f"seed {SEED}, the order drawn placed as seeds (procedure 1)" in words
    # The first name drawn had the first bye, as it was drawn then.
    quarter_finals = cups.describe(old).splitlines()[1]
    assert quarter_finals.startswith(f"Quarter-finals: {cups.drawn_order(entrants, SEED)[0].name}: bye; ")
    assert quarter_finals in words
