"""Squads: who may change them, the size limits, the registration deadline,
one team a season, who may play, and the audit log of every change and
refusal."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from leagues import a_league, a_season, a_team, players

from league.models import AuditEntry, Player, Season, SquadRegistration, Team
from league.refusals import (
    AlreadyInSquad,
    NotCaptain,
    NotInSquad,
    RegisteredElsewhere,
    RegistrationClosed,
    SquadFull,
    WrongLeague,
)
from league.selectors.squads import player_eligibility, squad_check, squad_players
from league.services.squads import squad_register, squad_withdraw


@pytest.fixture
def red_lion(league: Any) -> Team:
    return a_team(league, "Red Lion A")


@pytest.fixture
def captain(red_lion: Team) -> Any:
    """Red Lion A's captain."""
    red_lion.captain = get_user_model().objects.create_user("captain")
    red_lion.save()
    return red_lion.captain


@pytest.fixture
def crown(league: Any) -> Team:
    return a_team(league, "Crown B")


@pytest.fixture
def season(league: Any) -> Season:
    return a_season(league, squad_max=3, squad_min=2)


@pytest.fixture
def closed_season(league: Any) -> Season:
    return a_season(league, deadline_in_days=-1, squad_max=3, squad_min=2)


def register(season: Season, team: Team, player: Player, user: Any) -> SquadRegistration:
    return squad_register(season_id=season.pk, team_id=team.pk, player_id=player.pk, user=user)


def withdraw(season: Season, team: Team, player: Player, user: Any) -> None:
    squad_withdraw(season_id=season.pk, team_id=team.pk, player_id=player.pk, user=user)


# Who may change a squad


def test_a_vice_captain_changes_the_squad_as_the_captain_does(season: Season, red_lion: Team) -> None:
    red_lion.vice_captain = get_user_model().objects.create_user("vice")
    red_lion.save()
    ann, bob = players(2)
    register(season, red_lion, ann, red_lion.vice_captain)
    register(season, red_lion, bob, red_lion.vice_captain)
    withdraw(season, red_lion, ann, red_lion.vice_captain)
    assert squad_players(season_id=season.pk, team_id=red_lion.pk) == [bob]


@pytest.fixture(params=["another team's captain", "the team's scorer", "another league's secretary", "nobody"])
def outsider(request: Any, red_lion: Team, crown: Team) -> Any:
    """Someone who may not change Red Lion A's squad; "nobody" is None, as
    from a shell."""
    if request.param == "nobody":
        return None
    user = get_user_model().objects.create_user(request.param)
    if request.param == "another team's captain":
        crown.captain = user
        crown.save()
    elif request.param == "the team's scorer":
        red_lion.scorers.add(user)
    else:
        a_league("Guisborough").secretaries.add(user)
    return user


def test_only_the_captains_or_a_secretary_register_for_a_team(season: Season, red_lion: Team, outsider: Any) -> None:
    (ann,) = players(1)
    with pytest.raises(NotCaptain) as refused:
        register(season, red_lion, ann, outsider)
    assert refused.value.message == (
        "only Red Lion A's captain or vice-captain, or a secretary of Leek & District, may change Red Lion A's squad"
    )
    assert not SquadRegistration.objects.exists()
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.user, entry.data["refusal"]) == ("squad.register.refused", outsider,
                                                                 refused.value.message)


def test_only_the_captains_or_a_secretary_withdraw_from_a_team(season: Season, red_lion: Team, captain: Any,
                                                                outsider: Any) -> None:
    (ann,) = players(1)
    register(season, red_lion, ann, captain)
    with pytest.raises(NotCaptain):
        withdraw(season, red_lion, ann, outsider)
    assert squad_players(season_id=season.pk, team_id=red_lion.pk) == [ann]
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["squad.register", "squad.withdraw.refused"]


def test_the_teams_own_league_secretary_is_refused_a_season_of_another_league(season: Season) -> None:
    """A season's squads are its league's business, whichever league the
    team is of."""
    guisborough = a_league("Guisborough")
    visitor = get_user_model().objects.create_user("visitor")
    guisborough.secretaries.add(visitor)
    (ann,) = players(1)
    with pytest.raises(NotCaptain, match="a secretary of Leek & District"):
        register(season, a_team(guisborough, "Anchor A"), ann, visitor)


# Registering


def test_a_captain_registers_players_before_the_deadline(season: Season, red_lion: Team, captain: Any) -> None:
    ann, bob = players(2)
    registration = register(season, red_lion, ann, captain)
    register(season, red_lion, bob, captain)
    assert registration.registered_by == captain
    assert squad_players(season_id=season.pk, team_id=red_lion.pk) == [ann, bob]


def test_it_refuses_a_player_beyond_the_squad_maximum(season: Season, red_lion: Team, captain: Any) -> None:
    *squad, fourth = players(4)
    for player in squad:
        register(season, red_lion, player, captain)
    with pytest.raises(SquadFull, match="Red Lion A already has 3 players registered for Winter 2026-27, the most allowed"):
        register(season, red_lion, fourth, captain)
    assert len(squad_players(season_id=season.pk, team_id=red_lion.pk)) == 3


