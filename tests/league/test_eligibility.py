"""Who may be named on a team sheet by the league's eligibility rules: the
days a new registration waits, and no player for two teams in one
competition (a division, or a team cup's own division). Dates are worked
out from today, never written in."""
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from leagues import a_team, players
from matchnights import Night, a_match_night
from tablets import tablet_for

from league.models import Division, DivisionEntry, Fixture, Season, SquadRegistration, Team
from league.refusals import SubstitutionInvalid, TeamSheetInvalid
from league.selectors.eligibility import card_eligibility_notes
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from league.services.match_games import rubber_game_card
from league.services.squads import squad_register
from league.services.substitutes import substitutes_name
from league.services.teamsheets import team_sheet_enter
from league.services.transfers import transfer_direct

SINGLES = ["singles"] * 9


def registered_days_ago(night: Night, days: int) -> None:
    SquadRegistration.objects.update(registered_at=timezone.now() - timedelta(days=days))


# Days the league makes a new registration wait, days since the squads
# registered, and whether they may play tonight.
WAITING = [
    (0, 0, True),
    (7, 7, True),
    (7, 6, False),
    (14, 20, True),
    (14, 13, False),
    (28, 0, False),
]


@pytest.mark.parametrize(("wait", "ago", "allowed"), WAITING)
def test_a_player_may_play_once_the_leagues_days_after_registering_have_passed(
        db: None, wait: int, ago: int, allowed: bool) -> None:
    night = a_match_night(eligible_after_days=wait)
    registered_days_ago(night, ago)
    enter = lambda: team_sheet_enter(fixture_id=night.fixture.pk, lineups=night.lineups(SINGLES),  # noqa: E731
                                     user=night.home_captain)
    if allowed:
        enter()
        return
    day = timezone.localdate() - timedelta(days=ago) + timedelta(days=wait)
    with pytest.raises(TeamSheetInvalid, match=f"a player may play {wait} days after registering, "
                                               f"so from {day.day} {day:%B %Y}"):
        enter()


SUBS = {"name": "Subs allowed", "pairs": "named", "substitutes": 2, "max_singles": 1, "max_pairs": 1,
        "rubbers": [{"kind": "singles"}, {"kind": "singles"}, {"kind": "pairs"}]}


def test_a_substitute_waits_the_same_days(db: None) -> None:
    night = a_match_night(eligible_after_days=10)
    stored_format_create(league_id=night.league.pk, kind="format", slug="subs", data=SUBS, user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"match_format": "own:subs"}, user=night.secretary)
    registered_days_ago(night, 3)
    with pytest.raises(SubstitutionInvalid, match="is not yet eligible"):
        substitutes_name(fixture_id=night.fixture.pk, team_id=night.home.pk, player_ids=[night.home_players[9].pk],
                         user=night.home_captain)


def played_rubber_one(night: Night, fixture: Fixture, home: list[int], away: list[int]) -> None:
    """The fixture's sheet with `home` and `away` in rubber 1 and its first game recorded."""
    lineups = night.lineups(SINGLES)
    lineups[0] = (home, away)
    team_sheet_enter(fixture_id=fixture.pk, lineups=lineups, user=night.secretary)
    rubber_game_card(fixture_id=fixture.pk, rubber=1, home_score=61, away_score=30, user=night.secretary)


def another_fixture(night: Night, division: Division, away: Team) -> Fixture:
    DivisionEntry.objects.get_or_create(division=division, team=night.home)
    DivisionEntry.objects.get_or_create(division=division, team=away)
    return Fixture.objects.create(division=division, week=2, date=night.fixture.date, home_team=night.home,
                                  away_team=away, venue=night.home.home_venue, status=Fixture.Status.PUBLISHED)


