"""A team cup with a group stage played through the API: the secretary
creates it with its groups' settings and draws the groups, each group's
matches are arranged and played as any cup leg (one a walkover), the
tables are read from the confirmed results, the knockout is refused until
every group match counts, then drawn from the qualifiers and played on to
a winner."""
from typing import Any

import pytest
from cupleague import CupLeague, a_cup_league, day, leg_played, ok
from django.template.loader import render_to_string
from rest_framework.test import APIClient

from league.models import AuditEntry, CupDraw, CupTie
from league.selectors.cup_groups import group_tables
from league.selectors.cup_pages import roll_of_winners

pytestmark = pytest.mark.django_db


def group_cup(cup: CupLeague, **stage: Any) -> dict[str, Any]:
    body = {"name": "Group Cup", "structure": "groups", "seeded": True, "legs": 1,
            "group_stage": stage or {"count": 2, "top": 2}}
    return ok(cup.desk().post(f"/api/seasons/{cup.season.pk}/cups", body, format="json"), 201)


def entered_in_seed_order(cup: CupLeague, competition: dict[str, Any]) -> dict[str, int]:
    entries = {}
    for seed, team in enumerate(cup.teams, start=1):
        entry = ok(cup.captain(team).post(f"/api/cups/{competition['id']}/entries", {"team": team.pk},
                                          format="json"), 201)
        ok(cup.desk().post(f"/api/cup-entries/{entry['id']}/seed", {"seed": seed}, format="json"))
        entries[team.name[0]] = entry["id"]
    return entries


