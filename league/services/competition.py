"""Setting up a league: the league and its settings, its seasons, and
their divisions. Every setting is checked before anything is written (the
rules by the engine itself), and every change is audited."""
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from league import formats
from league.authors import Author
from league.competition_settings import (
    SETTING_NAMES,
    combination_problem,
    draw_combination_problem,
    settings_problem,
    settings_resolve,
)
from league.models import Division, League, Season
from league.models.audit_actions import AuditAction
from league.refusals import NeedsInsisting, Refused, SettingsInvalid
from league.selectors.formats import format_for_key, scheme_for_key
from league.selectors.secretary import division_next_level
from league.services.audit import audit_record
from league.services.division_places import level_refusal, season_locked
from league.services.page_versions import pages_changed_by


def league_create(
    *, name: str, slug: str, user: Author, settings: Mapping[str, Any] | None = None, secretaries: Iterable[Any] = (),
) -> League:
    """A new league; settings not given take the defaults. Raises
    SettingsInvalid naming the first setting that is wrong, or Refused when
    the name or slug is taken."""
    given = _checked(settings or {}, inherit=False)
    with transaction.atomic():
        league = League(name=name, slug=slug, **given)
        _save_new(league, taken=f"a league called {name!r} or with the slug {slug!r} already exists")
        _combinations_check(league)
        league.secretaries.set(list(secretaries))
        audit_record(user=user, action=AuditAction.LEAGUE_CREATE, target=league,
                     data={"settings": {n: getattr(league, n) for n in SETTING_NAMES}})
        pages_changed_by(action=AuditAction.LEAGUE_CREATE, target=league)
    return league


def league_settings_change(*, league_id: int, changes: Mapping[str, Any], user: Author) -> League:
    """Changes some of the league's settings; its divisions that inherit
    them follow. Raises League.DoesNotExist or SettingsInvalid."""
    given = _checked(changes, inherit=False)
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        _apply(league, given, user=user, action=AuditAction.LEAGUE_SETTINGS_CHANGE)
        _combinations_check(league)
    return league


def season_create(
    *, league_id: int, name: str, start: date, registration_deadline: date, squad_max: int = 12,
    squad_min: int = 8, user: Author, insist: bool = False,
) -> Season:
    """A new season of the league. Raises League.DoesNotExist, or Refused
    when the squad limits contradict each other, the registration deadline
    falls after the start or the name is taken; NeedsInsisting for a start
    already gone, unless the secretary insists (a season set up late)."""
    if squad_min < 1:
        raise Refused("a squad needs at least 1 player")
    if squad_min > squad_max:
        raise Refused(f"a squad of at least {squad_min} and at most {squad_max} players is impossible")
    if registration_deadline > start:
        raise Refused(f"the registration deadline ({registration_deadline:%-d %B %Y}) falls after the season "
                      f"starts ({start:%-d %B %Y}): squads would change mid-season without a secretary. "
                      "Set it on or before the start")
    if start < timezone.localdate() and not insist:
        raise NeedsInsisting(f"{start:%-d %B %Y} has gone: a season starts on a day still to come. "
                             "Insist to set up a season already under way")
    with transaction.atomic():
        league = League.objects.get(pk=league_id)
        season = Season(league=league, name=name, start=start, registration_deadline=registration_deadline,
                        squad_max=squad_max, squad_min=squad_min)
        _save_new(season, taken=f"{league} already has a season called {name!r}")
        audit_record(user=user, action=AuditAction.SEASON_CREATE, target=season, data={
            "start": start.isoformat(), "registration_deadline": registration_deadline.isoformat(),
            "squad_max": squad_max, "squad_min": squad_min,
        })
        pages_changed_by(action=AuditAction.SEASON_CREATE, target=season)
    return season


