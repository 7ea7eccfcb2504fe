"""Changing a cup once it is created: whether it is a handicap cup, and
its settings (name, entries' closing date and limit, pairs of one team,
finals night). Each change, and each refusal, is audited as the other cup
services' are (league.services.cups creates, enters and draws)."""
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from league.authors import Author
from league.competition_kinds import kind_rules
from league.models import Competition, CupEntry, CupTie, Division, Fixture, Venue
from league.models.audit_actions import AuditAction
from league.refusals import Refused
from league.services.audit import audit_record
from league.services.cup_games import finals_ties_dated
from league.services.cups import (
    MOVING,
    Failure,
    cup_locked,
    cup_secretary_refusal,
    handicap_refusal,
    one_team_refusal,
    pair_team_ids,
)
from league.services.page_versions import pages_changed_by


def cup_handicap_set(*, competition_id: int, handicap: bool, user: Author) -> Competition:
    """Makes a singles or pairs cup a handicap cup, or not: each game
    started from then on is given the start the league's handicap rule
    works out (league.services.cup_games), those already started keep
    theirs. Raises Competition.DoesNotExist, NotSecretary or Refused (a
    team cup)."""
    with transaction.atomic():
        competition = cup_locked(competition_id)
        failure: Failure | None = cup_secretary_refusal(competition, user, doing="can make a cup a handicap cup")
        if failure is None and handicap:
            failure = handicap_refusal(competition.kind)
        before = competition.handicap
        if failure is None and before != handicap:
            competition.handicap = handicap
            competition.save(update_fields=["handicap"])
        audit_record(user=user, action=AuditAction.CUP_HANDICAP, target=competition, refusal=failure,
                     data={"before": before, "after": handicap})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_HANDICAP, target=competition)
    if failure is not None:
        raise failure
    return competition


SETTINGS = ("name", "entry_closes", "max_entries", "finals_date", "finals_venue_id", "pairs_one_team")


def cup_settings_change(*, competition_id: int, changes: dict[str, Any], user: Author) -> Competition:
    """Changes a cup's settings after it is created: `changes` holds any
    of SETTINGS. Its name (its division's too) at any time; its closing
    date, its limit of entries and whether a pair is of one team until it
    is drawn (the limit never below the entries already in, one team only
    when every pair entered is); its finals night (date and venue, both or
    neither) until the cup is finished. The singles and pairs ties dated
    for the old finals night, none of them started, move to the new one (or
    lose their date, when the finals night is taken away); the team legs
    arranged for it are moved as fixtures first, by the secretary, and are
    then refused here. Raises Competition.DoesNotExist, NotSecretary or
    Refused."""
    unknown = sorted(set(changes) - set(SETTINGS))
    if unknown:
        raise ValueError(f"not a cup setting: {', '.join(unknown)}")
    changed: dict[str, list[Any]] = {}
    with transaction.atomic():
        competition = cup_locked(competition_id)
        failure: Failure | None = cup_secretary_refusal(competition, user, doing="can change a cup's settings")
        wanted = {name: value for name, value in changes.items() if getattr(competition, name) != value}
        failure = failure or _settings_change_refusal(competition, wanted)
        if failure is None and wanted:
            old_finals = competition.finals_date
            for name, value in wanted.items():
                changed[name] = [_said(getattr(competition, name)), _said(value)]
                setattr(competition, name, value.strip() if name == "name" else value)
            try:
                with transaction.atomic():
                    competition.save(update_fields=list(wanted))
                    if "name" in wanted:
                        Division.objects.filter(pk=competition.division_id).update(name=competition.name)
            except IntegrityError:
                failure = Refused(f"{competition.season.name} already has a cup or a division called "
                                  f"{competition.name}")
            if failure is None and ("finals_date" in wanted or "finals_venue_id" in wanted):
                changed["finals_ties_moved"] = [old_finals and old_finals.isoformat(), _finals_moved(
                    competition, old_finals)]
        audit_record(user=user, action=AuditAction.CUP_SETTINGS, target=competition, refusal=failure,
                     data={"changes": changed if failure is None else
                           {name: _said(value) for name, value in changes.items()}})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_SETTINGS, target=competition)
    if failure is not None:
        raise failure
    return competition


