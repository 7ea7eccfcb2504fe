"""Emails the league sends, kept as an outbox, and who has asked for fewer.

Terms: a *notice* is one email to one address about one event, written in
the same transaction as the change it tells of and sent afterwards by a
task (`league.services.notice_sending`). Its `key` names the event and the
recipient, so an event told twice still makes one notice. A *stop* is an
address asking for no more of one kind of notice, or of any (kind "").
A *digest subscription* is an address asking for a league's weekly
results; it counts once the address has confirmed it from the link sent
to it (double opt-in), and needs no account.

Addresses are kept lower-cased, so one inbox is one address.
"""
from django.conf import settings
from django.db import models

# The kinds of notice, each with the words the preferences page shows. A
# notice of a kind not listed here is sent all the same (its name is its
# label), and its email's link can stop it, but the preferences page
# neither shows nor changes that choice: list a new kind here.
NOTICE_KINDS: dict[str, str] = {
    "result_submitted": "A result for my team to confirm or dispute",
    "result_confirmed": "A result my team returned, confirmed by the other team",
    "result_disputed": "A result disputed",
    "result_settled": "A dispute settled, or a result corrected",
    "overdue_warning": "A warning before my team's result is overdue",
    "result_overdue": "A result overdue",
    "fixture_changed": "A match postponed, rearranged or given a date",
    "rearrangement": "A request to move my team's match: asked, declined, withdrawn or closed",
    "team_withdrawn": "A team withdrawn from my team's division, its matches with us void",
    "invite": "An invitation to log in",
    "digest": "The weekly results and tables",
}
# Sent in answer to the address's own request, whatever it has stopped
# (weekly results no more than once a day: `league.services.digests`; an
# address's confirmation link only to a login that asks for it).
UNSTOPPABLE_KINDS = frozenset({"digest_confirm", "email_confirm"})
# The words for the kinds no one chooses, for the pages that name a
# notice's kind (its unsubscribe link's page, Secretary › Notices).
OTHER_KINDS: dict[str, str] = {"digest_confirm": "A request to confirm the weekly results",
                               "email_confirm": "The link to confirm an email address"}


def kind_label(kind: str) -> str:
    return NOTICE_KINDS.get(kind) or OTHER_KINDS.get(kind) or kind.replace("_", " ").capitalize()


class Notice(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"
        SKIPPED = "skipped", "Not sent: stopped by the recipient"
        UNREACHABLE = "unreachable", "Not sent: no confirmed address"
        CALLED_OFF = "called_off", "Not sent: called off before it went out"

    key = models.CharField(max_length=255, unique=True,
                           help_text="The event and the recipient: the same event never makes two notices.")
    # None only for a notice no league's business names (the link to confirm
    # the address of a login with no part in any league).
    league = models.ForeignKey("league.League", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="notices")
    kind = models.CharField(max_length=40)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="notices")
    address = models.EmailField(max_length=254, blank=True, help_text="Empty for someone who could not be reached.")
    subject = models.CharField(max_length=200)
    body = models.TextField(help_text="The plain text sent, with the link and the unsubscribe link.")
    link = models.URLField(max_length=500, blank=True, help_text="The page where the recipient acts.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    tried_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True,
                                      help_text="When a sender took it to send (status sending).")
    retry_after = models.DateTimeField(null=True, blank=True,
                                       help_text="Failed for a reason of its own: not tried again by itself before.")
    # Random, so that the unsubscribe link names no address; empty on
    # notices written before links were made this way.
    unsubscribe_key = models.CharField(max_length=32, unique=True, null=True, blank=True, editable=False)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"]), models.Index(fields=["league", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.subject} to {self.address}"


class NoticeStop(models.Model):
    address = models.EmailField(max_length=254)
    kind = models.CharField(max_length=40, blank=True, help_text="Empty: every kind.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["address", "kind"], name="notice_stop_once")]

    def __str__(self) -> str:
        return f"{self.address}: no {self.kind or 'notices'}"


class DigestSubscription(models.Model):
    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="digest_subscriptions")
    address = models.EmailField(max_length=254)
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True, help_text="Empty until the address confirms.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "address"], name="digest_subscription_once")]

    def __str__(self) -> str:
        return f"{self.address}: {self.league}'s weekly results"
