"""A cup's settings changed after it is created (its name, entries'
closing date and limit, finals night, pairs of one team), what singles and
pairs cups may be set to, and the captain-and-secretary pairs cup whose
pairs are of one team. Through the API, as a secretary's tablet does."""
from typing import Any

import pytest
from cupleague import CupLeague, a_cup_league, day, ok
from django.test import Client

from league.models import AuditEntry, Competition, CupGame, CupTie, Division, SquadRegistration, Team
from league.refusals import Refused
from league.services.cup_settings import cup_settings_change
from league.services.cup_ties import tie_date_set
from league.services.cups import cup_draw, cup_enter

pytestmark = pytest.mark.django_db


def a_cup(cup: CupLeague, **settings: Any) -> dict[str, Any]:
    return ok(cup.desk().post(f"/api/seasons/{cup.season.pk}/cups", {"name": "Knockout Cup", **settings},
                              format="json"), 201)


def squad(cup: CupLeague, team: Team) -> list[int]:
    return list(SquadRegistration.objects.filter(season=cup.season, team=team).order_by("pk")
                .values_list("player_id", flat=True))


def refusal(response: Any) -> str:
    assert response.status_code == 422, (response.status_code, response.json())
    return str(response.json()["error"])


# Changing a cup's settings


def test_a_secretary_renames_a_cup_and_changes_its_entries_and_finals_night() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup)
    changed = ok(cup.desk().patch(f"/api/cups/{made['id']}", {
        "name": "Charity Cup", "entry_closes": day(10).isoformat(), "max_entries": 8,
        "finals_date": day(40).isoformat(), "finals_venue": cup.finals_venue.pk}, format="json"))
    assert (changed["name"], changed["entry_closes"], changed["max_entries"]) == (
        "Charity Cup", day(10).isoformat(), 8)
    assert (changed["finals_date"], changed["finals_venue"]) == (day(40).isoformat(), cup.finals_venue.pk)
    assert Division.objects.get(pk=made["division"]).name == "Charity Cup"
    entry = AuditEntry.objects.filter(action="cup.settings").get()
    assert entry.data["changes"]["name"] == ["Knockout Cup", "Charity Cup"]


def test_the_limit_of_entries_is_never_below_the_entries_already_in() -> None:
    cup = a_cup_league(3)
    made = a_cup(cup)
    for team in cup.teams:
        cup_enter(competition_id=made["id"], team_id=team.pk, user=cup.secretary)
    words = refusal(cup.desk().patch(f"/api/cups/{made['id']}", {"max_entries": 2}, format="json"))
    assert "already has 3 entries" in words
    assert AuditEntry.objects.filter(action="cup.settings.refused").count() == 1
    assert Competition.objects.get(pk=made["id"]).max_entries is None


def test_once_drawn_the_closing_date_and_limit_stay_but_the_name_can_change() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup)
    for team in cup.teams:
        cup_enter(competition_id=made["id"], team_id=team.pk, user=cup.secretary)
    cup_draw(competition_id=made["id"], user=cup.secretary, seed=3)
    for change in ({"entry_closes": day(3).isoformat()}, {"max_entries": 16}):
        assert "is drawn" in refusal(cup.desk().patch(f"/api/cups/{made['id']}", change, format="json"))
    assert ok(cup.desk().patch(f"/api/cups/{made['id']}", {"name": "Plate"}, format="json"))["name"] == "Plate"


def test_a_finals_night_needs_its_venue_and_a_night_to_come() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup)
    assert "both" in refusal(cup.desk().patch(f"/api/cups/{made['id']}", {"finals_date": day(9).isoformat()},
                                              format="json"))
    gone = {"finals_date": day(-1).isoformat(), "finals_venue": cup.finals_venue.pk}
    assert "has gone" in refusal(cup.desk().patch(f"/api/cups/{made['id']}", gone, format="json"))


def a_singles_final_on_the_night(cup: CupLeague) -> tuple[Competition, CupTie]:
    made = a_cup(cup, kind="singles", finals_date=day(20).isoformat(), finals_venue=cup.finals_venue.pk)
    for player in (squad(cup, cup.teams[0])[0], squad(cup, cup.teams[1])[0]):
        cup_enter(competition_id=made["id"], player_id=player, user=cup.secretary)
    cup_draw(competition_id=made["id"], user=cup.secretary, seed=1)
    return Competition.objects.get(pk=made["id"]), CupTie.objects.get(competition_id=made["id"])


def test_a_new_finals_night_takes_the_ties_dated_for_the_old_one() -> None:
    cup = a_cup_league(2)
    competition, final = a_singles_final_on_the_night(cup)
    assert final.date == day(20)
    cup_settings_change(competition_id=competition.pk, changes={"finals_date": day(27)}, user=cup.secretary)
    final.refresh_from_db()
    assert final.date == day(27)
    cup_settings_change(competition_id=competition.pk, changes={"finals_date": None, "finals_venue_id": None},
                        user=cup.secretary)
    final.refresh_from_db()
    assert final.date is None


def test_a_finals_night_with_a_game_played_stays_as_it_was() -> None:
    cup = a_cup_league(2)
    competition, final = a_singles_final_on_the_night(cup)
    CupGame.objects.create(tie=final, number=1, source="card", home_score=61, away_score=40, winner="home")
    with pytest.raises(Refused, match="has games played"):
        cup_settings_change(competition_id=competition.pk, changes={"finals_date": day(27)}, user=cup.secretary)


