"""Match nights: who played each rubber of a fixture, the games played, and
the result both captains sign.

Terms: a *match night* is the playing of one fixture. Its *team sheet* is
one *rubber* row per rubber of the division's match format, naming the
home and away players (a partner too, for pairs). A rubber is won in one or
more *rubber games*; each is either scored live (`game` links the move log)
or entered from the paper card as final scores (`source` says which).

The night's *status* is where the result stands:

- `open`: the sheet is being entered and the games played;
- `submitted`: the home captain has returned the result;
- `disputed`: the away captain has disputed it, with a reason;
- `confirmed`: the away captain (or a secretary settling a dispute) has
  confirmed it. Only a confirmed result counts in the table, and only a
  secretary changes it afterwards.

A rubber of a game the rules engine does not adjudicate (block dominoes:
`game`) is *unchecked*: only its result is entered, from the card, scores
optional. A side short of players *concedes* a rubber (`conceded_by`): it
names nobody for it, and the rubber is recorded as won by the other side
(its games entered at the format's concede score, not played by anyone).

`home_games` and `away_games` are the match score (rubbers won), set when
the result is submitted and kept in step by every later correction.
`format_version` and `scheme_version` pin the match format and points
scheme the night is played and scored under (league.models.formats).
Which status may follow which is `league.services.results`' business.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q

from league.models.clubs import Player


class MatchNight(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        SUBMITTED = "submitted"
        DISPUTED = "disputed"
        CONFIRMED = "confirmed"

    fixture = models.OneToOneField("league.Fixture", on_delete=models.PROTECT, related_name="night")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN, db_index=True)
    home_games = models.PositiveSmallIntegerField(null=True, blank=True)
    away_games = models.PositiveSmallIntegerField(null=True, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    submitted_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = models.TextField(blank=True)
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    disputed_at = models.DateTimeField(null=True, blank=True)
    resolution = models.TextField(blank=True, help_text="The secretary's ruling on the last dispute.")
    changed_at = models.DateTimeField(auto_now=True)
    # What the night is played under (league.models.formats): the match
    # format's version once the team sheet is first entered, the points
    # scheme's once the result is confirmed. Every later reading of the
    # night uses these, whatever has changed since.
    format_version = models.ForeignKey(
        "league.FormatVersion", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    scheme_version = models.ForeignKey(
        "league.FormatVersion", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    # In a format whose pairs are drawn at the table, the seed they were
    # drawn with (league.formats.draws): anyone can draw again and check.
    pairs_seed = models.CharField(max_length=64, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(status="open") | Q(home_games__isnull=False, away_games__isnull=False),
                name="night_returned_has_a_score",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} ({self.status})"


def _side_named(side: str) -> Q:
    """A side's players fit the rubber: none when it concedes, else one for
    singles and two for pairs."""
    player, partner = f"{side}_player__isnull", f"{side}_partner__isnull"
    return (Q(conceded_by=side, **{player: True, partner: True})
            | (~Q(conceded_by=side) & Q(**{player: False})
               & (Q(kind="singles", **{partner: True}) | Q(kind="pairs", **{partner: False}))))


class Rubber(models.Model):
    class Kind(models.TextChoices):
        SINGLES = "singles"
        PAIRS = "pairs"

    class Game(models.TextChoices):
        FIVES_AND_THREES = "fives-and-threes", "Fives and Threes"
        BLOCK = "block", "block dominoes"

    class Side(models.TextChoices):
        HOME = "home"
        AWAY = "away"

    night = models.ForeignKey(MatchNight, on_delete=models.CASCADE, related_name="rubbers")
    number = models.PositiveSmallIntegerField(help_text="The rubber's place in the match format, from 1.")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    home_player = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    home_partner = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    away_player = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    away_partner = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    game = models.CharField(max_length=16, choices=Game.choices, default=Game.FIVES_AND_THREES,
                            help_text="The game the rubber is, as the format said when the sheet was entered; "
                                      "block dominoes are unchecked: only their result is entered.")
    conceded_by = models.CharField(max_length=4, choices=Side.choices, blank=True,
                                   help_text="The side that could not field players for the rubber and "
                                             "conceded it, if any.")

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="rubber_once_a_night"),
            models.CheckConstraint(condition=_side_named("home"), name="rubber_home_players_match_kind"),
            models.CheckConstraint(condition=_side_named("away"), name="rubber_away_players_match_kind"),
            models.CheckConstraint(condition=Q(conceded_by__in=["", "home", "away"]), name="rubber_conceded_by_a_side"),
        ]

    @property
    def checked(self) -> bool:
        """Whether the rules engine adjudicates its games (see the module)."""
        return self.game == self.Game.FIVES_AND_THREES

    def home_ids(self) -> tuple[int, ...]:
        return tuple(pk for pk in (self.home_player_id, self.home_partner_id) if pk is not None)

    def seat_players(self) -> list[Player]:
        """The players in seat order, as its games are set up: home first;
        pairs alternate round the table, partners opposite. Only a rubber
        both sides field has seats (a conceded one is never played)."""
        assert self.home_player is not None and self.away_player is not None
        if self.kind == self.Kind.SINGLES:
            return [self.home_player, self.away_player]
        assert self.home_partner is not None and self.away_partner is not None
        return [self.home_player, self.away_player, self.home_partner, self.away_partner]

    def away_ids(self) -> tuple[int, ...]:
        return tuple(pk for pk in (self.away_player_id, self.away_partner_id) if pk is not None)

    def __str__(self) -> str:
        return f"rubber {self.number} of {self.night.fixture}"


class RubberGame(models.Model):
    class Source(models.TextChoices):
        LIVE = "live", "scored live"
        CARD = "card", "from the paper card"

    class Side(models.TextChoices):
        HOME = "home"
        AWAY = "away"

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(help_text="The game's place in its rubber, from 1.")
    source = models.CharField(max_length=4, choices=Source.choices)
    game = models.OneToOneField(
        "league.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="rubber_game",
    )
    # The final scores (the points pegged) and the winner: entered from the
    # card, or copied from the live game when the result is submitted.
    # Signed: a live game's score can fall below 0 under a deduct penalty.
    home_score = models.SmallIntegerField(null=True, blank=True)
    away_score = models.SmallIntegerField(null=True, blank=True)
    winner = models.CharField(max_length=4, choices=Side.choices, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rubber", "number"]
        constraints = [
            models.UniqueConstraint(fields=["rubber", "number"], name="rubber_game_once"),
            # A card game has its winner; its scores are both there, or,
            # for an unchecked rubber's game, may both be left out.
            models.CheckConstraint(
                condition=Q(source="card", winner__in=["home", "away"], home_score__isnull=False,
                            away_score__isnull=False)
                | Q(source="card", winner__in=["home", "away"], home_score__isnull=True, away_score__isnull=True)
                | Q(source="live"),
                name="rubber_game_card_has_a_result",
            ),
            models.CheckConstraint(
                condition=Q(source="live", game__isnull=False) | Q(source="card"),
                name="rubber_game_live_has_a_game",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.number} of {self.rubber}"


class Sanction(models.Model):
    """Points taken off a team in a division's table: for a late result, or
    whatever else the secretary rules."""

    division = models.ForeignKey("league.Division", on_delete=models.PROTECT, related_name="sanctions")
    team = models.ForeignKey("league.Team", on_delete=models.PROTECT, related_name="sanctions")
    points = models.PositiveSmallIntegerField(help_text="Points deducted.")
    reason = models.TextField()
    fixture = models.ForeignKey(
        "league.Fixture", null=True, blank=True, on_delete=models.PROTECT, related_name="sanctions",
        help_text="The fixture it is for, such as a result returned late.",
    )
    late_result = models.BooleanField(default=False, help_text="Applied for a result returned late.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["division", "created_at", "id"]
        constraints = [
            # The nightly check may run twice at once: one late sanction a fixture.
            models.UniqueConstraint(
                fields=["fixture", "team"], condition=Q(late_result=True), name="sanction_late_once",
            ),
        ]

    def __str__(self) -> str:
        return f"-{self.points} {self.team}: {self.reason}"