def view(competition: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = ok(APIClient().get(f"/api/cups/{competition['id']}"))
    return found


def group(competition: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(g for g in view(competition)["groups"]["groups"] if g["name"] == name)
    return found


def match(competition: dict[str, Any], one: str, other: str) -> dict[str, Any]:
    """The group match between the teams lettered `one` and `other`."""
    for found in view(competition)["groups"]["groups"]:
        for tie in found["matches"]:
            if {tie["home"]["name"][0], tie["away"]["name"][0]} == {one, other}:
                return dict(tie)
    raise AssertionError(f"no group match {one} v {other}")


def table(competition: dict[str, Any], name: str) -> list[tuple[str, int, int, bool]]:
    """Each row as (team letter, table points, games difference, through)."""
    return [(row["name"][0], row["score"], row["games_for"] - row["games_against"], row["through"])
            for row in group(competition, name)["rows"]]


def played(cup: CupLeague, competition: dict[str, Any], winner: str, loser: str, games: int, offset: int) -> None:
    """The secretary sets the match for `offset` days ahead; `winner` wins
    `games` of the nine rubbers."""
    found = match(competition, winner, loser)
    fixture = ok(cup.desk().post(f"/api/cup-ties/{found['id']}/date", {"date": day(offset).isoformat()},
                                 format="json"), 201)
    home_won = fixture["home_team"]["name"][0] == winner
    leg_played(cup, fixture, home_wins=games if home_won else 9 - games)


def draw(cup: CupLeague, competition: dict[str, Any], **body: Any) -> Any:
    return cup.desk().post(f"/api/cups/{competition['id']}/draw", body, format="json")


@pytest.mark.slow  # a whole cup played through the API, seconds long: make test-fast leaves it out
def test_a_group_stage_cup_is_played_from_its_groups_to_a_winner() -> None:
    cup = a_cup_league(6)
    competition = group_cup(cup)
    assert competition["structure"] == "groups" and competition["draw_mode"] == "bracket"
    assert competition["group_stage"]["rules"] == {"win": 2, "draw": 1, "loss": 0,
                                                    "order": ["score", "games_difference", "games_for",
                                                              "points_difference"]}
    entered_in_seed_order(cup, competition)
    ok(draw(cup, competition), 201)

    # Seeded, snaked: A, D, E in group A; B, C, F in group B; each plays each once.
    assert [sorted(row[0] for row in table(competition, name)) for name in "AB"] == [["A", "D", "E"],
                                                                                    ["B", "C", "F"]]
    assert CupTie.objects.filter(competition_id=competition["id"]).exclude(group="").count() == 6
    assert view(competition)["rounds"] == []

    # Group A: A wins both; D is given its match with E as a walkover.
    played(cup, competition, "A", "D", 6, 3)
    played(cup, competition, "A", "E", 7, 4)
    d_v_e = match(competition, "D", "E")
    fixture = ok(cup.desk().post(f"/api/cup-ties/{d_v_e['id']}/date", {"date": day(5).isoformat()},
                                 format="json"), 201)
    d_team = cup.team_named("D Arms A")
    ok(cup.desk().post(f"/api/fixtures/{fixture['id']}/walkover", {"winner": d_team.pk, "reason": "E short"},
                       format="json"))
    assert match(competition, "D", "E")["winner"]["name"] == "D Arms A"
    again = cup.desk().post(f"/api/cup-ties/{d_v_e['id']}/date", {"date": day(9).isoformat()}, format="json")
    assert again.status_code == 422

    # Group B: everyone wins once; games difference places C, B, F.
    played(cup, competition, "B", "C", 5, 6)
    early = draw(cup, competition)
    assert early.status_code == 422 and "still to count" in early.json()["error"]
    assert not view(competition)["groups"]["finished"]
    played(cup, competition, "C", "F", 6, 7)
    played(cup, competition, "F", "B", 5, 8)

    assert table(competition, "A") == [("A", 4, 8, True), ("D", 2, -3, True), ("E", 0, -5, False)]
    assert table(competition, "B") == [("C", 2, 2, True), ("B", 2, 0, True), ("F", 2, -2, False)]
    assert view(competition)["groups"]["finished"]
    page = render_to_string("cups/group_tables.html", {"groups": group_tables(competition_id=competition["id"])})
    assert "Group A" in page and "Group B" in page and page.count("(through to the knockout)") == 4

    # The knockout: the group winners meet the other group's runners-up.
    ok(draw(cup, competition, seed=7), 201)
    assert CupDraw.objects.filter(competition_id=competition["id"]).count() == 2
    assert draw(cup, competition).status_code == 422  # drawn once
    rounds = view(competition)["rounds"]
    assert [r["name"] for r in rounds] == ["Semi-finals", "Final"]
    semis = {frozenset((t["home"]["name"][0], t["away"]["name"][0])) for t in rounds[0]["ties"]}
    assert semis == {frozenset("AB"), frozenset("CD")}

    for semi, offset in zip(rounds[0]["ties"], (20, 21), strict=True):
        fixture = ok(cup.desk().post(f"/api/cup-ties/{semi['id']}/date", {"date": day(offset).isoformat()},
                                     format="json"), 201)
        leg_played(cup, fixture, home_wins=5)
    final = view(competition)["rounds"][1]["ties"][0]
    fixture = ok(cup.desk().post(f"/api/cup-ties/{final['id']}/date", {"date": day(30).isoformat()},
                                 format="json"), 201)
    leg_played(cup, fixture, home_wins=6)
    done = view(competition)
    assert done["status"] == "finished"
    assert roll_of_winners(league_id=cup.league.pk)[0].winner == done["rounds"][1]["ties"][0]["home"]["name"]
    stages = [entry.data["stage"] for entry in AuditEntry.objects.filter(action="cup.draw").order_by("pk")
              if "stage" in entry.data]
    assert stages == ["groups", "knockout"]


def test_a_side_withdrawn_in_the_groups_concedes_its_open_matches() -> None:
    cup = a_cup_league(4)
    competition = group_cup(cup, size=4, top=2)
    entries = entered_in_seed_order(cup, competition)
    ok(draw(cup, competition), 201)
    played(cup, competition, "A", "B", 6, 3)
    ok(cup.captain(cup.team_named("B Arms A")).post(f"/api/cup-entries/{entries['B']}/withdraw", {},
                                                    format="json"))
    rows = {row[0]: row for row in table(competition, "A")}
    assert rows["B"][1] == 0 and rows["C"][1] == 2 and rows["D"][1] == 2
    assert view(competition)["groups"]["open_matches"] == 3  # A v C, A v D, C v D


@pytest.mark.parametrize(("body", "refused"), [
    ({"kind": "singles", "group_stage": {"count": 2}}, "only a team cup"),
    ({"group_stage": {"count": 2, "size": 3}}, "not both"),
    ({"group_stage": {}}, "not both"),
    ({"group_stage": {"count": 2, "rules": {"order": ["luck"]}}}, "luck"),
    ({"group_stage": {"size": 1}}, "two entries or more"),
    ({"structure": "knockout", "group_stage": {"count": 2}}, "no group stage"),
])
def test_a_group_stage_it_cannot_be_played_by_is_refused_at_creation(body: dict[str, Any], refused: str) -> None:
    cup = a_cup_league(2)
    response = cup.desk().post(f"/api/seasons/{cup.season.pk}/cups",
                               {"name": "Group Cup", "structure": "groups", **body}, format="json")
    assert response.status_code == 422 and refused in response.json()["error"]


def test_groups_too_small_for_the_qualifiers_are_refused_at_the_draw() -> None:
    cup = a_cup_league(4)
    competition = group_cup(cup, count=2, top=2, best_of_next=1)
    entered_in_seed_order(cup, competition)
    response = draw(cup, competition)
    assert response.status_code == 422 and "cannot go through" in response.json()["error"]
    assert view(competition)["groups"] is None
