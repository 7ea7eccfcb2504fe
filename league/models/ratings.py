"""Derived data: each player's rating after each game they played in a
league, rebuilt from the confirmed results alone (league.services.ratings).

A *snapshot* is one player's rating (mean `mu`, uncertainty `sigma`) and
the number of games it stands on, after the game at `position` (the
order of play: see league.ratings.position_of). The latest snapshot is
the player's rating now; all of them are the history. Re-rating from a
game on deletes the snapshots from its position and replays from the
ones before it.
"""
from django.db import models


class RatingSnapshot(models.Model):
    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("league.Player", on_delete=models.CASCADE, related_name="rating_snapshots")
    position = models.BigIntegerField(help_text="The game's place in the order of play.")
    played_on = models.DateField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(help_text="Games rated so far, this one included.")

    class Meta:
        ordering = ["league", "player", "position"]
        constraints = [
            models.UniqueConstraint(fields=["league", "player", "position"], name="rating_snapshot_once"),
        ]
        indexes = [models.Index(fields=["league", "position"], name="rating_snapshot_by_position")]

    def __str__(self) -> str:
        return f"{self.player}: {self.mu:.1f} ± {self.sigma:.1f} after {self.games} games"
