"""The move log: one row per change to a game, appended and never altered.

Terms: an *entry* is a row of the log. Its `kind` is `move` (one move object
of docs/scoresheet.md), `shown` (the tiles turned face up at the end of a
hand) or `undo` (voids the newest live move, named in `voids`). A voided
move stays in the log; the undo row says who voided it and when.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q

from league.models.append_only import AppendOnly


class GameEntry(AppendOnly):
    REFUSAL = "the move log is append-only: record a correction instead"

    class Kind(models.TextChoices):
        MOVE = "move"
        SHOWN = "shown"
        UNDO = "undo"

    game = models.ForeignKey("league.Game", on_delete=models.PROTECT, related_name="entries")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    hand = models.PositiveIntegerField(help_text="The hand the entry belongs to, from 0.")
    payload = models.JSONField(
        null=True, blank=True, help_text="The move or the shown tiles, as in docs/scoresheet.md."
    )
    voids = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="voided_by"
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    idempotency_key = models.CharField(max_length=200, blank=True)
    # The answer given to the write that made this row, returned again as it
    # was to a retry carrying the same idempotency key.
    reply = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seq"]
        verbose_name_plural = "game entries"
        constraints = [
            # One change per seq: the last line of defence when two tablets
            # write to one game at once.
            models.UniqueConstraint(fields=["game", "seq"], name="entry_one_per_seq"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="entry_one_per_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} #{self.seq} {self.kind}"
