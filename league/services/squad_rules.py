"""The league's squad rules, as its secretary sets them: transfers (none,
the secretary's approval, or the secretary's and both captains'), the
transfer fee, the days before a new registration may play, what a
withdrawal does to a team's results in each half of the season; and a
season's last day for transfers. Each change is audited with the values
before and after; a value the model's validators refuse is refused with
their words and nothing changes."""
from collections.abc import Mapping
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from league.authors import Author
from league.models import League, Season
from league.models.audit_actions import AuditAction
from league.refusals import SettingsInvalid
from league.selectors.access import secretary_refusal
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by

SQUAD_RULES = ("transfers", "transfer_fee", "eligible_after_days", "withdrawal_first_half",
               "withdrawal_second_half")


def squad_rules_change(*, league_id: int, changes: Mapping[str, Any], user: Author) -> League:
    """Raises League.DoesNotExist, NotSecretary or SettingsInvalid."""
    failure: SettingsInvalid | None = None
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        refusal = secretary_refusal(league=league, user=user, doing="can change its squad rules")
        if refusal is not None:
            audit_record(user=user, action=AuditAction.LEAGUE_SQUAD_RULES, target=league, refusal=refusal)
            raise refusal
        before = {name: getattr(league, name) for name in changes if name in SQUAD_RULES}
        for name in before:
            setattr(league, name, changes[name])
        try:
            league.full_clean(exclude=[f.name for f in League._meta.fields if f.name not in before])
        except ValidationError as err:
            failure = SettingsInvalid("; ".join(f"{name}: {' '.join(words)}"
                                                for name, words in err.message_dict.items()))
        if failure is None:
            if before:
                league.save(update_fields=list(before))
        audit_record(user=user, action=AuditAction.LEAGUE_SQUAD_RULES, target=league, refusal=failure,
                     data={"changes": {name: [str(old), str(changes[name])] for name, old in before.items()}})
        if failure is None:
            pages_changed_by(action=AuditAction.LEAGUE_SQUAD_RULES, target=league)
    if failure is not None:
        raise failure
    return league


def transfer_deadline_set(*, season_id: int, deadline: date | None, user: Author) -> Season:
    """The season's last day for transfers (None: until the season ends).
    Raises Season.DoesNotExist or NotSecretary."""
    with transaction.atomic():
        season = Season.objects.select_for_update(no_key=True).select_related("league").get(pk=season_id)
        refusal = secretary_refusal(league=season.league, user=user, doing="can set the last day for transfers")
        before = season.transfer_deadline
        if refusal is None:
            season.transfer_deadline = deadline
            season.save(update_fields=["transfer_deadline"])
        audit_record(user=user, action=AuditAction.SEASON_TRANSFER_DEADLINE, target=season, refusal=refusal,
                     data={"before": before.isoformat() if before else None,
                           "after": deadline.isoformat() if deadline else None})
        if refusal is None:
            pages_changed_by(action=AuditAction.SEASON_TRANSFER_DEADLINE, target=season)
    if refusal is not None:
        raise refusal
    return season
