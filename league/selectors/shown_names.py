"""The name of a player, or of a cup entry, as whoever is asking may see it.

Every page, API answer, export and email that names a player asks
`name_shown`: the player themself and the secretaries of a league they
were registered in see the full name; everyone else, visitors first, sees
the name the player chose to show (`Player.public_name`: in full, as
initials, or "A player"). What is shared between readers asks
`name_public` instead, and a list asks `names_shown` once for all its
players.

Stored texts carry no names. A cup tie's decided reason keeps the places
of its sides as the tokens below ("{winner} through: 1-0 on games"), and
`reason_shown` puts in the names as the reader may see them."""
import re
from collections.abc import Iterable

from django.contrib.auth.models import User

from league.authors import Author
from league.models import CupEntry, CupTie, Fixture, League, Player, SquadRegistration

WINNER, HOME, AWAY = "{winner}", "{home}", "{away}"


def name_shown(player: Player, user: Author) -> str:
    """The player's full name for themself and the secretaries of their
    leagues; the name they chose to show for anyone else."""
    return player.name if sees_in_full(player, user) else player.public_name


def name_public(player: Player) -> str:
    """The name anyone may see: `name_shown` with no reader. For what is
    shared between readers (a page kept in the spectators' cache, a table,
    its CSV, a ratings board), which must never hold a name that only one
    reader may see."""
    return name_shown(player, None)


def names_shown(players: Iterable[Player], user: Author) -> dict[int, str]:
    """`name_shown` of each player by id, for a list (a leaderboard, a
    squad): at most one query however many there are, where `name_shown`
    asks once a player."""
    found = {player.pk: player for player in players}
    full = _seen_in_full(list(found.values()), user)
    return {pk: player.name if pk in full else player.public_name for pk, player in found.items()}


def _seen_in_full(players: list[Player], user: Author) -> set[int]:
    """The ids of `players` that `user` sees in full: their own, and those
    registered in a league `user` is a secretary of (asked once)."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    if user_id is None:
        return set()
    own = {player.pk for player in players if player.user_id == user_id}
    others = [player.pk for player in players if player.pk not in own]
    if not others:
        return own
    officiated = SquadRegistration.objects.filter(
        player_id__in=others,
        team__league_id__in=League.secretaries.through.objects.filter(user_id=user_id).values("league_id"),
    ).values_list("player_id", flat=True)
    return own | set(officiated)


def sees_in_full(player: Player, user: Author) -> bool:
    """Whether `user` is the player or a secretary of one of their leagues."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    if user_id is None:
        return False
    return player.user_id == user_id or _officiates(player_id=player.pk, user_id=user_id)


def login_shown(login: User | None, user: Author) -> str | None:
    """Who entered or may score something, as `user` may see them: a
    login's username, but a player's login (a username can be a name) as
    `name_shown` names its player when they chose not to show it in full.
    Select `player` with the login: it is read here."""
    if login is None:
        return None
    player: Player | None = getattr(login, "player", None)
    if player is None or player.name_shown == Player.NameShown.FULL or sees_in_full(player, user):
        return login.username
    return player.public_name


def _officiates(*, player_id: int, user_id: int) -> bool:
    """The rule of `league.selectors.names.player_officials` (a secretary of
    a league the player was registered in), asked in one query."""
    return SquadRegistration.objects.filter(
        player_id=player_id,
        team__league_id__in=League.secretaries.through.objects.filter(user_id=user_id).values("league_id"),
    ).exists()


def words_shown(text: str, players: Iterable[Player], user: Author) -> str:
    """Words someone wrote (a dispute's reason, a transfer's note) with the
    players who may be named in them named as `user` may see them: a full
    name, then a surname standing alone, of each player not shown in full."""
    for player in sorted(players, key=lambda p: -len(p.name)):
        shown = name_shown(player, user)
        if shown == player.name or not player.name.strip():
            continue
        text = text.replace(player.name.strip(), shown)
        surname = player.name.split()[-1]
        if len(surname) > 1:
            text = re.sub(rf"\b{re.escape(surname)}\b", shown, text)
    return text


def fixture_reason_shown(fixture: Fixture, user: Author) -> str:
    """Why the fixture was postponed, rearranged, awarded or voided, in the
    secretary's or captain's words, with the players of its two squads
    named as `user` may see them. One query, for a reason there is."""
    if not fixture.reason:
        return fixture.reason
    squads = Player.objects.filter(
        registrations__season__divisions=fixture.division_id,
        registrations__team_id__in=[fixture.home_team_id, fixture.away_team_id]).distinct()
    return words_shown(fixture.reason, squads, user)


def entry_name_shown(entry: CupEntry | None, user: Author) -> str:
    """A cup entry's name: a team's as it is, a player's or a pair's as
    `name_shown` gives each player."""
    if entry is None:
        return "?"
    if entry.team_id is not None:
        return entry.name
    return " & ".join(name_shown(p, user) for p in (entry.player, entry.partner) if p is not None)


def entry_name_public(entry: CupEntry | None) -> str:
    """A cup entry's name as anyone may see it (see `name_public`); "" for
    a place not yet filled."""
    return "" if entry is None else entry_name_shown(entry, None)


def entry_names_shown(entries: Iterable[CupEntry], user: Author) -> dict[int, str]:
    """`entry_name_shown` of each entry by id, its players named by
    `names_shown` in one go. Select the entries' players with them."""
    listed = list(entries)
    players = [p for entry in listed if entry.team_id is None for p in (entry.player, entry.partner) if p is not None]
    names = names_shown(players, user)
    return {entry.pk: entry.name if entry.team_id is not None
            else " & ".join(names[p.pk] for p in (entry.player, entry.partner) if p is not None)
            for entry in listed}


def reason_shown(tie: CupTie, user: Author) -> str:
    """The tie's decided reason with its sides named for `user`."""
    reason = tie.decided_reason
    for token, entry in ((WINNER, tie.winner), (HOME, tie.home), (AWAY, tie.away)):
        if token in reason:
            reason = reason.replace(token, entry_name_shown(entry, user))
    return reason


def reason_stored(tie: CupTie, text: str) -> str:
    """A reason in words (a secretary's) with the names of the tie's sides
    put back to their tokens, so that the stored text names no one. The
    longer name first: one side's name may hold the other's."""
    sides = [(entry.name, token) for entry, token in ((tie.home, HOME), (tie.away, AWAY))
             if entry is not None and entry.name.strip()]
    for name, token in sorted(sides, key=lambda side: -len(side[0])):
        text = text.replace(name, token)
    return text
