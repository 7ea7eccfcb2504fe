"""What a write can refuse, independent of HTTP (the API maps them).

Services raise these; selectors say ahead of a write which one it would
meet (`league.selectors.access`, `league.selectors.squads`), so both import
them from here, beneath either."""
from datetime import date
from typing import Any


class GameConflict(Exception):
    """The write does not fit the game as it now stands (a stale seq, shown
    tiles for a hand still being played, nothing to undo). Carries the
    current state so the client can catch up."""

    def __init__(self, message: str, state: dict[str, Any]) -> None:
        super().__init__(message)
        self.message = message
        self.state = state


class MoveRejected(Exception):
    """The rules engine refused the move; the message is the engine's own."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Refused(ValueError):
    """A change to the league that its rules do not allow. The message says
    why in words a secretary understands, and is safe to show as it is.
    `details`: what the API answers beside the message, for a client to act on."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = {}


class TiePlayedOn(Refused):
    """A cup tie's winner cannot change: the next round's tie, which the
    winner went into, has been played (or begun)."""

    def __init__(self, message: str, *, tie_id: int) -> None:
        super().__init__(message)
        self.tie_id = tie_id


class NeedsInsisting(Refused):
    """A change the league's rules warn against but a secretary may make
    all the same, by insisting (a match moved onto a night one of its teams
    already plays, a season set up after it started): the pages offer an
    "insist" box, the API an `insist` field."""


class SettingsInvalid(Refused):
    """A league or division setting the service cannot use; for rules, the
    message is the engine's own."""


class PlaceTaken(Refused):
    """A division's place (level) that another league division of the
    season holds: two never share one."""


class RegistrationClosed(Refused):
    """The season's registration deadline has passed and the user is not one
    of the league's secretaries."""


class SquadFull(Refused):
    """The team already has as many players as the season allows."""


class RegisteredElsewhere(Refused):
    """The player is registered for another team this season: no moving
    teams mid-season."""


class AlreadyInSquad(Refused):
    """The player is already registered for the team this season."""


class NotInSquad(Refused):
    """The player is not registered for the team this season."""


class WrongLeague(Refused):
    """The team does not play in the season's league."""


class NotPermitted(Exception):
    """The user may not take this action at all (the service's
    PermissionDenied; the API answers 403). Not a Refused: no change of the
    request would make it allowed for this user. The message says who may."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotSecretary(NotPermitted):
    """The action is one only a secretary of the league may take."""


class NotCaptain(NotPermitted):
    """The action is one only the team's captain or vice-captain (or a
    secretary of the league) may take."""


class NotTeamScorer(NotPermitted):
    """Scoring a match's games is for the two teams' captains and scorers
    and the league's secretaries."""


class NotGameScorer(NotPermitted):
    """Scoring a game outside a match is for its creator and the scorers
    the creator names; naming them is for the creator alone."""


class AlreadyEntered(Refused):
    """The team is already in a division this season (this one or another):
    a team plays in one division a season."""


class FixturesPublished(Refused):
    """The division's fixtures are published: they are no longer drawn
    again, and its teams are settled."""


class FixturesImpossible(Refused):
    """The fixture generator cannot draw the division's fixtures (too few
    teams, too many at one venue); the message names the teams."""


class VenuesFull(FixturesImpossible):
    """No draw fits round the matches the division's venues already host
    for the league's other divisions and cups; the message names the
    venues and nights. `next_start` is the first later start from which
    one fits (None when none does within half a year)."""

    def __init__(self, message: str, *, next_start: date | None) -> None:
        super().__init__(message)
        self.next_start = next_start
        self.details = {"next_start": next_start.isoformat() if next_start is not None else None}


class VenueFull(Refused):
    """Every board set of the venue is taken on the night (league-wide);
    the message names the venue, the night, the matches already there, and
    the next night that fits."""


class WrongFixtureStatus(Refused):
    """The fixture's status does not allow the change (a draft cannot be
    postponed; a void fixture cannot be rearranged)."""


class ReasonRequired(Refused):
    """A change to a published fixture needs a reason, for the teams and
    the audit log."""


class FixtureNotPlayable(Refused):
    """The fixture is not on (a draft, postponed, a walkover or void), so
    nothing can be entered for its match night."""


class WrongNightStatus(Refused):
    """The match night's result is not where the action needs it (a sheet
    changed after submission, a confirmation of a result not submitted)."""


class TeamSheetInvalid(Refused):
    """The team sheet breaks the match format or names a player who may not
    play; `problems` lists every one, in words a captain can act on."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems


class ResultInvalid(Refused):
    """A game's or a match's result cannot stand: a final score no game
    could end on, a rubber not yet decided, a game played after its rubber
    was decided."""


class NotScoredLive(ResultInvalid):
    """A live game asked for a rubber the rules engine does not adjudicate
    (block dominoes): its result is entered from the paper card."""


class FormatInvalid(Refused):
    """A match format or points scheme a secretary built that cannot be
    played or scored; `problems` lists every one as (where, sentence), the
    where naming the field (`rubbers.2.best_of`) so a page shows each
    beside it."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(" ".join(message for _, message in problems))
        self.problems = problems


class SubstitutionInvalid(Refused):
    """Substitutes named, or a substitution, that the match format or the
    night does not allow: too many substitutes, a player not in the squad,
    a rubber already started, a player over the format's limits."""


class TransferRefused(Refused):
    """A transfer the league's rules do not allow: none mid-season, past
    the season's last transfer date, or into a full squad."""


class WithdrawalRefused(Refused):
    """A team's withdrawal from its division that cannot be recorded."""


class KeyReused(Refused):
    """An idempotency key already answered a different request: the client
    is reusing a key it should have made new, and doing either write would
    be a guess."""
