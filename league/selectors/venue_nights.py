"""What takes a board at a venue on a night, across the league: the one
place every count of a venue's board sets reads (`board_takers`), for a
division's draw, the draw's review, a match moved, a cup tie dated and a
venue given fewer board sets.

A match takes a board on the night it is set for (its new date once
rearranged) unless it is postponed, voided or given as a walkover. A draft
takes one in its own league only: another league's drafts are its
secretary's to draw again, and take a board once published.

A singles or pairs cup tie is a game, not a fixture, and takes a board on
the night it is dated while it is undecided: at the cup's finals venue on
its finals night, else at the home side's venue, the home venue of the
team its home player (a pair's first-named player) is registered with
this season. A tie whose home player has no team this season is at no
venue, nor is one whose sides are not known yet, but on a finals night. The ties of a finals night at the finals venue are played one after
another when they outnumber its board sets, so together they take at most
every board there, never more (`boards_taken`)."""
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.db.models import Q

from league.competition_kinds import Dating, kind_rules, kinds_dating
from league.models import CupTie, Fixture, SquadRegistration, Venue

Status = Fixture.Status
# Fixtures that take no board on their night.
OFF_THE_BOARD = frozenset({Status.POSTPONED, Status.WALKOVER, Status.VOID})


@dataclass(frozen=True)
class Booking:
    """One thing that takes a board at a venue on a night."""

    venue_id: int
    night: date
    # As a refusal names it: "Red Lion A v Swan (Division One)", "Summer Singles tie".
    what: str
    # What a write moving it leaves out of the count: "fixture:12", "tie:3".
    key: str
    # A fixture's division (a draw leaves its own division's out); None for a tie.
    division_id: int | None = None
    # A singles or pairs tie, not a match.
    tie: bool = False
    # A finals-night tie: played in turn when the venue's boards run short.
    in_turn: bool = False


def fixture_key(fixture_id: int) -> str:
    return f"fixture:{fixture_id}"


def tie_key(tie_id: int) -> str:
    return f"tie:{tie_id}"


def boards_taken(bookings: Iterable[Booking], board_sets: int) -> int:
    """How many of the venue's board sets one night's bookings take: one
    each, but the finals night's ties, played in turn, at most them all."""
    listed = list(bookings)
    in_turn = sum(1 for booking in listed if booking.in_turn)
    return len(listed) - in_turn + min(in_turn, board_sets)


def board_takers(*, venue_ids: Iterable[int] | None = None, league_id: int | None, night: date | None = None,
                 since: date | None = None, leaving_out: str | None = None) -> list[Booking]:
    """Everything that takes a board at the venues (every venue: None), on
    the night or from `since` on when given: the matches, `league_id`'s
    drafts among them (no drafts: None), and the singles and pairs ties.
    `leaving_out`: the booking's key a write is moving."""
    venues = None if venue_ids is None else set(venue_ids)
    found = [*_match_bookings(venues, league_id, night, since), *_tie_bookings(venues, night, since)]
    return [booking for booking in found if booking.key != leaving_out]


def venue_bookings(*, venue_ids: Iterable[int], league_id: int, division_id: int | None = None,
                   divisions_left_out: Iterable[int] = ()) -> Counter[tuple[int, date]]:
    """How many board sets each venue has taken on each night, by (venue,
    night), leaving out `division_id`'s own matches and those of
    `divisions_left_out`."""
    left_out = {*divisions_left_out, *([division_id] if division_id is not None else [])}
    venues = set(venue_ids)
    nights: defaultdict[tuple[int, date], list[Booking]] = defaultdict(list)
    for booking in board_takers(venue_ids=venues, league_id=league_id):
        if booking.division_id is None or booking.division_id not in left_out:
            nights[(booking.venue_id, booking.night)].append(booking)
    boards = dict(Venue.objects.filter(pk__in=venues).values_list("pk", "board_sets"))
    return Counter({where: boards_taken(there, boards[where[0]]) for where, there in nights.items()})


def night_bookings(*, venue_id: int, night: date, league_id: int, leaving_out: str | None = None) -> list[Booking]:
    """What takes a board at the venue on the night, but `leaving_out`
    (the key of a match or tie being moved)."""
    return board_takers(venue_ids=[venue_id], league_id=league_id, night=night, leaving_out=leaving_out)


def nights_busier_than(*, venue_id: int, matches: int, since: date) -> list[tuple[date, int]]:
    """The nights from `since` on the venue would have more than `matches`
    board sets taken by published matches (any league's) and cup ties, by
    date, with how many."""
    nights: defaultdict[date, list[Booking]] = defaultdict(list)
    for booking in board_takers(venue_ids=[venue_id], league_id=None, since=since):
        nights[booking.night].append(booking)
    taken = {night: boards_taken(there, matches) for night, there in nights.items()}
    return sorted((night, n) for night, n in taken.items() if n > matches)


