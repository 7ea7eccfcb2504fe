"""Starting next season from the last in one step (docs/organisation.md,
"The change-over"): the new season, a copy of each league division with
its settings overrides and place, every team where promotion and
relegation put it (`league.standings.promotion`, by the league's rule,
from the stored final tables) or where the secretary moved it, and last
season's squads carried over (`league.services.squad_lists`).

One transaction, audited as `season.changeover`. With `dry_run` all of it
is done and rolled back, so the review is exactly what confirming writes.
Refused, with nothing written but the refusal's audit entry, for anyone
but the league's secretaries, a name already taken, a season that is not
the league's latest, a play-off still to be decided, and (unless the
secretary insists) fixtures of the old season still unplayed. Cups are
not copied, and the new season is not made current.

A play-off between two teams level across a line is one published
fixture in their old division (`playoff_arrange`); its result, once
confirmed, decides which of the two goes which way.
"""
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from league.authors import Author
from league.competition_settings import SETTING_NAMES
from league.models import Division, DivisionEntry, Fixture, League, Season, Team
from league.models.audit_actions import AuditAction
from league.refusals import NeedsInsisting, Refused
from league.selectors.access import secretary_refusal
from league.selectors.changeover import (
    final_tables,
    later_season,
    season_named,
    season_playoffs,
    teams_by_id,
    unresolved_fixtures,
    venue_movers,
    withdrawn_teams,
)
from league.services.audit import Refusal, audit_record
from league.services.competition import division_create, season_create
from league.services.page_versions import pages_changed_by
from league.services.squad_lists import CarriedSquad, squads_carry_over
from league.standings import promotion

NEW, MOVED, LEFT = "new", "moved", "left"
KIND_WORDS = {promotion.UP: "promoted", promotion.DOWN: "relegated", promotion.STAYS: "stays",
              promotion.PLAYOFF: "play-off pending", promotion.VENUE: "relegated for moving venue",
              NEW: "new to the league's divisions", MOVED: "placed by the secretary", LEFT: "left out"}


@dataclass
class TeamLine:
    team: Team
    kind: str  # a key of KIND_WORDS
    came_from: str  # the old division's name, "" for a new team
    rival: Team | None = None  # the other side of a pending play-off

    @property
    def words(self) -> str:
        return KIND_WORDS[self.kind]


@dataclass
class NewDivision:
    source: Division
    lines: list[TeamLine] = field(default_factory=list)


@dataclass
class Changeover:
    """The outcome: `season` is the new season (rolled back after a dry
    run), `divisions` top first, the teams `left_out`, the play-offs still
    `pending` as pairs of teams, and the squads carried."""

    old: Season
    season: Season | None
    divisions: list[NewDivision]
    left_out: list[TeamLine]
    pending: list[tuple[Team, Team]]
    squads: list[CarriedSquad]
    unresolved: int


@dataclass(frozen=True)
class NewSeason:
    name: str
    start: date
    registration_deadline: date
    squad_max: int | None = None  # None: the old season's
    squad_min: int | None = None


class _DryRun(Exception):
    """Raised to roll a dry run back once its outcome is known."""


def season_changeover(*, season_id: int, new: NewSeason, user: Author,
                      placements: Mapping[int, int | None] | None = None, insist: bool = False,
                      dry_run: bool = False) -> Changeover:
    """Starts the season after `season_id`. `placements` are the
    secretary's changes to the proposal: a team's id to the id of the old
    division whose copy it joins, or None to leave it out (a team of the
    league that played no division last season joins only so). Raises
    Season.DoesNotExist, NotSecretary, Refused or NeedsInsisting."""
    placements = dict(placements or {})
    outcome: Changeover | None = None
    refusal: Refusal | None = None
    with transaction.atomic():
        old = Season.objects.select_related("league").get(pk=season_id)
        league = League.objects.select_for_update(no_key=True).get(pk=old.league_id)
        refusal = secretary_refusal(league=league, user=user, doing="can start the next season")
        plan = None
        if refusal is None:
            plan = _plan(old, league, placements)
            refusal = _refusal(old, new, plan, insist=insist)
        data = {"from": old.name, "name": new.name, "start": new.start.isoformat(),
                "placements": {str(team): division for team, division in placements.items()}, "insist": insist}
        if refusal is not None:
            if not dry_run:
                audit_record(user=user, action=AuditAction.SEASON_CHANGEOVER, target=old, data=data, refusal=refusal)
        else:
            assert plan is not None
            try:
                with transaction.atomic():
                    outcome = _write(old, new, plan, user=user, insist=insist)
                    audit_record(user=user, action=AuditAction.SEASON_CHANGEOVER, target=outcome.season, data={
                        **data, "divisions": {d.source.name: [line.team.pk for line in d.lines]
                                              for d in outcome.divisions},
                        "left_out": [line.team.pk for line in outcome.left_out]})
                    pages_changed_by(action=AuditAction.SEASON_CHANGEOVER, target=outcome.season)
                    if dry_run:
                        raise _DryRun
            except _DryRun:
                pass
    if refusal is not None:
        raise refusal
    assert outcome is not None
    return outcome


