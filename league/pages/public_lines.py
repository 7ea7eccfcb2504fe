"""How the public pages word a fixture and a game: the score of a confirmed
result or what became of the fixture instead ("postponed", "walkover to
Swan", "awaiting confirmation"), and a player's game from their own side.

Only a confirmed result shows its score: until the away captain signs it,
the score is the home team's claim, and the match night page has the
details for anyone who wants them.
"""
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import groupby

from league.models import Fixture, MatchNight, Player, RubberGame
from league.selectors.matches import game_outcome
from league.selectors.shown_names import name_public

Status = Fixture.Status
Night = MatchNight.Status

# Keyed by the status as a night stores it, a plain string (a choice is one too).
PENDING_NOTES: dict[str, str] = {Night.SUBMITTED: "awaiting confirmation", Night.DISPUTED: "disputed"}


@dataclass(frozen=True, slots=True)
class FixtureLine:
    """A fixture as a list of results shows it. `state` is for the page's
    styles: result, pending, off or upcoming."""

    fixture: Fixture
    score: str
    note: str
    state: str


@dataclass(frozen=True, slots=True)
class Week:
    number: int
    lines: list[FixtureLine]

    @property
    def dates(self) -> list[date]:
        return sorted({line.fixture.date for line in self.lines})


def night_of(fixture: Fixture) -> MatchNight | None:
    """The fixture's match night, loaded with it; None before one starts."""
    try:
        return fixture.night
    except MatchNight.DoesNotExist:
        return None


def fixture_line(fixture: Fixture, *, today: date, deadline_days: int) -> FixtureLine:
    """What became of the fixture, as of `today`."""
    if fixture.status == Status.VOID:
        return FixtureLine(fixture, "", "void", "off")
    if fixture.status == Status.WALKOVER:
        recorded = fixture.walkover_home_games is not None and fixture.walkover_away_games is not None
        score = f"{fixture.walkover_home_games}–{fixture.walkover_away_games}" if recorded else ""
        return FixtureLine(fixture, score, f"walkover to {fixture.walkover_winner}", "result")
    if fixture.status == Status.POSTPONED:
        return FixtureLine(fixture, "", "postponed", "off")
    night = night_of(fixture)
    if night is not None and night.status == Night.CONFIRMED:
        return FixtureLine(fixture, f"{night.home_games}–{night.away_games}", "", "result")
    if night is not None and night.status in PENDING_NOTES:
        return FixtureLine(fixture, "", PENDING_NOTES[night.status], "pending")
    return FixtureLine(fixture, "", _unreturned(fixture, night, today, deadline_days), "upcoming")


def _unreturned(fixture: Fixture, night: MatchNight | None, today: date, deadline_days: int) -> str:
    """A playable fixture whose result is not in: still to come, being
    played, or late."""
    moved = f"rearranged from {fixture.date.day} {fixture.date:%B}" if fixture.status == Status.REARRANGED else ""
    if fixture.played_on > today:
        return moved
    if fixture.played_on == today:
        return "being played" if night is not None else "tonight"
    if fixture.played_on + timedelta(days=deadline_days) < today:
        return "result overdue"
    return "result not yet in"


def fixture_lines(fixtures: list[Fixture], *, today: date, deadline_days: int) -> list[FixtureLine]:
    return [fixture_line(f, today=today, deadline_days=deadline_days) for f in fixtures]


def by_week(lines: list[FixtureLine]) -> list[Week]:
    """The lines grouped by match week; `lines` must come in week order."""
    return [Week(number, list(group)) for number, group in groupby(lines, key=lambda line: line.fixture.week)]


def latest_and_next(lines: list[FixtureLine], *, today: date, count: int) -> tuple[list[FixtureLine], list[FixtureLine]]:
    """The `count` latest fixtures up to today, newest first, and the
    `count` next ones still to be played, soonest first; `lines` by date."""
    past = [line for line in lines if line.fixture.played_on <= today]
    ahead = [line for line in lines if is_ahead(line, today)]
    return past[::-1][:count], ahead[:count]


def week_size(fixtures: list[Fixture]) -> int:
    """How many fixtures make a week: half as many as the teams playing them."""
    teams = {f.home_team_id for f in fixtures} | {f.away_team_id for f in fixtures}
    return max(1, len(teams) // 2)


def is_ahead(line: FixtureLine, today: date) -> bool:
    """Still to be played: after today, and neither postponed, awarded nor voided."""
    return line.fixture.played_on > today and line.state == "upcoming"


@dataclass(frozen=True, slots=True)
class GameLine:
    """One of a player's games, from the player's side: their partner,
    their opponents, the score with their side's first, and the outcome."""

    rubber_game: RubberGame
    fixture: Fixture
    team: str
    partner: str
    opponents: str
    score: str
    outcome: str  # won, lost, or in play


def game_line(rubber_game: RubberGame, player: Player) -> GameLine:
    rubber = rubber_game.rubber
    fixture = rubber.night.fixture
    home = player.pk in rubber.home_ids()
    ours = [rubber.home_player, rubber.home_partner] if home else [rubber.away_player, rubber.away_partner]
    theirs = [rubber.away_player, rubber.away_partner] if home else [rubber.home_player, rubber.home_partner]
    outcome = game_outcome(rubber_game)
    if outcome is None:
        score, result = _live_score(rubber_game, home), "in play"
    else:
        scores = (outcome.home_score, outcome.away_score) if home else (outcome.away_score, outcome.home_score)
        # An unchecked rubber's game may have its result only.
        score = "" if scores[0] is None else f"{scores[0]}–{scores[1]}"
        result = "won" if (outcome.winner == "home") == home else "lost"
    return GameLine(
        rubber_game=rubber_game, fixture=fixture, team=str(fixture.home_team if home else fixture.away_team),
        # As anyone may see them: the player's page is kept in the spectators' cache.
        partner=" & ".join(name_public(p) for p in ours if p is not None and p.pk != player.pk),
        opponents=" & ".join(name_public(p) for p in theirs if p is not None), score=score, outcome=result,
    )


def _live_score(rubber_game: RubberGame, home: bool) -> str:
    game = rubber_game.game
    if game is None or len(game.scores) < 2:
        return ""
    ours, theirs = (game.scores[0], game.scores[1]) if home else (game.scores[1], game.scores[0])
    return f"{ours}–{theirs}"
