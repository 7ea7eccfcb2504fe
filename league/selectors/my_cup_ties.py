"""What the front page's "My matches" shows a player of a singles or pairs
cup: the ties waiting on them (their own login, as entrant or partner),
each with what they do next.

- *offer*: the tie is undated, no game begun, the user's side at home, no
  dates offered yet;
- *pick*: the home side offered dates and the user's side is away;
- *confirm*: the other side entered a game's score from the card, for the
  user's side to confirm or dispute;
- *play*: the tie is dated, or its games begun, and not yet decided.

A tie waiting on the other side (dates offered and not yet picked, a score
the user's side entered) or on a secretary (a dispute) is not listed. Two
queries however many ties.
"""
from dataclasses import dataclass
from datetime import date

from django.db.models import Q

from league.authors import Author
from league.competition_kinds import Play, kinds_playing
from league.models import CupGame, CupTie
from league.selectors.shown_names import entry_names_shown

OFFER, PICK, CONFIRM, PLAY = "offer", "pick", "confirm", "play"


@dataclass(frozen=True)
class MyTie:
    tie: CupTie
    action: str  # OFFER, PICK, CONFIRM or PLAY
    home: str  # the sides as the user may see them
    away: str
    date: date | None  # the day it is played, once dated


def game_ties_waiting(*, user: Author) -> list[MyTie]:
    """The user's undecided singles and pairs ties that wait on them, in
    date order (undated last), then by cup and round."""
    uid = getattr(user, "pk", None) if user is not None and user.is_authenticated else None
    if uid is None:
        return []
    mine = (Q(home__player__user_id=uid) | Q(home__partner__user_id=uid) | Q(away__player__user_id=uid)
            | Q(away__partner__user_id=uid))
    ties = list(CupTie.objects.filter(mine, winner__isnull=True, bye=False, home__isnull=False, away__isnull=False,
                                      competition__kind__in=kinds_playing(Play.GAMES))
                .select_related("competition", "home__player", "home__partner", "away__player", "away__partner")
                .prefetch_related("games"))
    waiting = []
    for tie in ties:
        assert tie.home is not None and tie.away is not None
        action = _action(tie, at_home=uid in tie.home.login_ids)
        if action:
            waiting.append((tie, tie.home, tie.away, action))
    # The sides named for the user, the other players in one query.
    names = entry_names_shown((entry for _, home, away, _ in waiting for entry in (home, away)), user)
    found = [MyTie(tie=tie, action=action, home=names[home.pk], away=names[away.pk], date=tie.date)
             for tie, home, away, action in waiting]
    return sorted(found, key=lambda mine: (mine.date is None, mine.date or date.min, mine.tie.competition.name,
                                           mine.tie.round, mine.tie.number))


def _action(tie: CupTie, *, at_home: bool) -> str:
    assert tie.home is not None and tie.away is not None
    games = list(tie.games.all())
    held = next((g for g in games if g.state != CupGame.State.COUNTS), None)
    if held is not None:
        theirs = held.entered_by_id not in (tie.home if at_home else tie.away).login_ids
        return CONFIRM if held.state == CupGame.State.SUBMITTED and theirs else ""
    if not games and tie.offered_dates and not at_home:
        return PICK
    if tie.date is not None or games:
        return PLAY
    return OFFER if at_home and not tie.offered_dates else ""
