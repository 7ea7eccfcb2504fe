"""An invitation's token, and its link in the letter that carries it.

A token made from a seed (the form's key, or a random one) and the site's
secret key can be made again by whoever holds both, and by no one else:
a copy of the database, which keeps the seeds, opens nothing. That is what
lets the letter go through the notices' outbox without its link being
stored: the notice keeps a placeholder naming the seed (`invite_link_held`),
filled in as the letter is sent (`invite_links_filled`), so the link is
only ever in the email itself and on the page that made the invitation.
"""
import re
import secrets

from django.conf import settings
from django.urls import reverse
from django.utils.crypto import salted_hmac

from league.selectors.invites import invite_by_token, invite_closed_reason

KEYED_TOKEN_SALT = "league.invites.keyed-token"
HELD = re.compile(r"\[\[invite-link (\S+) (\d+)\]\]")


def invite_token(*, seed: str, number: int) -> str:
    """The token of the `number`th invitation made in one go: random; or,
    given a seed (a form's key, which names whose key it is), the same each
    time it is asked, made from the seed and the site's secret key."""
    if not seed:
        return secrets.token_urlsafe(32)
    return salted_hmac(KEYED_TOKEN_SALT, f"{seed}:{number}", algorithm="sha256").hexdigest()


def invite_seed_new() -> str:
    """A seed for invitations made without a form's key."""
    return f"random:{secrets.token_hex(16)}"


def invite_link_held(*, seed: str, number: int) -> str:
    """What a stored letter holds in place of the invitation's link."""
    return f"[[invite-link {seed} {number}]]"


def invite_links_filled(body: str) -> tuple[str, str]:
    """The letter with each invitation's link in place (made by the site's
    address, settings.SITE_URL), and why it is not to be sent (its
    invitation withdrawn, used or expired meanwhile: a dead link is not
    worth a letter), or "" when it is."""
    closed: list[str] = []

    def link(held: re.Match[str]) -> str:
        token = invite_token(seed=held.group(1), number=int(held.group(2)))
        invite = invite_by_token(token=token)
        reason = "this invitation no longer exists" if invite is None else invite_closed_reason(invite)
        if reason is not None:
            closed.append(reason)
        return f"{settings.SITE_URL}{reverse('invite-accept', args=[token])}"

    return HELD.sub(link, body), "; ".join(closed)
