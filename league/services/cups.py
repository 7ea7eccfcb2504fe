"""Running a cup: creating it, taking entries, and drawing it.

A secretary creates the cup with its own division (`Division.is_cup`),
which carries the cup's match settings and holds its fixtures. Entries come
in until the closing date (or the limit): a captain enters their team, a
player themself (and a partner, for pairs), a secretary anyone. The
secretary then draws it: the whole bracket at once, or round by round as
each round's ties are decided; seeded in the entries' seed order, or at
random from a seed recorded with the draw, so anyone can draw it again and
see the same ties (docs/cups.md). Each draw is stored as `cups` returned it
(`CupDraw`) and described in words in the audit log.

Dates, legs and who goes through: `league.services.cup_ties`; changing a cup
once created: `league.services.cup_settings`.
Every change and every refusal is audited, a refusal committed before it is
raised, as the fixture services do.
"""
from dataclasses import asdict
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

import cups
from league.authors import Author, author_user
from league.competition_kinds import kind_rules
from league.models import (
    Competition,
    CupDraw,
    CupEntry,
    CupTie,
    Division,
    Fixture,
    Player,
    Season,
    SquadRegistration,
    Team,
    Venue,
)
from league.models.audit_actions import AuditAction
from league.refusals import NotCaptain, NotPermitted, NotSecretary, Refused, SettingsInvalid, WrongLeague
from league.selectors.access import is_captain, is_secretary, secretary_refusal
from league.selectors.cup_groups import GroupStage
from league.services.audit import audit_record
from league.services.cup_games import finals_ties_dated
from league.services.cup_groups import groups_draw, knockout_draw
from league.services.cup_ties import tie_withdrawn, ties_conceded
from league.services.page_versions import pages_changed_by

Failure = NotPermitted | Refused
Kind = Competition.Kind
# A cup leg arranged for a night (not postponed, void or awarded).
MOVING = [Fixture.Status.PUBLISHED, Fixture.Status.REARRANGED]


def competition_create(
    *, season_id: int, name: str, kind: str = Kind.TEAM, structure: str = Competition.Structure.KNOCKOUT,
    draw_mode: str = Competition.DrawMode.ROUNDS, seeded: bool = False, legs: int = 1,
    tie_break: list[str] | None = None, level: str = Competition.Level.REPLAY, entry_closes: date | None = None,
    max_entries: int | None = None, finals_date: date | None = None, finals_venue_id: int | None = None,
    match_format: str | None = None, group_stage: dict[str, Any] | None = None, handicap: bool = False,
    pairs_one_team: bool = False, user: Author,
) -> Competition:
    """Creates the cup and its division. Raises Season.DoesNotExist,
    NotSecretary, or Refused (a name taken, a tie-break chain cups cannot
    use, a group stage's settings it cannot be played by). A cup with a
    group stage (`structure` "groups", `group_stage` as GroupStage reads
    it) is a team cup whose knockout is drawn as one bracket. A `handicap`
    cup is a singles or pairs one (`cup_handicap_set`); so is one of two
    legs a team cup, a singles or pairs tie being one best-of-N of games.
    A `pairs_one_team` cup is a pairs cup whose pairs are of one team (a
    captain-and-secretary competition)."""
    chain = list(tie_break if tie_break is not None else ["games", "points"])
    stage: dict[str, Any] = {}
    competition: Competition | None = None
    with transaction.atomic():
        season = Season.objects.select_related("league").get(pk=season_id)
        failure: Failure | None = secretary_refusal(league=season.league, user=user, doing="can create a cup")
        failure = failure or _settings_refusal(name=name, kind=kind, structure=structure, draw_mode=draw_mode,
                                               legs=legs, chain=chain, level=level)
        if failure is None and structure == Competition.Structure.GROUPS:
            stage, failure = _group_stage(kind, group_stage or {})
            draw_mode = Competition.DrawMode.BRACKET
        elif failure is None and group_stage:
            failure = Refused("a straight knockout has no group stage: make the cup groups, then a knockout")
        if failure is None and handicap:
            failure = handicap_refusal(kind)
        if failure is None and pairs_one_team:
            failure = one_team_refusal(kind)
        if failure is None and finals_venue_id is not None and not Venue.objects.filter(pk=finals_venue_id).exists():
            failure = Refused("no such venue for the finals night")
        if failure is None:
            try:
                with transaction.atomic():
                    division = Division(season=season, name=name.strip(), is_cup=True, match_format=match_format)
                    division.full_clean(exclude=["season"], validate_unique=False)
                    division.save()
                    competition = Competition.objects.create(
                        season=season, name=name.strip(), slug=slugify(name)[:60] or "cup", kind=kind,
                        division=division, structure=structure, draw_mode=draw_mode, seeded=seeded, legs=legs,
                        tie_break=chain, level=level, entry_closes=entry_closes, max_entries=max_entries,
                        finals_date=finals_date, finals_venue_id=finals_venue_id, group_stage=stage,
                        handicap=handicap, pairs_one_team=pairs_one_team)
            except IntegrityError:
                failure = Refused(f"{season.name} already has a cup or a division called {name.strip()}")
            except ValidationError as error:  # the division's settings
                failure = SettingsInvalid(f"the cup's match format cannot be used: {'; '.join(error.messages)}")
        audit_record(user=user, action=AuditAction.CUP_CREATE, target=competition or season, refusal=failure,
                     data={"name": name, "kind": kind, "draw_mode": draw_mode, "legs": legs, "tie_break": chain,
                           "level": level, "seeded": seeded, "structure": structure, "group_stage": stage,
                           "handicap": handicap, "pairs_one_team": pairs_one_team})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_CREATE, target=competition or season)
    if failure is not None:
        raise failure
    assert competition is not None
    return competition


