"""Who may act for whom. Everyone may read; writes are for:

- a league's *secretaries*: anything in their own league;
- a team's *captain* and *vice-captain*: their own team's squad, team
  sheets and results (the home captain submits, the away captain confirms
  or disputes);
- a team's *scorers* (and its captains): scoring the games of their own
  team's matches;
- a game outside a match: its *creator* and the *scorers* the creator
  names.

The services ask these questions; nothing else decides access.
"""
from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef, Q

from league.authors import Author
from league.models import CupEntry, CupGame, CupTie, Game, League, MatchNight, Player, Team
from league.refusals import NotGameScorer, NotPermitted, NotSecretary, NotTeamScorer, Refused, WrongNightStatus


def _user_id(user: Author) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    return int(user.pk)


def is_secretary(*, league: League | int, user: Author) -> bool:
    """Whether `user` is a secretary of the league (an instance or its id)."""
    uid = _user_id(user)
    if uid is None:
        return False
    league_id = league if isinstance(league, int) else league.pk
    return League.secretaries.through.objects.filter(league_id=league_id, user_id=uid).exists()


def secretary_refusal(*, league: League, user: Author, doing: str) -> NotSecretary | None:
    """None for a secretary of the league; for anyone else, nobody
    included, the refusal saying who may. `doing` reads on from "only a
    secretary of <league>", as in "can apply a sanction". The one check
    of a secretary's right to act, for the services, pages and API alike."""
    if is_secretary(league=league, user=user):
        return None
    return NotSecretary(f"only a secretary of {league} {doing}")


def league_outsider_refusal(*, league: League, user: Author) -> NotPermitted | None:
    """None for anyone with a part in the league: a secretary, a captain,
    vice-captain or scorer of one of its teams, a player who logs in and
    plays in it (a squad of one of its seasons, or a cup entry). For anyone
    else, the refusal. Only a first, coarse check: each service still asks
    whether this person may make this write."""
    uid = _user_id(user)
    if uid is not None and (is_secretary(league=league, user=user) or _plays_a_part(league_id=league.pk, uid=uid)):
        return None
    return NotPermitted(f"only the people of {league} (its secretaries, its teams' captains and scorers, "
                        f"its players) can make this change")


def _plays_a_part(*, league_id: int, uid: int) -> bool:
    in_squads = Q(registrations__season__league_id=league_id)
    in_cups = Exists(CupEntry.objects.filter(Q(player_id=OuterRef("pk")) | Q(partner_id=OuterRef("pk")),
                                             competition__season__league_id=league_id))
    return (Team.objects.filter(_officials(uid), league_id=league_id).exists()
            or Player.objects.filter(in_squads | in_cups, user_id=uid).exists())


def is_captain(*, team: Team, user: Author) -> bool:
    """Whether `user` is the team's captain or vice-captain."""
    uid = _user_id(user)
    return uid is not None and uid in (team.captain_id, team.vice_captain_id)


def scores_for_any(*, team_ids: list[int], league_id: int, user: Author) -> bool:
    """Whether `user` may score a game between these teams: a captain or
    scorer of one of them, or a secretary of their league. One query: it
    runs on every move of a match game."""
    uid = _user_id(user)
    if uid is None:
        return False
    return (Team.objects.filter(_officials(uid), pk__in=team_ids).exists()
            or is_secretary(league=league_id, user=user))


def _officials(uid: int) -> Q:
    """A team's rows where `uid` is its captain, vice-captain or a scorer."""
    return Q(captain_id=uid) | Q(vice_captain_id=uid) | Q(scorers__id=uid)


def _not_match_scorer() -> NotTeamScorer:
    return NotTeamScorer("only the two teams' captains and scorers, or a league secretary, "
                         "can score this match's games")


