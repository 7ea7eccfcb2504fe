"""A team cup played through the API from start to finish: the secretary
creates and draws it, captains enter, offer and pick dates, the legs are
played as ordinary match nights, and the winners go through as the
results are confirmed: a tie level on aggregate settled by the tie-break
chain, another level on everything replayed, a walkover, a disputed
semi-final settled by the secretary, and a final on the finals night."""
from typing import Any

import pytest
from cupleague import CupLeague, a_cup_league, day, leg_entered, leg_played, ok
from django.contrib.auth import get_user_model
from django.db.models import ProtectedError
from forms import browser, post, text
from rest_framework.test import APIClient
from tablets import tablet_for

import cups
from league.models import (
    AuditEntry,
    Competition,
    CupDraw,
    Notice,
    OverdueNotice,
    Sanction,
    SquadRegistration,
    TableEntry,
)
from league.refusals import Refused
from league.selectors.cup_pages import roll_of_winners
from league.selectors.cups import finals_night, ties_to_arrange
from league.selectors.public import season_divisions
from league.services.date_offers import day_words
from league.services.overdue import results_overdue_check
from league.services.seasons import season_delete
from league.services.standings import division_standings_rebuild

pytestmark = pytest.mark.django_db

SEEDS = "EFCABD"  # seed 1 first: E and F have the byes


def cup_created(cup: CupLeague, **settings: Any) -> dict[str, Any]:
    body = {"name": "Knockout Cup", "draw_mode": "bracket", "seeded": True, "legs": 2,
            "tie_break": ["games", "points"], "level": "replay", "finals_date": day(60).isoformat(),
            "finals_venue": cup.finals_venue.pk, **settings}
    return ok(cup.desk().post(f"/api/seasons/{cup.season.pk}/cups", body, format="json"), 201)


def entered(cup: CupLeague, competition: dict[str, Any]) -> dict[str, int]:
    """Each captain enters their team; the secretary seeds them."""
    entries = {}
    for team in cup.teams:
        entry = ok(cup.captain(team).post(f"/api/cups/{competition['id']}/entries", {"team": team.pk},
                                          format="json"), 201)
        entries[team.name[0]] = entry["id"]
    for seed, letter in enumerate((letter for letter in SEEDS if letter in entries), start=1):
        seeded = ok(cup.desk().post(f"/api/cup-entries/{entries[letter]}/seed", {"seed": seed}, format="json"))
        assert seeded["seed"] == seed
    return entries


def cup_view(competition: dict[str, Any]) -> dict[str, Any]:
    return ok(APIClient().get(f"/api/cups/{competition['id']}"))


def tie(competition: dict[str, Any], round: int, number: int) -> dict[str, Any]:
    view = cup_view(competition)
    found: dict[str, Any] = view["rounds"][round - 1]["ties"][number - 1]
    return found


def sides(found: dict[str, Any]) -> tuple[str | None, str | None]:
    return tuple(side["name"][0] if side else None for side in (found["home"], found["away"]))  # type: ignore[return-value]


def arranged(cup: CupLeague, found: dict[str, Any], offset: int) -> dict[str, Any]:
    """The next leg's home captain offers three dates; the away captain picks the second."""
    fixture_home, fixture_away = _next_sides(cup, found)
    dates = [day(offset).isoformat(), day(offset + 1).isoformat(), day(offset + 2).isoformat()]
    ok(cup.captain(fixture_home).post(f"/api/cup-ties/{found['id']}/offer", {"dates": dates}, format="json"))
    return ok(cup.captain(fixture_away).post(f"/api/cup-ties/{found['id']}/pick", {"date": dates[1]},
                                             format="json"), 201)


def _next_sides(cup: CupLeague, found: dict[str, Any]) -> tuple[Any, Any]:
    home = cup.team_named(found["home"]["name"])
    away = cup.team_named(found["away"]["name"])
    legs = [leg for leg in found["legs"] if leg["status"] != "void"]
    if not legs:
        return home, away
    return (away, home) if legs[-1]["home_team"] == home.pk else (home, away)