def handicap_refusal(kind: str) -> Refused | None:
    if not kind_rules(kind).plays_games:
        return Refused(f"a {kind} cup has no handicap: its matches are played on match nights as a league's are")
    return None


def cup_enter(
    *, competition_id: int, team_id: int | None = None, player_id: int | None = None,
    partner_id: int | None = None, seed: int | None = None, user: Author,
) -> CupEntry:
    """Enters a team (a team cup), a player (singles) or a pair (pairs).
    A captain enters their own team, a player themself, a secretary anyone;
    only a secretary gives a seed. Refused once the cup is drawn, after its
    closing date (except for a secretary) or at its limit of entries."""
    entry: CupEntry | None = None
    with transaction.atomic():
        competition = cup_locked(competition_id)
        failure: Failure | None = None
        team = player = partner = None
        try:
            team, player, partner = _entrant(competition, team_id=team_id, player_id=player_id,
                                             partner_id=partner_id)
        except (Team.DoesNotExist, Player.DoesNotExist):
            failure = Refused("no such team or player")
        failure = failure or _enter_refusal(competition, team=team, player=player, partner=partner, seed=seed,
                                            user=user)
        if failure is None:
            entry = _withdrawn_entry(competition, team=team, player=player)
            try:
                with transaction.atomic():
                    if entry is not None:
                        entry.withdrawn, entry.partner, entry.seed = False, partner, seed
                        entry.save()
                    else:
                        entry = CupEntry.objects.create(competition=competition, team=team, player=player,
                                                        partner=partner, seed=seed, entered_by=author_user(user))
            except IntegrityError:
                entry, failure = None, Refused("already entered in the cup")
        audit_record(user=user, action=AuditAction.CUP_ENTER, target=competition, refusal=failure,
                     data={"team": team_id, "player": player_id, "partner": partner_id, "seed": seed,
                           "entry": entry.pk if entry is not None else None})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_ENTER, target=competition)
    if failure is not None:
        raise failure
    assert entry is not None
    return entry


