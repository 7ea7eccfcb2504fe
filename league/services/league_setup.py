"""The writes of a league's first set-up (docs/organisation.md, "The first
run"), each made of the services that keep the rules: `league_create`,
`division_create`, `team_create` and `division_team_add`. What is added
here is only who may start a league, and that a step's several writes are
made together or not at all."""
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from league.authors import Author
from league.models import Division, League, Team
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted
from league.selectors.league_setup import may_start_a_league
from league.services.audit import audit_record
from league.services.clubs import team_create
from league.services.competition import division_create, league_create
from league.services.fixtures import division_team_add


def league_set_up(*, name: str, slug: str, settings: Mapping[str, Any], user: Author) -> League:
    """A new league run by `user`, who becomes its first secretary. Only
    the site's administrators (superusers) start a league. Raises
    NotPermitted, or what `league_create` raises."""
    if not may_start_a_league(user):
        refusal = NotPermitted("only the site's administrator can set up a new league")
        audit_record(user=user, action=AuditAction.LEAGUE_CREATE, target=name, refusal=refusal)
        raise refusal
    return league_create(name=name, slug=slug, settings=settings, secretaries=[user], user=user)


def divisions_create(*, season_id: int, names: Sequence[str], user: Author) -> list[Division]:
    """The season's divisions in the order given, top first, each made by
    `division_create` (which gives each its level); all of them, or, when
    one is refused, none. Raises what `division_create` raises."""
    with transaction.atomic():
        return [division_create(season_id=season_id, name=name, user=user) for name in names]


def team_create_entered(*, league_id: int, division_id: int, name: str, venue_id: int, user: Author) -> Team:
    """A new team of the league entered in the division: both, or, when
    either is refused, neither. Raises what `team_create` and
    `division_team_add` raise."""
    with transaction.atomic():
        team = team_create(league_id=league_id, name=name, venue_id=venue_id, user=user)
        division_team_add(division_id=division_id, team_id=team.pk, user=user)
    return team