def division_create(*, season_id: int, name: str, overrides: Mapping[str, Any] | None = None, user: Author,
                    level: int | None = None) -> Division:
    """A new division of the season; an override left out or None inherits
    the league's setting. Its place (`level`, 1 the top) is the next below
    the season's lowest division unless given. Raises Season.DoesNotExist,
    SettingsInvalid, or Refused when the name or the place is taken."""
    given = _checked(overrides or {}, inherit=True)
    with transaction.atomic():
        season = season_locked(season_id=season_id)
        if level is None:
            level = division_next_level(season_id=season.pk)
        refusal = level_refusal(season=season, level=level)
        if refusal is not None:
            raise refusal
        division = Division(season=season, name=name, level=level, **given)
        _save_new(division, taken=f"{season} already has a division called {name!r}")
        _combinations_check(season.league, division)
        audit_record(user=user, action=AuditAction.DIVISION_CREATE, target=division,
                     data={"overrides": dict(given), "level": level})
        pages_changed_by(action=AuditAction.DIVISION_CREATE, target=division)
    return division


def division_settings_change(*, division_id: int, changes: Mapping[str, Any], user: Author) -> Division:
    """Changes some of the division's overrides (None: inherit the league's
    again). Raises Division.DoesNotExist or SettingsInvalid."""
    given = _checked(changes, inherit=True)
    with transaction.atomic():
        division = Division.objects.select_for_update(no_key=True).select_related("season__league").get(pk=division_id)
        _apply(division, given, user=user, action=AuditAction.DIVISION_SETTINGS_CHANGE)
        _combinations_check(division.season.league, division)
    return division


def league_settings_fit_check(*, league: League) -> None:
    """Raises SettingsInvalid when the league's settings, or any of its
    divisions', no longer go together: after a new version of one of its
    own formats or schemes, read as the newest."""
    _combinations_check(league)


def _checked(values: Mapping[str, Any], *, inherit: bool) -> dict[str, Any]:
    """The settings, every one checked; None passes where it means inherit."""
    for name, value in values.items():
        if name not in SETTING_NAMES:
            raise SettingsInvalid(f"{name!r} is not a league setting (settings: {', '.join(SETTING_NAMES)})")
        if value is None and inherit:
            continue
        problem = settings_problem(name, value)
        if problem is not None:
            raise SettingsInvalid(problem)
    return dict(values)


def _apply(row: League | Division, given: Mapping[str, Any], *, user: Author, action: AuditAction) -> None:
    changed = {name: [getattr(row, name), value] for name, value in given.items() if getattr(row, name) != value}
    if not changed:
        return
    for name, (_, value) in changed.items():
        setattr(row, name, value)
    row.save(update_fields=list(changed))
    audit_record(user=user, action=action, target=row, data={"changes": changed})
    pages_changed_by(action=action, target=row)


def _combinations_check(league: League, division: Division | None = None) -> None:
    """Refuses (rolling the change back) settings that do not go together,
    in the league itself or in any division inheriting from it."""
    own = {name: getattr(league, name) for name in SETTING_NAMES}
    divisions = [division] if division is not None else list(Division.objects.filter(season__league=league))
    checks = [(settings_resolve(own, {}), f"{league}")]
    checks += [(settings_resolve(own, {n: getattr(d, n) for n in SETTING_NAMES}), f"{d.name}") for d in divisions]
    for resolved, where in checks:
        try:
            # A league's own format or scheme must be one it has.
            fmt = format_for_key(league_id=league.pk, key=resolved.match_format)
            scheme = scheme_for_key(league_id=league.pk, key=resolved.points_scheme)
        except formats.FormatsError as err:
            raise SettingsInvalid(f"{where}: {err}") from None
        problem = (combination_problem(resolved, where=where, scheme=scheme)
                   or draw_combination_problem(resolved, where=where, scheme=scheme, fmt=fmt))
        if problem is not None:
            raise SettingsInvalid(problem)


def _save_new(row: League | Season | Division, *, taken: str) -> None:
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        raise Refused(taken) from None
