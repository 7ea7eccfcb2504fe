"""Registrations racing each other on PostgreSQL, each on its own
connection, released at the same moment: the squad limits and one team a
season hold however the writes interleave."""
from functools import partial
from typing import Any

import pytest
from leagues import a_league, a_season, a_team, players
from races import race

from league.models import AuditEntry, SquadRegistration
from league.refusals import RegisteredElsewhere, SquadFull
from league.services.squads import squad_register


@pytest.mark.django_db(transaction=True)
def test_only_one_of_several_racing_registrations_takes_the_last_place(postgres: None, secretary: Any) -> None:
    league = a_league()
    league.secretaries.add(secretary)
    season, team = a_season(league, squad_max=3, squad_min=2), a_team(league, "Red Lion A")
    squad = players(2)
    for player in squad:
        squad_register(season_id=season.pk, team_id=team.pk, player_id=player.pk, user=secretary)
    hopefuls = players(4, prefix="Hopeful")
    answers = race([
        partial(squad_register, season_id=season.pk, team_id=team.pk, player_id=player.pk, user=secretary)
        for player in hopefuls
    ])
    assert sum(isinstance(answer, SquadRegistration) for answer in answers) == 1
    assert sum(isinstance(answer, SquadFull) for answer in answers) == 3
    assert SquadRegistration.objects.filter(season=season, team=team).count() == 3
    assert AuditEntry.objects.filter(action="squad.register.refused").count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_player_registered_by_two_teams_at_once_joins_one(postgres: None, secretary: Any) -> None:
    league = a_league()
    league.secretaries.add(secretary)
    season = a_season(league)
    teams = [a_team(league, "Red Lion A"), a_team(league, "Crown B")]
    (ann,) = players(1, prefix="Ann")
    answers = race([
        partial(squad_register, season_id=season.pk, team_id=team.pk, player_id=ann.pk, user=secretary) for team in teams
    ])
    (joined,) = [answer for answer in answers if isinstance(answer, SquadRegistration)]
    (refused,) = [answer for answer in answers if isinstance(answer, RegisteredElsewhere)]
    assert f"registered for {joined.team}" in refused.message
    assert SquadRegistration.objects.get().team == joined.team


@pytest.mark.django_db(transaction=True)
def test_a_registration_and_a_transfer_racing_for_the_last_place_do_not_both_take_it(
        postgres: None, secretary: Any) -> None:
    from league.models import TransferRequest
    from league.refusals import TransferRefused
    from league.services.transfers import transfer_direct

    league = a_league(transfers="secretary")
    league.secretaries.add(secretary)
    season = a_season(league, squad_max=3, squad_min=2)
    red_lion, crown = a_team(league, "Red Lion A"), a_team(league, "Crown B")
    for player in players(2):
        squad_register(season_id=season.pk, team_id=red_lion.pk, player_id=player.pk, user=secretary)
    (mover,) = players(1, prefix="Mover")
    squad_register(season_id=season.pk, team_id=crown.pk, player_id=mover.pk, user=secretary)
    (newcomer,) = players(1, prefix="Newcomer")
    answers = race([
        partial(squad_register, season_id=season.pk, team_id=red_lion.pk, player_id=newcomer.pk, user=secretary),
        partial(transfer_direct, season_id=season.pk, player_id=mover.pk, to_team_id=red_lion.pk, user=secretary),
    ])
    assert sum(isinstance(answer, (SquadRegistration, TransferRequest)) for answer in answers) == 1
    assert sum(isinstance(answer, (SquadFull, TransferRefused)) for answer in answers) == 1
    assert SquadRegistration.objects.filter(season=season, team=red_lion, ended_on__isnull=True).count() == 3
