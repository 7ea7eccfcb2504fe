"""The fixture generator: a double round robin for 2 to 16 teams.

Each property is checked for every team count from 2 to 16 under four venue
layouts (every team at its own pub; venue-mates in pairs at one-board pubs,
listed side by side and listed half a division apart; four teams at a
two-board pub), and again for random layouts drawn by hypothesis.  The
checks read only the generator's output, never its internals.  No database.
"""

from __future__ import annotations

import doctest
import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_examples import examples

from league.scheduling import (
    Clash,
    FixtureError,
    MatchWeek,
    SeasonPlan,
    SeasonPlanError,
    Team,
    Venue,
    VenueOverbooked,
    VenuesFull,
    generate_fixtures,
    home_away_sequences,
    team_breaks,
)

TEAM_COUNTS = range(2, 17)
TUESDAY = 1
START = date(2026, 9, 1)  # a Tuesday


# Layouts: team index -> (venue id, that venue's board sets).
Layout = Callable[[int, int], tuple[int, int]]


def own_pubs(i: int, n: int) -> tuple[int, int]:
    return 100 + i, 1


def mates_side_by_side(i: int, n: int) -> tuple[int, int]:
    return 200 + i // 2, 1


def mates_half_apart(i: int, n: int) -> tuple[int, int]:
    return 300 + i % ((n + 1) // 2), 1


def four_at_a_two_board_pub(i: int, n: int) -> tuple[int, int]:
    return (400, 2) if i < 4 else (500 + i, 1)


LAYOUTS: dict[str, Layout] = {
    "own pubs": own_pubs,
    "one-board mates side by side": mates_side_by_side,
    "one-board mates half apart": mates_half_apart,
    "four at a two-board pub": four_at_a_two_board_pub,
}


def plan_for(n: int, layout: Layout = own_pubs, **calendar: object) -> SeasonPlan:
    teams = tuple(Team(id=i + 1, venue=layout(i, n)[0], name=f"Team {i + 1}") for i in range(n))
    boards = dict(layout(i, n) for i in range(n))
    venues = tuple(Venue(id=v, board_sets=b) for v, b in boards.items())
    plan = SeasonPlan(teams=teams, venues=venues, start=START, weekday=TUESDAY)
    return replace(plan, **calendar)  # type: ignore[arg-type]


CASES = [pytest.param((n, name), id=f"{n} teams, {name}") for n in TEAM_COUNTS for name in LAYOUTS]


@pytest.fixture(params=CASES)
def season(request: pytest.FixtureRequest) -> tuple[SeasonPlan, list[MatchWeek]]:
    n, layout = request.param
    plan = plan_for(n, LAYOUTS[layout])
    return plan, generate_fixtures(plan)


# What must hold of any season: each takes the plan and its weeks.

def assert_every_pair_meets_twice_once_at_each_venue(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    played = Counter((f.home, f.away) for w in weeks for f in w.fixtures)
    ids = [t.id for t in plan.teams]
    expected = Counter((a, b) for a in ids for b in ids if a != b)
    assert played == expected


def assert_no_team_plays_twice_in_a_week(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    for week in weeks:
        busy = [t for f in week.fixtures for t in (f.home, f.away)] + ([week.bye] if week.bye is not None else [])
        assert sorted(busy) == sorted(t.id for t in plan.teams), f"week {week.number}"


def assert_byes_one_a_week_when_odd_and_shared_equally(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    n = len(plan.teams)
    if n % 2 == 0:
        assert all(w.bye is None for w in weeks)
        assert len(weeks) == 2 * (n - 1)
    else:
        assert all(w.bye is not None for w in weeks)
        assert len(weeks) == 2 * n
        for half in (weeks[:n], weeks[n:]):
            assert Counter(w.bye for w in half) == {t.id: 1 for t in plan.teams}


def assert_no_venue_hosts_more_matches_than_board_sets(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    venue_of = {t.id: t.venue for t in plan.teams}
    boards = {v.id: v.board_sets for v in plan.venues}
    for week in weeks:
        hosting = Counter(venue_of[f.home] for f in week.fixtures)
        for venue, matches in hosting.items():
            assert matches <= boards[venue], f"week {week.number}: venue {venue} hosts {matches}"


def assert_home_and_away_alternate_but_for_two_breaks(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    n, half = len(plan.teams), len(weeks) // 2
    season, first, second = team_breaks(weeks), team_breaks(weeks[:half]), team_breaks(weeks[half:])
    assert max(season.values()) <= 2
    assert max(first.values()) <= 1 and max(second.values()) <= 1
    if n % 2:
        assert sum(season.values()) == 1  # the byes absorb the rest: all others alternate all season
    else:
        # One half has the fewest breaks any single round robin can have
        # (n - 2), the other two more; which one depends on whether the
        # season is played backwards round bookings (scheduling/capacity.py).
        halves = sorted((sum(first.values()), sum(second.values())))
        assert halves == ([0, 0] if n == 2 else [n - 2, n])
        assert sum(season.values()) == (2 * n if n > 2 else 0)


def assert_second_half_is_first_with_venues_swapped(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    half = len(weeks) // 2
    first = {(f.home, f.away) for w in weeks[:half] for f in w.fixtures}
    second = {(f.away, f.home) for w in weeks[half:] for f in w.fixtures}
    assert first == second


def assert_rematches_are_half_a_season_apart(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    """A pair's two meetings are at least n - 2 match weeks apart (n - 1 when
    n is odd), so nobody meets the same team in consecutive weeks."""
    n = len(plan.teams)
    spacing = max(1, n + n % 2 - 2)  # two teams have no one else to play
    met: dict[frozenset[int], int] = {}
    for week in weeks:
        for f in week.fixtures:
            pair = frozenset((f.home, f.away))
            if pair in met:
                assert week.number - met[pair] >= spacing, f"{sorted(pair)} in weeks {met[pair]}, {week.number}"
            met[pair] = week.number


def assert_nights_fall_weekly_on_the_weekday(plan: SeasonPlan, weeks: list[MatchWeek]) -> None:
    assert [w.number for w in weeks] == list(range(1, len(weeks) + 1))
    first = plan.start + timedelta(days=(plan.weekday - plan.start.weekday()) % 7)
    assert weeks[0].date >= first
    passed_over = [first + timedelta(days=d) for d in range(0, (weeks[0].date - first).days, 7)]
    assert all(_is_skipped(plan, night) for night in passed_over), "the season starts late"
    for week in weeks:
        assert week.date.weekday() == plan.weekday
        iso = week.date.isocalendar()
        assert week.date not in plan.skip_dates and (iso.year, iso.week) not in plan.skip_weeks
    for before, after in pairwise(weeks):
        gap = after.date - before.date
        assert gap.days > 0 and gap.days % 7 == 0
        skipped = [before.date + timedelta(days=d) for d in range(7, gap.days, 7)]
        assert all(_is_skipped(plan, night) for night in skipped), "a week was left empty for no reason"


def _is_skipped(plan: SeasonPlan, night: date) -> bool:
    iso = night.isocalendar()
    return night in plan.skip_dates or (iso.year, iso.week) in plan.skip_weeks


PROPERTIES = [
    assert_every_pair_meets_twice_once_at_each_venue,
    assert_no_team_plays_twice_in_a_week,
    assert_byes_one_a_week_when_odd_and_shared_equally,
    assert_no_venue_hosts_more_matches_than_board_sets,
    assert_home_and_away_alternate_but_for_two_breaks,
    assert_second_half_is_first_with_venues_swapped,
    assert_rematches_are_half_a_season_apart,
    assert_nights_fall_weekly_on_the_weekday,
]


# The properties, one test each, for every team count and layout.

def test_every_pair_meets_twice_once_at_each_venue(season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_every_pair_meets_twice_once_at_each_venue(*season)


def test_no_team_plays_twice_in_a_week(season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_no_team_plays_twice_in_a_week(*season)


def test_odd_divisions_have_one_bye_a_week_shared_equally(season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_byes_one_a_week_when_odd_and_shared_equally(*season)


def test_no_venue_hosts_more_matches_than_it_has_board_sets(
        season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_no_venue_hosts_more_matches_than_board_sets(*season)


def test_home_and_away_alternate_but_for_at_most_two_breaks_a_team(
        season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_home_and_away_alternate_but_for_two_breaks(*season)


def test_the_second_half_is_the_first_with_venues_swapped(season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_second_half_is_first_with_venues_swapped(*season)


def test_rematches_are_half_a_season_apart(season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_rematches_are_half_a_season_apart(*season)


def test_match_nights_fall_weekly_on_the_weekday(season: tuple[SeasonPlan, list[MatchWeek]]) -> None:
    assert_nights_fall_weekly_on_the_weekday(*season)


@pytest.mark.parametrize(("n", "layout"), [(n, name) for n in (5, 8, 16) for name in LAYOUTS])
def test_the_same_plan_gives_the_same_weeks(n: int, layout: str) -> None:
    assert generate_fixtures(plan_for(n, LAYOUTS[layout])) == generate_fixtures(plan_for(n, LAYOUTS[layout]))


def test_four_teams_get_the_same_season_as_ever() -> None:
    """Pinned output: a change to the method shows up here, not in a league's
    fixtures mid-season."""
    weeks = generate_fixtures(plan_for(4))
    assert [[(f.home, f.away) for f in w.fixtures] for w in weeks] == [
        [(1, 2), (3, 4)],
        [(2, 3), (4, 1)],
        [(4, 2), (1, 3)],
        [(3, 2), (1, 4)],
        [(2, 4), (3, 1)],
        [(2, 1), (4, 3)],
    ]
    assert home_away_sequences(weeks) == {1: "HAHHAA", 2: "AHAAHH", 3: "HAAHHA", 4: "AHHAAH"}


# Match nights.

@pytest.mark.parametrize("weekday", range(7))
@pytest.mark.parametrize("start", [date(2026, 8, 31) + timedelta(days=d) for d in range(7)])
def test_the_first_night_is_the_first_match_weekday_on_or_after_the_start(start: date, weekday: int) -> None:
    weeks = generate_fixtures(plan_for(6, start=start, weekday=weekday))
    assert weeks[0].date.weekday() == weekday
    assert timedelta(0) <= weeks[0].date - start < timedelta(days=7)
    assert_nights_fall_weekly_on_the_weekday(plan_for(6, start=start, weekday=weekday), weeks)


CHRISTMAS = frozenset({date(2026, 12, 22), date(2026, 12, 29)})
FINALS_NIGHT = frozenset({(2027, 3)})


@pytest.mark.parametrize("n", TEAM_COUNTS)
def test_skipped_dates_and_iso_weeks_move_the_fixtures_on_a_week(n: int) -> None:
    plain = generate_fixtures(plan_for(n))
    plan = plan_for(n, skip_dates=CHRISTMAS, skip_weeks=FINALS_NIGHT)
    weeks = generate_fixtures(plan)
    assert_nights_fall_weekly_on_the_weekday(plan, weeks)
    assert [(w.number, w.fixtures, w.bye) for w in weeks] == [(w.number, w.fixtures, w.bye) for w in plain]
    taken = {w.date for w in weeks}
    assert not taken & CHRISTMAS and date(2027, 1, 19) not in taken  # 19 Jan 2027 is in ISO week 3
    if plain[-1].date >= date(2027, 1, 19):
        assert weeks[-1].date == plain[-1].date + timedelta(weeks=3)


def test_a_skipped_date_that_is_not_a_match_night_changes_nothing() -> None:
    christmas_day = frozenset({date(2026, 12, 25)})  # a Friday; matches are on Tuesdays
    assert generate_fixtures(plan_for(8, skip_dates=christmas_day)) == generate_fixtures(plan_for(8))


# Venues the board sets cannot serve.

def test_three_teams_at_a_one_board_venue_are_refused_by_name() -> None:
    teams = (Team(1, 10, "Red Lion A"), Team(2, 10, "Red Lion B"), Team(3, 11, "Crown"),
             Team(4, 10, "Red Lion C"))
    plan = SeasonPlan(teams=teams, venues=(Venue(10), Venue(11)), start=START, weekday=TUESDAY)
    with pytest.raises(VenueOverbooked, match="Red Lion A, Red Lion B and Red Lion C") as refused:
        generate_fixtures(plan)
    assert "venue 10, which has 1 board set" in str(refused.value)
    assert "at most 2 teams can share it" in str(refused.value)
    assert refused.value.venue == Venue(10)
    assert [t.name for t in refused.value.teams] == ["Red Lion A", "Red Lion B", "Red Lion C"]
    assert isinstance(refused.value, FixtureError) and isinstance(refused.value, ValueError)


@pytest.mark.parametrize("n", range(5, 17))
def test_a_two_board_venue_takes_four_teams_but_not_five(n: int) -> None:
    def layout(boarders: int) -> Layout:
        return lambda i, n: (400, 2) if i < boarders else (500 + i, 1)

    assert_no_venue_hosts_more_matches_than_board_sets(
        plan_for(n, layout(4)), generate_fixtures(plan_for(n, layout(4))))
    if n > 5:  # five teams could never fill more than two boards at once
        with pytest.raises(VenueOverbooked, match="Team 1, Team 2, Team 3, Team 4 and Team 5"):
            generate_fixtures(plan_for(n, layout(5)))


@pytest.mark.parametrize("n", [3, 5])
def test_a_whole_division_at_one_venue_is_fine_when_it_has_a_board_set_per_match(n: int) -> None:
    plan = plan_for(n, lambda i, n: (1, n // 2))
    weeks = generate_fixtures(plan)
    for check in PROPERTIES:
        check(plan, weeks)


@pytest.mark.parametrize(("plan", "reason"), [
    (plan_for(2, teams=(Team(1, 100),)), "at least 2 teams"),
    (plan_for(3, teams=(Team(1, 100), Team(2, 101), Team(1, 102))), "repeated: 1"),
    (plan_for(2, teams=(Team(1, 100), Team(2, 999, "Bell"))), "no venue given for Bell"),
    (plan_for(2, venues=(Venue(100), Venue(101, board_sets=0))), "venue 101 must have at least 1"),
    (plan_for(2, venues=(Venue(100), Venue(100), Venue(101))), "venue ids must be distinct"),
    (plan_for(2, weekday=7), "0 \\(Monday\\) to 6 \\(Sunday\\), not 7"),
])
def test_a_plan_that_makes_no_sense_is_refused_with_the_reason(plan: SeasonPlan, reason: str) -> None:
    with pytest.raises(SeasonPlanError, match=reason):
        generate_fixtures(plan)


# Random venue groupings.

@st.composite
def random_plans(draw: st.DrawFn) -> SeasonPlan:
    n = draw(st.integers(2, 16))
    pubs = draw(st.integers(1, n))
    venue_of = draw(st.lists(st.integers(0, pubs - 1), min_size=n, max_size=n))
    boards = draw(st.lists(st.integers(1, 3), min_size=pubs, max_size=pubs))
    ids = draw(st.permutations(range(1, n + 1)))  # any listing order, any ids
    teams = tuple(Team(id=ids[i], venue=venue_of[i], name=f"Team {ids[i]}") for i in range(n))
    venues = tuple(Venue(id=v, board_sets=b) for v, b in enumerate(boards))
    weekday = draw(st.integers(0, 6))
    start = draw(st.dates(date(2020, 1, 1), date(2030, 12, 31)))
    skips = draw(st.frozensets(st.integers(0, 2 * n + 6), max_size=4))
    first = start + timedelta(days=(weekday - start.weekday()) % 7)
    return SeasonPlan(teams=teams, venues=venues, start=start, weekday=weekday,
                      skip_dates=frozenset(first + timedelta(weeks=k) for k in skips))


def overbooked(plan: SeasonPlan) -> list[int]:
    """Venues whose teams need more home nights than the venue has in a
    season: each team is home n - 1 times, and a venue hosts at most its
    board sets a night over 2(n - 1) nights, or 2n when n is odd."""
    n = len(plan.teams)
    nights = 2 * (n - 1) if n % 2 == 0 else 2 * n
    homes = Counter(t.venue for t in plan.teams)
    return [v.id for v in plan.venues if homes[v.id] * (n - 1) > v.board_sets * nights]


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(random_plans())
def test_any_grouping_the_board_sets_can_serve_gets_a_sound_season(plan: SeasonPlan) -> None:
    if overbooked(plan):
        with pytest.raises(VenueOverbooked) as refused:
            generate_fixtures(plan)
        assert refused.value.venue.id in overbooked(plan)
        for team in refused.value.teams:
            assert team.label in str(refused.value)
        return
    weeks = generate_fixtures(plan)
    for check in PROPERTIES:
        check(plan, weeks)
    assert generate_fixtures(plan) == weeks


# Drawing round the nights other competitions already take at the venues.

def load(plan: SeasonPlan, weeks: list[MatchWeek]) -> Counter[tuple[int, date]]:
    """The matches each venue hosts each night: the plan's bookings and its weeks."""
    venue_of = {t.id: t.venue for t in plan.teams}
    hosting: Counter[tuple[int, date]] = Counter(plan.booked)
    for week in weeks:
        hosting.update((venue_of[f.home], week.date) for f in week.fixtures)
    return hosting


def clashes_of(plan: SeasonPlan, weeks: list[MatchWeek]) -> list[Clash]:
    """The nights a venue hosts one of the season's matches and more than its board sets in all."""
    boards = {v.id: v.board_sets for v in plan.venues}
    ours = load(replace(plan, booked={}), weeks)
    return sorted((Clash(venue, night, n + plan.booked.get((venue, night), 0), boards[venue])
                   for (venue, night), n in ours.items() if n + plan.booked.get((venue, night), 0) > boards[venue]),
                  key=lambda c: (c.night, c.venue))


@st.composite
def booked_plans(draw: st.DrawFn) -> SeasonPlan:
    """A plan, and matches already booked at some of its venues on some of its nights."""
    plan = draw(random_plans())
    n = len(plan.teams)
    first = plan.start + timedelta(days=(plan.weekday - plan.start.weekday()) % 7)
    nights = [first + timedelta(weeks=k) for k in range(2 * n + 12)]
    venues = [v.id for v in plan.venues]
    booked = draw(st.dictionaries(st.tuples(st.sampled_from(venues), st.sampled_from(nights)),
                                  st.integers(1, 2), max_size=2 * n))
    return replace(plan, booked=booked)


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(booked_plans())
def test_a_season_drawn_round_bookings_never_puts_more_matches_at_a_venue_than_its_board_sets(
        plan: SeasonPlan) -> None:
    if overbooked(plan):
        with pytest.raises(VenueOverbooked):
            generate_fixtures(plan)
        return
    full: VenuesFull | None = None
    try:
        weeks = generate_fixtures(plan)
    except VenuesFull as refused:
        full = refused
    if full is not None:
        # Refused only with clashes left, which it names as they are in
        # the nearest season it gives; a later start it offers fits.
        assert full.clashes and list(full.clashes) == clashes_of(plan, full.fewest)
        for check in PROPERTIES[:3] + PROPERTIES[4:]:
            check(plan, full.fewest)
        if full.next_start is not None:
            later = replace(plan, start=full.next_start)
            assert clashes_of(later, generate_fixtures(later)) == []
        return
    assert clashes_of(plan, weeks) == []
    for check in PROPERTIES:
        check(plan, weeks)
    assert generate_fixtures(plan) == weeks


@st.composite
def divisions_sharing_pubs(draw: st.DrawFn) -> list[SeasonPlan]:
    """Two or three divisions of one season whose teams share a few pubs."""
    pubs = draw(st.lists(st.integers(1, 3), min_size=1, max_size=3))  # board sets of each shared pub
    start, weekday = draw(st.dates(date(2024, 1, 1), date(2030, 12, 31))), draw(st.integers(0, 6))
    plans, next_id = [], 1
    for _ in range(draw(st.integers(2, 3))):
        n = draw(st.integers(2, 9))
        at = draw(st.lists(st.sampled_from([None, *range(len(pubs))]), min_size=n, max_size=n))
        teams = tuple(Team(id=next_id + i, venue=1000 + next_id + i if pub is None else pub, name=f"Team {next_id + i}")
                      for i, pub in enumerate(at))
        venues = {t.venue: Venue(t.venue, pubs[t.venue] if t.venue < len(pubs) else 1) for t in teams}
        plans.append(SeasonPlan(teams=teams, venues=tuple(venues.values()), start=start, weekday=weekday))
        next_id += n
    return plans


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(divisions_sharing_pubs())
def test_divisions_drawn_one_after_another_never_overbook_a_shared_pub(plans: list[SeasonPlan]) -> None:
    booked: Counter[tuple[int, date]] = Counter()
    for plan in plans:
        plan = replace(plan, booked=dict(booked))
        try:
            weeks = generate_fixtures(plan)
        except (VenueOverbooked, VenuesFull):
            continue  # refused: nothing drawn, nothing booked
        booked = load(plan, weeks)
    boards = {v.id: v.board_sets for plan in plans for v in plan.venues}
    assert all(n <= boards[venue] for (venue, _), n in booked.items())


def test_a_division_is_drawn_round_another_at_the_same_one_board_pub() -> None:
    pub = Venue(id=1, board_sets=1)
    first = SeasonPlan(teams=(Team(1, 1), Team(2, 2), Team(3, 3), Team(4, 4)),
                       venues=(pub, Venue(2), Venue(3), Venue(4)), start=START, weekday=TUESDAY)
    taken = load(first, generate_fixtures(first))
    second = SeasonPlan(teams=(Team(5, 1), Team(6, 6), Team(7, 7), Team(8, 8)),
                        venues=(pub, Venue(6), Venue(7), Venue(8)), start=START, weekday=TUESDAY,
                        booked={key: n for key, n in taken.items() if key[0] == 1})
    weeks = generate_fixtures(second)
    assert clashes_of(second, weeks) == []
    assert load(second, weeks)[(1, weeks[0].date)] == 1  # the pub is used every night, once
    assert all(load(second, weeks)[(1, week.date)] == 1 for week in weeks)


def test_no_bookings_leave_the_season_as_it_always_was() -> None:
    plan = plan_for(6, mates_side_by_side)
    assert generate_fixtures(replace(plan, booked={(999, START): 3})) == generate_fixtures(plan)


# The examples in the modules' docstrings.

@pytest.mark.parametrize("module", ["breaks", "dates", "roundrobin"])
def test_the_docstring_examples_hold(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"league.scheduling.{module}"))
    assert result.attempted > 0 and result.failed == 0


def test_the_generator_does_not_need_django() -> None:
    sources = [importlib.import_module(f"league.scheduling.{m}").__file__ for m in
               ("breaks", "capacity", "checks", "dates", "errors", "roundrobin", "schedule", "seating", "values")]
    for path in sources:
        assert path is not None
        with open(path, encoding="utf-8") as source:
            assert "django" not in source.read().lower(), path