def cup_entry_seed(*, entry_id: int, seed: int | None, user: Author) -> CupEntry:
    """A secretary seeds an entry (1 is the top seed) before the draw."""
    with transaction.atomic():
        entry = CupEntry.objects.select_related("team", "player", "partner").get(pk=entry_id)
        competition = cup_locked(entry.competition_id)
        failure: Failure | None = (cup_secretary_refusal(competition, user, doing="can seed a cup's entries")
                                   or _drawn_refusal(competition))
        if failure is None:
            entry.seed = seed
            entry.save(update_fields=["seed"])
        audit_record(user=user, action=AuditAction.CUP_SEED, target=competition, refusal=failure,
                     data={"entry": entry.pk, "name": entry.name, "seed": seed})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_SEED, target=competition)
    if failure is not None:
        raise failure
    return entry


def cup_withdraw(*, entry_id: int, user: Author) -> CupEntry:
    """Withdraws an entry: whoever could enter it, or a secretary. Once the
    cup is drawn, the entry concedes its tie still to be decided (now, or
    when its opponent is known), and its arranged legs not yet played are
    voided (league.services.cup_ties.tie_withdrawn)."""
    with transaction.atomic():
        entry = CupEntry.objects.select_related("team", "player", "partner").get(pk=entry_id)
        competition = cup_locked(entry.competition_id)
        failure: Failure | None = _entrant_refusal(competition, entry.team, entry.player, entry.partner, user)
        if failure is None and competition.status == Competition.Status.FINISHED:
            failure = Refused(f"{competition} is finished")
        if failure is None and entry.withdrawn:
            failure = Refused(f"{entry.name} has already withdrawn")
        if failure is None:
            entry.withdrawn = True
            entry.save(update_fields=["withdrawn"])
            if competition.status == Competition.Status.DRAWN:
                tie_withdrawn(entry=entry, user=user)
        audit_record(user=user, action=AuditAction.CUP_WITHDRAW, target=competition, refusal=failure,
                     data={"entry": entry.pk, "name": entry.name})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_WITHDRAW, target=competition)
    if failure is not None:
        raise failure
    return entry


def cup_draw(*, competition_id: int, user: Author, seed: int | None = None, round: int | None = None) -> CupDraw:
    """Draws the whole bracket (a bracket cup) or the next round (a cup
    drawn round by round), storing the draw and its ties. A seeded cup is
    drawn in the entries' seed order (unseeded entries after, in the order
    they came in) and takes no seed; an open one is drawn at random from
    `seed`, a new one when none is given. Refused while the round before has
    a tie undecided, and once the cup is finished.

    A cup with a group stage is drawn twice: its groups first (seeded, or
    from `seed`), then, once every group match counts, its knockout from
    the qualifiers (always from a random seed, `seed` or a new one: the
    places in the groups are its seeding)."""
    made: CupDraw | None = None
    data: dict[str, Any] = {"round": round, "seed": seed}
    with transaction.atomic():
        competition = cup_locked(competition_id)
        failure: Failure | None = cup_secretary_refusal(competition, user, doing="can draw a cup")
        after_groups = (competition.structure == Competition.Structure.GROUPS
                        and competition.status != Competition.Status.ENTRY)
        if failure is None and competition.seeded and seed is not None and not after_groups:
            failure = Refused(f"{competition} is seeded: it is drawn in seed order, not from a random seed")
        if failure is None:
            if competition.seeded and not after_groups:
                drawn_seed = None
            else:
                drawn_seed = seed if seed is not None else cups.new_seed()
            try:
                made = _draw(competition, seed=drawn_seed, round=round, user=user, data=data)
            except Refused as refused:
                failure = refused
            except cups.CupError as error:
                failure = Refused(str(error))
        audit_record(user=user, action=AuditAction.CUP_DRAW, target=competition, refusal=failure, data=data)
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_DRAW, target=competition)
    if failure is not None:
        raise failure
    assert made is not None
    return made


