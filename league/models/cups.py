"""Cups beside the league: a competition, its entries, its draws and its ties.

Terms: a *competition* is one cup of a season (a team knockout, a singles
or a pairs knockout). Its team ties are played as ordinary league fixtures
of the competition's own *cup division* (`Division.is_cup`), which carries
its settings (match format, rules, points) as any division does and holds
its fixtures; the league's tables and division lists leave cup divisions
out. An *entry* is a team (or a player, or a pair) in the cup. A *draw* is
what `cups` returned for the whole bracket or one round, stored as it came,
with the random seed it was drawn from, never changed. A *tie* is one
meeting of a round, between two entries, or a *bye*; it is played in one
*leg* or two (fixtures with `Fixture.cup_tie` set, `leg` numbered from 1,
replays and a decider numbered on) inside the round's date window, on a
date the home side offers and the away side picks.

The rules of the draw and of who goes through are `cups`' (docs/cups.md);
`league.services.cups` and `league.services.cup_ties` keep them here.
"""
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.models.append_only import AppendOnly


def default_tie_break() -> list[str]:
    return ["games", "points"]


def default_group_stage() -> dict[str, object]:
    return {}


class Competition(models.Model):
    class Kind(models.TextChoices):
        TEAM = "team"
        SINGLES = "singles"
        PAIRS = "pairs"

    class Structure(models.TextChoices):
        KNOCKOUT = "knockout"
        GROUPS = "groups", "Groups, then a knockout"

    class DrawMode(models.TextChoices):
        BRACKET = "bracket", "The whole bracket at once"
        ROUNDS = "rounds", "Round by round"

    class Level(models.TextChoices):
        REPLAY = "replay"
        DECIDER = "decider"

    class Status(models.TextChoices):
        ENTRY = "entry", "Taking entries"
        DRAWN = "drawn"
        FINISHED = "finished"

    season = models.ForeignKey("league.Season", on_delete=models.PROTECT, related_name="competitions")
    name = models.CharField(max_length=100, help_text="Such as the Knockout Cup.")
    slug = models.SlugField(max_length=60)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.TEAM)
    division = models.OneToOneField(
        "league.Division", on_delete=models.PROTECT, related_name="competition",
        help_text="The cup's own division: its settings and its fixtures.",
    )
    structure = models.CharField(max_length=10, choices=Structure.choices, default=Structure.KNOCKOUT)
    draw_mode = models.CharField(max_length=10, choices=DrawMode.choices, default=DrawMode.ROUNDS)
    seeded = models.BooleanField(default=False, help_text="Drawn in the entries' seed order, not at random.")
    legs = models.PositiveSmallIntegerField(default=1, help_text="1: one match a tie; 2: home and away.")
    tie_break = models.JSONField(
        default=default_tie_break,
        help_text="The measures that break a level tie, in order: games, points, away_games, away_points.",
    )
    level = models.CharField(max_length=10, choices=Level.choices, default=Level.REPLAY,
                             help_text="What settles a tie the tie-breaks leave level.")
    entry_closes = models.DateField(null=True, blank=True, help_text="The last day to enter; empty: open.")
    max_entries = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty: no limit.")
    finals_date = models.DateField(null=True, blank=True, help_text="The finals night, if there is one.")
    finals_venue = models.ForeignKey("league.Venue", null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="finals")
    group_stage = models.JSONField(
        default=default_group_stage, blank=True,
        help_text="A group stage's settings (league.selectors.cup_groups.GroupStage); empty for a knockout.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTRY)
    pairs_one_team = models.BooleanField(
        default=False, help_text="A pairs cup whose two players are of one team, both registered to it this "
                                 "season: a captain-and-secretary pairs competition.",
    )
    handicap = models.BooleanField(
        default=False, help_text="A singles or pairs cup whose weaker side starts each game on a score the "
                                 "league's handicap rule gives from the ratings (docs/cups.md).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "slug"], name="competition_slug_unique_in_season"),
            models.CheckConstraint(condition=Q(legs__in=[1, 2]), name="competition_one_or_two_legs"),
        ]

    def __str__(self) -> str:
        return self.name


class CupEntry(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey("league.Team", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="cup_entries")
    player = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="cup_entries")
    partner = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="cup_partnerships")
    seed = models.PositiveSmallIntegerField(null=True, blank=True, help_text="1 is the top seed.")
    withdrawn = models.BooleanField(default=False)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["competition", "entered_at", "id"]
        verbose_name_plural = "cup entries"
        constraints = [
            models.UniqueConstraint(fields=["competition", "team"], name="cup_entry_team_once"),
            models.UniqueConstraint(fields=["competition", "player"], name="cup_entry_player_once"),
            models.UniqueConstraint(fields=["competition", "partner"], name="cup_entry_partner_once"),
            models.CheckConstraint(condition=Q(team__isnull=False) | Q(player__isnull=False),
                                   name="cup_entry_has_someone"),
        ]

    @property
    def name(self) -> str:
        """The entry as the league's officials name it."""
        if self.team_id is not None:
            return self.team.name if self.team else ""
        names = [p.name for p in (self.player, self.partner) if p is not None]
        return " & ".join(names)

    @property
    def logins(self) -> list[Any]:
        """The logins of the entry's players (a singles or pairs entry's),
        those that have one: who plays, scores and answers for the entry."""
        return [p.user for p in (self.player, self.partner) if p is not None and p.user_id is not None]

    @property
    def login_ids(self) -> set[int]:
        return {p.user_id for p in (self.player, self.partner) if p is not None and p.user_id is not None}

    @property
    def public_name(self) -> str:
        """The entry as the public sees it: a player's name by their choice."""
        if self.team_id is not None:
            return self.name
        return " & ".join(p.public_name for p in (self.player, self.partner) if p is not None)

    def __str__(self) -> str:
        return self.name


