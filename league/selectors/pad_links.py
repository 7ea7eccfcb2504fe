"""Where a game's pad and scoreboard lead a reader: back to the match night
its rubber belongs to, and, once the game is won, on to the night's next
rubber still to be finished (or back to the night when every rubber is).

Terms: a rubber is *finished* when its winner is known; until then its
next game is the one to score. The *next* rubber after a won game is its
own rubber when that still needs a game (a best of three at 1-0), else the
first unfinished rubber after it, else the first unfinished one before it:
the order a night is played in, without skipping a rubber left behind.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league.authors import Author
from league.models import Game, MatchNight, RubberGame
from league.refusals import WrongNightStatus
from league.selectors.access import game_write_refusal
from league.selectors.matches import night_view


@dataclass(frozen=True, slots=True)
class NightLink:
    """The match night a game belongs to, as a link names it."""

    fixture_id: int
    title: str  # "Red Lion A v Crown B"
    rubber: int  # the game's rubber, from 1
    game: int  # the game's place in its rubber, from 1
    best_of: int


@dataclass(frozen=True, slots=True)
class NextRubber:
    """The rubber to score after a won game."""

    number: int
    game: int  # the game of the rubber that comes next, from 1
    best_of: int
    players: str  # "Ann v Bob", or "" before the team sheet names them
    live_game: int | None  # its game being scored live, if one is


@dataclass(frozen=True, slots=True)
class PadLinks:
    night: NightLink | None  # None for a game outside a match
    next: NextRubber | None  # None: every rubber of the night is finished
    can_start: bool  # whether the reader may start the next game live


def game_night_link(*, game: Game) -> NightLink | None:
    """The match night of the game's rubber, or None for a game outside a
    match (or one taken off its night)."""
    if game.match_night_id is None:
        return None
    found = (RubberGame.objects.filter(game_id=game.pk)
             .values_list("rubber__night__fixture_id", "rubber__number", "number").first())
    if found is None:
        return None
    fixture_id, rubber, number = found
    view = night_view(fixture_id=fixture_id)
    spec = view["rubbers"][rubber - 1]
    title = f"{view['home_team']['name']} v {view['away_team']['name']}"
    return NightLink(fixture_id=fixture_id, title=title, rubber=rubber, game=number, best_of=spec["best_of"])


def pad_links(*, game: Game, user: Author) -> PadLinks:
    """Where the pad of `game` leads `user` after the game: see the module
    docstring. Read afresh when the game is won, as other tablets score
    the night's other rubbers meanwhile."""
    night = game_night_link(game=game)
    if night is None:
        return PadLinks(night=None, next=None, can_start=False)
    view = night_view(fixture_id=night.fixture_id)
    following = next_rubber(view["rubbers"], after=night.rubber)
    refusal = game_write_refusal(game=game, user=user)
    return PadLinks(night=night, next=following, can_start=refusal is None and view["status"] == MatchNight.Status.OPEN)


def next_rubber(rubbers: list[dict[str, Any]], *, after: int) -> NextRubber | None:
    """The rubber to score once a game of rubber `after` is won, from the
    night's view (`night_view`'s rubbers), or None when all are finished."""
    unfinished = [rubber for rubber in rubbers if rubber["winner"] is None]
    order = ([r for r in unfinished if r["number"] == after] + [r for r in unfinished if r["number"] > after]
             + [r for r in unfinished if r["number"] < after])
    if not order:
        return None
    rubber = order[0]
    playing = next((g for g in rubber["games"] if g["playing"]), None)
    return NextRubber(
        number=rubber["number"], best_of=rubber["best_of"], players=_players(rubber),
        game=playing["number"] if playing else len(rubber["games"]) + 1,
        live_game=playing["game"] if playing else None,
    )


def _players(rubber: dict[str, Any]) -> str:
    if not rubber["home"]:
        return ""
    home, away = (" & ".join(p["name"] for p in rubber[side]) for side in ("home", "away"))
    return f"{home} v {away}"


def follower_reason(*, game: Game, user: Author) -> str | None:
    """Why `user` only follows the game on its pad, in words for them; None
    for a scorer of the game. The same check the writes meet
    (`game_write_refusal`), so the pad never offers a tap the server would
    refuse for who is tapping."""
    refusal = game_write_refusal(game=game, user=user)
    if refusal is None:
        return None
    if isinstance(refusal, WrongNightStatus):
        return f"You are following this game: {refusal.message}."
    if game.match_night_id is not None:
        home = MatchNight.objects.filter(pk=game.match_night_id).values_list("fixture__home_team__name",
                                                                               flat=True).get()
        return ("You are following this game; only its scorers can record moves: "
                f"ask the home captain ({home}) to add you as a scorer.")
    return ("You are following this game; only its scorers can record moves: "
            "ask whoever started it to name you as a scorer.")