@pytest.mark.parametrize("competition", ["division", "cup"])
def test_a_player_who_played_for_one_team_may_not_play_for_another_in_the_same_competition(
        db: None, competition: str) -> None:
    night = a_match_night(transfers="secretary")
    if competition == "cup":
        # A team cup's legs are fixtures of the cup's own division.
        night.fixture.division = Division.objects.create(season=night.season, name="Challenge Cup", level=2)
        Division.objects.filter(pk=night.fixture.division.pk).update(is_cup=True)
        night.fixture.save()
    moved = night.away_players[0]
    played_rubber_one(night, night.fixture, [night.home_players[0].pk], [moved.pk])
    transfer_direct(season_id=night.season.pk, player_id=moved.pk, to_team_id=night.home.pk, user=night.secretary)
    plough = a_team(night.league, "Plough C")
    ploughs = players(9, prefix="Plough C")
    SquadRegistration.objects.bulk_create(SquadRegistration(season=night.season, team=plough, player=p)
                                          for p in ploughs)
    same = another_fixture(night, night.fixture.division, plough)
    lineups = [([moved.pk] if number == 0 else home, [ploughs[number].pk])
               for number, (home, _) in enumerate(night.lineups(SINGLES))]
    with pytest.raises(TeamSheetInvalid, match=f"{moved.name}, who has already played for {night.away} in this "
                                               f"competition this season"):
        team_sheet_enter(fixture_id=same.pk, lineups=lineups, user=night.secretary)
    # Another competition is another matter.
    other = another_fixture(night, Division.objects.create(season=night.season, name="Division Two", level=2), plough)
    team_sheet_enter(fixture_id=other.pk, lineups=lineups, user=night.secretary)


def test_a_returned_card_names_a_player_the_rules_did_not_allow(db: None) -> None:
    night = a_match_night(eligible_after_days=14)
    registered_days_ago(night, 30)
    played_rubber_one(night, night.fixture, [night.home_players[0].pk], [night.away_players[0].pk])
    # The registration is found to have been made late, after the card was in.
    SquadRegistration.objects.filter(player=night.home_players[0]).update(registered_at=timezone.now())
    notes = card_eligibility_notes(fixture_id=night.fixture.pk)
    assert notes == [f"{night.home} played {night.home_players[0].name}, who is not yet eligible: registered on "
                     f"{_day(timezone.localdate())}, a player may play 14 days after registering, so from "
                     f"{_day(timezone.localdate() + timedelta(days=14))}."]


def _day(day: Any) -> str:
    return f"{day.day} {day:%B %Y}"


def carried_over_tonight(night: Night, client: Client) -> None:
    """Last season both teams had tonight's squads; this season's squads
    are carried over from it today, on the secretary's page."""
    today = timezone.localdate()
    last = Season.objects.create(league=night.league, name="Last winter", start=today - timedelta(days=400),
                                 registration_deadline=today - timedelta(days=410))
    division = Division.objects.create(season=last, name="Premier")
    for team, squad in ((night.home, night.home_players), (night.away, night.away_players)):
        DivisionEntry.objects.create(division=division, team=team)
        SquadRegistration.objects.bulk_create(SquadRegistration(season=last, team=team, player=p) for p in squad)
    SquadRegistration.objects.filter(season=night.season).delete()
    client.force_login(night.secretary)
    client.post(f"/secretary/seasons/{night.season.pk}/carry-over", {"late_ok": "on"})
    assert SquadRegistration.objects.filter(season=night.season).count() == 20


def sheet_put(night: Night, lineups: list[tuple[list[int], list[int]]]) -> Any:
    return tablet_for(night.home_captain).put(
        f"/api/fixtures/{night.fixture.pk}/night/sheet",
        {"rubbers": [{"home": home, "away": away} for home, away in lineups]}, format="json")


def test_a_squad_carried_over_with_its_team_plays_the_first_night_under_a_waiting_rule(
        db: None, client: Client) -> None:
    night = a_match_night(eligible_after_days=14)
    carried_over_tonight(night, client)
    answer = sheet_put(night, night.lineups(SINGLES))
    assert answer.status_code == 200, answer.json()


def test_a_player_new_to_the_team_still_waits_beside_a_carried_squad(db: None, client: Client) -> None:
    night = a_match_night(eligible_after_days=14)
    carried_over_tonight(night, client)
    # The away team's ninth player moves to the home side: new to it this season.
    newcomer = night.away_players[9]
    SquadRegistration.objects.filter(season=night.season, player=newcomer).delete()
    squad_register(season_id=night.season.pk, team_id=night.home.pk, player_id=newcomer.pk, user=night.secretary)
    lineups = night.lineups(SINGLES)
    lineups[8] = ([newcomer.pk], lineups[8][1])
    answer = sheet_put(night, lineups)
    assert answer.status_code == 422
    assert "a player may play 14 days after registering" in str(answer.json())
