"""A league's settings as the secretary's settings page changes them: the
competition settings (through `league_settings_change`, which checks and
audits them), whether its public pages hide from search engines and how
many days before a result is due the home captain is reminded of it
(`overdue_warning_days`, league.services.overdue), and the rules for
captains' requests to move a match (`MOVING`), the handicap cups'
rule (`HANDICAP`), and the most one sanction may take off a team
(`sanction_max_points`, league.services.sanctions), in one transaction."""
from collections.abc import Mapping
from enum import Enum
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from league.authors import Author
from league.models import League
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, SettingsInvalid
from league.selectors.access import secretary_refusal
from league.services.audit import audit_record
from league.services.competition import division_settings_change, league_settings_change
from league.services.page_versions import pages_changed_by
from league.services.ratings import handicap_rule_set

OVERDUE_WARNING_MAX = 28


# The league's rules for captains' requests to move a match
# (league.services.rearrangements), changed beside the settings.
MOVING = ("postpone_proposer", "rearrange_notice_days")
# The handicap cups' rule (league.services.ratings.handicap_rule_set).
HANDICAP = ("handicap_per_point", "handicap_step", "handicap_most")


class Keep(Enum):
    """A setting left as it is, where None is a value of its own."""

    KEEP = "keep"


KEEP = Keep.KEEP


def league_options_change(*, league_id: int, changes: Mapping[str, Any], hide_from_search: bool | None,
                          user: Author, overdue_warning_days: int | None = None,
                          moving: Mapping[str, Any] | None = None,
                          handicap: Mapping[str, Any] | None = None,
                          sanction_max_points: int | None | Keep = KEEP) -> League:
    """Raises League.DoesNotExist, NotSecretary or SettingsInvalid (and
    changes nothing). `moving`: any of `MOVING`, checked by the model's
    own validation; `handicap`: any of `HANDICAP`, the handicap cups' rule
    (`handicap_rule_set`), a figure left None unchanged;
    `sanction_max_points`: the league's bound on one sanction, None for
    none of its own (the most one match can cost), KEEP as it is."""
    moving = {name: value for name, value in (moving or {}).items() if name in MOVING}
    refusal = _moving_refusal(league_id, moving, user) or _bound_refusal(league_id, sanction_max_points, user)
    if refusal is not None:
        raise refusal
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        _secretary(league, user)
        if changes:
            league = league_settings_change(league_id=league.pk, changes=changes, user=user)
        if hide_from_search is not None and hide_from_search != league.hide_from_search:
            league.hide_from_search = hide_from_search
            league.save(update_fields=["hide_from_search"])
            audit_record(user=user, action=AuditAction.LEAGUE_HIDE_FROM_SEARCH, target=league,
                         data={"changes": {"hide_from_search": [not hide_from_search, hide_from_search]}})
            pages_changed_by(action=AuditAction.LEAGUE_HIDE_FROM_SEARCH, target=league)
        if overdue_warning_days is not None and overdue_warning_days != league.overdue_warning_days:
            if not 0 <= overdue_warning_days <= OVERDUE_WARNING_MAX:
                raise SettingsInvalid(f"the reminder is 0 to {OVERDUE_WARNING_MAX} days before a result is due")
            before, league.overdue_warning_days = league.overdue_warning_days, overdue_warning_days
            league.save(update_fields=["overdue_warning_days"])
            audit_record(user=user, action=AuditAction.LEAGUE_OVERDUE_WARNING_DAYS, target=league,
                         data={"changes": {"overdue_warning_days": [before, overdue_warning_days]}})
            pages_changed_by(action=AuditAction.LEAGUE_OVERDUE_WARNING_DAYS, target=league)
        if moving:
            _moving_change(league, moving, user)
        if sanction_max_points is not KEEP and sanction_max_points != league.sanction_max_points:
            bound_before = league.sanction_max_points
            league.sanction_max_points = sanction_max_points
            league.save(update_fields=["sanction_max_points"])
            audit_record(user=user, action=AuditAction.LEAGUE_SANCTION_MAX_POINTS, target=league,
                         data={"changes": {"sanction_max_points": [bound_before, sanction_max_points]}})
            pages_changed_by(action=AuditAction.LEAGUE_SANCTION_MAX_POINTS, target=league)
        given = {name: value for name, value in (handicap or {}).items() if name in HANDICAP and value is not None}
        if given:
            league = handicap_rule_set(league_id=league.pk, user=user,
                                       per_point=given.get("handicap_per_point", league.handicap_per_point),
                                       step=given.get("handicap_step", league.handicap_step),
                                       most=given.get("handicap_most", league.handicap_most))
    return league