def test_the_maximum_binds_a_secretary_too(season: Season, red_lion: Team, secretary: Any) -> None:
    *squad, fourth = players(4)
    for player in squad:
        register(season, red_lion, player, secretary)
    with pytest.raises(SquadFull):
        register(season, red_lion, fourth, secretary)


def test_after_the_deadline_a_captain_is_refused(closed_season: Season, red_lion: Team, captain: Any) -> None:
    (ann,) = players(1)
    day = closed_season.registration_deadline
    with pytest.raises(RegistrationClosed) as refused:
        register(closed_season, red_lion, ann, captain)
    assert refused.value.message == (
        f"registration for Winter 2026-27 closed on {day.day} {day:%B %Y}: "
        "only a league secretary can change Red Lion A's squad now"
    )
    assert not SquadRegistration.objects.exists()


def test_after_the_deadline_a_secretary_may_still_register(closed_season: Season, red_lion: Team, secretary: Any) -> None:
    (ann,) = players(1)
    register(closed_season, red_lion, ann, secretary)
    assert squad_players(season_id=closed_season.pk, team_id=red_lion.pk) == [ann]


def test_registration_stays_open_through_the_deadline_day(league: Any, red_lion: Team, captain: Any) -> None:
    season = a_season(league, deadline_in_days=0)
    (ann,) = players(1)
    register(season, red_lion, ann, captain)
    assert squad_players(season_id=season.pk, team_id=red_lion.pk) == [ann]
    assert player_eligibility(season_id=season.pk, team_id=red_lion.pk, player_id=ann.pk) is None


def test_a_player_cannot_move_teams_mid_season(season: Season, red_lion: Team, crown: Team, secretary: Any) -> None:
    (ann,) = players(1, prefix="Ann")
    register(season, crown, ann, secretary)
    with pytest.raises(RegisteredElsewhere, match="Ann 1 is registered for Crown B this season: a player moves team mid-season only by a transfer"):
        register(season, red_lion, ann, secretary)
    assert player_eligibility(season_id=season.pk, team_id=crown.pk, player_id=ann.pk) is None


def test_registering_a_player_twice_for_one_team_is_refused(season: Season, red_lion: Team, captain: Any) -> None:
    (ann,) = players(1)
    register(season, red_lion, ann, captain)
    with pytest.raises(AlreadyInSquad, match="already registered for Red Lion A"):
        register(season, red_lion, ann, captain)


def test_a_player_may_play_for_another_team_next_season(league: Any, season: Season, red_lion: Team,
                                                        crown: Team, captain: Any, secretary: Any) -> None:
    (ann,) = players(1)
    register(season, red_lion, ann, captain)
    next_season = Season.objects.create(
        league=league, name="Summer 2027", start=season.start + timedelta(days=200),
        registration_deadline=season.registration_deadline + timedelta(days=200),
    )
    register(next_season, crown, ann, secretary)
    assert squad_players(season_id=next_season.pk, team_id=crown.pk) == [ann]
    assert player_eligibility(season_id=next_season.pk, team_id=crown.pk, player_id=ann.pk) is None
    # Last season's squad still shows where the player was then.
    assert squad_players(season_id=season.pk, team_id=red_lion.pk) == [ann]
    assert player_eligibility(season_id=season.pk, team_id=crown.pk, player_id=ann.pk) == "registered for Red Lion A"


def test_a_team_from_another_league_is_refused(season: Season, captain: Any) -> None:
    stranger = a_team(a_league("Guisborough"), "Anchor A")
    stranger.captain = captain
    stranger.save()
    (ann,) = players(1)
    with pytest.raises(WrongLeague, match="Anchor A does not play in Leek & District"):
        register(season, stranger, ann, captain)


# Withdrawing


def test_a_captain_withdraws_a_player_before_the_deadline(season: Season, red_lion: Team, captain: Any) -> None:
    ann, bob = players(2)
    register(season, red_lion, ann, captain)
    register(season, red_lion, bob, captain)
    withdraw(season, red_lion, ann, captain)
    assert squad_players(season_id=season.pk, team_id=red_lion.pk) == [bob]


def test_after_the_deadline_only_a_secretary_withdraws(closed_season: Season, red_lion: Team,
                                                       captain: Any, secretary: Any) -> None:
    (ann,) = players(1)
    register(closed_season, red_lion, ann, secretary)
    with pytest.raises(RegistrationClosed):
        withdraw(closed_season, red_lion, ann, captain)
    withdraw(closed_season, red_lion, ann, secretary)
    assert squad_players(season_id=closed_season.pk, team_id=red_lion.pk) == []


def test_withdrawing_a_player_not_in_the_squad_is_refused(season: Season, red_lion: Team, captain: Any) -> None:
    (ann,) = players(1, prefix="Ann")
    with pytest.raises(NotInSquad, match="Ann 1 is not registered for Red Lion A this season"):
        withdraw(season, red_lion, ann, captain)


