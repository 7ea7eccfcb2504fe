"""How busy a venue is on a night across the league: the matches it hosts
then, whatever division or cup they are of, to count against its board sets.

A match takes a board on the night it is set for (its new date once
rearranged) unless it is postponed, voided or given as a walkover. A draft
takes one in its own league only: another league's drafts are its
secretary's to draw again, and take a board once published."""
from collections import Counter
from collections.abc import Iterable
from datetime import date

from django.db.models import Q

from league.models import Fixture

Status = Fixture.Status
# Fixtures that take no board on their night.
OFF_THE_BOARD = frozenset({Status.POSTPONED, Status.WALKOVER, Status.VOID})


def _on_the_board(league_id: int) -> Q:
    return ~Q(status__in=OFF_THE_BOARD) & (~Q(status=Status.DRAFT) | Q(division__season__league_id=league_id))


def _set_for(night: date) -> Q:
    return Q(rearranged_to=night) | Q(rearranged_to__isnull=True, date=night)


def venue_bookings(*, venue_ids: Iterable[int], league_id: int, division_id: int | None = None,
                   divisions_left_out: Iterable[int] = ()) -> Counter[tuple[int, date]]:
    """How many matches each venue hosts on each night, by (venue, night),
    leaving out `division_id`'s own and those of `divisions_left_out`."""
    left_out = {*divisions_left_out, *([division_id] if division_id is not None else [])}
    rows = (Fixture.objects.filter(venue_id__in=list(venue_ids)).filter(_on_the_board(league_id))
            .exclude(division_id__in=left_out).values_list("venue_id", "date", "rearranged_to"))
    return Counter((venue, moved or drawn) for venue, drawn, moved in rows)


def night_matches(*, venue_id: int, night: date, league_id: int, leaving_out: int | None = None) -> list[Fixture]:
    """The matches the venue hosts on the night, but `leaving_out` (a
    fixture being moved), with their teams and divisions."""
    there = Fixture.objects.filter(venue_id=venue_id).filter(_set_for(night)).filter(_on_the_board(league_id))
    if leaving_out is not None:
        there = there.exclude(pk=leaving_out)
    return list(there.select_related("home_team", "away_team", "division").order_by("pk"))


def nights_busier_than(*, venue_id: int, matches: int, since: date) -> list[tuple[date, int]]:
    """The nights from `since` on the venue hosts more than `matches`
    published matches (any league's), by date, with how many."""
    rows = (Fixture.objects.filter(venue_id=venue_id).exclude(status__in=[*OFF_THE_BOARD, Status.DRAFT])
            .values_list("date", "rearranged_to"))
    nights = Counter(moved or drawn for drawn, moved in rows)
    return sorted((night, n) for night, n in nights.items() if night >= since and n > matches)
