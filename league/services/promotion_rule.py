"""The league's promotion and relegation rule, and each division's place
in the league (its level, 1 the top), as a secretary changes them. Both
checked and audited; refusals audited too (docs/organisation.md, "The
change-over")."""
from collections.abc import Mapping

from django.db import transaction

from league.authors import Author
from league.models import Division, League
from league.models.audit_actions import AuditAction
from league.refusals import Refused
from league.selectors.access import secretary_refusal
from league.services.audit import Refusal, audit_record
from league.services.division_places import level_refusal, season_locked
from league.services.page_versions import pages_changed_by
from league.standings.promotion import VENUE_MOVE_RULES, promotion_overrides_problem


def promotion_rule_change(*, league_id: int, places: int, overrides: Mapping[str, int], playoff_when_level: bool,
                          venue_move: str, user: Author) -> League:
    """Raises League.DoesNotExist, NotSecretary or Refused (and changes
    nothing)."""
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        refusal: Refusal | None = secretary_refusal(league=league, user=user, doing="can change its settings")
        if refusal is None:
            refusal = _problem(places, overrides, venue_move)
        after = {"promotion_places": places, "promotion_overrides": dict(overrides),
                 "playoff_when_level": playoff_when_level, "venue_move": venue_move}
        changes = {name: [getattr(league, name), value] for name, value in after.items()
                   if getattr(league, name) != value}
        if refusal is None and changes:
            for name, value in after.items():
                setattr(league, name, value)
            league.save(update_fields=list(after))
        if refusal is not None or changes:
            audit_record(user=user, action=AuditAction.LEAGUE_PROMOTION_RULE, target=league, data={"changes": changes},
                         refusal=refusal)
            if refusal is None:
                pages_changed_by(action=AuditAction.LEAGUE_PROMOTION_RULE, target=league)
    if refusal is not None:
        raise refusal
    return league


def _problem(places: int, overrides: Mapping[str, int], venue_move: str) -> Refused | None:
    if isinstance(places, bool) or not isinstance(places, int) or places < 0:
        return Refused("promotion places: a whole number, 0 or more")
    problem = promotion_overrides_problem(overrides)
    if problem is not None:
        return Refused(problem)
    if venue_move not in dict(VENUE_MOVE_RULES):
        return Refused(f"venue move: {venue_move!r} is not one of {', '.join(dict(VENUE_MOVE_RULES))}")
    return None


def division_level_set(*, division_id: int, level: int, user: Author) -> Division:
    """Raises Division.DoesNotExist, NotSecretary or Refused (a place
    another division of the season holds among them)."""
    with transaction.atomic():
        season_id = Division.objects.values_list("season_id", flat=True).get(pk=division_id)
        season = season_locked(season_id=season_id)
        division = Division.objects.select_for_update(no_key=True).select_related("season__league").get(pk=division_id)
        refusal: Refusal | None = secretary_refusal(league=division.season.league, user=user,
                                                    doing="can change its settings")
        if refusal is None:
            # A cup's own division stands outside the order: only the number is checked.
            refusal = level_refusal(season=season, level=level, division_id=division.pk,
                                    among_others=not division.is_cup)
        data = {"changes": {"level": [division.level, level]}}
        if refusal is None:
            division.level = level
            division.save(update_fields=["level"])
        audit_record(user=user, action=AuditAction.DIVISION_LEVEL, target=division, data=data, refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.DIVISION_LEVEL, target=division)
    if refusal is not None:
        raise refusal
    return division
