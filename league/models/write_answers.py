"""The answer a write with an idempotency key was given, kept so that the
same write sent again is answered the same without being done twice
(league.services.write_answers).

A row is written in the same transaction as the write it answers: a write
that committed always has its answer here, and a write rolled back leaves
none. Rows are pruned once older than ANSWER_KEPT_DAYS."""
from django.db import models

# As long as a move's key (GameEntry.idempotency_key).
KEY_MAX_LENGTH = 200

# Long enough for a tablet kept offline over a weekend to send its writes
# again, short enough that the table stays small.
ANSWER_KEPT_DAYS = 30


class WriteAnswer(models.Model):
    scope = models.CharField(max_length=64, help_text="Whose key it is: user:<id>. Another user's key is "
                                                      "another write.")
    key = models.CharField(max_length=KEY_MAX_LENGTH, help_text="The Idempotency-Key the write came with.")
    request = models.CharField(max_length=64, help_text="SHA-256 of the write's method, path and body: the "
                                                        "same key with another request is refused.")
    status = models.PositiveSmallIntegerField(help_text="The HTTP status of the first answer.")
    body = models.JSONField(null=True, help_text="The first answer's body, given again to a retry (null: none).")
    answered_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "key"], name="write_answer_one_per_key")]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}: {self.status}"
