"""Keeping a league's plain records on the secretary's pages: venues,
teams (name, home venue, captain) and players (name, how it shows, and
a login linked to the wrong player undone).

Each change is for a secretary (see `league.selectors.clubs` for a venue
or player that belongs to no one league), is checked before anything is
written, and is recorded in the audit log with what changed, from what
to what. A refusal raises NotSecretary or Refused with words a secretary
can act on."""
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from league.authors import Author
from league.models import League, Player, Team, Venue
from league.models.audit_actions import AuditAction
from league.refusals import NeedsInsisting, Refused
from league.selectors.access import secretary_refusal
from league.selectors.clubs import leagues_of, player_manage_refusal, venue_refusal, venues_named
from league.selectors.venue_nights import nights_busier_than
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by


def venue_create(*, league_id: int, name: str, address: str = "", board_sets: int = 1, user: Author,
                 insist: bool = False) -> Venue:
    """A new venue, for the teams of the league to play at. A name one of
    the league's venues already has (whatever its case and spacing) is
    most likely that venue again, whose board sets would then be counted
    apart: it needs insisting. Raises League.DoesNotExist, NotSecretary,
    NeedsInsisting or Refused."""
    league = League.objects.get(pk=league_id)
    _secretary(league, user, "can add a venue")
    name = _named(name, "a venue")
    if board_sets < 1:
        raise Refused("a venue needs at least one board set")
    if not insist:
        _name_taken(league.pk, name)
    with transaction.atomic():
        venue = Venue.objects.create(name=name, address=address.strip(), board_sets=board_sets)
        audit_record(user=user, action=AuditAction.VENUE_CREATE, target=venue,
                     data={"league": league.pk, "address": venue.address, "board_sets": board_sets})
        pages_changed_by(action=AuditAction.VENUE_CREATE, target=venue)
    return venue


def venue_change(*, venue_id: int, user: Author, insist: bool = False, **changes: Any) -> Venue:
    """Changes a venue's name, address or board sets; a new name another of
    the league's venues has needs insisting, as for `venue_create`. Raises
    Venue.DoesNotExist, NotSecretary, NeedsInsisting or Refused."""
    with transaction.atomic():
        venue = Venue.objects.select_for_update(no_key=True).get(pk=venue_id)
        refusal = venue_refusal(venue=venue, user=user)
        if refusal is not None:
            raise refusal
        if "name" in changes:
            changes["name"] = _named(changes["name"], "a venue")
            if not insist:
                for league in leagues_of(user=user):
                    _name_taken(league.pk, changes["name"], leaving_out=venue.pk)
        if "address" in changes:
            changes["address"] = changes["address"].strip()
        if changes.get("board_sets", 1) < 1:
            raise Refused("a venue needs at least one board set")
        if changes.get("board_sets", venue.board_sets) < venue.board_sets:
            _busy_nights_refusal(venue, changes["board_sets"])
        _apply(venue, changes, user=user, action=AuditAction.VENUE_CHANGE)
    return venue


def team_create(*, league_id: int, name: str, venue_id: int, user: Author) -> Team:
    """A new team of the league, playing at home at the venue. Raises
    League/Venue.DoesNotExist, NotSecretary or Refused (the name is taken)."""
    league = League.objects.get(pk=league_id)
    _secretary(league, user, "can add a team")
    name = _named(name, "a team")
    venue = Venue.objects.get(pk=venue_id)
    try:
        with transaction.atomic():
            team = Team.objects.create(league=league, name=name, home_venue=venue)
            audit_record(user=user, action=AuditAction.TEAM_CREATE, target=team, data={"venue": venue.pk, "venue_name": venue.name})
            pages_changed_by(action=AuditAction.TEAM_CREATE, target=team)
    except IntegrityError:
        raise Refused(f"{league} already has a team called {name}") from None
    return team


def team_change(*, team_id: int, user: Author, name: str | None = None, venue_id: int | None = None,
                captain: User | None | bool = False) -> Team:
    """Renames the team, moves its home venue, or names its captain
    (`captain=None` leaves it without one; False, the default, leaves it
    as it is). Raises Team/Venue.DoesNotExist, NotSecretary or Refused."""
    with transaction.atomic():
        team = Team.objects.select_for_update(no_key=True).select_related("league").get(pk=team_id)
        _secretary(team.league, user, f"can change {team}")
        changes: dict[str, Any] = {}
        if name is not None:
            changes["name"] = _named(name, "a team")
        if venue_id is not None:
            changes["home_venue"] = Venue.objects.get(pk=venue_id)
        if captain is not False:
            changes["captain"] = captain
        try:
            with transaction.atomic():
                _apply(team, changes, user=user, action=AuditAction.TEAM_CHANGE)
        except IntegrityError:
            raise Refused(f"{team.league} already has a team called {changes['name']}") from None
    return team