def _moving_refusal(league_id: int, moving: Mapping[str, Any], user: Author) -> SettingsInvalid | None:
    """Each value checked by its field, as the admin would; the refusal
    audited (outside the change, so that it stays) or None."""
    problems = []
    for name, value in moving.items():
        try:
            League._meta.get_field(name).clean(value, None)  # type: ignore[union-attr]
        except ValidationError as error:
            problems += error.messages
    if not problems:
        return None
    refusal = SettingsInvalid(" ".join(problems))
    audit_record(user=user, action=AuditAction.LEAGUE_REARRANGEMENT_RULES, target=f"league {league_id}", refusal=refusal,
                 data={"changes": dict(moving)})
    return refusal


def sanction_bound_problem(value: int | None) -> str | None:
    """Why the league's bound on one sanction cannot be `value`, in the
    model field's words, or None (None itself is fine: no bound of its own)."""
    if value is None:
        return None
    try:
        League._meta.get_field("sanction_max_points").clean(value, None)
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def _bound_refusal(league_id: int, value: int | None | Keep, user: Author) -> SettingsInvalid | None:
    """As `_moving_refusal`, for the bound on one sanction."""
    problem = None if value is KEEP else sanction_bound_problem(value)
    if problem is None:
        return None
    refusal = SettingsInvalid(f"the most one sanction may take off: {problem}")
    audit_record(user=user, action=AuditAction.LEAGUE_SANCTION_MAX_POINTS, target=f"league {league_id}",
                 refusal=refusal, data={"changes": {"sanction_max_points": value}})
    return refusal


def _moving_change(league: League, moving: Mapping[str, Any], user: Author) -> None:
    changed = {name: [getattr(league, name), value] for name, value in moving.items()
               if getattr(league, name) != value}
    if not changed:
        return
    for name, (_, value) in changed.items():
        setattr(league, name, value)
    league.save(update_fields=list(changed))
    audit_record(user=user, action=AuditAction.LEAGUE_REARRANGEMENT_RULES, target=league, data={"changes": changed})
    pages_changed_by(action=AuditAction.LEAGUE_REARRANGEMENT_RULES, target=league)


def division_options_change(*, division_id: int, league: League, changes: Mapping[str, Any], user: Author) -> None:
    """The division's overrides, for a secretary of its league. Raises
    NotSecretary or SettingsInvalid."""
    _secretary(league, user)
    division_settings_change(division_id=division_id, changes=changes, user=user)


def _secretary(league: League, user: Author) -> None:
    refusal = secretary_refusal(league=league, user=user, doing="can change its settings")
    if refusal is not None:
        raise refusal


def league_walkover_set(*, league_id: int, forfeit: dict[str, Any] | None, user: Author) -> League:
    """The league's walkover setting alone: a score and the points of the
    side that gave it, or None, "as the points scheme says" (each walkover
    then scored by its division's points scheme's own walkover). For its
    secretaries. Raises League.DoesNotExist, NotSecretary or
    SettingsInvalid; audited, refusals too."""
    refusal: NotPermitted | SettingsInvalid | None
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        refusal = secretary_refusal(league=league, user=user, doing="can change its walkover setting")
        if refusal is None:
            try:
                with transaction.atomic():
                    league = league_settings_change(league_id=league.pk, changes={"forfeit": forfeit}, user=user)
            except SettingsInvalid as err:
                refusal = err
        if refusal is not None:
            audit_record(user=user, action=AuditAction.LEAGUE_SETTINGS_CHANGE, target=league, refusal=refusal,
                         data={"changes": {"forfeit": [league.forfeit, forfeit]}})
    if refusal is not None:
        raise refusal
    return league
