"""Transfers mid-season under each of the league's three rules: who must
approve, what is refused (and audited, writing nothing), the fee recorded,
the old registration kept as history, and what each team's sheet may name
afterwards."""
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone
from matchnights import Night, a_match_night

from league.models import AuditEntry, SquadRegistration, TransferRequest
from league.refusals import NotCaptain, NotSecretary, TeamSheetInvalid, TransferRefused
from league.selectors.squads import squad_players
from league.services.teamsheets import team_sheet_enter
from league.services.transfers import (
    transfer_approve,
    transfer_direct,
    transfer_refuse,
    transfer_request,
    transfer_withdraw,
)

SINGLES = ["singles"] * 9


def a_night(rule: str, **settings: Any) -> Night:
    return a_match_night(transfers=rule, transfer_fee=Decimal("5.00"), **settings)


def mover(night: Night) -> Any:
    """The away side's tenth player, not needed on the away sheet."""
    return night.away_players[9]


def ask(night: Night) -> TransferRequest:
    """The home captain asks for the away side's tenth player."""
    return transfer_request(season_id=night.season.pk, player_id=mover(night).pk, to_team_id=night.home.pk,
                            user=night.home_captain)


def written() -> tuple[int, int, list[Any]]:
    return (TransferRequest.objects.count(), SquadRegistration.objects.count(),
            list(SquadRegistration.objects.order_by("pk").values()))


# The rule, then who approves after the receiving captain asks, in turn:
# the approvals still wanted after each, the last empty (applied).
APPROVALS = [
    ("secretary", [("secretary", [])]),
    ("captains", [("secretary", ["from_captain"]), ("away_captain", [])]),
]


@pytest.mark.parametrize(("rule", "steps"), APPROVALS)
def test_a_transfer_takes_effect_when_the_last_approval_the_rule_asks_for_is_given(
        db: None, rule: str, steps: list[tuple[str, list[str]]]) -> None:
    from league.selectors.transfers import approvals_missing
    night = a_night(rule)
    transfer = ask(night)
    assert transfer.status == "open" and transfer.fee == Decimal("5.00")
    for who, waiting in steps:
        transfer = transfer_approve(transfer_id=transfer.pk, user=getattr(night, who))
        assert approvals_missing(transfer) == waiting
    assert transfer.status == "approved"
    today = timezone.localdate()
    assert transfer.effective_on == today
    old = SquadRegistration.objects.get(team=night.away, player=mover(night))
    assert old.ended_on == today  # kept, as history
    assert SquadRegistration.objects.get(team=night.home, player=mover(night)).ended_on is None
    assert mover(night) in squad_players(season_id=night.season.pk, team_id=night.home.pk)
    assert mover(night) not in squad_players(season_id=night.season.pk, team_id=night.away.pk)
    assert AuditEntry.objects.filter(action="transfer.approve").count() == len(steps)


def test_under_the_captains_rule_the_secretary_alone_does_not_move_the_player(db: None) -> None:
    night = a_night("captains")
    transfer = transfer_approve(transfer_id=ask(night).pk, user=night.secretary)
    assert transfer.status == "open"
    assert SquadRegistration.objects.get(player=mover(night)).team == night.away


@pytest.mark.parametrize("rule", ["secretary", "captains"])
def test_a_captain_whose_approval_is_not_wanted_cannot_give_it(db: None, rule: str) -> None:
    night = a_night(rule)
    transfer = ask(night)
    with pytest.raises(NotCaptain, match="waits for"):
        transfer_approve(transfer_id=transfer.pk, user=night.home_captain)  # already agreed by asking
    if rule == "secretary":
        with pytest.raises(NotCaptain):
            transfer_approve(transfer_id=transfer.pk, user=night.away_captain)
    assert AuditEntry.objects.filter(action="transfer.approve.refused").exists()


@pytest.mark.parametrize("rule", ["none", "secretary", "captains"])
def test_the_league_rule_decides_whether_a_transfer_may_be_asked_for_at_all(db: None, rule: str) -> None:
    night = a_night(rule)
    before = written()
    if rule == "none":
        with pytest.raises(TransferRefused, match="allows no transfers mid-season"):
            ask(night)
        assert written() == before
        assert AuditEntry.objects.filter(action="transfer.request.refused").count() == 1
    else:
        assert ask(night).status == "open"


@pytest.mark.parametrize(("rule", "setup", "words"), [
    (rule, setup, words)
    for rule in ("secretary", "captains")
    for setup, words in [
        ("deadline", "the last day for transfers in Winter was"),
        ("full", "already has 10 players registered, the most Winter allows"),
    ]
])
def test_a_transfer_is_refused_after_the_last_day_or_into_a_full_squad(db: None, rule: str, setup: str,
                                                                        words: str) -> None:
    night = a_night(rule)
    if setup == "deadline":
        night.season.transfer_deadline = timezone.localdate() - timedelta(days=1)
    else:
        night.season.squad_max = 10
    night.season.save()
    before = written()
    with pytest.raises(TransferRefused, match=words):
        ask(night)
    with pytest.raises(TransferRefused, match=words):
        transfer_direct(season_id=night.season.pk, player_id=mover(night).pk, to_team_id=night.home.pk,
                        user=night.secretary)
    assert written() == before
    assert AuditEntry.objects.filter(action__in=["transfer.request.refused", "transfer.direct.refused"]).count() == 2


