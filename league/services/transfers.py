"""Transfers: a registered player moving to another team mid-season, as
the league's `transfers` rule allows (league.models.transfers).

The receiving team's captain (or vice-captain) or a secretary asks; the
secretary approves, and under the captains' rule both teams' captains too,
each from their own page (the receiving captain who asked has agreed by
asking). The last approval applies the transfer, that day: the player's
registration with the old team ends (kept as history) and one with the new
team starts, so from that day on the old team's sheet can no longer name
the player and the new one can once the league's eligibility days have
passed. The league's rules are checked when asked and again when applied
(the squad may have filled meanwhile). A secretary may also transfer a
player directly, in one step. The fee is the league's when asked,
recorded on the transfer and not collected here.

Each change and each refusal is audited against the transfer (or, refused
before there is one, against the receiving team); the season's row is
locked, so two transfers of one season are decided one at a time, and the
receiving team's, so a registration and a transfer cannot both take its
squad's last place.
"""
from typing import Any

from django.db import transaction
from django.utils import timezone

from league.authors import Author, author_user
from league.models import Player, Season, SquadRegistration, Team, TransferRequest
from league.models.audit_actions import AuditAction
from league.refusals import NotCaptain, NotPermitted, Refused, TransferRefused
from league.selectors.access import is_secretary, secretary_refusal
from league.selectors.squads import current_registration
from league.selectors.transfers import (
    ROLE_WORDS,
    TO_CAPTAIN,
    approvals_missing,
    approver_roles,
    request_access_refusal,
    transfer_rule_refusal,
)
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by

Failure = NotPermitted | Refused
Status = TransferRequest.Status


def transfer_request(*, season_id: int, player_id: int, to_team_id: int, user: Author,
                     note: str = "") -> TransferRequest:
    """Asks for `player` to move to `to_team` this season. Raises
    Season/Team/Player.DoesNotExist, NotCaptain or a Refused subclass."""
    return _ask(season_id=season_id, player_id=player_id, to_team_id=to_team_id, user=user, note=note,
                direct=False)


def transfer_direct(*, season_id: int, player_id: int, to_team_id: int, user: Author,
                    note: str = "") -> TransferRequest:
    """A secretary moves `player` to `to_team` in one step, today: the
    transfer is recorded, fee and all, as asked and approved at once."""
    return _ask(season_id=season_id, player_id=player_id, to_team_id=to_team_id, user=user, note=note,
                direct=True)


def _ask(*, season_id: int, player_id: int, to_team_id: int, user: Author, note: str,
         direct: bool) -> TransferRequest:
    transfer: TransferRequest | None = None
    with transaction.atomic():
        season = Season.objects.select_for_update(no_key=True).select_related("league").get(pk=season_id)
        # The receiving team's row too, as a registration locks it: the two
        # cannot both take its squad's last place. Both locks are FOR NO KEY
        # UPDATE, which a registration's INSERT checking its season's key
        # does not wait for while it holds the team's (a plain FOR UPDATE
        # here deadlocked the two).
        to_team = Team.objects.select_for_update(no_key=True).get(pk=to_team_id)
        player = Player.objects.get(pk=player_id)
        failure: Failure | None = (
            secretary_refusal(league=season.league, user=user, doing="can transfer a player directly") if direct
            else request_access_refusal(season=season, to_team=to_team, user=user))
        failure = failure or transfer_rule_refusal(season=season, player=player, to_team=to_team)
        if failure is None and TransferRequest.objects.filter(season=season, player=player,
                                                              status=Status.OPEN).exists():
            failure = TransferRefused(f"{player} already has a transfer asked for: decide or withdraw it first")
        if failure is None:
            current = current_registration(season_id=season.pk, player_id=player.pk)
            assert current is not None  # the rule's check found it
            transfer = TransferRequest.objects.create(
                season=season, player=player, from_team=current.team, to_team=to_team, fee=season.league.transfer_fee,
                requested_by=author_user(user), note=note.strip())
            roles = [TO_CAPTAIN] if not direct and TO_CAPTAIN in approver_roles(transfer, user) else []
            _approve(transfer, roles + (approver_roles(transfer, user) if direct else []), user)
            if direct:
                _apply(transfer, user)
        data = {"season": season.pk, "player": player.pk, "player_name": player.name, "to_team": to_team.pk,
                "direct": direct, "fee": str(season.league.transfer_fee)}
        audit_record(user=user, action=AuditAction.TRANSFER_DIRECT if direct else AuditAction.TRANSFER_REQUEST,
                     target=transfer if transfer is not None else to_team, data=data, refusal=failure)
        if failure is None:
            pages_changed_by(action=AuditAction.TRANSFER_DIRECT if direct else AuditAction.TRANSFER_REQUEST, target=transfer if transfer is not None else to_team)
    if failure is not None:
        raise failure
    assert transfer is not None
    return transfer