def _draw(competition: Competition, *, seed: int | None, round: int | None, user: Author,
          data: dict[str, Any]) -> CupDraw:
    if competition.status == Competition.Status.FINISHED:
        raise Refused(f"{competition} is finished")
    if competition.structure == Competition.Structure.GROUPS:
        if round is not None:
            raise Refused(f"{competition} is drawn as groups, then one knockout bracket: not round by round")
        if competition.status == Competition.Status.ENTRY:
            return groups_draw(competition, _entrants(competition), seed=seed, user=user, data=data)
        assert seed is not None
        return knockout_draw(competition, seed=seed, user=user, data=data)
    if competition.draw_mode == Competition.DrawMode.BRACKET:
        if competition.status != Competition.Status.ENTRY:
            raise Refused(f"{competition}'s bracket is already drawn: its later rounds fill as ties are won")
        if round not in (None, 1):
            raise Refused(f"{competition} is drawn as one bracket, not round by round")
        bracket = cups.draw_bracket(_entrants(competition), seed=seed)
        rows = [tie for ties in cups.bracket_rounds(bracket) for tie in ties]
        stored = _store(competition, kind=CupDraw.Kind.BRACKET, round=None, seed=seed, drawn=asdict(bracket),
                        user=user)
        data.update(round=None, seed=seed, described=cups.describe(bracket))
    else:
        number, entrants = _next_round(competition)
        if round is not None and round != number:
            raise Refused(f"the next round of {competition} to draw is round {number}, not round {round}")
        drawn = cups.draw_round(entrants, round=number, seed=seed)
        rows = list(drawn.ties)
        stored = _store(competition, kind=CupDraw.Kind.ROUND, round=number, seed=seed, drawn=asdict(drawn),
                        user=user)
        data.update(round=number, seed=seed, described=cups.describe(drawn))
    CupTie.objects.bulk_create(CupTie(
        competition=competition, round=tie.round, number=tie.number, home_id=tie.home, away_id=tie.away,
        bye=tie.bye, winner_id=tie.home if tie.bye else None, decided_reason="a bye" if tie.bye else "",
    ) for tie in rows)
    competition.status = Competition.Status.DRAWN
    competition.save(update_fields=["status"])
    # A side through to this round may have withdrawn since it won.
    ties_conceded(competition_id=competition.pk, round=rows[0].round, user=user)
    data["finals_night"] = finals_ties_dated(competition)
    first = rows[0].round
    data["ties"] = sum(1 for tie in rows if tie.round == first and not tie.bye)
    return stored


def _next_round(competition: Competition) -> tuple[int, list[cups.Entrant]]:
    """The round to draw next and who is in it: every entry for round 1,
    then the winners of the round before once all its ties are decided."""
    last = CupDraw.objects.filter(competition=competition, kind=CupDraw.Kind.ROUND).order_by("-round").first()
    if last is None:
        return 1, _entrants(competition)
    assert last.round is not None
    undecided = CupTie.objects.filter(competition=competition, round=last.round, winner__isnull=True).count()
    if undecided:
        raise Refused(f"round {last.round} of {competition} has {undecided} tie{'s' if undecided > 1 else ''} "
                      "still undecided: draw the next round once every tie has its winner")
    winners = dict(CupTie.objects.filter(competition=competition, round=last.round)
                   .values_list("number", "winner_id"))
    left = list(cups.through(cups.RoundDraw.from_dict(last.data), winners))
    if len(left) < 2:
        raise Refused(f"{competition} has its winner: there is no round left to draw")
    return last.round + 1, left


def _group_stage(kind: str, given: dict[str, Any]) -> tuple[dict[str, Any], Refused | None]:
    """The group stage's settings as stored, or why they cannot be used."""
    if not kind_rules(kind).plays_legs:
        return {}, Refused("only a team cup has a group stage: its matches are played as fixtures")
    try:
        stage = GroupStage.from_dict(given)
    except (cups.CupError, ValueError, TypeError) as error:
        return {}, SettingsInvalid(f"the group stage's settings cannot be used: {error}")
    if (stage.count is None) == (stage.size is None):
        return {}, SettingsInvalid("give the group stage a number of groups, or a group size, not both")
    if (stage.count is not None and stage.count < 1) or (stage.size is not None and stage.size < 2):
        return {}, SettingsInvalid("a group stage has one group or more, of two entries or more")
    if stage.top < 1 or stage.best_of_next < 0:
        return {}, SettingsInvalid("at least the winner of each group goes through")
    return stage.as_dict(), None


