"""Who may act for whom. Everyone may read; writes are for:

- a league's *secretaries*: anything in their own league;
- a team's *captain* and *vice-captain*: their own team's squad, team
  sheets and results (the home captain submits, the away captain confirms
  or disputes);
- a team's *scorers* (and its captains): scoring the games of their own
  team's matches.

The services ask these questions; nothing else decides access.
"""
from django.db.models import Q

from league.models import League, Team
from league.services.log import Author


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


def is_captain(*, team: Team, user: Author) -> bool:
    """Whether `user` is the team's captain or vice-captain."""
    uid = _user_id(user)
    return uid is not None and uid in (team.captain_id, team.vice_captain_id)


def is_team_scorer(*, team: Team, user: Author) -> bool:
    """Whether `user` may score the team's games: a captain or a scorer."""
    uid = _user_id(user)
    if uid is None:
        return False
    return is_captain(team=team, user=user) or team.scorers.filter(pk=uid).exists()


def scores_for_any(*, team_ids: list[int], league_id: int, user: Author) -> bool:
    """Whether `user` may score a game between these teams: a captain or
    scorer of one of them, or a secretary of their league. One query: it
    runs on every move of a match game."""
    uid = _user_id(user)
    if uid is None:
        return False
    officials = Q(captain_id=uid) | Q(vice_captain_id=uid) | Q(scorers__id=uid)
    return (Team.objects.filter(officials, pk__in=team_ids).exists()
            or is_secretary(league=league_id, user=user))
