"""The kinds of cup (team, singles, pairs) differ only by their entry in
league/competition_kinds.py: every kind has one, each entry says what the
secretary's pages do with a cup of that kind, and no module but that one
(and the model's) asks which kind a cup is."""
import ast
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from cup_pages_data import a_cup
from django.test import Client
from django.utils import timezone
from leagues import players
from test_public_pages import page, text_of

from league.competition_kinds import KINDS, Dating, Play
from league.models import Competition, CupTie, Fixture, SquadRegistration

ROOT = Path(__file__).resolve().parents[2]

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
def test_each_kinds_entry_says_what_its_cups_do(kind: str, choice: str, two_legs: bool, handicap: bool,
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


# The rule: which kind a cup is, is asked in league/competition_kinds.py
# only (the model defines the kinds; a migration stores them).
ASKED_IN = {"league/competition_kinds.py", "league/models/cups.py"}
KIND_NAMES = set(Competition.Kind.names) | set(Competition.Kind.values)
# A template comparing a competition's kind.
KIND_IN_TEMPLATE = re.compile(r"competition\.kind\s*(==|!=|in\b)|(==|!=)\s*competition\.kind\b")


def nodes_of(source: str) -> list[ast.AST]:
    """Every node of the module's tree, walked once for the rules below."""
    return list(ast.walk(ast.parse(source)))


def kind_aliases(nodes: list[ast.AST], elsewhere: dict[str, set[str]] | None = None) -> set[str]:
    """The names a module gives Competition.Kind: `Kind = Competition.Kind`,
    or such a name imported from another module (`elsewhere`: each
    module's own names for it)."""
    given = {target.id for node in nodes if isinstance(node, ast.Assign)
             and isinstance(node.value, ast.Attribute) and node.value.attr == "Kind"
             and isinstance(node.value.value, ast.Name) and node.value.value.id == "Competition"
             for target in node.targets if isinstance(target, ast.Name)}
    imported = {name.asname or name.name for node in nodes if isinstance(node, ast.ImportFrom)
                for name in node.names if name.name in (elsewhere or {}).get(node.module or "", set())}
    return given | imported


def names_a_kind(node: ast.AST, aliases: set[str]) -> bool:
    """`Competition.Kind.TEAM`, or `Kind.TEAM` where Kind = Competition.Kind,
    in the expression or in a list, tuple or set of it."""
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return any(names_a_kind(element, aliases) for element in node.elts)
    if not isinstance(node, ast.Attribute) or node.attr not in KIND_NAMES:
        return False
    owner = node.value
    if isinstance(owner, ast.Name):
        return owner.id in aliases
    return (isinstance(owner, ast.Attribute) and owner.attr == "Kind" and isinstance(owner.value, ast.Name)
            and owner.value.id == "Competition")


def a_kind_given(node: ast.AST, aliases: set[str]) -> bool:
    """A kind named, or as stored ("team")."""
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return any(a_kind_given(element, aliases) for element in node.elts)
    return names_a_kind(node, aliases) or (isinstance(node, ast.Constant) and node.value in KIND_NAMES)


def kind_asked(source: str | list[ast.AST], elsewhere: dict[str, set[str]] | None = None) -> list[int]:
    """The lines of a module (its source, or its nodes) that compare a cup's
    kind with one named, or query cups by kinds named (`competition__kind=...`)."""
    nodes = nodes_of(source) if isinstance(source, str) else source
    aliases = kind_aliases(nodes, elsewhere)
    compared = [node.lineno for node in nodes if isinstance(node, ast.Compare)
                and any(names_a_kind(operand, aliases) for operand in [node.left, *node.comparators])]
    queried = [node.value.lineno for node in nodes if isinstance(node, ast.keyword)
               and node.arg is not None and "competition__kind" in node.arg and a_kind_given(node.value, aliases)]
    return sorted(compared + queried)


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def test_only_the_kinds_table_asks_which_kind_a_cup_is() -> None:
    modules = {path: nodes_of(path.read_text(encoding="utf-8")) for path in sorted((ROOT / "league").rglob("*.py"))
               if "migrations" not in path.parts}
    elsewhere = {module_name(path): kind_aliases(nodes) for path, nodes in modules.items()}
    asked = {}
    for path, nodes in modules.items():
        name = str(path.relative_to(ROOT))
        if name not in ASKED_IN and (found := kind_asked(nodes, elsewhere)):
            asked[name] = found
    for path in sorted((ROOT / "templates").rglob("*.html")):
        found = [number for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                 if KIND_IN_TEMPLATE.search(line)]
        if found:
            asked[str(path.relative_to(ROOT))] = found
    assert asked == {}, "read the cup's rules from league.competition_kinds (kind_rules) instead"


def test_the_rule_sees_a_kind_compared_or_queried() -> None:
    asking = ("Kind = Competition.Kind\n"
              "if cup.kind == Kind.TEAM or other != Competition.Kind.PAIRS:\n"
              "    found = kind in [Competition.Kind.SINGLES]\n"
              "ties = CupTie.objects.exclude(competition__kind=Competition.Kind.TEAM)\n"
              "games = CupGame.objects.filter(tie__competition__kind__in=['singles', 'pairs'])\n"
              "read = CupTie.objects.values_list('competition__kind', flat=True)\n"
              "chosen = CupTie.objects.filter(competition__kind__in=kinds_playing(Play.GAMES))\n"
              "rubber = rubber.kind == Rubber.Kind.SINGLES\n"
              "made = competition_create(kind=Competition.Kind.TEAM)\n")
    assert kind_asked(asking) == [2, 2, 3, 4, 5]
    assert kind_asked("from league.services.cups import Kind as CupKind\nteam = cup.kind == CupKind.TEAM\n",
                      {"league.services.cups": {"Kind"}}) == [2]
    assert KIND_IN_TEMPLATE.search('{% if competition.kind == "team" %}')
    assert not KIND_IN_TEMPLATE.search("{{ competition.get_kind_display }}")