@pytest.mark.slow  # a whole cup played through the API, seconds long: make test-fast leaves it out
def test_a_team_cup_is_played_through_to_its_winner() -> None:
    cup = a_cup_league(6)
    competition = cup_created(cup)
    entries = entered(cup, competition)
    assert len(ok(APIClient().get(f"/api/cups/{competition['id']}/entries"))) == 6

    # A captain cannot draw; the secretary draws the seeded bracket.
    assert cup.captain(cup.teams[0]).post(f"/api/cups/{competition['id']}/draw", {}, format="json").status_code == 403
    draw = ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    assert (draw["kind"], draw["seed"]) == ("bracket", None)
    view = cup_view(competition)
    assert [r["name"] for r in view["rounds"]] == ["Quarter-finals", "Semi-finals", "Final"]
    first = view["rounds"][0]["ties"]
    assert [(sides(t), t["bye"]) for t in first] == [
        (("E", None), True), (("A", "B"), False), (("F", None), True), (("C", "D"), False)]
    logged = AuditEntry.objects.get(action="cup.draw")
    assert "Seeded bracket of 6" in logged.data["described"] and "E Arms A: bye" in logged.data["described"]
    # The byes are through already: the semi-finals know their top seeds.
    assert sides(tie(competition, 2, 1)) == ("E", None) and sides(tie(competition, 2, 2)) == ("F", None)

    ok(cup.desk().post(f"/api/cups/{competition['id']}/rounds/1/window",
                       {"start": day(1).isoformat(), "end": day(20).isoformat()}, format="json"))

    # Quarter-final 1, A v B: level on aggregate games, B through on points.
    qf1 = tie(competition, 1, 2)
    b_captain = cup.captain(cup.team_named("B Arms A"))
    refused = b_captain.post(f"/api/cup-ties/{qf1['id']}/offer", {"dates": [day(2).isoformat()]}, format="json")
    assert refused.status_code == 403  # the away side does not offer
    outside = cup.captain(cup.team_named("A Arms A")).post(
        f"/api/cup-ties/{qf1['id']}/offer", {"dates": [day(25).isoformat()]}, format="json")
    assert outside.status_code == 422 and "outside round 1" in outside.json()["error"]
    a_team, b_team = cup.team_named("A Arms A"), cup.team_named("B Arms A")
    assert [(t.pk, what) for t, what in ties_to_arrange(user=a_team.captain)] == [(qf1["id"], "offer")]
    assert ties_to_arrange(user=b_team.captain) == []
    leg1 = arranged(cup, qf1, 2)
    assert (leg1["home_team"]["name"], leg1["venue"]["name"], leg1["status"]) == ("A Arms A", "A Arms", "published")
    assert (leg1["cup_tie"], leg1["leg"], leg1["week"], leg1["division"]) == (qf1["id"], 1, 1, competition["division"])
    assert {e.action for e in AuditEntry.objects.filter(action__startswith="cup.da")} == {
        "cup.dates.offer", "cup.date.pick", "cup.dates.offer.refused"}
    leg_played(cup, leg1, home_wins=5, home_loses_with=40, away_loses_with=40)
    leg2 = arranged(cup, tie(competition, 1, 2), 9)
    assert leg2["home_team"]["name"] == "B Arms A"
    leg_entered(cup, leg2, home_wins=5, home_loses_with=30, away_loses_with=30)
    # Submitted, not confirmed: nobody goes through yet.
    assert tie(competition, 1, 2)["winner"] is None and sides(tie(competition, 2, 1)) == ("E", None)
    ok(cup.captain(cup.team_named("A Arms A")).post(f"/api/fixtures/{leg2['id']}/night/confirm", {},
                                                   format="json"))
    qf1 = tie(competition, 1, 2)
    assert qf1["winner"]["name"] == "B Arms A"
    assert "9-9 on aggregate games, then 869-859 on aggregate points" in qf1["decided_reason"]
    assert sides(tie(competition, 2, 1)) == ("E", "B")

    # Quarter-final 2, C v D: level on games and points, so a replay, at C's.
    qf2 = tie(competition, 1, 4)
    leg_played(cup, arranged(cup, qf2, 3), home_wins=5)
    leg_played(cup, arranged(cup, tie(competition, 1, 4), 10), home_wins=5)
    qf2 = tie(competition, 1, 4)
    assert qf2["winner"] is None and "a replay is needed" in qf2["decided_reason"]
    replay = arranged(cup, qf2, 15)
    assert replay["home_team"]["name"] == "C Arms A" and tie(competition, 1, 4)["legs"][-1]["leg"] == 3
    leg_played(cup, replay, home_wins=6)
    assert tie(competition, 1, 4)["winner"]["name"] == "C Arms A"
    assert sides(tie(competition, 2, 2)) == ("F", "C")

    # Semi-final 1, E v B: B cannot raise a team, E is given a walkover.
    sf1 = tie(competition, 2, 1)
    walked = arranged(cup, sf1, 25)
    e_team = cup.team_named("E Arms A")
    ok(cup.desk().post(f"/api/fixtures/{walked['id']}/walkover", {"winner": e_team.pk, "reason": "B short"},
                       format="json"))
    sf1 = tie(competition, 2, 1)
    assert sf1["winner"]["name"] == "E Arms A" and "walkover" in sf1["decided_reason"]
    assert sides(tie(competition, 3, 1)) == ("E", None)

    # Semi-final 2, F v C: the first leg disputed, then upheld by the secretary.
    sf2 = tie(competition, 2, 2)
    leg1 = arranged(cup, sf2, 26)
    leg_entered(cup, leg1, home_wins=6)
    c_captain = cup.captain(cup.team_named("C Arms A"))
    ok(c_captain.post(f"/api/fixtures/{leg1['id']}/night/dispute", {"reason": "Rubber 6 was ours"},
                      format="json"))
    early = cup.captain(cup.team_named("C Arms A")).post(
        f"/api/cup-ties/{sf2['id']}/offer", {"dates": [day(30).isoformat()]}, format="json")
    assert early.status_code == 422  # the first leg is still to count
    ok(cup.desk().post(f"/api/fixtures/{leg1['id']}/night/resolve", {"decision": "uphold", "note": "Card checked"},
                       format="json"))
    leg_played(cup, arranged(cup, tie(competition, 2, 2), 30), home_wins=5)
    sf2 = tie(competition, 2, 2)
    assert sf2["winner"]["name"] == "F Arms A" and "10-8 on aggregate games" in sf2["decided_reason"]

    # The final, E v F: the secretary sets the first leg on the finals night.
    final = tie(competition, 3, 1)
    assert sides(final) == ("E", "F")
    first_leg = ok(cup.desk().post(f"/api/cup-ties/{final['id']}/date", {"date": day(60).isoformat()},
                                   format="json"), 201)
    assert first_leg["venue"]["name"] == "The Town Hall"
    leg_played(cup, first_leg, home_wins=7)
    leg_played(cup, arranged(cup, tie(competition, 3, 1), 62), home_wins=5)
    view = cup_view(competition)
    assert view["status"] == "finished" and view["rounds"][2]["ties"][0]["winner"]["entry"] == entries["E"]

    assert [f.pk for f in finals_night(competition_id=competition["id"])] == [first_leg["id"]]
    assert [(line.competition.season.name, line.competition.name, line.competition.pk, line.winner)
            for line in roll_of_winners(league_id=cup.league.pk)] == [
        ("Winter", "Knockout Cup", competition["id"], "E Arms A")]
    # The cup's division has fixtures but no table, and is no league division.
    assert competition["division"] not in [d.pk for d in season_divisions(season_id=cup.season.pk)]
    division_standings_rebuild(division_id=competition["division"])
    assert not TableEntry.objects.filter(division_id=competition["division"]).exists()


