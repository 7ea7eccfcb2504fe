"""A team cup's semi-final corrected once its final is arranged: the
correction goes through to the final while it has not begun (the new
winner named there, the leg arranged with the old one voided and its
captains told), and is refused, saying which tie was played, once it has.
The cup, both semi-finals played and the final dated, is made once for the
module (tests/league/module_data.py); each test starts from it as made."""
from typing import Any

import pytest
from cupleague import CupLeague, a_cup_league, day, leg_played, ok, squad_ids
from django.test import Client
from module_data import a_copy_for_one_test, made_once_a_module
from test_api_cups import cup_created, sides, tie
from test_public_pages import text_of

from league.models import AuditEntry, Competition, Fixture, MatchNight, Notice

Arranged = tuple[CupLeague, dict[str, Any], dict[str, Any], dict[str, Any]]


def a_final_arranged(cup: CupLeague) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A seeded team cup of four (A v D and B v C), both semi-finals won by
    the home side 5-4 on the night, and the final, A v B, arranged: the
    cup, semi-final 1's leg and the final's leg."""
    competition = cup_created(cup, legs=1)
    for seed, team in enumerate(cup.teams, start=1):
        ok(cup.desk().post(f"/api/cups/{competition['id']}/entries", {"team": team.pk, "seed": seed},
                           format="json"), 201)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    legs = []
    for number, offset in ((1, 4), (2, 5)):
        leg = ok(cup.desk().post(f"/api/cup-ties/{tie(competition, 1, number)['id']}/date",
                                 {"date": day(offset).isoformat()}, format="json"), 201)
        leg_played(cup, leg, home_wins=5)
        legs.append(leg)
    the_final = ok(cup.desk().post(f"/api/cup-ties/{tie(competition, 2, 1)['id']}/date",
                                   {"date": day(10).isoformat()}, format="json"), 201)
    assert sides(tie(competition, 2, 1)) == ("A", "B")
    return competition, legs[0], the_final


def corrected(cup: CupLeague, leg: dict[str, Any]) -> Any:
    """Semi-final 1's fifth rubber put right: D, not A, won it, and the tie 5-4."""
    return cup.desk().post(f"/api/fixtures/{leg['id']}/night/correct",
                           {"rubber": 5, "game": 1, "home_score": 40, "away_score": 61, "reason": "Card misread"},
                           format="json")


def secretarys(cup: CupLeague, competition: dict[str, Any]) -> str:
    client = Client()
    client.force_login(cup.secretary)
    return text_of(client.get(f"/secretary/cups/{competition['id']}/").content.decode())


def _arranged() -> Arranged:
    cup = a_cup_league(4, names="ABCD")
    return (cup, *a_final_arranged(cup))


arranged_once = made_once_a_module(_arranged)


@pytest.fixture
def arranged(db: None, arranged_once: Arranged) -> Arranged:
    """The cup league, the cup, semi-final 1's leg and the final's leg."""
    copy: Arranged = a_copy_for_one_test(arranged_once)
    return copy


def test_a_team_tie_corrected_before_the_final_begins_sends_the_new_winner_to_it(arranged: Arranged) -> None:
    cup, competition, semi_leg, final_leg = arranged
    ok(corrected(cup, semi_leg))
    assert tie(competition, 1, 1)["winner"]["name"] == "D Arms A"
    assert sides(tie(competition, 2, 1)) == ("D", "B")
    # The final A were to play is off: it is arranged again, with D.
    voided = Fixture.objects.get(pk=final_leg["id"])
    assert voided.status == Fixture.Status.VOID and "A Arms A no longer plays in this tie" in voided.reason
    assert tie(competition, 2, 1)["date"] is None
    assert "D Arms A v B Arms A" in secretarys(cup, competition)
    again = ok(cup.desk().post(f"/api/cup-ties/{tie(competition, 2, 1)['id']}/date",
                               {"date": day(11).isoformat()}, format="json"), 201)
    assert (again["home_team"]["name"], again["away_team"]["name"]) == ("D Arms A", "B Arms A")


def test_the_captains_of_a_dated_leg_called_off_by_a_correction_are_told_once(arranged: Arranged) -> None:
    cup, competition, semi_leg, final_leg = arranged
    for team in cup.teams:
        team.captain.email = f"{team.captain.username}@example.org"
        team.captain.save()
    ok(corrected(cup, semi_leg))
    ok(corrected(cup, semi_leg))  # the same correction again: nothing more is called off
    told = Notice.objects.filter(subject="Called off: A Arms A v B Arms A")
    assert sorted(told.values_list("address", flat=True)) == ["captain-a@example.org", "captain-b@example.org"]
    assert all(notice.kind == "fixture_changed" for notice in told)
    assert f"set for {day(10):%A} {day(10).day} {day(10):%B %Y}, is called off" in told[0].body
    assert "Why: A Arms A no longer plays in this tie" in told[0].body
    assert not Notice.objects.filter(address="captain-d@example.org", subject__startswith="Called off")


def test_a_team_tie_corrected_once_its_winner_began_the_final_is_refused_saying_so(arranged: Arranged) -> None:
    cup, competition, semi_leg, final_leg = arranged
    a_team, b_team = cup.team_named("A Arms A"), cup.team_named("B Arms A")
    sheet = {"rubbers": [{"home": [h], "away": [a]} for h, a in zip(squad_ids(a_team, cup.season),
                                                                   squad_ids(b_team, cup.season), strict=True)]}
    ok(cup.captain(a_team).put(f"/api/fixtures/{final_leg['id']}/night/sheet", sheet, format="json"))

    refused = corrected(cup, semi_leg)
    assert refused.status_code == 422
    assert refused.json()["error"] == (
        "A Arms A played on: their tie against B Arms A in the final has begun (leg 1's team sheet is in), "
        "so this tie's result can no longer change")
    assert tie(competition, 1, 1)["winner"]["name"] == "A Arms A" and sides(tie(competition, 2, 1)) == ("A", "B")
    night = MatchNight.objects.get(fixture_id=semi_leg["id"])
    assert (night.home_games, night.away_games) == (5, 4)  # the correction rolled back with it
    assert AuditEntry.objects.filter(action="night.correct.refused", target_id=str(semi_leg["id"])).exists()


def test_a_walkover_given_from_the_secretarys_pages_after_the_final_is_played_is_refused(arranged: Arranged) -> None:
    cup, competition, semi_leg, final_leg = arranged
    leg_played(cup, final_leg, home_wins=6)
    client = Client()
    client.force_login(cup.secretary)
    d_team = cup.team_named("D Arms A")
    page = client.post(f"/secretary/fixtures/{semi_leg['id']}/walkover",
                       {"winner": d_team.pk, "reason": "A played an unregistered player", "step": "confirm"})
    assert page.status_code == 200
    assert ("A Arms A played on: their tie against B Arms A in the final is decided (A Arms A through: "
            "6-3 on games)") in text_of(page.content.decode())
    assert Fixture.objects.get(pk=semi_leg["id"]).status == Fixture.Status.PUBLISHED
    assert AuditEntry.objects.filter(action="fixture.walkover.refused", target_id=str(semi_leg["id"])).exists()
    assert Competition.objects.get(pk=competition["id"]).status == Competition.Status.FINISHED
    assert "A Arms A through: 6-3 on games" in secretarys(cup, competition)
