"""Keeping every venue's nights within its board sets across the league:
a division's draw, a match moved to a new night and a cup tie dated at a
venue all count the matches already there (`league.selectors.venue_nights`).

Each write that could fill a night locks the rows of the venues it puts
matches at, in id order, before it counts: two writes that could both take
a venue's last board on one night are serialised, the second counting the
first's match. Call inside the write's transaction."""
from collections.abc import Callable, Iterable
from datetime import date, timedelta

from league.models import Fixture, Venue
from league.refusals import VenueFull
from league.selectors.venue_nights import night_matches
from league.services.date_offers import day_words

# How far on a refusal looks for the next night that fits.
WEEKS_AHEAD = 26


def venues_locked(venue_ids: Iterable[int]) -> dict[int, Venue]:
    """The venues, their rows locked in id order."""
    return {venue.pk: venue for venue in
            Venue.objects.select_for_update(no_key=True).filter(pk__in=sorted(set(venue_ids))).order_by("pk")}


def board_sets_named(count: int) -> str:
    return "1 board set" if count == 1 else f"{count} board sets"


def venue_night_refusal(*, venue_id: int, night: date, league_id: int, match: str, leaving_out: int | None = None,
                        free: Callable[[date], bool] = lambda day: True) -> VenueFull | None:
    """Why `match` cannot be put at the venue on the night, or None: every
    board set there is taken. Names the matches already there and offers
    the next night, on the same weekday, with a board free (and `free`
    for the match's teams). `leaving_out`: the fixture being moved."""
    venue = venues_locked([venue_id])[venue_id]
    there = night_matches(venue_id=venue_id, night=night, league_id=league_id, leaving_out=leaving_out)
    if len(there) < venue.board_sets:
        return None
    taken = "; ".join(f"{fixture} ({fixture.division.name})" for fixture in there)
    later = next((day for day in (night + timedelta(weeks=k) for k in range(1, WEEKS_AHEAD + 1))
                  if len(night_matches(venue_id=venue_id, night=day, league_id=league_id,
                                       leaving_out=leaving_out)) < venue.board_sets and free(day)), None)
    offer = (f"The next {night:%A} with a board free there is {day_words(later)}." if later is not None
             else f"No {night:%A} in the next {WEEKS_AHEAD} weeks has a board free there.")
    return VenueFull(f"{venue} is full on {night:%A} {day_words(night)}: its {board_sets_named(venue.board_sets)} "
                     f"already {'hosts' if venue.board_sets == 1 else 'host'} {taken}, so {match} cannot be "
                     f"played there that night. {offer} Pick another night, or give {venue} another board set.")


def fixture_night_refusal(fixture: Fixture, *, venue_id: int, night: date, league_id: int,
                          free: Callable[[date], bool] = lambda day: True) -> VenueFull | None:
    """`venue_night_refusal` for a fixture moved (or dated) to the night."""
    return venue_night_refusal(venue_id=venue_id, night=night, league_id=league_id, match=str(fixture),
                               leaving_out=fixture.pk, free=free)
