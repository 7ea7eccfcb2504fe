"""A player's privacy: how their name shows to the public, and erasing
it (docs/organisation.md, "Privacy")."""
import json
import re
import secrets
from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import models, transaction
from django.db.models import Q, TextField
from django.db.models.functions import Cast

from league.authors import Author
from league.engine import ENGINES
from league.models import AuditEntry, DeviceToken, Game, GameEntry, Player, RubberGame, WriteAnswer
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, NotSecretary, Refused
from league.selectors.games import live_state_key
from league.selectors.names import may_see_player_data, player_officials
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by


def player_name_shown_set(*, player_id: int, shown: str, user: Author) -> Player:
    """Sets how the player's name shows on public pages: for the player
    themself or a secretary of one of their leagues. Raises NotPermitted,
    Refused (an unknown choice), Player.DoesNotExist."""
    if shown not in Player.NameShown.values:
        raise Refused(f"a name shows in full, as initials or hidden, not as {shown!r}")
    with transaction.atomic():
        player = Player.objects.select_for_update(no_key=True).get(pk=player_id)
        if not may_see_player_data(player=player, user=user):
            raise NotPermitted("only the player or a secretary of their league can change how their name shows")
        before, player.name_shown = player.name_shown, shown
        player.save(update_fields=["name_shown"])
        audit_record(user=user, action=AuditAction.PLAYER_NAME_SHOWN, target=player,
                     data={"from": before, "to": shown})
        pages_changed_by(action=AuditAction.PLAYER_NAME_SHOWN, target=player)
    return player


def player_erase(*, player_id: int, user: Author) -> Player:
    """Replaces the player's name by a pseudonym ("Player 7f3a") wherever
    the database holds it: the player, the seats and labels of games, the
    move log's stored replies, the answers kept for retried writes, the
    audit log's labels and details, the admin's history, and the linked login (renamed and closed). Scores,
    moves, results and tables are left exactly as they were. For a
    secretary of a league the player was registered in; raises
    NotSecretary, Player.DoesNotExist.

    The move log and the audit log are append-only; this is the one
    documented exception (docs/organisation.md, "Privacy"): their rows are
    rewritten in place, names only, in the same transaction as the rest."""
    with transaction.atomic():
        player = Player.objects.select_for_update(no_key=True).get(pk=player_id)
        if not player_officials(player_id=player.pk, user=user):
            raise NotSecretary("only a secretary of a league the player played in can erase them")
        name, pseudonym = player.name, _pseudonym()
        scrub = _scrubber(name, pseudonym)
        counts = {"games": _scrub_games(player, name, scrub), "log_rows": 0, "audit_entries": 0}
        counts["log_rows"] = _scrub_rows(GameEntry, ["payload", "reply"], name, scrub)
        counts["audit_entries"] = _scrub_rows(AuditEntry, ["target_label", "data"], name, scrub)
        _scrub_rows(LogEntry, ["object_repr", "change_message"], name, scrub)
        _scrub_rows(WriteAnswer, ["body"], name, scrub)  # the answers kept for retries name the players
        player.name = pseudonym
        player.save(update_fields=["name"])
        if player.user is not None:
            _close_login(player.user, pseudonym)
        # After the rename, so the entry's label is the pseudonym.
        audit_record(user=user, action=AuditAction.PLAYER_ERASE, target=player, data=counts)
        pages_changed_by(action=AuditAction.PLAYER_ERASE, target=player)
        transaction.on_commit(ENGINES.clear)
    return player


def _close_login(user: Any, pseudonym: str) -> None:
    """The erased player's login goes with their name: a username can be a
    name ("jo.bloggs"), and it is shown wherever the login entered a move.
    It is renamed after the pseudonym, emptied of names and address, and
    closed (no password, no device token), so no one logs in as it again."""
    user.username = _free_username(pseudonym.lower().replace(" ", "-"))
    user.first_name = user.last_name = user.email = ""
    user.is_active = False
    user.set_unusable_password()
    user.save(update_fields=["username", "first_name", "last_name", "email", "is_active", "password"])
    DeviceToken.objects.filter(user=user).delete()


def _free_username(wanted: str) -> str:
    taken = set(get_user_model().objects.filter(username__startswith=wanted).values_list("username", flat=True))
    return next(name for name in (wanted, *(f"{wanted}-{n}" for n in range(2, len(taken) + 3))) if name not in taken)


def _pseudonym() -> str:
    for digits in (2, 2, 2, 3, 4, 8):
        candidate = f"Player {secrets.token_hex(digits)}"
        if not Player.objects.filter(name=candidate).exists():
            return candidate
    raise RuntimeError("no free pseudonym")  # 16**16 names: never in practice


Scrub = Callable[[Any], Any]


def _scrubber(name: str, pseudonym: str) -> Scrub:
    """Replaces the name, in any case, in a string or anywhere in JSON."""
    pattern = re.compile(re.escape(name), re.IGNORECASE)

    def scrub(value: Any) -> Any:
        if isinstance(value, str):
            return pattern.sub(pseudonym, value)
        if isinstance(value, list):
            return [scrub(item) for item in value]
        if isinstance(value, dict):
            return {scrub(key): scrub(item) for key, item in value.items()}
        return value
    return scrub


def _naming(fields: list[str], name: str) -> Q:
    """Rows with the name in any of these text or JSON fields, as stored
    (JSON may hold it escaped)."""
    found = Q()
    for needle in {name, json.dumps(name)[1:-1]}:
        for field in fields:
            found |= Q(**{f"{field}_text__icontains": needle})
    return found


def _as_text(fields: list[str]) -> dict[str, Cast]:
    return {f"{field}_text": Cast(field, TextField()) for field in fields}


def _scrub_games(player: Player, name: str, scrub: Scrub) -> int:
    """The seats and labels of the games the player sat in; their scores
    and logs stay. A changed seat is cached in the live state spectators
    read, which is dropped to be published again."""
    played = RubberGame.objects.filter(
        Q(rubber__home_player=player) | Q(rubber__home_partner=player)
        | Q(rubber__away_player=player) | Q(rubber__away_partner=player)).values("game_id")
    fields = ["seats", "label"]
    games = Game.objects.annotate(**_as_text(fields)).filter(Q(pk__in=played) | _naming(fields, name))
    count = 0
    for game in games.only("pk", "seats", "label"):
        # update(), not save(): nothing else about the game changes, its updated_at included.
        Game.objects.filter(pk=game.pk).update(seats=scrub(game.seats), label=scrub(game.label))
        transaction.on_commit(partial(cache.delete, live_state_key(game.pk)))
        count += 1
    return count


def _scrub_rows(model: type[models.Model], fields: list[str], name: str, scrub: Scrub) -> int:
    """Rewrites the name in these fields of every row holding it. A plain
    QuerySet, not the model's manager: for the append-only logs this is the
    documented exception to their guard."""
    rows = models.QuerySet(model=model).annotate(**_as_text(fields)).filter(_naming(fields, name))
    count = 0
    for row in rows.only("pk", *fields):
        changes = {field: scrub(getattr(row, field)) for field in fields}
        models.QuerySet(model=model).filter(pk=row.pk).update(**changes)
        count += 1
    return count