@pytest.mark.slow  # a whole cup played through the API, a second or more: make test-fast leaves it out
def test_an_open_cup_is_drawn_round_by_round_from_recorded_seeds() -> None:
    cup = a_cup_league(5)
    competition = cup_created(cup, draw_mode="rounds", seeded=False, legs=1, tie_break=["games", "points"])
    entered(cup, competition)
    draw = ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 11}, format="json"), 201)
    stored = CupDraw.objects.get(pk=draw["id"])
    assert (stored.round, stored.seed) == (1, 11)
    again = cups.draw_round([cups.Entrant.from_dict(e) for e in stored.data["entrants"]], round=1, seed=11)
    assert cups.RoundDraw.from_dict(stored.data) == again
    view = cup_view(competition)
    assert sum(1 for t in view["rounds"][0]["ties"] if not t["bye"]) == 1  # 5 entrants: 1 tie, 3 byes
    early = cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json")
    assert early.status_code == 422 and "still undecided" in early.json()["error"]
    played = next(t for t in view["rounds"][0]["ties"] if not t["bye"])
    fixture = ok(cup.desk().post(f"/api/cup-ties/{played['id']}/date", {"date": day(3).isoformat()},
                                 format="json"), 201)
    leg_played(cup, fixture, home_wins=5)
    second = ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    assert second["round"] == 2 and second["seed"] is not None
    assert [len(r["ties"]) for r in cup_view(competition)["rounds"]] == [4, 2]


