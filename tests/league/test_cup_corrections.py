"""A decided tie corrected after the draw went on: the bracket never names a
winner who did not play on. While the winner's next tie has not begun the
correction goes through to it (the new winner named there, whatever was
arranged with the old one dropped); once that tie has begun or is decided,
the correction is refused, saying which tie was played. Team, singles and
pairs cups alike, through the API and the secretary's pages."""
from typing import Any

import pytest
from cupleague import CupLeague, a_cup_league, day, leg_played, ok, squad_ids
from django.test import Client
from test_api_cups import cup_created, sides, tie
from test_cup_games import a_drawn_cup, final, semi
from test_public_pages import text_of

from league.models import AuditEntry, Competition, CupTie, Fixture, MatchNight, Notice, Venue
from league.selectors.shown_names import entry_name_public
from league.services.cup_games import cup_game_card, cup_game_start, game_tie_date_set
from league.services.game_tie_dates import game_tie_date_pick, game_tie_dates_offer

pytestmark = pytest.mark.django_db


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


def test_a_team_tie_corrected_before_the_final_begins_sends_the_new_winner_to_it() -> None:
    cup = a_cup_league(4, names="ABCD")
    competition, semi_leg, final_leg = a_final_arranged(cup)
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


def test_the_captains_of_a_dated_leg_called_off_by_a_correction_are_told_once() -> None:
    cup = a_cup_league(4, names="ABCD")
    for team in cup.teams:
        team.captain.email = f"{team.captain.username}@example.org"
        team.captain.save()
    competition, semi_leg, final_leg = a_final_arranged(cup)
    ok(corrected(cup, semi_leg))
    ok(corrected(cup, semi_leg))  # the same correction again: nothing more is called off
    told = Notice.objects.filter(subject="Called off: A Arms A v B Arms A")
    assert sorted(told.values_list("address", flat=True)) == ["captain-a@example.org", "captain-b@example.org"]
    assert all(notice.kind == "fixture_changed" for notice in told)
    assert f"set for {day(10):%A} {day(10).day} {day(10):%B %Y}, is called off" in told[0].body
    assert "Why: A Arms A no longer plays in this tie" in told[0].body
    assert not Notice.objects.filter(address="captain-d@example.org", subject__startswith="Called off")


def test_a_team_tie_corrected_once_its_winner_began_the_final_is_refused_saying_so() -> None:
    cup = a_cup_league(4, names="ABCD")
    competition, semi_leg, final_leg = a_final_arranged(cup)
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


