"""Stored texts name no one.

A cup tie's decided reason: the names its sides had when it was decided
("Eric Bailey through: 1-0 on games") become the tokens of their places
("{winner} through: 1-0 on games"), named for each reader when shown
(league.selectors.shown_names).

A cup tie's live game's label: "Singles Knockout: Eric Bailey v Ann Cole"
becomes "Singles Knockout, round 1, tie 1"; its seats are named for each
reader (league.selectors.seat_names). Going back leaves the labels so."""
import re

from django.db import migrations

WINNER, HOME, AWAY = "{winner}", "{home}", "{away}"


def _name(entry):
    """The entry's name as it was written into the reasons: the team's, or
    the players' in full."""
    if entry is None:
        return ""
    if entry.team_id is not None:
        return entry.team.name
    return " & ".join(p.name for p in (entry.player, entry.partner) if p is not None)


def _sides(tie):
    return [(_name(tie.home), HOME), (_name(tie.away), AWAY)]


def _stored(tie):
    reason, winner = tie.decided_reason, _name(tie.winner)
    for said in (" through: ", " won: "):
        if winner and reason.startswith(winner + said):
            reason = WINNER + reason[len(winner):]
    # The longer name first: one side's name may hold the other's.
    for name, token in sorted(_sides(tie), key=lambda side: -len(side[0])):
        if name.strip():
            reason = reason.replace(name, token)
    return reason


def _written(tie):
    reason = tie.decided_reason.replace(WINNER, _name(tie.winner))
    for name, token in _sides(tie):
        reason = reason.replace(token, name)
    return reason


def _rewrite(apps, change):
    CupTie = apps.get_model("league", "CupTie")
    related = [f"{side}__{part}" for side in ("home", "away", "winner") for part in ("team", "player", "partner")]
    for tie in CupTie.objects.exclude(decided_reason="").select_related(*related).iterator():
        reason = change(tie)
        if reason != tie.decided_reason:
            CupTie.objects.filter(pk=tie.pk).update(decided_reason=reason)


def _labels(apps):
    CupGame = apps.get_model("league", "CupGame")
    Game = apps.get_model("league", "Game")
    for cup_game in CupGame.objects.exclude(game=None).select_related("tie__competition", "game").iterator():
        tie, label = cup_game.tie, cup_game.game.label
        stage = f"group {tie.group}" if tie.group else f"round {tie.round}"
        game = re.search(r", game \d+$", label)
        Game.objects.filter(pk=cup_game.game_id).update(
            label=f"{tie.competition.name}, {stage}, tie {tie.number}" + (game.group(0) if game else ""))


def names_out(apps, schema_editor):
    _rewrite(apps, _stored)
    _labels(apps)


def names_back(apps, schema_editor):
    _rewrite(apps, _written)


class Migration(migrations.Migration):
    dependencies = [("league", "0035_cup_draw_kept")]

    operations = [migrations.RunPython(names_out, names_back)]
