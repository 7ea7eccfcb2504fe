"""Keeping every venue's nights within its board sets across the league:
a division's draw, a match moved to a new night and a cup tie (a team's leg,
or a singles or pairs game) dated at a venue all count what already takes a
board there (`league.selectors.venue_nights.board_takers`).

Each write that could fill a night locks the rows of the venues it puts
matches at, in id order, before it counts: two writes that could both take
a venue's last board on one night are serialised, the second counting the
first's match. Call inside the write's transaction."""
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date, timedelta

from league.models import CupTie, Fixture, Venue
from league.refusals import VenueFull
from league.selectors.venue_nights import (
    Booking,
    boards_taken,
    fixture_key,
    night_bookings,
    on_finals_night,
    tie_key,
    tie_venue,
)
from league.services.date_offers import day_words

# How far on a refusal looks for the next night that fits.
WEEKS_AHEAD = 26


def venues_locked(venue_ids: Iterable[int]) -> dict[int, Venue]:
    """The venues, their rows locked in id order."""
    return {venue.pk: venue for venue in
            Venue.objects.select_for_update(no_key=True).filter(pk__in=sorted(set(venue_ids))).order_by("pk")}


def board_sets_named(count: int) -> str:
    return "1 board set" if count == 1 else f"{count} board sets"


def venue_night_refusal(*, venue_id: int, night: date, league_id: int, match: str, leaving_out: str | None = None,
                        free: Callable[[date], bool] = lambda day: True) -> VenueFull | None:
    """Why `match` cannot be put at the venue on the night, or None: every
    board set there is taken. Names what is already there and offers the
    next night, on the same weekday, with a board free (and `free` for the
    match's sides). `leaving_out`: the key of the match or tie being moved
    (`league.selectors.venue_nights.fixture_key`, `tie_key`)."""
    venue = venues_locked([venue_id])[venue_id]
    there = night_bookings(venue_id=venue_id, night=night, league_id=league_id, leaving_out=leaving_out)
    if boards_taken(there, venue.board_sets) < venue.board_sets:
        return None
    later = next((day for day in (night + timedelta(weeks=k) for k in range(1, WEEKS_AHEAD + 1))
                  if boards_taken(night_bookings(venue_id=venue_id, night=day, league_id=league_id,
                                                 leaving_out=leaving_out), venue.board_sets) < venue.board_sets
                  and free(day)), None)
    offer = (f"The next {night:%A} with a board free there is {day_words(later)}." if later is not None
             else f"No {night:%A} in the next {WEEKS_AHEAD} weeks has a board free there.")
    return VenueFull(f"{venue} is full on {night:%A} {day_words(night)}: its {board_sets_named(venue.board_sets)} "
                     f"already {'hosts' if venue.board_sets == 1 else 'host'} {_named(there)}, so {match} cannot be "
                     f"played there that night. {offer} Pick another night, or give {venue} another board set.")


def fixture_night_refusal(fixture: Fixture, *, venue_id: int, night: date, league_id: int,
                          free: Callable[[date], bool] = lambda day: True) -> VenueFull | None:
    """`venue_night_refusal` for a fixture moved (or dated) to the night."""
    return venue_night_refusal(venue_id=venue_id, night=night, league_id=league_id, match=str(fixture),
                               leaving_out=fixture_key(fixture.pk), free=free)


def _named(there: list[Booking]) -> str:
    """The matches by name, then the cup ties counted by cup (a tie's
    players are not named: the refusal goes to people who may not see them)."""
    ties = Counter(booking.what for booking in there if booking.tie)
    matches = [booking.what for booking in there if not booking.tie]
    counted = [f"a {what}" if n == 1 else f"{n} {what}s" for what, n in ties.items()]
    played = " (played in turn)" if any(booking.in_turn for booking in there) else ""
    return "; ".join([*matches, *counted]) + played


def tie_night_refusal(tie: CupTie, night: date) -> VenueFull | None:
    """`venue_night_refusal` for a singles or pairs tie dated for the night,
    at its venue (`league.selectors.venue_nights.tie_venue`). Never on its
    cup's finals night: the finals venue's ties are played in turn there
    (its row is locked all the same, so a match moved there meanwhile counts
    them). None for a tie at no venue."""
    venue_id = tie_venue(tie, night)
    if venue_id is None:
        return None
    if on_finals_night(tie, night):
        venues_locked([venue_id])
        return None
    return venue_night_refusal(venue_id=venue_id, night=night, league_id=tie.competition.season.league_id,
                               match=f"this {tie.competition.name} tie", leaving_out=tie_key(tie.pk))
