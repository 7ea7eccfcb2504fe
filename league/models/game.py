"""A game of Fives and Threes: who sits where, under which rules, and a cache
of what its move log means.

Terms: *seq* counts the changes made to a game (moves, undos, shown tiles);
the log row recording change N has seq N, and the game's `seq` is that of its
newest row (0 before the first). Everything below `seq` in the model is a
cache of replaying the log through `scoring`, rebuilt by
`league.selectors.replay.games_out_of_step` and never the source of truth.
The engine value itself is cached in memory (`league.engine.ENGINES`), not
in the row: rewriting a whole game's record on every move would make each
move cost more than the one before.

`CACHE_FIELDS` names the cached fields, here and nowhere else: what a write
saves, what the API shows of the game's state, and what the check of the
cache compares with a replay.
"""
from django.conf import settings
from django.db import models

# The fields a replay of the log gives: the newest row's seq and the cache
# below it (`league.engine.engine_state` gives all but seq).
CACHE_FIELDS: tuple[str, ...] = ("seq", "status", "hand", "turn", "ends", "sides", "scores", "winner")


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        HAND_ENDED = "hand-ended"
        WON = "won"

    # How the game was set up: the scoresheet's header.
    rules = models.JSONField(help_text="The scoresheet's `rules`: a preset name or an object.")
    seats = models.JSONField(help_text="Player names, clockwise.")
    partners = models.BooleanField(default=False)
    start = models.JSONField(null=True, blank=True, help_text="Scores before the first hand.")
    label = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # A game outside a match is written to by its creator and the scorers
    # the creator names; everyone else only reads it.
    scorers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="games_scored",
        help_text="Who besides its creator may score this game (outside a match).",
    )
    # Set when the game is a rubber of a league match: then only the two
    # teams' captains and scorers and the league's secretaries may write
    # to it. Never changes once set.
    match_night = models.ForeignKey(
        "league.MatchNight", null=True, blank=True, on_delete=models.PROTECT, related_name="live_games",
    )

    # The newest log row's seq; a client sends it back to say what it last saw.
    seq = models.PositiveIntegerField(default=0)

    # Cache of replaying the log (see the module docstring).
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    hand = models.PositiveIntegerField(default=0)
    turn = models.PositiveSmallIntegerField(null=True, blank=True)
    ends = models.JSONField(default=list)
    sides = models.JSONField(default=list)
    scores = models.JSONField(default=list)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    # The outbox: the seq whose state was last published to the cache for
    # spectators. A game with published_seq < seq has work waiting for the
    # workers; written in the same transaction as the change, it survives a
    # broker outage (see league.services.live).
    published_seq = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["updated_at"], condition=models.Q(published_seq__lt=models.F("seq")),
                         name="game_unpublished"),
        ]

    def __str__(self) -> str:
        return self.label or " v ".join(str(name) for name in self.seats)