# Eligibility


def test_a_registered_player_is_eligible(season: Season, red_lion: Team, captain: Any) -> None:
    (ann,) = players(1)
    register(season, red_lion, ann, captain)
    assert player_eligibility(season_id=season.pk, team_id=red_lion.pk, player_id=ann.pk) is None


def test_an_unregistered_player_is_not_eligible(season: Season, red_lion: Team) -> None:
    (ann,) = players(1)
    reason = player_eligibility(season_id=season.pk, team_id=red_lion.pk, player_id=ann.pk)
    assert reason == "not registered for Red Lion A this season"


def test_a_player_registered_for_another_team_is_not_eligible(season: Season, red_lion: Team, crown: Team,
                                                              secretary: Any) -> None:
    (ann,) = players(1)
    register(season, crown, ann, secretary)
    reason = player_eligibility(season_id=season.pk, team_id=red_lion.pk, player_id=ann.pk)
    assert reason == "registered for Crown B"


def test_registration_for_another_season_does_not_make_a_player_eligible(league: Any, season: Season,
                                                                          red_lion: Team, captain: Any) -> None:
    (ann,) = players(1)
    register(season, red_lion, ann, captain)
    later = Season.objects.create(league=league, name="Summer 2027", start=season.start + timedelta(days=200),
                                  registration_deadline=season.registration_deadline + timedelta(days=200))
    reason = player_eligibility(season_id=later.pk, team_id=red_lion.pk, player_id=ann.pk)
    assert reason == "not registered for Red Lion A this season"


# Checking a squad


def test_a_short_squad_is_no_problem_before_the_deadline(season: Season, red_lion: Team, captain: Any) -> None:
    register(season, red_lion, players(1)[0], captain)
    assert squad_check(season_id=season.pk, team_id=red_lion.pk) == []


def test_a_short_squad_is_a_problem_after_the_deadline(closed_season: Season, red_lion: Team, secretary: Any) -> None:
    register(closed_season, red_lion, players(1)[0], secretary)
    problems = squad_check(season_id=closed_season.pk, team_id=red_lion.pk)
    assert len(problems) == 1
    assert problems[0].startswith("Red Lion A has 1 player registered, fewer than the 2 needed")


def test_a_squad_over_a_lowered_maximum_is_a_problem(season: Season, red_lion: Team, captain: Any) -> None:
    for player in players(3):
        register(season, red_lion, player, captain)
    Season.objects.filter(pk=season.pk).update(squad_max=2, squad_min=1)
    assert squad_check(season_id=season.pk, team_id=red_lion.pk) == [
        "Red Lion A has 3 players registered, more than the 2 allowed",
    ]


def test_a_full_squad_after_the_deadline_has_no_problems(closed_season: Season, red_lion: Team, secretary: Any) -> None:
    for player in players(2):
        register(closed_season, red_lion, player, secretary)
    assert squad_check(season_id=closed_season.pk, team_id=red_lion.pk) == []


# The audit log


def test_every_squad_change_is_audited_with_who_made_it(season: Season, red_lion: Team, captain: Any) -> None:
    (ann,) = players(1, prefix="Ann")
    register(season, red_lion, ann, captain)
    withdraw(season, red_lion, ann, captain)
    entries = list(AuditEntry.objects.order_by("id"))
    assert [(e.action, e.user, e.target_label) for e in entries] == [
        ("squad.register", captain, "Red Lion A"),
        ("squad.withdraw", captain, "Red Lion A"),
    ]
    assert entries[0].target_id == str(red_lion.pk)
    assert entries[0].data == {
        "season": season.pk, "season_name": "Winter 2026-27", "player": ann.pk, "player_name": "Ann 1", "late": False,
    }


def test_a_late_registration_by_a_secretary_is_audited_as_late(closed_season: Season, red_lion: Team,
                                                               secretary: Any) -> None:
    register(closed_season, red_lion, players(1)[0], secretary)
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.user, entry.data["late"]) == ("squad.register", secretary, True)


def test_a_refused_registration_is_audited_with_the_reason(closed_season: Season, red_lion: Team,
                                                           captain: Any) -> None:
    with pytest.raises(RegistrationClosed) as refused:
        register(closed_season, red_lion, players(1)[0], captain)
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.user, entry.data["refusal"]) == (
        "squad.register.refused", captain, refused.value.message,
    )


def test_a_refused_withdrawal_is_audited(closed_season: Season, red_lion: Team, captain: Any,
                                         secretary: Any) -> None:
    (ann,) = players(1)
    register(closed_season, red_lion, ann, secretary)
    with pytest.raises(RegistrationClosed):
        withdraw(closed_season, red_lion, ann, captain)
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["squad.register", "squad.withdraw.refused"]
    assert squad_players(season_id=closed_season.pk, team_id=red_lion.pk) == [ann]