def changeover_proposal(*, season_id: int, user: Author,
                        placements: Mapping[int, int | None] | None = None) -> Changeover:
    """The proposal alone, before the new season is named: where each team
    goes and the play-offs pending. Writes nothing. Raises
    Season.DoesNotExist, NotSecretary or Refused (a placement that names
    no team or division of the league's season)."""
    old = Season.objects.select_related("league").get(pk=season_id)
    refusal = secretary_refusal(league=old.league, user=user, doing="can start the next season")
    if refusal is not None:
        raise refusal
    plan = _plan(old, old.league, dict(placements or {}))
    if plan.problem:
        raise Refused(plan.problem)
    return Changeover(old=old, season=None, divisions=plan.divisions, left_out=plan.left_out,
                      pending=plan.pending, squads=[], unresolved=len(unresolved_fixtures(season_id=old.pk)))


@dataclass
class _Plan:
    divisions: list[NewDivision]
    left_out: list[TeamLine]
    pending: list[tuple[Team, Team]]
    problem: str = ""


def _plan(old: Season, league: League, given: dict[int, int | None]) -> _Plan:
    # A team that withdrew is left out unless the secretary places it; its
    # place in the final table (a relegation place, often) still counts.
    placements = {**dict.fromkeys(withdrawn_teams(season_id=old.pk)), **given}
    tables = final_tables(season_id=old.pk)
    rule = promotion.Rule(places=league.promotion_places,
                          overrides=promotion.overrides_of(league.promotion_overrides or {}),
                          playoff_when_level=league.playoff_when_level,
                          relegate_venue_movers=league.venue_move == "relegate")
    winners = {p.pair: p.winner_id for p in season_playoffs(season_id=old.pk) if p.winner_id is not None}
    moves = promotion.proposal([t.rows for t in tables], rule, venue_movers=venue_movers(season_id=old.pk),
                               playoff_winners=winners)
    by_division = {t.division.pk: index for index, t in enumerate(tables)}
    teams = teams_by_id(ids={m.team for m in moves} | set(placements))
    plan = _Plan([NewDivision(t.division) for t in tables], [], [])
    unknown = [pk for pk in placements if pk not in teams or teams[pk].league_id != league.pk]
    wrong = [d for d in placements.values() if d is not None and d not in by_division]
    if unknown or wrong:
        plan.problem = (f"team {unknown[0]} is not a team of {league}" if unknown else
                        f"division {wrong[0]} is not a league division of {old.name}")
        return plan
    for move in moves:
        came_from = tables[move.source].division.name
        target: int | None = move.target
        kind = move.kind
        rival = teams.get(move.rival) if move.rival is not None else None
        if move.team in placements:
            chosen = placements.pop(move.team)
            target = None if chosen is None else by_division[chosen]
            if target != move.target or kind == promotion.PLAYOFF:
                kind, rival = MOVED, None
        line = TeamLine(teams[move.team], kind if target is not None else LEFT, came_from, rival)
        (plan.left_out if target is None else plan.divisions[target].lines).append(line)
    for team_id, chosen in placements.items():  # teams of the league new to the divisions
        if chosen is not None:
            plan.divisions[by_division[chosen]].lines.append(TeamLine(teams[team_id], NEW, ""))
    plan.pending = [(teams[a], teams[b]) for a, b in promotion.level_pairs(moves)
                    if _still_pending(plan, a) or _still_pending(plan, b)]
    return plan


def _still_pending(plan: _Plan, team_id: int) -> bool:
    return any(line.team.pk == team_id and line.kind == promotion.PLAYOFF
               for division in plan.divisions for line in division.lines)


