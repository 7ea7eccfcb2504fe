"""How a league is organised: the league and its settings, its seasons, and
the divisions of a season, which may override the league's settings.

Terms: a *league* runs one *season* after another; a season has *divisions*
of teams playing each other. A *secretary* runs the league: only a
secretary may change a squad once the season's registration deadline has
passed. The settings and the rules of inheriting them are described in
`league.competition_settings`.
"""
import datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q

from league.competition_settings import (
    SETTING_NAMES,
    combination_problem,
    draw_combination_problem,
    settings_problem,
    settings_resolve,
)
from league.models.validators import (
    validate_forfeit,
    validate_late_result_points,
    validate_match_format,
    validate_points_scheme,
    validate_result_deadline_days,
    validate_rules,
)
from league.standings import DEFAULT_TIE_BREAKERS, TIE_BREAKERS
from league.standings.promotion import VENUE_MOVE_RULES, promotion_overrides_problem


def default_rules() -> Any:
    return {"preset": "pub"}


def default_forfeit() -> dict[str, Any]:
    return {"score": [5, 4], "loser_points": 0}


def default_late_result_points() -> list[int]:
    return [3, 5]


def default_tie_breakers() -> list[str]:
    return list(DEFAULT_TIE_BREAKERS)


def validate_promotion_overrides(value: Any) -> None:
    problem = promotion_overrides_problem(value)
    if problem is not None:
        raise ValidationError(problem, code="invalid_setting")


def validate_tie_breakers(value: Any) -> None:
    # Here rather than beside the other validators: the setting arrived
    # with the stored tables, and only these two fields use it.
    problem = settings_problem("tie_breakers", value)
    if problem is not None:
        raise ValidationError(problem, code="invalid_setting")


class Transfers(models.TextChoices):
    NONE = "none", "No transfers mid-season"
    SECRETARY = "secretary", "With the secretary's approval"
    CAPTAINS = "captains", "With the secretary's and both captains' approval"


class WithdrawalResults(models.TextChoices):
    EXPUNGE = "expunge", "Expunged"
    STAND = "stand", "Stand"


