"""Match formats: the rubbers of a league match and who may play them.

Terminology: a *match format* is the list of rubbers two teams play, in
order, and the *player limits*: how many singles and how many pairs rubbers
one player may play in a match (``None``: no limit), and the fewest
different players a team must field (``min_players``): a side that cannot
raise them forfeits the match.  A side short of players for some rubbers
*concedes* them: each is won by the other side at the *concede score*
(``concede_score`` to 0; ``None``, the default, is the rubber's own
target, 61-0, or 121-0 for a Leek pairs rubber).  *Pairs* are ``"named"``
on the team sheet, or ``"drawn"`` at random by the captains at the table
(Guisborough), from a seed recorded with the sheet.  *Substitutes* is how
many players a team may bring on during a match, agreed before it starts
(0: none).  The *match score*
is the number of rubbers each side has won (5-4); in leagues where every
rubber is one game, as in the leagues docs/formats.md quotes, it is called
the games score.

>>> fmt = MatchFormat("demo", "Demo", (Rubber("singles"), Rubber("singles"), Rubber("pairs")), max_singles=1)
>>> fmt.counts(), fmt.players_needed(), fmt.draws_possible()
({'singles': 2, 'pairs': 1}, 2, False)
>>> match_score(fmt, [["home"], ["away"], ["home"]])
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scoring import Rules

from .errors import FormatError, ResultError
from .rubbers import Rubber, Side, rubber_winner

PairsChoice = Literal["named", "drawn"]
PAIRS_CHOICES: tuple[PairsChoice, ...] = ("named", "drawn")


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """How a league match is played: its rubbers and its player limits."""

    key: str
    name: str
    rubbers: tuple[Rubber, ...]
    max_singles: int | None = None
    max_pairs: int | None = None
    min_players: int = 1
    concede_score: int | None = None
    # Appended with defaults, so formats made before them still read.
    pairs: PairsChoice = "named"
    substitutes: int = 0

    def __post_init__(self) -> None:
        if not self.key or not self.name:
            raise FormatError("a match format needs a key and a name")
        if self.pairs not in PAIRS_CHOICES:
            raise FormatError(f"{self.name}: pairs are \"named\" or \"drawn\", not {self.pairs!r}")
        if isinstance(self.substitutes, bool) or not isinstance(self.substitutes, int) or self.substitutes < 0:
            raise FormatError(f"{self.name}: substitutes must be a whole number, 0 or more")
        if not self.rubbers:
            raise FormatError(f"{self.name}: a match needs at least one rubber")
        for what, limit in (("max_singles", self.max_singles), ("max_pairs", self.max_pairs)):
            if limit is not None and limit < 1:
                raise FormatError(f"{self.name}: {what} must be at least 1, or None for no limit")
        slots = sum(r.players_a_side for r in self.rubbers)
        if not 1 <= self.min_players <= slots:
            # More players than places on the sheet could never be fielded.
            raise FormatError(f"{self.name}: min_players must be from 1 to {slots}, "
                              f"the places on the sheet, not {self.min_players}")
        if self.concede_score is not None and (isinstance(self.concede_score, bool) or self.concede_score < 1):
            raise FormatError(f"{self.name}: concede_score must be at least 1, or None for the rubber's target")
        if self.players_needed() > slots:
            raise FormatError(f"{self.name}: no team sheet can satisfy these limits")

    def counts(self) -> dict[str, int]:
        """How many singles and pairs rubbers the match has."""
        return {kind: sum(r.kind == kind for r in self.rubbers) for kind in ("singles", "pairs")}

    def limit(self, kind: str) -> int | None:
        """The most rubbers of ``kind`` one player may play, ``None`` for no limit."""
        return self.max_singles if kind == "singles" else self.max_pairs

    def players_needed(self, fielded: Sequence[Rubber] | None = None) -> int:
        """The fewest different players a team can field: the minimum, or
        more when the limits force it (six singles, one each: six players).
        ``fielded`` are the rubbers a short side plays, the rest conceded:
        the limits then count only those."""
        played = self.rubbers if fielded is None else fielded
        counts = {kind: sum(r.kind == kind for r in played) for kind in ("singles", "pairs")}
        needed = [self.min_players]
        for kind, per_rubber in (("singles", 1), ("pairs", 2)):
            limit = self.limit(kind)
            if limit is not None:
                needed.append(-(-counts[kind] * per_rubber // limit))  # ceiling division
        return max(needed)

    def conceded_score(self, rubber: Rubber, league_rules: object) -> int | None:
        """The winner's score for a game of ``rubber`` conceded (the loser's
        is 0): ``concede_score``, or the target of the rubber's rules over
        the league's; ``None`` for an unchecked rubber, which has no score."""
        if not rubber.checked:
            return None
        if self.concede_score is not None:
            return self.concede_score
        return Rules.parse(rubber.rules_over(league_rules)).target

    def draws_possible(self) -> bool:
        """Whether a completed match can end level: only with an even number of rubbers."""
        return len(self.rubbers) % 2 == 0


def match_score(fmt: MatchFormat, rubber_games: Sequence[Sequence[Side]]) -> tuple[int, int]:
    """Rubbers won by (home, away), from each rubber's game winners in order.

    Rubbers not yet played or not yet decided count for neither side.
    Raises ``ResultError`` for more rubbers than the format has, or for games
    no rubber could have (see ``rubber_winner``).
    """
    if len(rubber_games) > len(fmt.rubbers):
        raise ResultError(f"{fmt.name} has {len(fmt.rubbers)} rubbers, not {len(rubber_games)}")
    home = away = 0
    # Fewer rubbers than the format's is a match still being played.
    for number, (rubber, games) in enumerate(zip(fmt.rubbers, rubber_games, strict=False), start=1):
        try:
            winner = rubber_winner(rubber, games)
        except ResultError as error:
            raise ResultError(f"rubber {number}: {error}") from error
        home += winner == "home"
        away += winner == "away"
    return home, away
