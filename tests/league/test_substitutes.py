"""Substitutes on a match night: each captain names up to the format's
number from the squad before the first game; a named substitute takes over
a rubber not yet started in place of a player named in it, within the
format's limits. Every refusal says why in a sentence, changes nothing and
is audited; the night's substitutes and substitutions are shown to anyone."""
from typing import Any

import pytest
from matchnights import Night, a_match_night
from rest_framework.test import APIClient
from tablets import tablet_for

from league.models import AuditEntry, NightSubstitute, Rubber, Substitution
from league.refusals import NotPermitted, Refused
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from league.services.match_games import rubber_game_card
from league.services.substitutes import substitute_on, substitutes_name
from league.services.teamsheets import team_sheet_enter

SUBS = {"name": "Subs allowed", "pairs": "named", "substitutes": 2, "max_singles": 1, "max_pairs": 1,
        "rubbers": [{"kind": "singles"}, {"kind": "singles"}, {"kind": "pairs"}]}


@pytest.fixture
def night(db: None) -> Night:
    night = a_match_night()
    stored_format_create(league_id=night.league.pk, kind="format", slug="subs", data=SUBS, user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"match_format": "own:subs"}, user=night.secretary)
    return night


@pytest.fixture
def sheet(night: Night) -> Night:
    """Singles by players 0 and 1, the pairs by 2 and 3; 4 onwards sit out."""
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=[
        ([night.home_players[0].pk], [night.away_players[0].pk]),
        ([night.home_players[1].pk], [night.away_players[1].pk]),
        ([p.pk for p in night.home_players[2:4]], [p.pk for p in night.away_players[2:4]])],
        user=night.home_captain)
    return night


@pytest.fixture
def named(sheet: Night) -> Night:
    substitutes_name(fixture_id=sheet.fixture.pk, team_id=sheet.home.pk,
                     player_ids=[sheet.home_players[5].pk, sheet.home_players[1].pk], user=sheet.home_captain)
    substitutes_name(fixture_id=sheet.fixture.pk, team_id=sheet.away.pk, player_ids=[sheet.away_players[5].pk],
                     user=sheet.away_captain)
    return sheet


def test_each_captain_names_their_substitutes_and_naming_again_replaces_them(sheet: Night) -> None:
    home = [sheet.home_players[5].pk, sheet.home_players[6].pk]
    substitutes_name(fixture_id=sheet.fixture.pk, team_id=sheet.home.pk, player_ids=home, user=sheet.home_captain)
    substitutes_name(fixture_id=sheet.fixture.pk, team_id=sheet.away.pk, player_ids=[sheet.away_players[5].pk],
                     user=sheet.away_captain)
    substitutes_name(fixture_id=sheet.fixture.pk, team_id=sheet.home.pk, player_ids=home[:1], user=sheet.home_captain)
    stored = {(s.side, s.player_id) for s in NightSubstitute.objects.all()}
    assert stored == {("home", home[0]), ("away", sheet.away_players[5].pk)}
    assert AuditEntry.objects.filter(action="night.substitutes_named").count() == 3


def test_substitutes_may_be_named_before_the_team_sheet(night: Night) -> None:
    substitutes_name(fixture_id=night.fixture.pk, team_id=night.away.pk, player_ids=[night.away_players[9].pk],
                     user=night.away_captain)
    assert NightSubstitute.objects.get().player_id == night.away_players[9].pk


NAMING_REFUSALS: list[tuple[str, Any, str]] = [
    ("three", lambda n: ("home", n.home_captain, [p.pk for p in n.home_players[5:8]]),
     "Subs allowed allows at most 2 substitutes a team; 3 were named."),
    ("twice", lambda n: ("home", n.home_captain, [n.home_players[5].pk] * 2),
     "A player is named as a substitute twice."),
    ("stranger", lambda n: ("home", n.home_captain, [n.away_players[6].pk]), "is not in Leek Red Lion A's squad"),
    ("other captain", lambda n: ("home", n.away_captain, [n.home_players[5].pk]), "only Leek Red Lion A's captain"),
]


@pytest.mark.parametrize(("case", "make", "words"), NAMING_REFUSALS, ids=[c[0] for c in NAMING_REFUSALS])
def test_naming_is_refused_with_a_reason(sheet: Night, case: str, make: Any, words: str) -> None:
    side, user, players = make(sheet)
    team = sheet.home if side == "home" else sheet.away
    with pytest.raises((Refused, NotPermitted)) as refused:
        substitutes_name(fixture_id=sheet.fixture.pk, team_id=team.pk, player_ids=players, user=user)
    assert words in str(refused.value)
    assert not NightSubstitute.objects.exists()
    assert AuditEntry.objects.filter(action="night.substitutes_named.refused").count() == 1


def test_substitutes_are_named_before_the_first_game(sheet: Night) -> None:
    rubber_game_card(fixture_id=sheet.fixture.pk, rubber=1, home_score=61, away_score=40, user=sheet.home_captain)
    with pytest.raises(Refused, match="The match has started"):
        substitutes_name(fixture_id=sheet.fixture.pk, team_id=sheet.home.pk, player_ids=[sheet.home_players[5].pk],
                         user=sheet.home_captain)