def match_game_refusal(*, night_id: int, user: Author) -> NotPermitted | Refused | None:
    """Why `user` may not write to a live game of this match night, or None.
    Only while the night is open: once the result is submitted, its games
    change only by a secretary's correction of the result. One query, as
    `scores_for_any` asks it: it runs on every move of a match game."""
    uid = _user_id(user)
    if uid is None:
        return _not_match_scorer()
    teams = Q(pk=OuterRef("fixture__home_team_id")) | Q(pk=OuterRef("fixture__away_team_id"))
    status, official, secretary = MatchNight.objects.filter(pk=night_id).annotate(
        official=Exists(Team.objects.filter(_officials(uid), teams)),
        secretary=Exists(League.secretaries.through.objects.filter(
            league_id=OuterRef("fixture__division__season__league_id"), user_id=uid)),
    ).values_list("status", "official", "secretary").get()
    if not (official or secretary):
        return _not_match_scorer()
    if status != MatchNight.Status.OPEN:
        return WrongNightStatus(f"this match's result is {status}: its games can no longer be scored")
    return None


def game_write_refusal(*, game: Game, user: Author, tie_decided: bool | None = None) -> NotPermitted | Refused | None:
    """Why `user` may not write to the game (a move, shown tiles, an undo),
    or None. A match's game follows `match_game_refusal`; any other game is
    for its creator and the scorers the creator named; a cup tie's game,
    once its tie is decided, for the league's secretaries alone (a player
    would otherwise undo a result the bracket has moved on from). Costs
    one query for the creator, who scores most games, and none when the
    caller has read beside the game row that it is no decided tie's
    (`tie_decided=False`, from `TIE_DECIDED_SQL`) or asks only whether the
    person may write to it at all."""
    if game.match_night_id is not None:
        return match_game_refusal(night_id=game.match_night_id, user=user)
    uid = _user_id(user)
    if uid is not None and (uid == game.created_by_id or _named_scorer(game_id=game.pk, user_id=uid)):
        return None if tie_decided is False else _decided_tie_refusal(game_id=game.pk, user_id=uid)
    return NotGameScorer("only the game's creator and the scorers they name can score this game")


# Whether the game aliased `g` is a game of a decided cup tie: a column a
# caller reading the game row in SQL can add, to pass on as `tie_decided`.
TIE_DECIDED_SQL = (
    f"EXISTS (SELECT 1 FROM {CupGame._meta.db_table} cg JOIN {CupTie._meta.db_table} ct"
    f" ON ct.id = cg.{CupGame._meta.get_field('tie').column}"
    f" WHERE cg.{CupGame._meta.get_field('game').column} = g.id"
    f" AND ct.{CupTie._meta.get_field('winner').column} IS NOT NULL)"
)


def _decided_tie_refusal(*, game_id: int, user_id: int) -> Refused | None:
    """A cup game whose tie is decided is changed by a secretary only."""
    decided = (CupGame.objects.filter(game_id=game_id, tie__winner__isnull=False)
               .annotate(secretary=Exists(League.secretaries.through.objects.filter(
                   league_id=OuterRef("tie__competition__season__league_id"), user_id=user_id)))
               .values_list("secretary", flat=True).first())
    if decided is None or decided:
        return None
    return Refused("The tie is decided: ask a secretary to correct its game")


def game_owner_refusal(*, game: Game, user: Author) -> NotPermitted | Refused | None:
    """Why `user` may not name or remove the game's scorers, or None: that
    is for the creator of a game outside a match. A match's games are
    scored by its teams' scorers, named on the teams."""
    if game.match_night_id is not None:
        return Refused("a match's games are scored by the two teams' captains and scorers: "
                       "name scorers on the team instead")
    uid = _user_id(user)
    if uid is None or uid != game.created_by_id:
        return NotGameScorer("only the game's creator can name its scorers")
    return None


def game_scorer_names(*, game: Game) -> list[str]:
    """The usernames of the scorers named for the game, in order."""
    return list(game.scorers.order_by("username").values_list("username", flat=True))


def game_scorer_logins(*, game: Game) -> list[User]:
    """The logins of the scorers named for the game, by username, each
    with its player (league.selectors.shown_names.login_shown)."""
    return list(game.scorers.select_related("player").order_by("username"))


def _named_scorer(*, game_id: int, user_id: int) -> bool:
    return Game.scorers.through.objects.filter(game_id=game_id, user_id=user_id).exists()
