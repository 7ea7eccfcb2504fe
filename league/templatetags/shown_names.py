"""Names in templates as the reader may see them (league.selectors.shown_names):
`{{ player|name_for:request.user }}`, `{{ tie|reason_for:request.user }}`,
`{{ fixture|fixture_reason_for:request.user }}`; on a page shared between
readers (kept in the spectators' cache), `{{ player|name_public }}` and `{{ entry|entry_name_public }}`."""
from django import template
from django.contrib.auth.models import AnonymousUser, User

from league.authors import Author
from league.models import CupEntry, CupTie, Fixture, Player
from league.selectors.shown_names import (
    entry_name_public,
    fixture_reason_shown,
    name_public,
    name_shown,
    reason_shown,
)

register = template.Library()


def _reader(user: object) -> Author:
    """A template rendered without a request gives "" for request.user: a
    reader nobody knows, who sees what the public sees."""
    return user if isinstance(user, (User, AnonymousUser)) else None


@register.filter
def name_for(player: Player, user: object) -> str:
    return name_shown(player, _reader(user))


@register.filter(name="name_public")
def name_public_filter(player: Player) -> str:
    return name_public(player)


@register.filter(name="entry_name_public")
def entry_name_public_filter(entry: CupEntry) -> str:
    return entry_name_public(entry)


@register.filter
def fixture_reason_for(fixture: Fixture, user: object) -> str:
    return fixture_reason_shown(fixture, _reader(user))


@register.filter
def reason_for(tie: CupTie, user: object) -> str:
    return reason_shown(tie, _reader(user))