def test_a_squad_that_filled_while_the_request_waited_refuses_the_last_approval(db: None) -> None:
    night = a_night("secretary")
    transfer = ask(night)
    night.season.squad_max = 10
    night.season.save()
    before = written()
    with pytest.raises(TransferRefused, match="the most Winter allows"):
        transfer_approve(transfer_id=transfer.pk, user=night.secretary)
    assert written() == before
    assert TransferRequest.objects.get().status == "open"


def test_a_secretary_transfers_directly_in_one_step_with_the_fee_recorded(db: None) -> None:
    night = a_night("captains")
    transfer = transfer_direct(season_id=night.season.pk, player_id=mover(night).pk, to_team_id=night.home.pk,
                               user=night.secretary, note="written request and fee received")
    assert (transfer.status, transfer.fee, transfer.effective_on) == ("approved", Decimal("5.00"),
                                                                      timezone.localdate())
    entry = AuditEntry.objects.get(action="transfer.direct")
    assert entry.data["fee"] == "5.00" and entry.user == night.secretary


def test_only_a_secretary_transfers_directly(db: None) -> None:
    night = a_night("secretary")
    before = written()
    with pytest.raises(NotSecretary):
        transfer_direct(season_id=night.season.pk, player_id=mover(night).pk, to_team_id=night.home.pk,
                        user=night.home_captain)
    assert written() == before


def test_the_fee_is_the_one_the_league_charged_when_the_transfer_was_asked_for(db: None) -> None:
    night = a_night("secretary")
    transfer = ask(night)
    night.league.transfer_fee = Decimal("7.50")
    night.league.save()
    assert transfer_approve(transfer_id=transfer.pk, user=night.secretary).fee == Decimal("5.00")


def test_a_refused_or_withdrawn_request_moves_nobody(db: None) -> None:
    night = a_night("secretary")
    before = written()[1:]
    refused = transfer_refuse(transfer_id=ask(night).pk, user=night.secretary, note="no written request")
    assert (refused.status, refused.note) == ("refused", "no written request")
    withdrawn = transfer_withdraw(transfer_id=ask(night).pk, user=night.home_captain)
    assert withdrawn.status == "withdrawn"
    assert written()[1:] == before
    with pytest.raises(TransferRefused, match="already withdrawn"):
        transfer_approve(transfer_id=withdrawn.pk, user=night.secretary)


def test_the_old_team_can_no_longer_name_the_player_and_the_new_one_can_once_eligible(db: None) -> None:
    night = a_night("secretary", eligible_after_days=14)
    # The squads were registered before the season began.
    SquadRegistration.objects.update(registered_at=timezone.now() - timedelta(days=60))
    transfer_direct(season_id=night.season.pk, player_id=mover(night).pk, to_team_id=night.home.pk,
                    user=night.secretary)
    lineups = night.lineups(SINGLES)
    away_sheet = [(home, [mover(night).pk] if number == 1 else away)
                  for number, (home, away) in enumerate(lineups, start=1)]
    with pytest.raises(TeamSheetInvalid, match=f"{mover(night).name}, who left {night.away} by transfer on"):
        team_sheet_enter(fixture_id=night.fixture.pk, lineups=away_sheet, user=night.home_captain)
    home_sheet = [([mover(night).pk] if number == 1 else home, away)
                  for number, (home, away) in enumerate(lineups, start=1)]
    eligible = timezone.localdate() + timedelta(days=14)
    with pytest.raises(TeamSheetInvalid, match=f"is not yet eligible: .* so from {eligible.day} {eligible:%B %Y}"):
        team_sheet_enter(fixture_id=night.fixture.pk, lineups=home_sheet, user=night.home_captain)
    # Fourteen days on (the registration moved back rather than the clock on).
    SquadRegistration.objects.filter(team=night.home, player=mover(night)).update(
        registered_at=timezone.now() - timedelta(days=14))
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=home_sheet, user=night.home_captain)


def test_a_season_without_results_is_deleted_with_its_transfers(db: None) -> None:
    from league.services.seasons import season_delete
    night = a_night("secretary")
    ask(night)
    transfer_direct(season_id=night.season.pk, player_id=night.away_players[8].pk, to_team_id=night.home.pk,
                    user=night.secretary)
    season_delete(season_id=night.season.pk, user=night.secretary)
    assert not TransferRequest.objects.exists() and not SquadRegistration.objects.exists()