def test_a_walkover_given_from_the_secretarys_pages_after_the_final_is_played_is_refused() -> None:
    cup = a_cup_league(4, names="ABCD")
    competition, semi_leg, final_leg = a_final_arranged(cup)
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


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_another_winner_recorded_on_the_cup_page_once_the_final_has_begun_is_refused(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    cup_game_start(tie_id=final(competition).pk, user=secretary)
    first = semi(competition)
    client = Client()
    client.force_login(secretary)
    page = client.post(f"/secretary/cup-ties/{first.pk}/winner",
                       {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"}, follow=True)
    words = text_of(page.content.decode())
    against = entry_name_public(final(competition).away)
    assert (f"{entry_name_public(first.home)} played on: their tie against {against} in the final has begun "
            "(a game of it is played or being played), so this tie's result can no longer change") in words
    assert semi(competition).winner_id == first.home_id and final(competition).home_id == first.home_id


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_another_winner_recorded_before_the_final_begins_goes_through_to_it(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    game_tie_date_set(tie_id=final(competition).pk, date=day(9), user=secretary)
    first = semi(competition)
    client = Client()
    client.force_login(secretary)
    page = client.post(f"/secretary/cup-ties/{first.pk}/winner",
                       {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"}, follow=True)
    assert page.status_code == 200
    the_final: CupTie = final(competition)
    assert semi(competition).winner_id == first.away_id and the_final.home_id == first.away_id
    assert the_final.date is None  # agreed with the side that no longer plays it
    names = f"{first.away} v {the_final.away}"
    assert names in text_of(client.get(f"/secretary/cups/{competition.pk}/").content.decode())


def test_a_round_by_round_tie_decided_again_sends_its_new_winner_where_the_draw_put_its_winner() -> None:
    cup = a_cup_league(4, names="ABCD")
    competition = cup_created(cup, draw_mode="rounds", seeded=False, legs=1)
    for team in cup.teams:
        ok(cup.captain(team).post(f"/api/cups/{competition['id']}/entries", {"team": team.pk}, format="json"), 201)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 5}, format="json"), 201)
    legs = {}
    for number in (1, 2):
        legs[number] = ok(cup.desk().post(f"/api/cup-ties/{tie(competition, 1, number)['id']}/date",
                                          {"date": day(3 + number).isoformat()}, format="json"), 201)
        leg_played(cup, legs[number], home_wins=5)
    ok(cup.desk().post(f"/api/cups/{competition['id']}/draw", {"seed": 6}, format="json"), 201)
    first = tie(competition, 1, 1)
    winner, loser = first["home"]["name"][0], first["away"]["name"][0]
    drawn = sides(tie(competition, 2, 1))
    assert winner in drawn

    # Its leg voided, the tie has no winner: its place in the final waits for one.
    ok(cup.desk().post(f"/api/fixtures/{legs[1]['id']}/void", {"reason": "played at the wrong pub"},
                       format="json"))
    assert None in sides(tie(competition, 2, 1))
    replayed = ok(cup.desk().post(f"/api/cup-ties/{first['id']}/date", {"date": day(7).isoformat()},
                                  format="json"), 201)
    leg_played(cup, replayed, home_wins=4)
    assert tie(competition, 1, 1)["winner"]["name"][0] == loser
    assert sides(tie(competition, 2, 1)) == tuple(loser if side == winner else side for side in drawn)


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_the_players_of_a_date_agreed_then_dropped_by_a_correction_are_told_once(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    the_final = final(competition)
    assert the_final.home is not None and the_final.away is not None
    players = [*the_final.home.logins, *the_final.away.logins]
    for login in players:
        login.email = f"{login.username}@example.org"
        login.save()
    game_tie_dates_offer(tie_id=the_final.pk, dates=[day(9), day(10)], user=the_final.home.logins[0])
    game_tie_date_pick(tie_id=the_final.pk, date=day(10), user=the_final.away.logins[0])
    first = semi(competition)
    client = Client()
    client.force_login(secretary)
    for _ in range(2):  # the same winner recorded again: nothing more is called off
        client.post(f"/secretary/cup-ties/{first.pk}/winner",
                    {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"})
    assert final(competition).home_id == first.away_id and final(competition).date is None
    told = Notice.objects.filter(subject__startswith="Called off: Singles Knockout, ")
    assert sorted(told.values_list("address", flat=True)) == sorted(login.email for login in players)
    assert len(players) == (4 if kind == "pairs" else 2)
    letter = told.get(address=players[-1].email)
    assert letter.kind == "fixture_changed" and letter.link.endswith(f"#tie-{the_final.pk}")
    assert f"set for {day(10):%A} {day(10).day} {day(10):%B %Y}, is called off" in letter.body
    assert "no longer plays in it, as a correction decided the tie before it again" in letter.body


@pytest.mark.parametrize("kind", ["singles", "pairs"])
def test_a_tie_on_the_finals_night_keeps_it_and_tells_the_side_gone_the_side_come_and_the_side_staying_once(kind: str) -> None:
    competition, secretary = a_drawn_cup(4, kind=kind)
    hall = Venue.objects.create(name="Town Hall")
    Competition.objects.filter(pk=competition.pk).update(finals_date=day(20), finals_venue=hall)
    first = semi(competition)
    assert first.home is not None and first.away is not None
    for number in (1, 2):
        cup_game_card(tie_id=semi(competition, number).pk, home_score=61, away_score=40, user=secretary)
    game_tie_date_set(tie_id=final(competition).pk, date=day(20), user=secretary)
    staying = final(competition).away
    assert staying is not None
    gone, come = first.home.logins, first.away.logins
    for login in [*gone, *come, *staying.logins]:
        login.email = f"{login.username}@example.org"
        login.save()
    client = Client()
    client.force_login(secretary)
    for _ in range(2):  # the same winner recorded again: nobody is told twice
        client.post(f"/secretary/cup-ties/{first.pk}/winner",
                    {f"won{first.pk}-winner": first.away_id, f"won{first.pk}-reason": "a walkover"})
    the_final = final(competition)
    assert the_final.home_id == first.away_id and the_final.date == day(20)
    night = f"the cup's finals night, {day(20):%A} {day(20).day} {day(20):%B %Y}"
    off = Notice.objects.filter(subject__startswith="Called off: Singles Knockout, ")
    assert sorted(off.values_list("address", flat=True)) == sorted(login.email for login in gone)
    letter = off.get(address=gone[0].email)
    assert letter.subject == f"Called off: Singles Knockout, {first.home} v {staying}"
    assert f"on {night}, is called off for you" in letter.body and letter.link.endswith(f"#tie-{the_final.pk}")
    on = Notice.objects.filter(subject__startswith="Date set: Singles Knockout, ")
    assert sorted(on.values_list("address", flat=True)) == sorted(login.email for login in come)
    letter = on.get(address=come[-1].email)
    assert letter.subject == f"Date set: Singles Knockout, {first.away} v {staying}"
    assert f"You now play in the Singles Knockout tie {first.away} v {staying}, on {night}, at Town Hall" in letter.body
    assert letter.kind == "fixture_changed"
    against = Notice.objects.filter(subject__startswith="New opponent: Singles Knockout, ")
    assert sorted(against.values_list("address", flat=True)) == sorted(login.email for login in staying.logins)
    letter = against.get(address=staying.logins[0].email)
    assert letter.subject == f"New opponent: Singles Knockout, {first.away} v {staying}"
    assert f"Your Singles Knockout tie on {night}, has a new opponent" in letter.body
    assert f"You now play {first.away}." in letter.body and letter.link.endswith(f"#tie-{the_final.pk}")
    assert Notice.objects.filter(address__in=[login.email for login in staying.logins]).count() == len(staying.logins)