class CupDraw(AppendOnly):
    REFUSAL = "a cup's draws are kept as made: draw again for a new one"

    class Kind(models.TextChoices):
        BRACKET = "bracket"
        ROUND = "round"
        GROUPS = "groups"

    # PROTECT: the draw log is append-only; a cup once drawn stays on record.
    competition = models.ForeignKey(Competition, on_delete=models.PROTECT, related_name="draws")
    round = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty: the whole bracket.")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    seed = models.BigIntegerField(null=True, blank=True, help_text="The random seed; empty when seeded.")
    data = models.JSONField(help_text="The draw as cups returned it.")
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["competition", "made_at", "id"]

    def __str__(self) -> str:
        return f"{self.competition} draw, {'round ' + str(self.round) if self.round else self.kind}"


class CupTie(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="ties")
    # A group match's group (A, B...), its round that group's round; empty for the knockout's ties.
    group = models.CharField(max_length=1, blank=True, default="")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    # RESTRICT, not PROTECT: the competition's ties and entries go together.
    home = models.ForeignKey(CupEntry, null=True, blank=True, on_delete=models.RESTRICT, related_name="+")
    away = models.ForeignKey(CupEntry, null=True, blank=True, on_delete=models.RESTRICT, related_name="+")
    bye = models.BooleanField(default=False)
    window_start = models.DateField(null=True, blank=True)
    window_end = models.DateField(null=True, blank=True)
    offered_dates = models.JSONField(default=list, blank=True,
                                     help_text="Up to three dates the home side offers, ISO format.")
    date = models.DateField(null=True, blank=True, help_text="The date picked, or set by a secretary.")
    winner = models.ForeignKey(CupEntry, null=True, blank=True, on_delete=models.RESTRICT, related_name="+")
    decided_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["competition", "group", "round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "group", "round", "number"], name="cup_tie_once"),
        ]

    def __str__(self) -> str:
        home = self.home.name if self.home else "?"
        if self.group:
            away = self.away.name if self.away else "?"
            return f"{self.competition} group {self.group}: {home} v {away}"
        if self.bye:
            return f"{self.competition} round {self.round}: {home} (bye)"
        away = self.away.name if self.away else "?"
        return f"{self.competition} round {self.round}: {home} v {away}"


class CupGame(models.Model):
    """One game of a singles or pairs tie, best of N as the cup division's
    match format's first rubber is: scored live (a `Game` seated home
    first, its final score copied here once it is won) or entered from the
    card (by a secretary, counting at once; or by a player, counting once
    the other side confirms it)."""

    class Source(models.TextChoices):
        LIVE = "live", "scored live"
        CARD = "card", "from the paper card"

    class Side(models.TextChoices):
        HOME = "home"
        AWAY = "away"

    class State(models.TextChoices):
        COUNTS = "counts", "counts"
        SUBMITTED = "submitted", "submitted, for the other side to confirm"
        DISPUTED = "disputed", "disputed, for a secretary to resolve"

    tie = models.ForeignKey(CupTie, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(help_text="The game's place in its tie, from 1.")
    source = models.CharField(max_length=4, choices=Source.choices)
    game = models.OneToOneField("league.Game", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="cup_game")
    # Signed: a live game's score can fall below 0 under a deduct penalty.
    home_score = models.SmallIntegerField(null=True, blank=True)
    away_score = models.SmallIntegerField(null=True, blank=True)
    winner = models.CharField(max_length=4, choices=Side.choices, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)
    # A score from the card entered by a player counts once the other side
    # confirms it; one a secretary enters, or a game won live, at once.
    state = models.CharField(max_length=9, choices=State.choices, default=State.COUNTS)
    dispute_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["tie", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tie", "number"], name="cup_game_once"),
            models.CheckConstraint(condition=Q(source="card", game__isnull=True) | Q(source="live", game__isnull=False),
                                   name="cup_game_live_has_its_game"),
        ]

    def __str__(self) -> str:
        return f"{self.tie}, game {self.number}"
