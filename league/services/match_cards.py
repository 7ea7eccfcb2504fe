"""A whole paper card entered at once: the team sheet (when it changed) and
the games of every rubber, through the night's own services
(`teamsheets`, `match_games`), which judge each part as they always do.

The card is saved whole or not at all: the first part a service refuses
undoes every part written before it, and the refusal says where it is (the
sheet, or which rubber's game), so the page can show it beside that field.
The refusal is audited once, as `night.card`; each part written is
audited by its own service.
"""
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction

from league.authors import Author
from league.models import Fixture
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, Refused, TeamSheetInvalid
from league.services.audit import audit_record
from league.services.match_games import rubber_game_card
from league.services.teamsheets import Lineup, team_sheet_enter


@dataclass(frozen=True)
class CardGame:
    """One game as the card gives it: its rubber and its number there, the
    final scores, and for an unchecked rubber the winner."""

    rubber: int
    number: int
    home_score: int | None
    away_score: int | None
    winner: str | None = None


class CardRefused(Refused):
    """A part of the card a service refused: the sheet's problems
    (`problems`), or one game's (`rubber`, `game`)."""

    def __init__(self, message: str, *, problems: Sequence[str] = (), rubber: int | None = None,
                 game: int | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems) or [message]
        self.rubber, self.game = rubber, game


def match_card_enter(*, fixture_id: int, games: Sequence[CardGame], user: Author,
                     lineups: Sequence[Lineup] | None = None, conceded: Mapping[int, str] | None = None) -> int:
    """Enters the sheet (`lineups`, unless None: the sheet as it stands)
    and then each game, in order; returns how many games were recorded.
    Raises Fixture.DoesNotExist, NotPermitted or CardRefused, having
    changed nothing."""
    failure: CardRefused | NotPermitted | None = None
    with transaction.atomic():
        try:
            with transaction.atomic():
                _enter(fixture_id, games, user, lineups, conceded)
        except (CardRefused, NotPermitted) as refused:
            failure = refused
        if failure is not None:
            audit_record(user=user, action=AuditAction.NIGHT_CARD, target=Fixture.objects.get(pk=fixture_id),
                         data={"games": len(games), "sheet": lineups is not None}, refusal=failure)
    if failure is not None:
        raise failure
    return len(games)


def _enter(fixture_id: int, games: Sequence[CardGame], user: Author, lineups: Sequence[Lineup] | None,
           conceded: Mapping[int, str] | None) -> None:
    if lineups is not None:
        try:
            team_sheet_enter(fixture_id=fixture_id, lineups=lineups, user=user, conceded=conceded)
        except TeamSheetInvalid as refused:
            raise CardRefused(refused.message, problems=refused.problems) from None
        except Refused as refused:
            raise CardRefused(refused.message) from None
    for game in games:
        try:
            recorded = rubber_game_card(fixture_id=fixture_id, rubber=game.rubber, home_score=game.home_score,
                                        away_score=game.away_score, winner=game.winner, user=user)
        except Refused as refused:
            raise CardRefused(refused.message, rubber=game.rubber, game=game.number) from None
        if recorded.number != game.number:
            # The card's boxes were for the games as they stood when it was
            # opened: another game of the rubber was recorded since, or the
            # card skips one.
            raise CardRefused(f"rubber {game.rubber}: this would be its game {recorded.number}, not game "
                              f"{game.number}: enter its games in order, from the first not yet recorded",
                              rubber=game.rubber, game=game.number)
