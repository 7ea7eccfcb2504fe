"""A person's email address, where the league's notices go.

A login's `email` is used by the notices only once it is known to reach its
owner:

- an address the owner gives (their account page, or accepting an
  invitation that came by a passed-on link) waits as a `PendingEmail`
  until they follow the link sent to it, signed and good for CONFIRM_DAYS;
  following it again changes nothing;
- an address a secretary gives for someone in their league, or the one an
  invitation was sent to, is the secretary's word that it reaches them: it
  is used at once, audited, and its owner can change it.

Only the person and their league's secretaries are shown an address.
"""
from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth.models import User
from django.core import signing
from django.db import transaction
from django.utils import timezone

from league.authors import Author
from league.models import League, PendingEmail
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, Refused
from league.selectors.access import league_outsider_refusal, secretary_refusal
from league.selectors.contacts import league_of_login
from league.services.audit import audit_record
from league.services.notices import notice_queue

CONFIRM_SALT = "league.contacts.email-confirm"
CONFIRM_DAYS = 7
CONFIRM_SUBJECT = "Confirm your email address for the league's notices"
# Makes the confirmation link's address from its token.
LinkFor = Callable[[str], str]


def email_ask(*, user: User, address: str, link_for: LinkFor) -> bool | None:
    """The user's own new address: kept waiting and sent the link to
    confirm it. An empty address removes theirs (notices stop at once).
    Returns None when nothing was to be sent (the address is theirs
    already, or removed), else whether the link's email is on its way."""
    address = address.strip().lower()
    with transaction.atomic():
        if not address or address == user.email.strip().lower():
            PendingEmail.objects.filter(user=user).delete()
            if not address and user.email:
                user.email = ""
                user.save(update_fields=["email"])
                audit_record(user=user, action=AuditAction.EMAIL_REMOVE, target=user)
            return None
        PendingEmail.objects.update_or_create(user=user, defaults={"address": address})
        audit_record(user=user, action=AuditAction.EMAIL_ASK, target=user)
        return confirm_link_send(user=user, address=address, link_for=link_for)


def confirm_link_send(*, user: User, address: str, link_for: LinkFor) -> bool:
    """Writes the email with the link that confirms the address for the
    user to the outbox (league.services.notices), to go once the change
    commits, retried while the mail server cannot take it, and listed on
    the notices page of the user's league (`league_of_login`). Its link is
    only in the letter, which that page does not show: the notice links to
    no page. Each asking is a letter of its own (the link is new each
    time); False if none was written."""
    token = signing.dumps({"u": user.pk, "a": address}, salt=CONFIRM_SALT)
    body = (f"Hello {user.get_username()},\n\nYou gave this address for the league's notices: results to "
            f"confirm, disputes, matches moved. To start them, confirm it within {CONFIRM_DAYS} days at this "
            f"link:\n\n{link_for(token)}\n\nIf it was not you, ignore this email: nothing more will be sent.\n")
    with transaction.atomic():
        stamp = f"{timezone.now():%Y%m%d%H%M%S%f}"
        written = notice_queue(kind="email_confirm", event=f"email-confirm:user:{user.pk}:{stamp}",
                               league=league_of_login(user=user), to=[(user, address)], subject=CONFIRM_SUBJECT,
                               body=body, link="")
    return written > 0


def email_token_read(token: str) -> tuple[int, str] | None:
    """The user and address a confirmation link names, if it is ours and
    in date."""
    try:
        data = signing.loads(token, salt=CONFIRM_SALT, max_age=timedelta(days=CONFIRM_DAYS))
    except signing.BadSignature:  # SignatureExpired is one
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("a"), str):
        return None
    return data["u"], data["a"]


def email_confirm(*, token: str) -> tuple[User, bool]:
    """Makes the address the link names its user's: the user, and whether
    it was new (False: confirmed before, nothing changes). Raises Refused
    for a link out of date, made up, or for an address since replaced."""
    named = email_token_read(token)
    if named is None:
        raise Refused("this link has expired or was not copied whole: give your address again on your account "
                      "page for a new one")
    user_id, address = named
    with transaction.atomic():
        user = User.objects.select_for_update(no_key=True).filter(pk=user_id).first()
        if user is None:
            raise Refused("this link's login no longer exists")
        if user.email.strip().lower() == address:
            return user, False
        pending = PendingEmail.objects.filter(user=user, address=address).first()
        if pending is None:
            raise Refused("this address was replaced by another since the link was sent: use the newest link")
        user.email = address
        user.save(update_fields=["email"])
        pending.delete()
        audit_record(user=user, action=AuditAction.EMAIL_CONFIRM, target=user)
    return user, True


def email_accepted(*, user: User, address: str, vouched: str, link_for: LinkFor) -> bool | None:
    """The address given on accepting an invitation: used at once when it
    is the one the invitation was sent to (`vouched`), which the secretary
    gave; else waiting for confirmation as on the account page. Returns
    as `email_ask` does; the caller's transaction is committed first."""
    address = address.strip().lower()
    if address and address == vouched.strip().lower():
        user.email = address
        user.save(update_fields=["email"])
        PendingEmail.objects.filter(user=user).delete()
        return None
    if not address:
        return None
    return email_ask(user=user, address=address, link_for=link_for)


def email_set_by_secretary(*, league: League, person_id: int, address: str, user: Author) -> User:
    """A secretary gives or corrects the address of someone with a part in
    their league (empty removes it): used at once, on the secretary's word,
    and audited. Raises User.DoesNotExist, NotSecretary or Refused."""
    address = address.strip().lower()
    with transaction.atomic():
        person = User.objects.select_for_update(no_key=True).get(pk=person_id)
        refusal: NotPermitted | Refused | None = secretary_refusal(
            league=league, user=user, doing="can give someone's email address")
        if refusal is None and league_outsider_refusal(league=league, user=person) is not None:
            refusal = Refused(f"{person.get_username()} has no part in {league}")
        audit_record(user=user, action=AuditAction.EMAIL_SET, target=person, refusal=refusal,
                     data={"league": league.pk, "address": address, "was": person.email})
        if refusal is None:
            person.email = address
            person.save(update_fields=["email"])
            PendingEmail.objects.filter(user=person).delete()
    if refusal is not None:
        raise refusal
    return person
