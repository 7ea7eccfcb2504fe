"""The demo league's cups, run through the same cup services a secretary,
captains and players use, so that every row is one the real workflows
could have written (docs/cups.md).

The Knockout Cup, drawn round by round: eight of the eleven teams entered
by their captains; round 1 drawn from a recorded seed and played on one
cup night three weeks ago, its dates set by the secretary when the cup was
brought in (one match scored live, one a walkover when the away side could
not raise a team); the semi-finals drawn and being arranged: in one the
away captain has picked one of the dates the home captain offered, in the
other the away captain (Red Lion A's, the `captain` login, as the draw
fell) still has to pick.

The Singles Knockout, drawn as one bracket: fourteen players entered by
the secretary (so two byes), its first round and quarter-finals decided by
their games' scores entered from the cards, its semi-finals and final dated
for its finals night at The Swan, a week or two from today.

Each cup has its own random.Random, seeded as the league's is, and its
dates are counted from today, so the demo looks the same whenever it is
loaded; a cup already there is left as it is.
"""
import random
from collections.abc import Callable
from datetime import date, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from league.demo.league import CAPTAIN_LOGINS, SLUG, WEEKDAY, night_play, scorer_for
from league.models import Competition, CupTie, League, Season, SquadRegistration, Team, Venue
from league.services.cup_games import cup_game_card
from league.services.cup_ties import tie_date_pick, tie_date_set, tie_dates_offer, tie_window_set
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.fixtures import fixture_forfeit
from league.services.results import match_confirm, match_submit

SEED = 2026
TEAM_CUP = "Knockout Cup"
SINGLES = "Singles Knockout"
# Entered in this order, each by its captain; Red Lion A's and Swan's
# captains are among the demo's logins.
TEAM_CUP_ENTRIES = ["Red Lion A", "Swan", "Black Horse", "Railway Tavern", "Crown", "Plough", "Bull's Head",
                    "Cock Inn"]
SINGLES_ENTRIES = 14
FINALS_VENUE = "The Swan"
WALKOVER_TIE = 4  # the round 1 tie whose away side could not raise a team
LIVE_TIE = 1  # the round 1 tie with a rubber scored live


def demo_cups_load(*, secretary: User, scorer: User) -> list[Competition]:
    """Runs the demo league's cups so far, each unless it is there
    already; returns the cups it made."""
    league = League.objects.filter(slug=SLUG).first()
    season = Season.objects.filter(league=league).order_by("-start").first() if league else None
    if season is None:
        return []
    builds: list[tuple[str, Callable[[Season, random.Random, date, User, User], Competition]]] = [
        (TEAM_CUP, _team_cup), (SINGLES, _singles)]
    made = []
    today = timezone.localdate()
    for name, build in builds:
        if not Competition.objects.filter(season=season, name=name).exists():
            made.append(build(season, random.Random(SEED), today, secretary, scorer))
    return made


def _latest_night(today: date) -> date:
    """The league's latest match night: today, or the last before it."""
    return today - timedelta(days=(today.weekday() - WEEKDAY) % 7)


def _after(today: date, weekday: int, *, weeks: int = 0) -> date:
    """The first `weekday` after today, `weeks` weeks on."""
    return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1, weeks=weeks)


def _team_cup(season: Season, rng: random.Random, today: date, secretary: User, scorer: User) -> Competition:
    with transaction.atomic():
        cup = competition_create(season_id=season.pk, name=TEAM_CUP, kind=Competition.Kind.TEAM,
                                 draw_mode=Competition.DrawMode.ROUNDS, max_entries=len(TEAM_CUP_ENTRIES),
                                 user=secretary)
        for team in [Team.objects.get(league=season.league, name=name) for name in TEAM_CUP_ENTRIES]:
            cup_enter(competition_id=cup.pk, team_id=team.pk, user=team.captain)
        cup_draw(competition_id=cup.pk, seed=rng.randrange(2**31), user=secretary)
    _round_one(cup, rng, today, secretary, scorer)
    cup_draw(competition_id=cup.pk, seed=rng.randrange(2**31), user=secretary)
    _semi_finals(cup, today, secretary)
    return cup