def _said(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value


def _settings_change_refusal(competition: Competition, wanted: dict[str, Any]) -> Refused | None:
    drawn = competition.status != Competition.Status.ENTRY
    if "name" in wanted and not str(wanted["name"]).strip():
        return Refused("a cup needs a name")
    for name, words in (("entry_closes", "closing date"), ("max_entries", "limit of entries"),
                        ("pairs_one_team", "rule for pairs")):
        if name in wanted and drawn:
            return Refused(f"{competition} is drawn: its entries are settled, so its {words} can no longer change")
    limit = wanted.get("max_entries")
    if limit is not None:
        count = CupEntry.objects.filter(competition=competition, withdrawn=False).count()
        if limit < 2:
            return Refused("a cup takes at least two entries")
        if limit < count:
            return Refused(f"{competition} already has {count} entries: its limit cannot be fewer "
                           "(withdraw entries first)")
    if wanted.get("pairs_one_team"):
        failure = one_team_refusal(competition.kind)
        if failure is not None:
            return failure
        for entry in CupEntry.objects.filter(competition=competition, withdrawn=False).select_related(
                "player", "partner"):
            if entry.player is not None and entry.partner is not None and not pair_team_ids(
                    competition, entry.player, entry.partner):
                return Refused(f"{entry.name} are not both registered with one team: withdraw the pair before "
                               "making the cup one for pairs of one team")
    if "finals_date" in wanted or "finals_venue_id" in wanted:
        return _finals_change_refusal(competition, wanted)
    return None


def _finals_change_refusal(competition: Competition, wanted: dict[str, Any]) -> Refused | None:
    day = wanted.get("finals_date", competition.finals_date)
    venue = wanted.get("finals_venue_id", competition.finals_venue_id)
    if (day is None) != (venue is None):
        return Refused("give both the finals night and its venue, or neither")
    if competition.status == Competition.Status.FINISHED:
        return Refused(f"{competition} is finished: its finals night is over")
    if venue is not None and not Venue.objects.filter(pk=venue).exists():
        return Refused("no such venue for the finals night")
    if day is not None and "finals_date" in wanted and day < timezone.localdate():
        return Refused(f"{day.day} {day:%B %Y} has gone: a finals night is today or later")
    old = competition.finals_date
    if old is None:
        return None
    on_the_night = CupTie.objects.filter(competition=competition, date=old, bye=False)
    if on_the_night.filter(winner__isnull=False).exists() or on_the_night.filter(games__isnull=False).exists():
        return Refused(f"{competition}'s finals night of {old.day} {old:%B %Y} has games played: it stays as it was")
    legs = (Fixture.objects.filter(cup_tie__competition=competition, status__in=MOVING)
            .filter(Q(rearranged_to=old) | Q(rearranged_to__isnull=True, date=old)))
    if "finals_date" in wanted and legs.exists():
        return Refused(f"{competition} has {legs.count()} match{'es' if legs.count() > 1 else ''} arranged for its "
                       f"finals night of {old.day} {old:%B %Y}: move them from the cup's page first")
    if legs.filter(night__isnull=False).exclude(night__status="open").exists():
        return Refused(f"a match of {competition}'s finals night has its result in: the finals venue stays")
    return None


def _finals_moved(competition: Competition, old: date | None) -> int:
    """The ties and legs of the old finals night follow the change: a
    singles or pairs tie dated for it to the new night (or undated), a team
    leg arranged for it (only a new venue: a new date is refused while one
    is arranged) to the new venue; then the semi-finals and final still
    undated are dated for the new night. How many moved."""
    moved = 0
    if old is not None and kind_rules(competition.kind).dates_ties:
        moved += CupTie.objects.filter(competition=competition, date=old, bye=False, winner__isnull=True).update(
            date=competition.finals_date)
    if old is not None and competition.finals_venue_id is not None and old == competition.finals_date:
        moved += (Fixture.objects.filter(cup_tie__competition=competition, status__in=MOVING)
                  .filter(Q(rearranged_to=old) | Q(rearranged_to__isnull=True, date=old))
                  .update(venue_id=competition.finals_venue_id))
    return moved + finals_ties_dated(competition)