def player_create(*, league_id: int, name: str, name_shown: str = Player.NameShown.FULL, user: Author) -> Player:
    """A new player, for a secretary of the league to register in a squad.
    Raises League.DoesNotExist, NotSecretary or Refused."""
    league = League.objects.get(pk=league_id)
    _secretary(league, user, "can add a player")
    name = _named(name, "a player")
    _shown_checked(name_shown)
    with transaction.atomic():
        player = Player.objects.create(name=name, name_shown=name_shown)
        audit_record(user=user, action=AuditAction.PLAYER_CREATE, target=player,
                     data={"league": league.pk, "name_shown": name_shown})
        pages_changed_by(action=AuditAction.PLAYER_CREATE, target=player)
    return player


def player_change(*, player_id: int, user: Author, name: str | None = None, name_shown: str | None = None) -> Player:
    """Corrects a player's name or changes how it shows. Raises
    Player.DoesNotExist, NotSecretary or Refused."""
    with transaction.atomic():
        player = Player.objects.select_for_update(no_key=True).get(pk=player_id)
        refusal = player_manage_refusal(player=player, user=user)
        if refusal is not None:
            raise refusal
        changes: dict[str, Any] = {}
        if name is not None:
            changes["name"] = _named(name, "a player")
        if name_shown is not None:
            changes["name_shown"] = _shown_checked(name_shown)
        _apply(player, changes, user=user, action=AuditAction.PLAYER_CHANGE)
    return player


def player_login_unlink(*, player_id: int, login_id: int, user: Author) -> Player:
    """Takes the login `login_id` off the player, where an invitation was
    accepted on the wrong login: the login stays, with any team roles it
    holds, and the player may be invited again. `login_id` is the login the
    secretary saw linked, so a page read before another change undoes
    nothing it did not show. Raises Player.DoesNotExist, NotSecretary or
    Refused."""
    with transaction.atomic():
        player = Player.objects.select_for_update(no_key=True, of=("self",)).select_related("user").get(pk=player_id)
        refusal = player_manage_refusal(player=player, user=user)
        if refusal is not None:
            raise refusal
        login = player.user
        if login is None or login.pk != login_id:
            raise Refused(f"{player.name} is not linked to that login now: look at their page again")
        player.user = None
        player.save(update_fields=["user"])
        audit_record(user=user, action=AuditAction.PLAYER_LOGIN_UNLINK, target=player,
                     data={"login": login.pk, "username": login.username})
    return player


def _secretary(league: League, user: Author, doing: str) -> None:
    refusal = secretary_refusal(league=league, user=user, doing=doing)
    if refusal is not None:
        raise refusal


def _busy_nights_refusal(venue: Venue, board_sets: int) -> None:
    """Fewer board sets may not leave a night to come with more matches
    arranged at the venue than it would have boards for."""
    busy = nights_busier_than(venue_id=venue.pk, matches=board_sets, since=timezone.localdate())
    if busy:
        night, matches = busy[0]
        more = f" and {len(busy) - 1} more night{'s' if len(busy) > 2 else ''}" if len(busy) > 1 else ""
        raise Refused(f"{venue} has {matches} matches arranged on {night.day} {night:%B %Y}{more}: move them "
                      f"before giving it {board_sets} board set{'s' if board_sets != 1 else ''}")


def _name_taken(league_id: int, name: str, *, leaving_out: int | None = None) -> None:
    same = venues_named(league_id=league_id, name=name, leaving_out=leaving_out)
    if same:
        where = f" ({same[0].address.splitlines()[0]})" if same[0].address.strip() else ""
        raise NeedsInsisting(f"the league already has a venue called {same[0].name}{where}. If this is the same "
                             "pub, use that venue: two records of one pub would each count its board sets. If it "
                             "is another pub of the same name, confirm to add it")


def _named(name: str, what: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise Refused(f"{what} needs a name")
    return name


def _shown_checked(shown: str) -> str:
    if shown not in Player.NameShown.values:
        raise Refused(f"a name shows in full, as initials or hidden, not as {shown!r}")
    return shown


def _apply(row: models.Model, changes: dict[str, Any], *, user: Author, action: AuditAction) -> None:
    """Saves the fields that differ and records them, each as [from, to]
    (a row as its label), in one audit entry; nothing changed, nothing
    recorded."""
    changed = {name: value for name, value in changes.items() if getattr(row, name) != value}
    if not changed:
        return
    shown = {name: [_label(getattr(row, name)), _label(value)] for name, value in changed.items()}
    for name, value in changed.items():
        setattr(row, name, value)
    row.save(update_fields=list(changed))
    audit_record(user=user, action=action, target=row, data={"changes": shown})
    pages_changed_by(action=action, target=row)


def _label(value: Any) -> Any:
    return str(value) if isinstance(value, models.Model) else value
