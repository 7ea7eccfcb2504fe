"""The outbox: work for the Celery workers, written in the same transaction
as the change that causes it.

A message is queued to the broker after commit; if the broker is down the
row simply stays unpublished and the beat task `outbox_catch_up` delivers it
later. So a Redis outage never loses work and never blocks a scorer.
"""
from django.db import models


class OutboxMessage(models.Model):
    class Topic(models.TextChoices):
        GAME_STATE = "game-state"  # publish a game's live state for spectators

    game = models.ForeignKey("league.Game", on_delete=models.PROTECT, related_name="+")
    seq = models.PositiveIntegerField(help_text="The game's seq when the message was written.")
    topic = models.CharField(max_length=32, choices=Topic.choices, default=Topic.GAME_STATE)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["created_at"],
                condition=models.Q(published_at__isnull=True),
                name="outbox_unpublished",
            )
        ]

    def __str__(self) -> str:
        return f"{self.topic} game {self.game_id} seq {self.seq}"
