"""Singles and pairs ties played as games: their dates.

A singles or pairs tie is not a fixture of the cup's division, so it has
no leg to arrange: a secretary gives it its date (a tie gone by only when
insisting, as for a team tie), and a cup with a finals night has its
semi-finals and final dated for that night, at the finals venue, as soon
as they are drawn. Who wins is still recorded by a secretary
(`cup_ties.tie_winner_set`).

Every change and refusal is audited.
"""
from datetime import date

from django.db import transaction
from django.utils import timezone

from league.authors import Author
from league.models import Competition, CupTie
from league.refusals import NotPermitted, Refused
from league.selectors.access import secretary_refusal
from league.selectors.cups import rounds_in
from league.services.audit import audit_record

Failure = NotPermitted | Refused
FINALS_ROUNDS = 2  # the semi-finals and the final


def game_tie_date_set(*, tie_id: int, date: date, user: Author, insist: bool = False) -> CupTie:
    """A secretary sets the date a singles or pairs tie is played. A date
    gone by is refused unless `insist` (a tie already played, recorded
    late)."""
    with transaction.atomic():
        tie = (CupTie.objects.select_for_update(of=("self",)).select_related("competition__season__league")
               .get(pk=tie_id))
        failure: Failure | None = (secretary_refusal(league=tie.competition.season.league, user=user,
                                                     doing="can set a cup tie's date")
                                   or _dateable_refusal(tie))
        if failure is None and date < timezone.localdate() and not insist:
            failure = Refused(f"{date.day} {date:%B %Y} has gone: a tie is set for today or later")
        if failure is None:
            tie.date = date
            tie.save(update_fields=["date"])
        audit_record(user=user, action="cup.date.set", target=tie, refusal=failure,
                     data={"date": date.isoformat(), "insist": insist})
    if failure is not None:
        raise failure
    return tie


def finals_ties_dated(competition: Competition) -> int:
    """Dates the undated semi-finals and final of a singles or pairs cup
    for its finals night; returns how many. Call inside the draw that made
    them (the draw audits itself)."""
    if competition.kind == Competition.Kind.TEAM or competition.finals_date is None:
        return 0
    ties = list(CupTie.objects.filter(competition=competition).only("round"))
    last = rounds_in(ties)
    return (CupTie.objects.filter(competition=competition, round__gt=last - FINALS_ROUNDS, date__isnull=True,
                                  bye=False, winner__isnull=True)
            .update(date=competition.finals_date))


def _dateable_refusal(tie: CupTie) -> Refused | None:
    if tie.competition.kind == Competition.Kind.TEAM:
        return Refused("a team cup's tie is dated by arranging its leg: set its date as a fixture")
    if tie.bye:
        return Refused("a bye has no game to date")
    if tie.winner_id is not None:
        return Refused(f"the tie is decided ({tie.decided_reason}): it has no game left to date")
    return None