def test_entries_close_on_their_date_and_at_their_limit() -> None:
    cup = a_cup_league(4)
    competition = cup_created(cup, entry_closes=day(-1).isoformat())
    a, b, c = cup.teams[:3]
    late = cup.captain(a).post(f"/api/cups/{competition['id']}/entries", {"team": a.pk}, format="json")
    assert late.status_code == 422 and "closed" in late.json()["error"]
    ok(cup.desk().post(f"/api/cups/{competition['id']}/entries", {"team": a.pk}, format="json"), 201)

    limited = cup_created(cup, name="Plate", max_entries=2)
    ok(cup.captain(a).post(f"/api/cups/{limited['id']}/entries", {"team": a.pk}, format="json"), 201)
    other = cup.captain(a).post(f"/api/cups/{limited['id']}/entries", {"team": b.pk}, format="json")
    assert other.status_code == 403  # a captain enters only their own team
    ok(cup.captain(b).post(f"/api/cups/{limited['id']}/entries", {"team": b.pk}, format="json"), 201)
    full = cup.captain(c).post(f"/api/cups/{limited['id']}/entries", {"team": c.pk}, format="json")
    assert full.status_code == 422 and "full" in full.json()["error"]


def test_a_cup_division_is_left_out_of_the_league_and_its_pages() -> None:
    cup = a_cup_league(2)
    competition = cup_created(cup)
    assert Competition.objects.get(pk=competition["id"]).division.is_cup
    assert season_divisions(season_id=cup.season.pk) == []
    assert APIClient().get(f"/divisions/{competition['division']}/").status_code == 404
    league_page = APIClient().get(f"/leagues/{cup.league.slug}/")
    # Listed among the season's cups, never as a division.
    assert league_page.status_code == 200
    assert f'href="/divisions/{competition["division"]}/"'.encode() not in league_page.content
    refused = cup.desk().post(f"/api/divisions/{competition['division']}/teams", {"team": cup.teams[0].pk},
                              format="json")
    assert refused.status_code == 422 and "cup" in refused.json()["error"]


def test_a_corrected_result_moves_the_new_winner_on_until_the_next_tie_is_arranged() -> None:
    cup = a_cup_league(4, names="ABCD")
    competition = cup_created(cup, legs=1)
    for seed, team in enumerate(cup.teams, start=1):
        entry = ok(cup.desk().post(f"/api/cups/{competition['id']}/entries", {"team": team.pk, "seed": seed},
                                   format="json"), 201)
        assert entry["seed"] == seed
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    semi = tie(competition, 1, 1)
    assert sides(semi) == ("A", "D")
    fixture = ok(cup.desk().post(f"/api/cup-ties/{semi['id']}/date", {"date": day(4).isoformat()},
                                 format="json"), 201)
    assert AuditEntry.objects.filter(action="cup.date.set", target_id=str(semi["id"])).count() == 1
    leg_played(cup, fixture, home_wins=5)
    assert sides(tie(competition, 2, 1)) == ("A", None)
    ok(cup.desk().post(f"/api/fixtures/{fixture['id']}/night/correct",
                       {"rubber": 5, "game": 1, "home_score": 40, "away_score": 61, "reason": "Card misread"},
                       format="json"))
    assert tie(competition, 1, 1)["winner"]["name"] == "D Arms A"
    assert sides(tie(competition, 2, 1)) == ("D", None)