def _round_one(cup: Competition, rng: random.Random, today: date, secretary: User, scorer: User) -> None:
    """One cup night, a Thursday three weeks ago: every match played and
    confirmed, but the one the away side forfeited."""
    start = _latest_night(today) - timedelta(weeks=3)
    cup_night = start + timedelta(days=2)
    tie_window_set(competition_id=cup.pk, round=1, start=start, end=start + timedelta(days=11), user=secretary)
    for tie in CupTie.objects.filter(competition=cup, round=1, bye=False).order_by("number"):
        fixture = tie_date_set(tie_id=tie.pk, date=cup_night, user=secretary, insist=True)
        home, away = fixture.home_team, fixture.away_team
        if tie.number == WALKOVER_TIE:
            fixture_forfeit(fixture_id=fixture.pk, team_id=away.pk, reason="", user=away.captain)
            continue
        night_play(fixture, rng, scorer=scorer_for(fixture, scorer), live_rubbers=int(tie.number == LIVE_TIE))
        match_submit(fixture_id=fixture.pk, user=home.captain)
        match_confirm(fixture_id=fixture.pk, user=away.captain)


def _semi_finals(cup: Competition, today: date, secretary: User) -> None:
    """The home captains have offered their dates; one away captain has
    picked one, the other has still to: one with a demo login, if either
    is, so that logging in as them shows the date waiting to be picked."""
    tie_window_set(competition_id=cup.pk, round=2, start=today, end=today + timedelta(weeks=3), user=secretary)
    thursday = _after(today, 3)
    offers = [[thursday, thursday + timedelta(days=1), thursday + timedelta(weeks=1)],
              [thursday, thursday + timedelta(weeks=1), thursday + timedelta(weeks=1, days=1)]]
    semis = list(CupTie.objects.filter(competition=cup, round=2).select_related("home__team", "away__team")
                 .order_by("number"))
    waiting = next((tie for tie in semis if tie.away and tie.away.team and tie.away.team.name in CAPTAIN_LOGINS),
                   semis[-1])
    for tie, dates in zip(semis, offers, strict=True):
        assert tie.home is not None and tie.away is not None and tie.home.team and tie.away.team
        tie_dates_offer(tie_id=tie.pk, dates=dates, user=tie.home.team.captain)
        if tie != waiting:
            tie_date_pick(tie_id=tie.pk, date=dates[1], user=tie.away.team.captain)


def _singles(season: Season, rng: random.Random, today: date, secretary: User, scorer: User) -> Competition:
    """Entries closed a month ago; the first round and the quarter-finals
    played in the fortnight after, the rest on the finals night."""
    closed = _latest_night(today) - timedelta(weeks=4)
    finals = _after(today, 4, weeks=1)  # a Friday, a week or two away
    venue = Venue.objects.get(name=FINALS_VENUE)
    with transaction.atomic():
        cup = competition_create(season_id=season.pk, name=SINGLES, kind=Competition.Kind.SINGLES,
                                 draw_mode=Competition.DrawMode.BRACKET, entry_closes=closed, finals_date=finals,
                                 finals_venue_id=venue.pk, user=secretary)
        players = list(SquadRegistration.objects.filter(season=season).order_by("player__name")
                       .values_list("player_id", flat=True))
        for player in rng.sample(players, SINGLES_ENTRIES):
            cup_enter(competition_id=cup.pk, player_id=player, user=secretary)
        cup_draw(competition_id=cup.pk, seed=rng.randrange(2**31), user=secretary)
    windows = [(closed + timedelta(days=1), closed + timedelta(weeks=2)),
               (closed + timedelta(weeks=2, days=1), closed + timedelta(weeks=4))]
    for number, (start, end) in enumerate(windows, start=1):
        tie_window_set(competition_id=cup.pk, round=number, start=start, end=end, user=secretary)
        for tie in CupTie.objects.filter(competition=cup, round=number, bye=False).order_by("number"):
            assert tie.home_id is not None and tie.away_id is not None
            home_won, loser = rng.random() < 0.5, rng.randrange(20, 58)
            cup_game_card(tie_id=tie.pk, home_score=61 if home_won else loser, away_score=loser if home_won else 61,
                          user=secretary)
    for number in (3, 4):
        tie_window_set(competition_id=cup.pk, round=number, start=finals, end=finals, user=secretary)
    return cup
