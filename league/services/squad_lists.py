"""Registering many players at once: a secretary's pasted or uploaded list
of names for one team's squad, and last season's squads carried over to a
new season in one step.

Every name goes through `squad_register`, so the squad rules are the ones
that service keeps (one team a season, the squad's maximum, the deadline),
with its audit entries. A name matching no player makes a new one (with
`player_create`); a name matching one player registers them; a name
matching two or more is refused, since guessing which would be wrong.

Both run in one transaction. With `dry_run` they do everything and then
roll it back, so the review a secretary checks is the outcome the rules
give, not a forecast of it: each line says who is new, who exists, who
would be refused and why. A past deadline is a secretary's to overrule,
but not by accident: unless `late_ok` is given, every line after the
deadline is refused saying so.
"""
from dataclasses import dataclass, field

from django.db import transaction

from league.authors import Author
from league.models import Player, Season, Team
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, Refused
from league.selectors.access import secretary_refusal
from league.selectors.clubs import players_named, season_before, teams_in_both
from league.selectors.squads import registration_closed, squad_players
from league.services.audit import audit_record
from league.services.clubs import player_create
from league.services.squads import squad_register


@dataclass
class SquadLine:
    """One name of a list: the player it names (None when refused before one
    was found or made), whether the player is new, and why it was refused."""

    name: str
    player: Player | None = None
    new: bool = False
    refusal: str | None = None

    @property
    def registered(self) -> bool:
        return self.refusal is None


@dataclass
class CarriedSquad:
    team: Team
    lines: list[SquadLine] = field(default_factory=list)


class _DryRun(Exception):
    """Raised to roll a dry run's transaction back once its outcome is known."""


def squad_names_register(*, season_id: int, team_id: int, names: list[str], user: Author,
                         late_ok: bool = False, dry_run: bool = False) -> list[SquadLine]:
    """Registers the named players for the team's season, line by line, and
    says what became of each. Raises Season/Team.DoesNotExist or
    NotSecretary; a name's refusal is its line's, not the list's."""
    season = Season.objects.select_related("league").get(pk=season_id)
    team = Team.objects.get(pk=team_id)
    _require_secretary(season, user)
    lines: list[SquadLine] = []
    try:
        with transaction.atomic():
            seen: set[str] = set()
            for name in names:
                lines.append(_register_name(season, team, name, seen, user=user, late_ok=late_ok))
            if dry_run:
                raise _DryRun
    except _DryRun:
        pass
    return lines


def squads_carry_over(*, season_id: int, user: Author, late_ok: bool = False,
                      dry_run: bool = False) -> tuple[Season | None, list[CarriedSquad]]:
    """Registers each team entered in both this season and the one before
    with last season's squad. Returns the season carried from (None when
    there is none) and each team's lines. Raises Season.DoesNotExist or
    NotSecretary."""
    season = Season.objects.select_related("league").get(pk=season_id)
    _require_secretary(season, user)
    earlier = season_before(season=season)
    if earlier is None:
        return None, []
    carried = [CarriedSquad(team=team) for team in teams_in_both(season=season, earlier=earlier)]
    try:
        with transaction.atomic():
            for squad in carried:
                for player in squad_players(season_id=earlier.pk, team_id=squad.team.pk):
                    line = SquadLine(name=player.name, player=player)
                    line.refusal = _register(season, squad.team, player, user=user, late_ok=late_ok)
                    squad.lines.append(line)
            if dry_run:
                raise _DryRun
    except _DryRun:
        pass
    return earlier, carried


def _register_name(season: Season, team: Team, raw: str, seen: set[str], *, user: Author,
                   late_ok: bool) -> SquadLine:
    name = " ".join(raw.split())
    line = SquadLine(name=name)
    if name.casefold() in seen:
        line.refusal = "listed twice"
        return line
    seen.add(name.casefold())
    found = players_named(name=name)
    if len(found) > 1:
        line.refusal = (f"{len(found)} players are called {name}: register the right one from the "
                        f"one-at-a-time form")
        return line
    if found:
        line.player = found[0]
        line.refusal = _register(season, team, found[0], user=user, late_ok=late_ok)
        return line
    line.new = True
    with transaction.atomic():
        # Made only if the rules let them in: the savepoint, rolled back on
        # a refusal, takes the new player with it (and the refusal's audit
        # entry, recorded again below against the name).
        try:
            line.player = player_create(league_id=season.league_id, name=name, user=user)
            line.refusal = _register(season, team, line.player, user=user, late_ok=late_ok)
        except (Refused, NotPermitted) as refusal:
            line.refusal = refusal.message
        if line.refusal is not None:
            transaction.set_rollback(True)
    if line.refusal is not None:
        line.player = None
        audit_record(user=user, action=AuditAction.SQUAD_REGISTER, target=team, refusal=Refused(line.refusal),
                     data={"season": season.pk, "season_name": season.name, "player_name": name})
    return line


def _register(season: Season, team: Team, player: Player, *, user: Author, late_ok: bool) -> str | None:
    """None when the player is registered; else why not."""
    if registration_closed(season=season) and not late_ok:
        return (f"past the registration deadline ({season.registration_deadline:%-d %B %Y}): "
                f"register after the deadline to let them in")
    try:
        squad_register(season_id=season.pk, team_id=team.pk, player_id=player.pk, user=user)
    except (Refused, NotPermitted) as refusal:
        return refusal.message
    return None


def _require_secretary(season: Season, user: Author) -> None:
    refusal = secretary_refusal(league=season.league, user=user, doing="may register a list of players")
    if refusal is not None:
        raise refusal