class League(models.Model):
    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    secretaries = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="leagues_run")
    current_season = models.ForeignKey(
        "Season", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text="The season the league's pages open on; empty: the latest season that has started.",
    )
    hide_from_search = models.BooleanField(
        default=False, help_text="Ask search engines not to index the league's public pages (docs/organisation.md).",
    )

    rules = models.JSONField(
        default=default_rules, validators=[validate_rules],
        help_text="The scoresheet's `rules` for every game: a preset and overrides, penalties included.",
    )
    match_format = models.CharField(
        max_length=40, default="plain", validators=[validate_match_format],
        help_text="A match format's key, such as leek or solihull.",
    )
    points_scheme = models.CharField(
        max_length=40, default="plain", validators=[validate_points_scheme],
        help_text="A points scheme's key, such as leek or solihull.",
    )
    forfeit = models.JSONField(
        null=True, blank=True, default=default_forfeit, validators=[validate_forfeit],
        help_text="A forfeit (walkover) is recorded as this score, the winners' games first; the points "
                  "scheme scores it, and the side that gave it takes loser_points (0 if left out): "
                  '{"score": [5, 4], "loser_points": 0}. Empty (null): as the points scheme\'s own '
                  "walkover says.",
    )
    result_deadline_days = models.PositiveSmallIntegerField(
        default=7, validators=[validate_result_deadline_days],
        help_text="Days the home team has to return a result.",
    )
    overdue_warning_days = models.PositiveSmallIntegerField(
        default=2, validators=[MaxValueValidator(28)],
        help_text="Days before a result is due that the home captain is reminded; 0 for no reminder.",
    )
    late_result_points = models.JSONField(
        default=default_late_result_points, blank=True, validators=[validate_late_result_points],
        help_text="Points deducted for each late result, offence by offence; the last figure "
                  "repeats: [3, 5] is 3 for the first, 5 for each later one. [] for none.",
    )
    tie_breakers = models.JSONField(
        default=default_tie_breakers, validators=[validate_tie_breakers],
        help_text=f"What orders the table, in order, from {', '.join(TIE_BREAKERS[:-1])} and "
                  f"{TIE_BREAKERS[-1]} (name only last); teams level on all but name share a position.",
    )
    match_start = models.TimeField(
        default=datetime.time(20, 0),
        help_text="When matches start, for the team calendars: 20:00 unless the league says otherwise.",
    )
    sanction_max_points = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)],
        help_text="The most points one sanction may take off a team; empty: the most one match can give "
                  "in the division's points scheme and match format.",
    )
    # The change-over's rule (docs/organisation.md, "The change-over").
    promotion_places = models.PositiveSmallIntegerField(
        default=1, help_text="How many teams go up, and as many down, between each pair of adjacent divisions.",
    )
    promotion_overrides = models.JSONField(
        default=dict, blank=True, validators=[validate_promotion_overrides],
        help_text='Other numbers for some pairs, keyed by the upper division\'s place from the top: '
                  '{"1": 2} sends two each way between the top division and the next.',
    )
    playoff_when_level = models.BooleanField(
        default=False, help_text="Teams level on every tie-breaker but the name across a promotion or "
                                 "relegation line settle it in a play-off.",
    )
    venue_move = models.CharField(
        max_length=10, choices=VENUE_MOVE_RULES, default="nothing",
        help_text="What becomes of a team that moved venue during or since the season.",
    )

    class Proposer(models.TextChoices):
        HOME = "home", "the home captain"
        EITHER = "either", "either captain"

    # Captains' rearrangement requests (league.models.rearrangements).
    postpone_proposer = models.CharField(
        max_length=6, choices=Proposer.choices, default=Proposer.EITHER,
        help_text="Who may ask to move a match to another night: the home captain, or either captain.",
    )
    rearrange_notice_days = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(60)],
        help_text="A request to move a match is made at least this many days before its date; 0: up to the day.",
    )

    # Squads, transfers and withdrawals (docs/organisation.md): the league's
    # own rules, which no division overrides.
    transfers = models.CharField(
        max_length=12, choices=Transfers.choices, default=Transfers.NONE,
        help_text="Whether a registered player may move to another team mid-season, and who must agree.",
    )
    transfer_fee = models.DecimalField(
        max_digits=7, decimal_places=2, default=Decimal("0.00"), validators=[MinValueValidator(Decimal("0"))],
        help_text="The fee the league charges for a transfer, in pounds; 0 for none. Recorded on each "
                  "transfer, not collected here.",
    )
    eligible_after_days = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(365)],
        help_text="Days after registering (or joining by transfer) before a player may play; 0: at once.",
    )
    withdrawal_first_half = models.CharField(
        max_length=8, choices=WithdrawalResults.choices, default=WithdrawalResults.EXPUNGE,
        help_text="A team withdrawing before half its division's match weeks are played: its results are "
                  "expunged (left out of the table) or stand.",
    )
    withdrawal_second_half = models.CharField(
        max_length=8, choices=WithdrawalResults.choices, default=WithdrawalResults.STAND,
        help_text="A team withdrawing once half its division's match weeks are played. Either way its "
                  "remaining fixtures are void.",
    )

    # Player ratings (docs/ratings.md).
    rating_min_games = models.PositiveSmallIntegerField(
        default=20, validators=[MaxValueValidator(500)],
        help_text="Games a player must have played before their rating shows on public pages; 0: at once.",
    )
    # The handicap cups' rule (league.ratings.handicap, docs/ratings.md):
    # the weaker side of a handicap cup's game starts on the rating
    # difference times `handicap_per_point`, rounded to `handicap_step`,
    # at most `handicap_most`.
    handicap_per_point = models.DecimalField(
        max_digits=4, decimal_places=2, default=Decimal("2.00"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(Decimal("20"))],
        help_text="Points of start in a handicap cup per point of rating difference between the sides.",
    )
    handicap_step = models.PositiveSmallIntegerField(
        default=5, validators=[MinValueValidator(1), MaxValueValidator(50)],
        help_text="A handicap start is rounded to the nearest multiple of this (5: scores come in fives).",
    )
    handicap_most = models.PositiveSmallIntegerField(
        default=30, validators=[MaxValueValidator(200)],
        help_text="The most start a handicap gives; never as much as the game's target.",
    )
    # An outbox, as a division's table_changes is: the position of the
    # earliest game whose rating is out of date; empty when all are rated.
    ratings_behind_from = models.BigIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]

    def clean(self) -> None:
        own = {name: getattr(self, name) for name in SETTING_NAMES}
        if all(settings_problem(name, value) is None for name, value in own.items()):
            resolved, where = settings_resolve(own, {}), self.name or "the league"
            problem = combination_problem(resolved, where=where)
            if problem is not None:
                raise ValidationError({"forfeit": problem})
            problem = draw_combination_problem(resolved, where=where)
            if problem is not None:
                raise ValidationError({"points_scheme": problem})

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=100, help_text="Such as Winter 2026-27.")
    start = models.DateField()
    registration_deadline = models.DateField(
        help_text="The last day squads may change without a secretary.",
    )
    transfer_deadline = models.DateField(
        null=True, blank=True,
        help_text="The last day a transfer may be approved this season; empty: until the season ends.",
    )
    squad_max = models.PositiveSmallIntegerField(default=12, help_text="The most players a team may register.")
    squad_min = models.PositiveSmallIntegerField(default=8, help_text="The fewest players a team must register.")
    rearrange_by = models.DateField(
        null=True, blank=True,
        help_text="The last night a match may be moved to at a captain's request; empty: no limit.",
    )
    # Set where divisions were found sharing a place (a migration gave
    # them the order they were made in); cleared once a secretary confirms
    # or saves the order (league.services.division_places).
    division_order_unchecked = models.BooleanField(
        default=False, help_text="The divisions' order was put right automatically: a secretary should check it.",
    )

    class Meta:
        ordering = ["league", "-start"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="season_name_unique_in_league"),
            models.CheckConstraint(condition=Q(squad_min__lte=F("squad_max")), name="season_squad_min_within_max"),
        ]

    def __str__(self) -> str:
        return f"{self.league} {self.name}"


