"""Who is asking is checked before what they sent, on every write of the
API: someone with no part in the league a write is about (or, for a game
outside a match, anyone who may not score it) is refused with a 403 and
never reaches the body, so a stranger learns nothing of what a valid body
would be. The services still make their own, finer checks afterwards."""
from collections.abc import Mapping
from typing import Any

from league.authors import Author
from league.models import Game
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted
from league.selectors.access import game_owner_refusal, game_write_refusal, league_outsider_refusal
from league.selectors.write_targets import write_target
from league.services.audit import audit_record


def league_people_only(*, path_ids: Mapping[str, Any], user: Author, action: AuditAction) -> None:
    """Refuses (NotPermitted) anyone with no part in the league of the row
    the path names, auditing the refusal as `action` against that row, as
    the service's own refusal would be. A path naming no league's row, or
    a row not there, is left to the view."""
    target = write_target(path_ids)
    if target is None:
        return
    refusal = league_outsider_refusal(league=target.league, user=user)
    if refusal is not None:
        audit_record(user=user, action=action, target=target.row, refusal=refusal)
        raise refusal


def game_writers_only(*, game_id: int, user: Author, owner: bool, action: AuditAction | None) -> None:
    """Refuses anyone who may not write to the game (`owner`: may not name
    its scorers). Only a refusal of the person: one of the game's state
    (a submitted night, a decided tie) is left to the service, which may
    have a stored answer to replay first. Audited as `action` when the
    service audits its own refusals (naming scorers does; a move does not)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    # A decided tie is left to the service: not asked here.
    refusal = game_owner_refusal(game=game, user=user) if owner else game_write_refusal(
        game=game, user=user, tie_decided=False)
    if isinstance(refusal, NotPermitted):
        if action is not None:
            audit_record(user=user, action=action, target=game, refusal=refusal)
        raise refusal