def tie_venue(tie: CupTie, night: date) -> int | None:
    """Where the singles or pairs tie is played if dated for `night`: the
    finals venue on its cup's finals night, else its home player's team's
    venue (None: the home player has no team this season)."""
    return _venue_of(tie, night, _home_venues({_home_player(tie)}))


def tie_venue_names(ties: Iterable[CupTie]) -> dict[int, str]:
    """Where each dated singles or pairs tie is played (`tie_venue`), by
    the tie's id, read together: what the cup's page tells its players."""
    dated = [tie for tie in ties if tie.date is not None and kind_rules(tie.competition.kind).dates_ties]
    homes = _home_venues({_home_player(tie) for tie in dated})
    where = {tie.pk: venue for tie in dated if tie.date is not None
             and (venue := _venue_of(tie, tie.date, homes)) is not None}
    names = dict(Venue.objects.filter(pk__in=set(where.values())).values_list("pk", "name")) if where else {}
    return {tie: names[venue] for tie, venue in where.items()}


def on_finals_night(tie: CupTie, night: date) -> bool:
    """`night` is the tie's cup's finals night, played at its finals venue."""
    competition = tie.competition
    return competition.finals_venue_id is not None and night == competition.finals_date


def _match_bookings(venues: set[int] | None, league_id: int | None, night: date | None,
                    since: date | None) -> list[Booking]:
    rows = Fixture.objects.exclude(status__in=OFF_THE_BOARD)
    rows = rows.exclude(status=Status.DRAFT) if league_id is None else rows.filter(_drafts_of(league_id))
    if venues is not None:
        rows = rows.filter(venue_id__in=venues)
    if night is not None:
        rows = rows.filter(Q(rearranged_to=night) | Q(rearranged_to__isnull=True, date=night))
    if since is not None:
        rows = rows.filter(Q(rearranged_to__gte=since) | Q(rearranged_to__isnull=True, date__gte=since))
    return [Booking(venue_id=fixture.venue_id, night=fixture.played_on, what=f"{fixture} ({fixture.division.name})",
                    key=fixture_key(fixture.pk), division_id=fixture.division_id)
            for fixture in rows.select_related("home_team", "away_team", "division").order_by("pk")]


def _drafts_of(league_id: int) -> Q:
    return ~Q(status=Status.DRAFT) | Q(division__season__league_id=league_id)


def _tie_bookings(venues: set[int] | None, night: date | None, since: date | None) -> list[Booking]:
    ties = CupTie.objects.filter(competition__kind__in=kinds_dating(Dating.TIE), date__isnull=False, bye=False,
                                 winner__isnull=True)
    if night is not None:
        ties = ties.filter(date=night)
    if since is not None:
        ties = ties.filter(date__gte=since)
    listed = list(ties.select_related("competition", "home").order_by("pk"))
    homes = _home_venues({_home_player(tie) for tie in listed})
    found = []
    for tie in listed:
        assert tie.date is not None
        finals = on_finals_night(tie, tie.date)
        venue = _venue_of(tie, tie.date, homes)
        if venue is not None and (venues is None or venue in venues):
            found.append(Booking(venue_id=venue, night=tie.date, key=tie_key(tie.pk), tie=True, in_turn=finals,
                                 what=f"{tie.competition.name} {'finals-night tie' if finals else 'tie'}"))
    return found


def _venue_of(tie: CupTie, night: date, homes: dict[tuple[int, int | None], int]) -> int | None:
    """`tie_venue`, its home players' venues (`_home_venues`) read already."""
    if on_finals_night(tie, night):
        return tie.competition.finals_venue_id
    return homes.get(_home_player(tie))


def _home_player(tie: CupTie) -> tuple[int, int | None]:
    """(season, player) of the tie's home player (its pair's first-named)."""
    return tie.competition.season_id, tie.home.player_id if tie.home is not None else None


def _home_venues(players: set[tuple[int, int | None]]) -> dict[tuple[int, int | None], int]:
    """The venue of the team each (season, player) is registered with now."""
    wanted = {(season, player) for season, player in players if player is not None}
    if not wanted:
        return {}
    rows = (SquadRegistration.objects.filter(season_id__in={season for season, _ in wanted},
                                             player_id__in={player for _, player in wanted}, ended_on__isnull=True)
            .values_list("season_id", "player_id", "team__home_venue_id"))
    return {(season, player): venue for season, player, venue in rows if (season, player) in wanted}