def _refusal(old: Season, new: NewSeason, plan: _Plan, *, insist: bool) -> Refused | None:
    league = old.league
    if plan.problem:
        return Refused(plan.problem)
    if not new.name.strip():
        return Refused("name the new season, such as Winter 2027-28")
    if season_named(league_id=league.pk, name=new.name):
        return Refused(f"{league} already has a season called {new.name.strip()!r}: choose another name")
    later = later_season(season=old)
    if later is not None:
        return Refused(f"{later.name} starts after {old.name}: start the next season from the league's latest")
    if new.start <= old.start:
        return Refused(f"the new season must start after {old.name} ({old.start:%-d %B %Y})")
    if plan.pending:
        a, b = plan.pending[0]
        return Refused(f"{a} and {b} are level across a promotion or relegation line: arrange their play-off "
                       "and wait for its result, or place both teams yourself")
    open_fixtures = unresolved_fixtures(season_id=old.pk)
    if open_fixtures and not insist:
        return NeedsInsisting(f"{old.name} still has {len(open_fixtures)} fixture{'s' if len(open_fixtures) != 1 else ''}"
                              " unplayed or unresolved, so its tables may not be final: settle them, or start it "
                              "anyway")
    return None


def _write(old: Season, new: NewSeason, plan: _Plan, *, user: Author, insist: bool) -> Changeover:
    season = season_create(league_id=old.league_id, name=new.name.strip(), start=new.start,
                           registration_deadline=new.registration_deadline,
                           squad_max=old.squad_max if new.squad_max is None else new.squad_max,
                           squad_min=old.squad_min if new.squad_min is None else new.squad_min,
                           user=user, insist=insist)
    for place in plan.divisions:
        source = place.source
        overrides = {name: getattr(source, name) for name in SETTING_NAMES}
        division = division_create(season_id=season.pk, name=source.name, overrides=overrides, user=user,
                                   level=source.level)
        # Entered here rather than one by one through division_team_add:
        # a new division has no fixtures to discard, and the change-over's
        # own audit entry lists every team.
        DivisionEntry.objects.bulk_create(DivisionEntry(division=division, team=line.team)
                                          for line in sorted(place.lines, key=lambda line: line.team.name))
    _, squads = squads_carry_over(season_id=season.pk, user=user, late_ok=True)
    return Changeover(old=old, season=season, divisions=plan.divisions, left_out=plan.left_out, pending=[],
                      squads=squads, unresolved=len(unresolved_fixtures(season_id=old.pk)))


def playoff_arrange(*, season_id: int, home_team_id: int, away_team_id: int, on: date, user: Author) -> Fixture:
    """A published one-off fixture between two teams of one league
    division of the season, level in its final table, at the first-named
    team's venue on `on`. Raises Season/Team.DoesNotExist, NotSecretary or
    Refused."""
    with transaction.atomic():
        season = Season.objects.select_related("league").get(pk=season_id)
        home = Team.objects.select_related("home_venue").get(pk=home_team_id)
        away = Team.objects.get(pk=away_team_id)
        refusal: Refusal | None = secretary_refusal(league=season.league, user=user,
                                                    doing="can arrange a play-off")
        division = None
        if refusal is None:
            division, refusal = _playoff_division(season, home, away)
        data = {"home": home.pk, "away": away.pk, "date": on.isoformat()}
        fixture = None
        if refusal is None:
            assert division is not None
            locked = Division.objects.select_for_update(no_key=True).get(pk=division.pk)
            week = (Fixture.objects.filter(division=locked).aggregate(last=Max("week"))["last"] or 0) + 1
            fixture = Fixture.objects.create(division=locked, week=week, date=on, home_team=home, away_team=away,
                                             venue=home.home_venue, status=Fixture.Status.PUBLISHED,
                                             published_at=timezone.now(), playoff=True,
                                             reason="A play-off: teams level across a promotion or relegation line.")
        audit_record(user=user, action=AuditAction.SEASON_PLAYOFF_ARRANGE, target=fixture or season, data=data,
                     refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.SEASON_PLAYOFF_ARRANGE, target=fixture or season)
    if refusal is not None:
        raise refusal
    assert fixture is not None
    return fixture


def _playoff_division(season: Season, home: Team, away: Team) -> tuple[Division | None, Refused | None]:
    if home.pk == away.pk:
        return None, Refused("a play-off needs two different teams")
    for table in final_tables(season_id=season.pk):
        found = {row.team: row for row in table.rows}
        if home.pk in found and away.pk in found:
            if found[home.pk].position != found[away.pk].position:
                return None, Refused(f"{home} and {away} are not level in {table.division.name}'s table: "
                                     "a play-off settles only teams level on every tie-breaker but the name")
            if any(p.pair == {home.pk, away.pk} and p.winner_id is None and
                   p.fixture.status != Fixture.Status.VOID for p in season_playoffs(season_id=season.pk)):
                return None, Refused(f"{home} and {away} already have a play-off arranged: void it to arrange another")
            return table.division, None
    return None, Refused(f"{home} and {away} did not play in one division of {season.name}")