def test_a_named_substitute_takes_over_a_rubber_not_started(named: Night) -> None:
    off, on = named.home_players[0], named.home_players[5]
    substitute_on(fixture_id=named.fixture.pk, rubber=1, off=off.pk, on=on.pk, user=named.home_captain)
    assert Rubber.objects.get(number=1).home_player_id == on.pk
    made = Substitution.objects.get()
    assert (made.side, made.off_id, made.on_id) == ("home", off.pk, on.pk)
    assert AuditEntry.objects.get(action="night.substitute_on").data["on"] == on.pk


def test_a_substitute_takes_a_partners_place_in_pairs(named: Night) -> None:
    partner = named.away_players[3]
    substitute_on(fixture_id=named.fixture.pk, rubber=3, off=partner.pk, on=named.away_players[5].pk,
                  user=named.secretary)
    assert Rubber.objects.get(number=3).away_partner_id == named.away_players[5].pk


def started(n: Night) -> None:
    rubber_game_card(fixture_id=n.fixture.pk, rubber=1, home_score=61, away_score=40, user=n.home_captain)


SUBSTITUTION_REFUSALS: list[tuple[str, Any, str]] = [
    ("started", lambda n: (started(n), 1, n.home_players[0], n.home_players[5], n.home_captain)[1:],
     "Rubber 1 has started: its players cannot change."),
    ("not named", lambda n: (2, n.home_players[1], n.home_players[7], n.home_captain),
     "is not named as a substitute for Leek Red Lion A"),
    ("not in the rubber", lambda n: (1, n.home_players[1], n.home_players[5], n.home_captain),
     "does not play rubber 1"),
    ("over the singles limit", lambda n: (1, n.home_players[0], n.home_players[1], n.home_captain),
     "already plays 1 singles rubber: Subs allowed allows 1 a player."),
    ("other side's substitute", lambda n: (1, n.home_players[0], n.away_players[5], n.home_captain),
     "is not named as a substitute for Leek Red Lion A"),
    ("other captain", lambda n: (1, n.home_players[0], n.home_players[5], n.away_captain),
     "only Leek Red Lion A's captain"),
    ("no such rubber", lambda n: (7, n.home_players[0], n.home_players[5], n.home_captain),
     "Rubber 7 has no players named yet"),
]


@pytest.mark.parametrize(("case", "make", "words"), SUBSTITUTION_REFUSALS, ids=[c[0] for c in SUBSTITUTION_REFUSALS])
def test_a_substitution_is_refused_with_a_reason(named: Night, case: str, make: Any, words: str) -> None:
    rubber, off, on, user = make(named)
    before = list(Rubber.objects.values_list("home_player_id", "home_partner_id", "away_player_id", "away_partner_id"))
    with pytest.raises((Refused, NotPermitted)) as refused:
        substitute_on(fixture_id=named.fixture.pk, rubber=rubber, off=off.pk, on=on.pk, user=user)
    assert words in str(refused.value)
    assert not Substitution.objects.exists()
    assert before == list(Rubber.objects.values_list("home_player_id", "home_partner_id", "away_player_id",
                                                     "away_partner_id"))
    assert AuditEntry.objects.filter(action="night.substitute_on.refused").count() == 1


# Through the API


def test_the_api_names_substitutes_and_brings_one_on(sheet: Night) -> None:
    base = f"/api/fixtures/{sheet.fixture.pk}/night"
    captain = tablet_for(sheet.home_captain)
    response = captain.put(f"{base}/substitutes", {"team": sheet.home.pk, "players": [sheet.home_players[5].pk]},
                           format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["home"] == [{"id": sheet.home_players[5].pk, "name": sheet.home_players[5].public_name}]
    response = captain.post(f"{base}/substitutions", {"rubber": 2, "off": sheet.home_players[1].pk,
                                                      "on": sheet.home_players[5].pk}, format="json")
    assert response.status_code == 201, response.json()
    made = response.json()["substitutions"]
    assert [(m["rubber"], m["off"]["id"], m["on"]["id"]) for m in made] == [
        (2, sheet.home_players[1].pk, sheet.home_players[5].pk)]
    assert APIClient().get(f"{base}/substitutes").json()["substitutions"] == made


@pytest.mark.parametrize(("who", "code"), [("away_captain", 403), ("home_captain", 422)])
def test_the_api_refuses_with_the_services_words(sheet: Night, who: str, code: int) -> None:
    players = [p.pk for p in sheet.home_players[5:8]] if code == 422 else [sheet.home_players[5].pk]
    response = tablet_for(getattr(sheet, who)).put(f"/api/fixtures/{sheet.fixture.pk}/night/substitutes",
                                                   {"team": sheet.home.pk, "players": players}, format="json")
    assert response.status_code == code
    assert response.json()["error"]
    assert not NightSubstitute.objects.exists()