def test_a_seeded_cup_takes_no_random_seed_and_entries_stop_at_the_draw() -> None:
    cup = a_cup_league(3)
    competition = cup_created(cup)
    entered(cup, competition)
    seeded = cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 5}, format="json")
    assert seeded.status_code == 422 and AuditEntry.objects.filter(action="cup.draw.refused").count() == 1
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    again = cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json")
    assert again.status_code == 422 and "already drawn" in again.json()["error"]
    late = cup.captain(cup.teams[0]).post(f"/api/cups/{competition['id']}/entries", {"team": cup.teams[0].pk},
                                          format="json")
    assert late.status_code == 422 and "drawn" in late.json()["error"]


def test_a_singles_cup_takes_players_and_the_secretary_records_each_winner() -> None:
    cup = a_cup_league(2)
    competition = cup_created(cup, name="Singles", kind="singles", draw_mode="rounds", seeded=False, legs=1)
    squad = list(SquadRegistration.objects.filter(season=cup.season).select_related("player")
                 .order_by("player__name"))[:3]
    me = squad[0].player
    me.user = get_user_model().objects.create_user("player-one")
    me.save()
    url = f"/api/cups/{competition['id']}/entries"
    ok(tablet_for(me.user).post(url, {"player": me.pk}, format="json"), 201)
    someone_else = tablet_for(me.user).post(url, {"player": squad[1].player_id}, format="json")
    assert someone_else.status_code == 403
    for registration in squad[1:]:
        ok(cup.desk().post(url, {"player": registration.player_id}, format="json"), 201)
    team_entry = cup.desk().post(url, {"team": cup.teams[0].pk}, format="json")
    assert team_entry.status_code == 422 and "enter a player" in team_entry.json()["error"]
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 3}, format="json"), 201)
    played = next(t for t in cup_view(competition)["rounds"][0]["ties"] if not t["bye"])
    no_fixture = cup.desk().post(f"/api/cup-ties/{played['id']}/date", {"date": day(2).isoformat()}, format="json")
    assert no_fixture.status_code == 422
    won = ok(cup.desk().post(f"/api/cup-ties/{played['id']}/winner",
                             {"winner": played["away"]["entry"], "reason": "61-45"}, format="json"))
    assert won["winner"]["entry"] == played["away"]["entry"]
    final = ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 4}, format="json"), 201)
    assert final["round"] == 2
    ties = cup_view(competition)["rounds"][1]["ties"]
    assert len(ties) == 1 and played["away"]["entry"] in (ties[0]["home"]["entry"], ties[0]["away"]["entry"])
    ok(cup.desk().post(f"/api/cup-ties/{ties[0]['id']}/winner", {"winner": ties[0]["home"]["entry"],
                                                                 "reason": "61-12"}, format="json"))
    assert cup_view(competition)["status"] == "finished"


def test_a_side_withdrawn_after_the_draw_concedes_its_tie_now_or_when_its_opponent_is_known() -> None:
    cup = a_cup_league(3, names="ABC")
    competition = cup_created(cup, legs=1)
    entries = {}
    for seed, team in enumerate(cup.teams, start=1):
        entries[team.name[0]] = ok(cup.desk().post(f"/api/cups/{competition['id']}/entries",
                                                   {"team": team.pk, "seed": seed}, format="json"), 201)["id"]
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    semi = tie(competition, 1, 2)
    assert sides(semi) == ("B", "C") and sides(tie(competition, 2, 1)) == ("A", None)
    fixture = ok(cup.desk().post(f"/api/cup-ties/{semi['id']}/date", {"date": day(5).isoformat()},
                                 format="json"), 201)

    # A, waiting in the final, withdraws: the final waits for its other side.
    ok(cup.captain(cup.team_named("A Arms A")).post(f"/api/cup-entries/{entries['A']}/withdraw", {},
                                                    format="json"))
    assert tie(competition, 2, 1)["winner"] is None
    # C withdraws before its semi-final: B goes through, the arranged match is void, and B takes the final.
    ok(cup.captain(cup.team_named("C Arms A")).post(f"/api/cup-entries/{entries['C']}/withdraw", {},
                                                    format="json"))
    assert ok(APIClient().get(f"/api/fixtures/{fixture['id']}"))["status"] == "void"
    semi = tie(competition, 1, 2)
    assert semi["winner"]["name"] == "B Arms A" and "C Arms A withdrew" in semi["decided_reason"]
    final = tie(competition, 2, 1)
    assert final["winner"]["name"] == "B Arms A" and "A Arms A withdrew" in final["decided_reason"]
    assert cup_view(competition)["status"] == "finished"


