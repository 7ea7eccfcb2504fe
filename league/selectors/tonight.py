"""A league's evening as its secretaries follow it: every match set for one
night, each with where it stands (not started, being scored live, games
entered, submitted, confirmed, disputed, overdue, postponed, or settled
without a game) and, while games are scored live, who is playing them.

The same few queries however many matches the night has: the fixtures
with their nights, divisions and leagues; every game recorded on those
nights with its rubber's players; and the names of the players on the
boards, asked once for all of them.
"""
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db.models import Q

from league.authors import Author
from league.models import Fixture, Game, MatchNight, Player, RubberGame
from league.selectors.competition import settings_of
from league.selectors.shown_names import names_shown

Status = Fixture.Status
Night = MatchNight.Status

# A match's state on the night, in the words the page shows.
STATES = {
    "not-started": "Not started",
    "scoring": "Being scored",
    "entered": "Games entered, not submitted",
    "overdue": "Overdue",
    "submitted": "Submitted, awaiting confirmation",
    "disputed": "Disputed",
    "confirmed": "Confirmed",
    "postponed": "Postponed",
    "walkover": "Walkover",
    "void": "Void",
}


@dataclass(frozen=True)
class LiveRubber:
    """A rubber with a game being scored live: its number and its players."""

    number: int
    home: list[str]
    away: list[str]


@dataclass(frozen=True)
class MatchTonight:
    fixture: Fixture
    state: str  # a key of STATES
    due: date  # the day the result is due
    games: int = 0  # games recorded, live and from the card
    live: list[LiveRubber] = field(default_factory=list)

    @property
    def label(self) -> str:
        return STATES[self.state]

    @property
    def score(self) -> tuple[int, int] | None:
        """The match score the home captain submitted, once they have."""
        night = _night(self.fixture)
        if night is None or night.home_games is None or night.away_games is None:
            return None
        return night.home_games, night.away_games


def nights_tonight(*, league_id: int, on: date, user: Author, today: date) -> list[MatchTonight]:
    """Every match of the league set for `on` (a postponed one on the night
    it was drawn for, a rearranged one on its new night), by division then
    home team; `today` decides which results are overdue, `user` how the
    players' names read."""
    fixtures = list(
        Fixture.objects.filter(division__season__league_id=league_id)
        .exclude(status=Status.DRAFT)
        .filter(Q(rearranged_to=on) | Q(rearranged_to__isnull=True, date=on))
        .select_related("home_team", "away_team", "venue", "division__season__league", "night")
        .order_by("division__level", "division__name", "home_team__name", "pk"))
    games = list(RubberGame.objects.filter(rubber__night__fixture__in=[f.pk for f in fixtures])
                 .select_related("game", "rubber__night", "rubber__home_player", "rubber__home_partner",
                                 "rubber__away_player", "rubber__away_partner")
                 .order_by("rubber__number", "number")) if fixtures else []
    names = names_shown(_players_on_boards(games), user)
    by_fixture: dict[int, list[RubberGame]] = {}
    for game in games:
        by_fixture.setdefault(game.rubber.night.fixture_id, []).append(game)
    return [_tonight(fixture, by_fixture.get(fixture.pk, []), names, today) for fixture in fixtures]


def _tonight(fixture: Fixture, games: list[RubberGame], names: dict[int, str], today: date) -> MatchTonight:
    due = fixture.played_on + timedelta(days=settings_of(fixture.division).result_deadline_days)
    live = [_live_rubber(game, names) for game in games if _playing(game)]
    return MatchTonight(fixture=fixture, state=_state(fixture, games, bool(live), due, today), due=due,
                        games=len(games), live=live)


def _state(fixture: Fixture, games: list[RubberGame], live: bool, due: date, today: date) -> str:
    if fixture.status in (Status.POSTPONED, Status.WALKOVER, Status.VOID):
        return str(fixture.status)
    night = _night(fixture)
    if night is not None and night.status != Night.OPEN:
        return str(night.status)
    if live:
        return "scoring"
    if due < today:
        return "overdue"
    # A conceded rubber's games are recorded with the sheet: nobody has played yet.
    return "entered" if any(not game.rubber.conceded_by for game in games) else "not-started"


def _night(fixture: Fixture) -> MatchNight | None:
    try:
        return fixture.night
    except MatchNight.DoesNotExist:
        return None


def _playing(game: RubberGame) -> bool:
    """A live game not yet won."""
    return (game.source == RubberGame.Source.LIVE and not game.winner and game.game is not None
            and game.game.status != Game.Status.WON)


def _live_rubber(game: RubberGame, names: dict[int, str]) -> LiveRubber:
    rubber = game.rubber
    return LiveRubber(number=rubber.number,
                      home=[names[p.pk] for p in (rubber.home_player, rubber.home_partner) if p is not None],
                      away=[names[p.pk] for p in (rubber.away_player, rubber.away_partner) if p is not None])


def _players_on_boards(games: list[RubberGame]) -> list[Player]:
    rubbers = [game.rubber for game in games if _playing(game)]
    return [p for r in rubbers for p in (r.home_player, r.home_partner, r.away_player, r.away_partner)
            if p is not None]
