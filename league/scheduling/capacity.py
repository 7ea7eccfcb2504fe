"""Drawing a division round the nights its venues are already busy.

Terminology: a *seating* puts each team in a slot of the circle (``seating``).
Every guarantee of the generator is a property of the slots, so any seating
gives a sound season, and so does that season *mirrored* (every fixture's
home and away swapped) or played *backwards* (its weeks in reverse order);
they differ only in which teams are at home on which night.  A *clash* is a night a venue would host more matches than it has
board sets, counting the matches other competitions have already *booked*
there (``SeasonPlan.booked``).  A venue is *watched* when it could clash: it
has bookings, or more teams in the division than board sets.

The search starts from the usual seating, unmirrored and forwards, so a plan
with no bookings gets the season it always got; it tries backwards only when
forwards leaves clashes.  While clashes remain, it takes the
first swap of two teams' slots (one of them at a watched venue), or the
mirror, that leaves fewer, and stops when none does.  Should that leave
clashes, and the watched venues' teams be few enough (``PLACEMENTS_MAX``),
it tries every placing of those teams in the slots, the others keeping
their order, so a season that fits is then never missed.  The empty slot of
an odd division stays where it is: it gives the byes, which absorb the
breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, timedelta
from itertools import permutations
from math import perm

from .dates import first_night, match_nights
from .roundrobin import Round
from .values import Clash, SeasonPlan, Team, VenueId

Seats = list[Team | None]
# How far on ``later_start`` looks for a start from which the season fits.
WEEKS_AHEAD = 26
# The most placings of the watched venues' teams tried one by one.
PLACEMENTS_MAX = 5000


@dataclass(frozen=True, slots=True)
class Seating:
    """A seating, whether the season is mirrored and played backwards, and
    the clashes it leaves."""

    seats: Seats
    mirrored: bool
    backwards: bool
    clashes: tuple[Clash, ...]


def fit(plan: SeasonPlan, seats: Seats, rounds: list[Round], nights: list[date]) -> Seating:
    """The seating nearest ``seats`` that the search finds with the fewest
    clashes: played forwards first, then backwards."""
    boards = {v.id: v.board_sets for v in plan.venues}
    watched = _watched(plan, boards)
    if not watched:
        return Seating(seats, False, False, ())
    forwards = _fitted(plan, seats, rounds, nights, boards, watched, backwards=False)
    if not forwards.clashes:
        return forwards
    backwards = _fitted(plan, seats, rounds[::-1], nights, boards, watched, backwards=True)
    return backwards if len(backwards.clashes) < len(forwards.clashes) else forwards


def _fitted(plan: SeasonPlan, seats: Seats, rounds: list[Round], nights: list[date], boards: dict[VenueId, int],
            watched: frozenset[VenueId], *, backwards: bool) -> Seating:
    def excess(candidate: Seats, mirrored: bool) -> int:
        return sum(c.matches - c.board_sets
                   for c in _clashes(candidate, mirrored, rounds, nights, plan, boards, watched))

    best, mirrored, cost = seats, False, excess(seats, False)
    movable = [i for i, team in enumerate(seats) if team is not None]
    improved = cost > 0
    while improved:
        improved = False
        for candidate, flip in _neighbours(best, mirrored, movable, watched):
            found = excess(candidate, flip)
            if found < cost:
                best, mirrored, cost, improved = candidate, flip, found, True
                break
    if cost > 0:
        for candidate in _placements(seats, movable, watched):
            for flip in (False, True):
                found = excess(candidate, flip)
                if found < cost:
                    best, mirrored, cost = candidate, flip, found
                if cost == 0:
                    break
            if cost == 0:
                break
    return Seating(best, mirrored, backwards, _clashes(best, mirrored, rounds, nights, plan, boards, watched))


def later_start(plan: SeasonPlan, seats: Seats, rounds: list[Round]) -> date | None:
    """The first match night after the plan's first from which a season
    fits round the bookings, within ``WEEKS_AHEAD`` weeks; else None."""
    first = first_night(plan.start, plan.weekday)
    for weeks in range(1, WEEKS_AHEAD + 1):
        moved = replace(plan, start=first + timedelta(weeks=weeks))
        nights = match_nights(moved.start, moved.weekday, len(rounds), moved.skip_dates, moved.skip_weeks)
        if not fit(moved, seats, rounds, nights).clashes:
            return nights[0]
    return None


def oriented(pairings: Round, mirrored: bool) -> Round:
    """The round's pairings, home first; swapped when the season is mirrored."""
    return [(away, home) for home, away in pairings] if mirrored else pairings


def _watched(plan: SeasonPlan, boards: dict[VenueId, int]) -> frozenset[VenueId]:
    homes = Counter(t.venue for t in plan.teams)
    booked = {venue for (venue, _), matches in plan.booked.items() if matches > 0}
    return frozenset(v for v in homes if v in booked or homes[v] > boards[v])


def _neighbours(seats: Seats, mirrored: bool, movable: list[int],
                watched: frozenset[VenueId]) -> Iterator[tuple[Seats, bool]]:
    """The mirror first, then every swap that could change a watched venue's nights."""
    yield seats, not mirrored
    for i in movable:
        a = seats[i]
        assert a is not None
        for j in movable:
            b = seats[j]
            assert b is not None
            if j <= i or a.venue == b.venue or (a.venue not in watched and b.venue not in watched):
                continue
            swapped = list(seats)
            swapped[i], swapped[j] = b, a
            yield swapped, mirrored
            yield swapped, not mirrored


def _placements(seats: Seats, movable: list[int], watched: frozenset[VenueId]) -> Iterator[Seats]:
    """Every placing of the watched venues' teams in the slots, the other
    teams filling the rest in order; nothing when there are too many."""
    mine = [seats[i] for i in movable if (team := seats[i]) is not None and team.venue in watched]
    others = [seats[i] for i in movable if (team := seats[i]) is not None and team.venue not in watched]
    if perm(len(movable), len(mine)) > PLACEMENTS_MAX:
        return
    for chosen in permutations(movable, len(mine)):
        placed = list(seats)
        rest = iter(others)
        where = dict(zip(chosen, mine, strict=True))
        for i in movable:
            placed[i] = where[i] if i in where else next(rest)
        yield placed


def _clashes(seats: Seats, mirrored: bool, rounds: list[Round], nights: list[date], plan: SeasonPlan,
             boards: dict[VenueId, int], watched: frozenset[VenueId]) -> tuple[Clash, ...]:
    found: list[Clash] = []
    for night, pairings in zip(nights, rounds, strict=True):
        hosting: Counter[VenueId] = Counter()
        for home, away in oriented(pairings, mirrored):
            host, guest = seats[home], seats[away]
            if host is not None and guest is not None and host.venue in watched:
                hosting[host.venue] += 1
        for venue, matches in sorted(hosting.items()):
            total = matches + plan.booked.get((venue, night), 0)
            if total > boards[venue]:
                found.append(Clash(venue=venue, night=night, matches=total, board_sets=boards[venue]))
    return tuple(found)
