"""Each league division's place in its season (its level, 1 the top),
which promotion and relegation go by (docs/organisation.md, "The order
of the divisions"). Two league divisions of a season never share a place:
a new division takes the next below the last unless given one, and the
secretary orders the season's divisions on its divisions page. A cup's
own division stands outside the order."""
from collections.abc import Mapping

from django.db import transaction

from league.authors import Author
from league.models import Division, Season
from league.models.audit_actions import AuditAction
from league.refusals import PlaceTaken, Refused
from league.selectors.access import secretary_refusal
from league.services.audit import Refusal, audit_record
from league.services.page_versions import pages_changed_by


def level_refusal(*, season: Season, level: object, division_id: int | None = None,
                  among_others: bool = True) -> Refused | None:
    """Why `level` may not be a place in the season for the division
    `division_id` (None: a new one), or None; `among_others` False checks
    the number alone. Call it with the season's row locked, so no other
    write takes the place meanwhile."""
    if isinstance(level, bool) or not isinstance(level, int) or level < 1:
        return Refused("a division's place is a whole number from 1, the top")
    if not among_others:
        return None
    others = Division.objects.filter(season=season, is_cup=False, level=level)
    if division_id is not None:
        others = others.exclude(pk=division_id)
    holder = others.values_list("name", flat=True).first()
    if holder is not None:
        return PlaceTaken(f"{holder} is already number {level} in {season.name}: each division has a place of "
                       f"its own. Give another number, or change both on the season's divisions page")
    return None


def season_locked(*, season_id: int) -> Season:
    """The season's row, locked until the transaction ends: the one lock
    every change to its divisions' places takes."""
    return Season.objects.select_for_update(no_key=True).select_related("league").get(pk=season_id)


def division_order_set(*, season_id: int, levels: Mapping[int, int], user: Author) -> Season:
    """Gives the season's league divisions the places in `levels` (division
    id to place), every division of the season named once and no place
    twice, and marks the order checked. Raises Season.DoesNotExist,
    NotSecretary or Refused (and changes nothing)."""
    with transaction.atomic():
        season = season_locked(season_id=season_id)
        refusal: Refusal | None = secretary_refusal(league=season.league, user=user,
                                                    doing="can order its divisions")
        divisions = list(Division.objects.filter(season=season, is_cup=False).order_by("level", "id"))
        if refusal is None:
            refusal = _order_refusal(season, divisions, levels)
        changes = {d.name: [d.level, levels[d.pk]] for d in divisions if d.pk in levels and d.level != levels[d.pk]}
        if refusal is None:
            _renumber(divisions, levels)
            season.division_order_unchecked = False
            season.save(update_fields=["division_order_unchecked"])
        audit_record(user=user, action=AuditAction.SEASON_DIVISION_ORDER, target=season, data={"changes": changes},
                     refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.SEASON_DIVISION_ORDER, target=season)
    if refusal is not None:
        raise refusal
    return season


def _order_refusal(season: Season, divisions: list[Division], levels: Mapping[int, int]) -> Refused | None:
    known = {d.pk: d for d in divisions}
    stranger = next((pk for pk in levels if pk not in known), None)
    if stranger is not None:
        return Refused(f"division {stranger} is not a league division of {season.name}")
    missing = [d.name for d in divisions if d.pk not in levels]
    if missing:
        return Refused(f"give {missing[0]} a place too: every division of {season.name} is numbered")
    seen: dict[int, str] = {}
    for division in divisions:
        level = levels[division.pk]
        if isinstance(level, bool) or not isinstance(level, int) or level < 1:
            return Refused(f"{division.name}: a division's place is a whole number from 1, the top")
        if level in seen:
            return Refused(f"{seen[level]} and {division.name} are both number {level}: each division has a "
                           "place of its own")
        seen[level] = division.name
    return None


def _renumber(divisions: list[Division], levels: Mapping[int, int]) -> None:
    # Every row moves out of the way first: the database checks each row
    # as it is written, and a swap would otherwise meet itself halfway.
    clear = max([d.level for d in divisions] + list(levels.values())) + 1
    for offset, division in enumerate(divisions):
        Division.objects.filter(pk=division.pk).update(level=clear + offset)
    for division in divisions:
        Division.objects.filter(pk=division.pk).update(level=levels[division.pk])
