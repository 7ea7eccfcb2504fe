"""The audit log's actions are a closed set (league.models.audit_actions):
each is recorded somewhere or kept for old rows, a refusal is stored
under its action's refused name, and what each makes stale among the
spectators' pages is declared with it and made stale by the service that
takes it, not by recording it."""
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib import admin
from in_process import committing
from matchnights import Night, a_match_night

from league.admin.base import AuditedAdmin
from league.models.audit_actions import HISTORICAL, STORED_NAMES, AuditAction, Stale
from league.refusals import Refused
from league.selectors.page_versions import division_key, fixture_key, page_versions
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by

A = AuditAction
LEAGUE_CODE = Path(__file__).resolve().parents[2] / "league"

# What each action makes stale among the spectators' pages when taken: the
# pages showing its target, but for a login's invitations, its email
# address, notices and digests, and a login taken off a player, which no
# public page shows.
NOT_SEEN = {A.INVITE_CREATE, A.INVITE_WITHDRAW, A.INVITE_ACCEPT, A.NOTICE_RESEND, A.NOTICES_STOP, A.DIGEST_SUBSCRIBE,
            A.EMAIL_ASK, A.EMAIL_CONFIRM, A.EMAIL_REMOVE, A.EMAIL_SET, A.PLAYER_LOGIN_UNLINK}
EXPECTED = {action: Stale.NOTHING if action in NOT_SEEN else Stale.TARGET for action in AuditAction}


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Any) -> Callable[[], Any]:
    return committing(django_capture_on_commit_callbacks)


def _recorded_in_code() -> set[AuditAction]:
    """The actions the league's code names, and those the admin records for
    the models it edits."""
    named = {A[name] for path in LEAGUE_CODE.rglob("*.py") if path.name != "audit_actions.py"
             for name in re.findall(r"AuditAction\.([A-Z_]+)", path.read_text())}
    by_admin = {A(f"{model._meta.model_name}.{verb}") for model, model_admin in admin.site._registry.items()
                if isinstance(model_admin, AuditedAdmin) for verb in ("create", "change", "delete")}
    return named | by_admin


def test_every_action_is_recorded_somewhere_or_kept_for_old_rows() -> None:
    recorded = _recorded_in_code()
    assert set(AuditAction) - recorded - HISTORICAL == set()
    assert HISTORICAL & recorded == set()


def test_what_each_action_declares_stale_is_what_spectators_expect() -> None:
    assert {action: action.stale for action in AuditAction} == EXPECTED


def test_a_change_makes_the_pages_showing_its_target_stale_as_its_action_declares(
        night: Night, commit: Callable[[], Any]) -> None:
    keys = [fixture_key(night.fixture.pk), division_key(night.fixture.division_id)]
    wrong = []
    for action, stale in EXPECTED.items():
        before = page_versions(keys)
        with commit():
            pages_changed_by(action=action, target=night.fixture)
        renewed = [old != new for old, new in zip(before, page_versions(keys), strict=True)]
        if renewed != [stale is Stale.TARGET] * len(keys):
            wrong.append(f"{action}: {renewed}")
    assert not wrong, "\n".join(wrong)


def test_recording_an_action_makes_no_page_stale_by_itself(night: Night, commit: Callable[[], Any]) -> None:
    before = page_versions([fixture_key(night.fixture.pk)])
    with commit():
        audit_record(user=night.secretary, action=A.FIXTURE_POSTPONE, target=night.fixture, data={"reason": "Flood"})
    assert page_versions([fixture_key(night.fixture.pk)]) == before


def test_a_refusal_is_stored_under_its_actions_refused_name(night: Night) -> None:
    entry = audit_record(user=night.secretary, action=A.FIXTURE_POSTPONE, target=night.fixture,
                         refusal=Refused("say why"))
    assert entry.action == "fixture.postpone.refused" == A.FIXTURE_POSTPONE.refused
    assert entry.action in STORED_NAMES


@pytest.mark.parametrize("name", ["squad.registr", "fixture.postpone.refused", "api.game-moves", ""])
def test_a_name_outside_the_set_is_no_action(name: str) -> None:
    with pytest.raises(ValueError, match="is not a valid AuditAction"):
        AuditAction(name)