def _entrants(competition: Competition) -> list[cups.Entrant]:
    """The entries still in, as cups takes them: in seed order for a seeded
    cup (unseeded last), otherwise in the order they came in."""
    entries = list(CupEntry.objects.filter(competition=competition, withdrawn=False)
                   .select_related("team", "player", "partner").order_by("entered_at", "id"))
    if competition.seeded:
        entries.sort(key=lambda entry: (entry.seed is None, entry.seed or 0))
    if len(entries) < 2:
        raise Refused(f"{competition} has {len(entries)} entr{'y' if len(entries) == 1 else 'ies'}: "
                      "a draw needs at least two")
    return [cups.Entrant(entry.pk, entry.name) for entry in entries]


def _store(competition: Competition, *, kind: str, round: int | None, seed: int | None,
           drawn: dict[str, Any], user: Author) -> CupDraw:
    return CupDraw.objects.create(competition=competition, kind=kind, round=round, seed=seed, data=drawn,
                                  made_by=author_user(user))


def _settings_refusal(*, name: str, kind: str, structure: str, draw_mode: str, legs: int, chain: list[str],
                      level: str) -> Refused | None:
    if not name.strip():
        return Refused("a cup needs a name")
    if kind not in Kind.values or draw_mode not in Competition.DrawMode.values:
        return Refused(f"a cup is one of {', '.join(Kind.values)}, drawn as a bracket or round by round")
    if structure not in Competition.Structure.values:
        return Refused("a cup is a straight knockout, or groups then a knockout")
    try:
        cups.TieFormat.from_dict({"legs": legs, "chain": chain, "level": level})
    except cups.CupError as error:
        return SettingsInvalid(str(error))
    if kind_rules(kind).plays_games and legs != 1:
        return SettingsInvalid(f"a {kind} tie is played once, as a best of its games: only a team cup plays "
                               "home and away")
    if kind_rules(kind).plays_games and level != Competition.Level.REPLAY:
        return SettingsInvalid(f"a {kind} tie is played until a side has won the games it needs, so it is never "
                               "left level: it has no deciding game to choose")
    return None


def one_team_refusal(kind: str) -> Refused | None:
    if not kind_rules(kind).partners:
        return Refused("only a pairs cup can ask for both players from one team")
    return None


def _entrant(competition: Competition, *, team_id: int | None, player_id: int | None,
             partner_id: int | None) -> tuple[Team | None, Player | None, Player | None]:
    team = Team.objects.get(pk=team_id) if team_id is not None else None
    player = Player.objects.get(pk=player_id) if player_id is not None else None
    partner = Player.objects.get(pk=partner_id) if partner_id is not None else None
    return team, player, partner


def _enter_refusal(competition: Competition, *, team: Team | None, player: Player | None,
                   partner: Player | None, seed: int | None, user: Author) -> Failure | None:
    shape = _shape_refusal(competition, team=team, player=player, partner=partner)
    if shape is not None:
        return shape
    secretary = is_secretary(league=competition.season.league_id, user=user)
    return (_entrant_refusal(competition, team, player, partner, user)
            or _drawn_refusal(competition)
            or (None if secretary or seed is None else NotSecretary("only a league secretary seeds a cup's entries"))
            or (None if secretary else _closed_refusal(competition))
            or _full_refusal(competition)
            or _already_refusal(competition, team=team, player=player, partner=partner))


def _shape_refusal(competition: Competition, *, team: Team | None, player: Player | None,
                   partner: Player | None) -> Refused | None:
    rules = kind_rules(competition.kind)
    if rules.by_team:
        if team is None or player is not None or partner is not None:
            return Refused(f"{competition} is a team cup: enter a team")
        if team.league_id != competition.season.league_id:
            return WrongLeague(f"{team} does not play in {competition.season.league}")
        return None
    if team is not None or player is None:
        return Refused(f"{competition} is a {competition.kind} cup: enter a player")
    if rules.partners != (partner is not None) or player == partner:
        return Refused(f"{competition} is a {competition.kind} cup: "
                       + ("enter two players" if rules.partners else "enter one player"))
    for who in (player, partner):
        if who is not None and not SquadRegistration.objects.filter(season=competition.season, player=who,
                                                                    ended_on__isnull=True).exists():
            return Refused(f"{who} is not registered with a team for {competition.season.name}")
    if competition.pairs_one_team and player is not None and partner is not None and not pair_team_ids(
            competition, player, partner):
        return Refused(f"{competition} is for pairs of one team: {player} and {partner} are not both registered "
                       f"with the same team for {competition.season.name}")
    return None