class Division(models.Model):
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="divisions")
    name = models.CharField(max_length=100)
    level = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1)],
        help_text="The division's place in the league, 1 the top; promotion and relegation go by it. "
                  "Two league divisions of a season never share one.",
    )
    # A cup's own division (league.models.cups): its settings and fixtures,
    # left out of the league's division lists and tables.
    is_cup = models.BooleanField(default=False, editable=False)

    # Overrides: None inherits the league's setting (see
    # league.selectors.competition.division_settings).
    rules = models.JSONField(null=True, blank=True, validators=[validate_rules],
                             help_text="Replaces the league's rules as a whole; empty: the league's.")
    # None, not "", inherits for these two as for the JSON fields beside
    # them: settings_resolve puts in place every override that is not None.
    match_format = models.CharField(  # noqa: DJ001
        max_length=40, null=True, blank=True, validators=[validate_match_format])
    points_scheme = models.CharField(  # noqa: DJ001
        max_length=40, null=True, blank=True, validators=[validate_points_scheme])
    forfeit = models.JSONField(null=True, blank=True, validators=[validate_forfeit])
    result_deadline_days = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[validate_result_deadline_days],
    )
    late_result_points = models.JSONField(null=True, blank=True, validators=[validate_late_result_points])
    tie_breakers = models.JSONField(null=True, blank=True, validators=[validate_tie_breakers])

    # The stored table's outbox (league.services.standings): each change to
    # the division's results counts itself in table_changes, in the change's
    # own transaction; a rebuild records in table_rebuilt_changes how many it
    # saw. Behind: a rebuild is owed, whatever happened to its task.
    table_changes = models.PositiveIntegerField(default=0, editable=False)
    table_rebuilt_changes = models.PositiveIntegerField(default=0, editable=False)
    table_changed_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["season", "level", "name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="division_name_unique_in_season"),
            # A cup's own division stands outside the order.
            models.UniqueConstraint(fields=["season", "level"], condition=Q(is_cup=False),
                                    name="division_level_unique_in_season"),
        ]

    def clean(self) -> None:
        # Django runs no field validators on an empty JSON value, so an
        # override of [] or {} would reach the engine unchecked; only None
        # means "inherit".
        problems = {}
        for name in SETTING_NAMES:
            value, field = getattr(self, name), self._meta.get_field(name)
            # Every setting is a column of its own, never a relation's far
            # side, which has no empty values.
            if value is not None and isinstance(field, models.Field) and value in field.empty_values:
                problem = settings_problem(name, value)
                if problem is not None:
                    problems[name] = problem
        if problems:
            raise ValidationError(problems)
        if self.season_id is not None:
            league = self.season.league
            own = {name: getattr(league, name) for name in SETTING_NAMES}
            mine = {name: getattr(self, name) for name in SETTING_NAMES}
            if all(settings_problem(n, v) is None for n, v in mine.items() if v is not None):
                resolved, where = settings_resolve(own, mine), self.name or "the division"
                problem = combination_problem(resolved, where=where)
                if problem is not None:
                    raise ValidationError({"forfeit": problem})
                problem = draw_combination_problem(resolved, where=where)
                if problem is not None:
                    raise ValidationError({"points_scheme": problem})

    def __str__(self) -> str:
        return f"{self.season} {self.name}"