def transfer_approve(*, transfer_id: int, user: Author) -> TransferRequest:
    """Records `user`'s approval (as secretary, or as either team's
    captain, as the league's rule asks); the last one needed applies the
    transfer. Raises TransferRequest.DoesNotExist, NotPermitted or Refused."""

    def change(transfer: TransferRequest, details: dict[str, Any]) -> Failure | None:
        roles = [role for role in approver_roles(transfer, user) if role in approvals_missing(transfer)]
        if not roles:
            return _not_yours(transfer, user, doing="approve")
        last = set(roles) >= set(approvals_missing(transfer))
        # The rules are checked again where this approval applies it.
        failure = (transfer_rule_refusal(season=transfer.season, player=transfer.player, to_team=transfer.to_team)
                   if last else None)
        if failure is None:
            _approve(transfer, roles, user)
            details["approved_as"] = roles
            if last:
                _apply(transfer, user)
        return failure

    return _decide(transfer_id=transfer_id, user=user, action=AuditAction.TRANSFER_APPROVE, change=change)


def transfer_refuse(*, transfer_id: int, user: Author, note: str = "") -> TransferRequest:
    """Turns the request down: a secretary, or a captain whose approval it
    needs."""

    def change(transfer: TransferRequest, details: dict[str, Any]) -> Failure | None:
        if not approver_roles(transfer, user):
            return _not_yours(transfer, user, doing="refuse")
        _close(transfer, Status.REFUSED, user, note)
        return None

    return _decide(transfer_id=transfer_id, user=user, action=AuditAction.TRANSFER_REFUSE, change=change)


def transfer_withdraw(*, transfer_id: int, user: Author) -> TransferRequest:
    """Takes the request back: whoever asked, or a secretary."""

    def change(transfer: TransferRequest, details: dict[str, Any]) -> Failure | None:
        asked = user is not None and user.is_authenticated and transfer.requested_by_id == user.pk
        if not asked and not is_secretary(league=transfer.season.league_id, user=user):
            return NotPermitted("only whoever asked for the transfer, or a league secretary, may withdraw it")
        _close(transfer, Status.WITHDRAWN, user, "")
        return None

    return _decide(transfer_id=transfer_id, user=user, action=AuditAction.TRANSFER_WITHDRAW, change=change)


def _decide(*, transfer_id: int, user: Author, action: AuditAction, change: Any) -> TransferRequest:
    with transaction.atomic():
        season_id = TransferRequest.objects.values_list("season_id", flat=True).get(pk=transfer_id)
        Season.objects.select_for_update(no_key=True).get(pk=season_id)
        to_team_id = TransferRequest.objects.values_list("to_team_id", flat=True).get(pk=transfer_id)
        Team.objects.select_for_update(no_key=True).get(pk=to_team_id)
        transfer = (TransferRequest.objects.select_related("season__league", "player", "from_team", "to_team")
                    .get(pk=transfer_id))
        details: dict[str, Any] = {"player": transfer.player_id, "player_name": transfer.player.name}
        failure: Failure | None = None
        if transfer.status != Status.OPEN:
            failure = TransferRefused(f"the transfer is already {transfer.status}")
        failure = failure or change(transfer, details)
        details["status"] = transfer.status
        audit_record(user=user, action=action, target=transfer, data=details, refusal=failure)
        if failure is None:
            pages_changed_by(action=action, target=transfer)
    if failure is not None:
        raise failure
    return transfer


def _not_yours(transfer: TransferRequest, user: Author, *, doing: str) -> NotPermitted:
    missing = approvals_missing(transfer)
    who = " or ".join(ROLE_WORDS[role] for role in missing) or "nobody"
    return NotCaptain(f"this transfer waits for {who}: only they may {doing} it now")


def _approve(transfer: TransferRequest, roles: list[str], user: Author) -> None:
    now = timezone.now()
    for role in roles:
        setattr(transfer, f"{role}_approved_by", author_user(user))
        setattr(transfer, f"{role}_approved_at", now)
    transfer.save()


def _apply(transfer: TransferRequest, user: Author) -> None:
    """The old registration ends today and the new one starts today."""
    today = timezone.localdate()
    SquadRegistration.objects.filter(season=transfer.season, player=transfer.player, team=transfer.from_team,
                                     ended_on__isnull=True).update(ended_on=today)
    SquadRegistration.objects.create(season=transfer.season, team=transfer.to_team, player=transfer.player,
                                     registered_by=author_user(user))
    transfer.effective_on = today
    _close(transfer, Status.APPROVED, user, transfer.note)


def _close(transfer: TransferRequest, status: str, user: Author, note: str) -> None:
    transfer.status, transfer.decided_by, transfer.decided_at = status, author_user(user), timezone.now()
    if note.strip():
        transfer.note = note.strip()
    transfer.save()
