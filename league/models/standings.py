"""Derived data: division tables, each player's part in each game, and
player statistics. Every row here can be rebuilt from the results alone
(`league.services.standings`); pages and the API read these rows and never
work a table out on a request.

Terms: a *table entry* is one team's line in its division's table, stored
in table order. A *player game* is one player's part in one game of a
returned result: what their side pegged, whether it won, and, for a game
scored live, what the engine's events say the player did (15s scored,
penalties against). *Player stats* add a player's games up for the
division and season they play in. Only confirmed results of fixtures that
were neither voided nor awarded count.
"""
from django.db import models
from django.db.models import Q


class TableEntry(models.Model):
    division = models.ForeignKey("league.Division", on_delete=models.CASCADE, related_name="table_entries")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField(help_text="1 plus the number of teams ranked above.")
    shared = models.BooleanField(help_text="The position is shared with another team (shown as 1=).")
    played = models.PositiveSmallIntegerField()
    won = models.PositiveSmallIntegerField()
    drawn = models.PositiveSmallIntegerField()
    lost = models.PositiveSmallIntegerField()
    games_for = models.PositiveIntegerField()
    games_against = models.PositiveIntegerField()
    pegged_for = models.PositiveIntegerField()
    pegged_against = models.PositiveIntegerField()
    sanctions = models.PositiveIntegerField(help_text="League points deducted.")
    points = models.IntegerField(help_text="Match points less sanctions; can be negative.")
    withdrawn = models.BooleanField(default=False, help_text="The team withdrew; its row stands at the bottom.")
    rebuilt_at = models.DateTimeField()

    class Meta:
        # Rows are written in table order, so the id keeps teams sharing a
        # position in the order the tie-breakers listed them (by name).
        ordering = ["division", "position", "id"]
        verbose_name_plural = "table entries"
        constraints = [models.UniqueConstraint(fields=["division", "team"], name="table_entry_once")]

    @property
    def games_difference(self) -> int:
        return self.games_for - self.games_against

    @property
    def pegged_difference(self) -> int:
        return self.pegged_for - self.pegged_against

    def __str__(self) -> str:
        return f"{self.position}{'=' if self.shared else ''} {self.team}"


class PlayerGame(models.Model):
    night = models.ForeignKey("league.MatchNight", on_delete=models.CASCADE, related_name="player_games")
    rubber_game = models.ForeignKey("league.RubberGame", on_delete=models.CASCADE, related_name="player_games")
    # Copied from the fixture, so a division's statistics are one indexed scan.
    division = models.ForeignKey("league.Division", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="games_played")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="+")
    won = models.BooleanField()
    pegged = models.SmallIntegerField(help_text="The final score of the player's side.")
    on_target = models.BooleanField(help_text="Won on exactly the target (61, or 121 for pairs to 121).")
    live = models.BooleanField(help_text="Scored live: the move log says what happened in it.")
    # Known only for a game scored live; None for one entered from the card.
    fifteens = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Plays making 15 that scored.")
    penalties = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Offences penalised.")

    class Meta:
        indexes = [models.Index(fields=["division", "player"], name="player_game_by_division")]
        constraints = [models.UniqueConstraint(fields=["rubber_game", "player"], name="player_game_once")]

    def __str__(self) -> str:
        return f"{self.player} in {self.rubber_game}"


class PlayerStats(models.Model):
    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, related_name="+")
    division = models.ForeignKey("league.Division", on_delete=models.CASCADE, related_name="player_stats")
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="stats")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="+")
    played = models.PositiveIntegerField()
    won = models.PositiveIntegerField()
    pegged = models.IntegerField(help_text="Points pegged by the player's side, all games added up.")
    on_target = models.PositiveIntegerField(help_text="Games won on exactly the target.")
    played_live = models.PositiveIntegerField(help_text="Games scored live, which the next two count.")
    fifteens = models.PositiveIntegerField()
    penalties = models.PositiveIntegerField(help_text="Penalties against.")
    rebuilt_at = models.DateTimeField()

    class Meta:
        ordering = ["division", "player"]
        verbose_name_plural = "player stats"
        constraints = [
            # A line a team: the one-team rule stops a player playing for
            # two in a division, but records from before it may show that.
            models.UniqueConstraint(fields=["division", "player", "team"], name="player_stats_once_a_team"),
            models.CheckConstraint(condition=Q(won__lte=models.F("played")), name="player_stats_won_within_played"),
        ]

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_pegged(self) -> float:
        return self.pegged / self.played if self.played else 0.0

    def __str__(self) -> str:
        return f"{self.player} in {self.division}"
