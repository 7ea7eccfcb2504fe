"""The kinds of cup (team, singles, pairs) differ only by their entry in
league/competition_kinds.py: every kind has one, each entry says what the
secretary's pages do with a cup of that kind, and no module but that one
(and the model's) asks which kind a cup is."""
import re
from datetime import timedelta
from typing import Any

import pytest
from cup_pages_data import a_cup
from django.test import Client
from django.utils import timezone
from leagues import players
from test_public_pages import page, text_of

from league.competition_kinds import KINDS, Dating, Play
from league.models import Competition, CupTie, Fixture, SquadRegistration

A_CUP = {"structure": "knockout", "draw_mode": "rounds", "seeded": "drawn", "legs": "1",
         "tie_break": "games,points", "level": "replay"}

# What a secretary sees of each kind of cup today: the form's words for it,
# whether it takes two legs, a handicap and a group stage, how one entry
# is named ("Enter a team"), the players an entry names, and whether the
# secretary's date for a tie arranges a leg in the fixtures or dates the
# tie itself.
SEEN = [
    # kind, choice, two legs, handicap, groups, noun, players, date makes a fixture
    ("team", "Teams", True, False, True, "team", 0, True),
    ("singles", "Players (singles)", False, True, False, "player", 1, False),
    ("pairs", "Pairs", False, True, False, "pair", 2, False),
]


def test_every_kind_of_cup_has_its_rules() -> None:
    assert set(KINDS) == set(Competition.Kind)
    assert sorted(kind for kind, *_ in SEEN) == sorted(Competition.Kind.values)


@pytest.mark.parametrize(("kind", "choice", "two_legs", "handicap", "groups", "noun", "count", "fixture"), SEEN)
def test_each_kinds_rules_are_what_its_pages_do(kind: str, choice: str, two_legs: bool, handicap: bool,
                                                groups: bool, noun: str, count: int, fixture: bool) -> None:
    rules = KINDS[Competition.Kind(kind)]
    assert (rules.choice, rules.noun, rules.players) == (choice, noun, count)
    assert (rules.play is Play.LEGS, rules.play is Play.GAMES) == (two_legs, handicap)
    assert rules.dating is (Dating.LEGS if fixture else Dating.TIE)


def a_secretary() -> tuple[Any, Client]:
    cup = a_cup(names=["Red Lion A", "Crown B"])
    client = Client()
    client.force_login(cup.secretary)
    return cup, client


def made(client: Client, cup: Any, kind: str, name: str, **given: str) -> str | None:
    """Creates a cup from the new cup form: None, or the form's refusal."""
    response = client.post(f"/secretary/seasons/{cup.season.pk}/cups/new",
                           {**A_CUP, "kind": kind, "name": name, **given})
    if Competition.objects.filter(name=name).exists():
        return None
    return text_of(response.content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize(("kind", "choice", "two_legs", "handicap", "groups", "noun", "count", "fixture"), SEEN)
def test_the_new_cup_form_takes_what_each_kind_plays(kind: str, choice: str, two_legs: bool, handicap: bool,
                                                     groups: bool, noun: str, count: int, fixture: bool) -> None:
    cup, client = a_secretary()
    form = page(client, f"/secretary/seasons/{cup.season.pk}/cups/new")
    assert re.search(f'<option value="{kind}"( selected)?>{re.escape(choice)}</option>', form)
    assert (made(client, cup, kind, "Two Legs", legs="2") is None) == two_legs
    assert (made(client, cup, kind, "Handicapped", handicap="on") is None) == handicap
    assert (made(client, cup, kind, "Grouped", structure="groups", group_count="1", group_top="1") is None) == groups


@pytest.mark.django_db
@pytest.mark.parametrize(("kind", "choice", "two_legs", "handicap", "groups", "noun", "count", "fixture"), SEEN)
def test_a_secretary_enters_each_kinds_sides_and_dates_its_tie(kind: str, choice: str, two_legs: bool,
                                                               handicap: bool, groups: bool, noun: str, count: int,
                                                               fixture: bool) -> None:
    cup, client = a_secretary()
    assert made(client, cup, kind, "The Cup") is None
    competition = Competition.objects.get(name="The Cup")
    url = f"/secretary/cups/{competition.pk}/"
    assert f"Enter a {noun}" in text_of(page(client, url))
    league_players = players(2 * max(count, 1), prefix="Entrant")
    for player in league_players:
        SquadRegistration.objects.create(season=cup.season, team=cup.teams[0], player=player)
    for side in range(2):
        names = league_players[side * count:(side + 1) * count]
        given = ({"team": cup.teams[side].pk} if count == 0
                 else {"player": names[0].pk, **({"partner": names[1].pk} if count == 2 else {})})
        client.post(f"{url}entries/add", given)
    assert competition.entries.count() == 2
    client.post(f"{url}draw", {"seed": "3"})
    tie = CupTie.objects.get(competition=competition)
    night = timezone.localdate() + timedelta(days=10)
    client.post(f"/secretary/cup-ties/{tie.pk}/date", {f"tie{tie.pk}-date": night.isoformat()})
    tie.refresh_from_db()
    assert tie.date == night
    assert Fixture.objects.filter(cup_tie=tie, date=night).exists() == fixture