@pytest.fixture
def with_a_drawn_cup() -> CupLeague:
    cup = a_cup_league(3)
    competition = cup_created(cup, legs=1)
    entered(cup, competition)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    return cup


def test_a_season_with_a_drawn_cup_is_kept_with_its_draw_and_says_why(with_a_drawn_cup: CupLeague) -> None:
    """The draw log is append-only: deleting the season would delete it."""
    cup = with_a_drawn_cup
    competition = cup_view({"id": Competition.objects.get(season=cup.season).pk})
    ok(cup.desk().post(f"/api/cup-ties/{tie(competition, 1, 2)['id']}/date", {"date": day(3).isoformat()},
                       format="json"), 201)
    with pytest.raises(Refused, match="1 cup draw made"):
        season_delete(season_id=cup.season.pk, user=cup.secretary)
    assert Competition.objects.exists() and CupDraw.objects.exists()


def test_the_secretarys_delete_page_says_a_drawn_cup_keeps_the_season(with_a_drawn_cup: CupLeague) -> None:
    cup = with_a_drawn_cup
    secretary = browser(cup.secretary)
    address = f"/secretary/seasons/{cup.season.pk}/delete"
    assert "1 cup draw made" in text(secretary.get(address))
    answer = post(secretary, address)
    assert answer.status_code == 200 and "cannot be deleted: it has 1 cup draw made" in text(answer)
    assert Competition.objects.filter(season=cup.season).exists()


def test_a_season_with_an_undrawn_cup_can_still_be_deleted() -> None:
    cup = a_cup_league(3)
    entered(cup, cup_created(cup, legs=1))
    season_delete(season_id=cup.season.pk, user=cup.secretary)
    assert not Competition.objects.exists()


def test_the_database_keeps_a_draw_when_its_cup_is_deleted_outside_the_services(
        with_a_drawn_cup: CupLeague) -> None:
    competition = Competition.objects.get(season=with_a_drawn_cup.season)
    with pytest.raises(ProtectedError):
        competition.delete()
    assert CupDraw.objects.filter(competition=competition).exists()


def test_a_late_cup_result_is_chased_but_costs_no_points() -> None:
    cup = a_cup_league(2)
    competition = cup_created(cup, legs=1)
    entered(cup, competition)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {}, format="json"), 201)
    fixture = ok(cup.desk().post(f"/api/cup-ties/{tie(competition, 1, 1)['id']}/date",
                                 {"date": day(1).isoformat()}, format="json"), 201)
    assert results_overdue_check(today=day(30)) == 1
    notice = OverdueNotice.objects.get(fixture_id=fixture["id"])
    assert notice.sanction is None and not Sanction.objects.exists()


def test_dates_offered_for_a_team_tie_are_told_to_the_away_captain() -> None:
    cup = a_cup_league(2)
    competition = cup_created(cup, legs=1, tie_break=["games"], seeded=False)
    entered(cup, competition)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 3}, format="json"), 201)
    final = tie(competition, 1, 1)
    home, away = cup.team_named(final["home"]["name"]), cup.team_named(final["away"]["name"])
    for team in (home, away):
        team.captain.email = f"{team.captain.username}@example.org"
        team.captain.save()
    ok(cup.captain(home).post(f"/api/cup-ties/{final['id']}/offer",
                              {"dates": [day(5).isoformat(), day(3).isoformat()]}, format="json"))
    told = Notice.objects.get(user=away.captain)
    assert told.subject == f"Dates offered: Knockout Cup, {home.name} v {away.name}"
    assert told.body.index(day_words(day(3))) < told.body.index(day_words(day(5)))
    assert told.link.endswith(f"/cups/{competition['id']}/#tie-{final['id']}")
    assert not Notice.objects.filter(user=home.captain).exists()