def pair_team_ids(competition: Competition, player: Player, partner: Player) -> set[int]:
    """The teams both players are registered with this season (still)."""
    def teams(who: Player) -> set[int]:
        return set(SquadRegistration.objects.filter(season=competition.season, player=who, ended_on__isnull=True)
                   .values_list("team_id", flat=True))
    return teams(player) & teams(partner)


def _entrant_refusal(competition: Competition, team: Team | None, player: Player | None, partner: Player | None,
                     user: Author) -> NotPermitted | None:
    """A captain for their team, a player for themself (either of a pair),
    a secretary for anyone."""
    if is_secretary(league=competition.season.league_id, user=user):
        return None
    if team is not None:
        if is_captain(team=team, user=user):
            return None
        return NotCaptain(f"only {team}'s captain or vice-captain, or a league secretary, can enter or withdraw it")
    uid = user.pk if user is not None and user.is_authenticated else None
    if uid is not None and uid in {who.user_id for who in (player, partner) if who is not None}:
        return None
    if competition.pairs_one_team and player is not None and partner is not None and any(
            is_captain(team=team, user=user)
            for team in Team.objects.filter(pk__in=pair_team_ids(competition, player, partner))):
        return None  # their team's captain enters the pair
    if competition.pairs_one_team:
        return NotPermitted("only the players themselves, their team's captain or vice-captain, or a league "
                            "secretary, can enter or withdraw them")
    return NotPermitted("only the players themselves, or a league secretary, can enter or withdraw them")


def _drawn_refusal(competition: Competition) -> Refused | None:
    if competition.status != Competition.Status.ENTRY:
        return Refused(f"{competition} is drawn: its entries are settled")
    return None


def _closed_refusal(competition: Competition) -> Refused | None:
    closes = competition.entry_closes
    if closes is not None and timezone.localdate() > closes:
        return Refused(f"entries for {competition} closed on {closes.day} {closes:%B %Y}")
    return None


def _full_refusal(competition: Competition) -> Refused | None:
    limit = competition.max_entries
    if limit is not None and CupEntry.objects.filter(competition=competition, withdrawn=False).count() >= limit:
        return Refused(f"{competition} is full: it takes {limit} entries")
    return None


def _already_refusal(competition: Competition, *, team: Team | None, player: Player | None,
                     partner: Player | None) -> Refused | None:
    entries = CupEntry.objects.filter(competition=competition, withdrawn=False)
    if team is not None and entries.filter(team=team).exists():
        return Refused(f"{team} is already in {competition}")
    for who in (player, partner):
        if who is not None and (entries.filter(player=who).exists() or entries.filter(partner=who).exists()):
            return Refused(f"{who} is already in {competition}")
    return None


def _withdrawn_entry(competition: Competition, *, team: Team | None, player: Player | None) -> CupEntry | None:
    """An earlier, withdrawn entry of the same team or player: entering
    again brings it back (one entry each, by the table's constraints)."""
    found = CupEntry.objects.filter(competition=competition, withdrawn=True)
    if team is not None:
        return found.filter(team=team).first()
    return found.filter(player=player).first()


def cup_secretary_refusal(competition: Competition, user: Author, *, doing: str) -> NotSecretary | None:
    return secretary_refusal(league=competition.season.league, user=user, doing=doing)


def cup_locked(competition_id: int) -> Competition:
    return (Competition.objects.select_for_update(of=("self",), no_key=True).select_related("season__league")
            .get(pk=competition_id))