def test_a_team_leg_arranged_for_the_finals_night_is_moved_first() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup, finals_date=day(20).isoformat(), finals_venue=cup.finals_venue.pk)
    for team in cup.teams:
        cup_enter(competition_id=made["id"], team_id=team.pk, user=cup.secretary)
    cup_draw(competition_id=made["id"], user=cup.secretary, seed=1)
    tie_date_set(tie_id=CupTie.objects.get(competition_id=made["id"]).pk, date=day(20), user=cup.secretary)
    words = refusal(cup.desk().patch(f"/api/cups/{made['id']}", {"finals_date": day(27).isoformat()},
                                     format="json"))
    assert "move them from the cup's page first" in words


def test_the_secretary_changes_the_settings_on_the_cup_page() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup)
    client = Client()
    client.force_login(cup.secretary)
    page = client.get(f"/secretary/cups/{made['id']}/").content.decode()
    assert f'action="/secretary/cups/{made["id"]}/settings"' in page
    response = client.post(f"/secretary/cups/{made['id']}/settings", {
        "settings-name": "Charity Cup", "settings-entry_closes": "", "settings-max_entries": "6",
        "settings-finals_date": "", "settings-finals_venue": ""})
    assert response.status_code == 302
    competition = Competition.objects.get(pk=made["id"])
    assert (competition.name, competition.max_entries) == ("Charity Cup", 6)
    assert "Charity Cup" in client.get(f"/secretary/cups/{made['id']}/").content.decode()


# Singles and pairs ties are one best-of-N


@pytest.mark.parametrize(("kind", "settings", "said"), [
    ("singles", {"legs": 2, "tie_break": ["games", "points", "away_points"]}, "only a team cup plays home and away"),
    ("pairs", {"legs": 2}, "only a team cup plays home and away"),
    ("singles", {"level": "decider"}, "never left level"),
    ("team", {"legs": 2, "level": "decider"}, None),
])
def test_only_a_team_cup_plays_two_legs_or_a_decider(kind: str, settings: dict[str, Any], said: str | None) -> None:
    cup = a_cup_league(2)
    response = cup.desk().post(f"/api/seasons/{cup.season.pk}/cups", {"name": "Cup", "kind": kind, **settings},
                               format="json")
    if said is None:
        assert response.status_code == 201
    else:
        assert said in refusal(response)
        assert not Competition.objects.exists()


# Captain and secretary: pairs of one team


def test_a_pairs_cup_of_one_team_refuses_a_pair_from_two_teams() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup, kind="pairs", pairs_one_team=True)
    assert made["pairs_one_team"] is True
    apart = {"player": squad(cup, cup.teams[0])[0], "partner": squad(cup, cup.teams[1])[0]}
    words = refusal(cup.desk().post(f"/api/cups/{made['id']}/entries", apart, format="json"))
    assert "not both registered with the same team" in words
    together = {"player": squad(cup, cup.teams[0])[0], "partner": squad(cup, cup.teams[0])[1]}
    ok(cup.desk().post(f"/api/cups/{made['id']}/entries", together, format="json"), 201)


def test_the_team_s_captain_enters_its_pair_but_not_another_team_s() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup, kind="pairs", pairs_one_team=True)
    own = {"player": squad(cup, cup.teams[0])[0], "partner": squad(cup, cup.teams[0])[1]}
    other = {"player": squad(cup, cup.teams[1])[0], "partner": squad(cup, cup.teams[1])[1]}
    captain = cup.captain(cup.teams[0])
    ok(captain.post(f"/api/cups/{made['id']}/entries", own, format="json"), 201)
    assert captain.post(f"/api/cups/{made['id']}/entries", other, format="json").status_code == 403


def test_only_a_pairs_cup_asks_for_pairs_of_one_team() -> None:
    cup = a_cup_league(2)
    response = cup.desk().post(f"/api/seasons/{cup.season.pk}/cups",
                               {"name": "Singles", "kind": "singles", "pairs_one_team": True}, format="json")
    assert "only a pairs cup" in refusal(response)


def test_a_pairs_cup_becomes_one_of_one_team_only_when_every_pair_entered_is() -> None:
    cup = a_cup_league(2)
    made = a_cup(cup, kind="pairs")
    cup_enter(competition_id=made["id"], player_id=squad(cup, cup.teams[0])[0],
              partner_id=squad(cup, cup.teams[1])[0], user=cup.secretary)
    words = refusal(cup.desk().patch(f"/api/cups/{made['id']}", {"pairs_one_team": True}, format="json"))
    assert "not both registered with one team" in words


@pytest.mark.parametrize(("settings", "said"), [
    ({}, "Each tie is one match; a tie level on games won goes to the side ahead on points pegged. Still level: "
         "a replay"),
    ({"legs": 2, "tie_break": ["games", "points", "away_points"], "level": "decider"},
     "Each tie is two legs, home and away, added together (on aggregate); a tie level on games won goes to the "
     "side ahead on points pegged, then points pegged away. Still level: a deciding match"),
    ({"kind": "singles"}, "Each tie is one match of games between the two sides"),
])
def test_the_public_cup_page_says_how_a_tie_is_won(settings: dict[str, Any], said: str) -> None:
    cup = a_cup_league(2)
    made = a_cup(cup, **settings)
    assert said in Client().get(f"/cups/{made['id']}/").content.decode()
