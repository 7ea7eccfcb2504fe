"""What the front page shows a logged-in scorer or captain: their teams'
matches (tonight's first, then the next ones, then the latest played),
each rubber of a night being played with its games to score, and which of
the games being scored they may score themselves.

Terms: a user's *teams* are those they captain, vice-captain or score for
(`league.selectors.access`); a match is *tonight's* when it is set for
today. Who may write to a game is decided in `league.selectors.access`;
`games_scorable` asks the same questions of many games at once, so the
front page can offer the pad to exactly the people the pad will take.
"""
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce

from league.authors import Author
from league.models import Fixture, Game, MatchNight, Rubber, Team
from league.selectors.rearrangements import RearrangeState, rearrangement_states
from league.selectors.shown_names import names_shown

# A match a captain or scorer can still play or look back on: drafts are
# the secretary's, and a void match is nobody's to score.
SHOWN = [Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED, Fixture.Status.WALKOVER]
NEXT_COUNT = 3  # the next matches shown after tonight's
RECENT_COUNT = 3  # the latest played shown after those


@dataclass(frozen=True)
class RubberGameLink:
    number: int  # the game's place in its rubber, from 1
    game_id: int  # its live game
    finished: bool


@dataclass(frozen=True)
class RubberLine:
    number: int
    players: str  # "Ann Lee v Bob Marsh", partners joined by "&"
    games: list[RubberGameLink]


@dataclass(frozen=True)
class MyMatch:
    fixture: Fixture
    when: str  # "tonight", "next" or "recent"
    open: bool  # its night is still being played: its games may be scored
    result: str  # its night's status ("submitted", "confirmed"...), "" before the night
    rubbers: list[RubberLine] = field(default_factory=list)
    # The captains' request to move it, as the user sees it (asking, answering).
    rearrange: RearrangeState = field(default_factory=RearrangeState)


def _user_id(user: Author) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    return int(user.pk)


def teams_of(*, user: Author) -> QuerySet[Team]:
    """The teams `user` captains, vice-captains or scores for."""
    uid = _user_id(user)
    if uid is None:
        return Team.objects.none()
    return Team.objects.filter(Q(captain_id=uid) | Q(vice_captain_id=uid) | Q(scorers__id=uid)).distinct()


def my_matches(*, user: Author, today: date) -> list[MyMatch]:
    """The user's teams' matches: tonight's, the next few, the latest few,
    in that order; an open night's rubbers come with it, and any request
    to move it, its players named for the user (`names_shown`). The same
    nine queries at most however many teams, matches and rubbers."""
    teams = teams_of(user=user).values("pk")
    mine = (Fixture.objects.filter(Q(home_team__in=teams) | Q(away_team__in=teams), status__in=SHOWN)
            .annotate(on=Coalesce("rearranged_to", "date"))
            .select_related("home_team", "away_team", "venue", "night", "division__season__league"))
    found = ([(f, "tonight") for f in mine.filter(on=today).order_by("pk")]
             + [(f, "next") for f in mine.filter(on__gt=today).order_by("on", "pk")[:NEXT_COUNT]]
             + [(f, "recent") for f in mine.filter(on__lt=today).order_by("-on", "-pk")[:RECENT_COUNT]])
    open_nights = [f.night.pk for f, _ in found if _night_open(f)]
    lines = _rubber_lines(night_ids=open_nights, user=user)
    moving = rearrangement_states(fixtures=[f for f, _ in found], user=user, today=today)
    return [MyMatch(fixture=f, when=when, open=_night_open(f), result=_night_status(f),
                    rubbers=lines.get(f.night.pk, []) if _night_open(f) else [], rearrange=moving[f.pk])
            for f, when in found]


def _night_status(fixture: Fixture) -> str:
    night = getattr(fixture, "night", None)  # None before the night is set up
    return str(night.status) if night is not None else ""


def _night_open(fixture: Fixture) -> bool:
    return _night_status(fixture) == MatchNight.Status.OPEN


def _rubber_lines(*, night_ids: list[int], user: Author) -> dict[int, list[RubberLine]]:
    """Each open night's rubbers, in order, with their live games and
    their players named for `user`."""
    rubbers = list(Rubber.objects.filter(night_id__in=night_ids)
                   .select_related("home_player", "home_partner", "away_player", "away_partner")
                   .prefetch_related("games__game").order_by("night_id", "number"))
    names = names_shown((p for rubber in rubbers for p in (rubber.home_player, rubber.home_partner,
                                                            rubber.away_player, rubber.away_partner)
                         if p is not None), user)
    lines: dict[int, list[RubberLine]] = {}
    for rubber in rubbers:
        games = [RubberGameLink(number=g.number, game_id=g.game.pk, finished=g.game.status == Game.Status.WON)
                 for g in rubber.games.all() if g.game is not None]
        lines.setdefault(rubber.night_id, []).append(
            RubberLine(number=rubber.number, players=_players(rubber, names), games=games))
    return lines


def _players(rubber: Rubber, names: dict[int, str]) -> str:
    home = " & ".join(names[p.pk] for p in (rubber.home_player, rubber.home_partner) if p is not None)
    away = " & ".join(names[p.pk] for p in (rubber.away_player, rubber.away_partner) if p is not None)
    return f"{home} v {away}"


def games_scorable(*, user: Author, games: list[Game]) -> set[int]:
    """The ids of `games` that `user` may score now, as
    `league.selectors.access.game_write_refusal` decides for one game: a
    game outside a match for its creator and its named scorers; a match's
    game, while its night is open, for the two teams' captains and scorers
    and the league's secretaries. Two queries at most."""
    uid = _user_id(user)
    if uid is None:
        return set()
    loose = [g.pk for g in games if g.match_night_id is None]
    matched = [g.match_night_id for g in games if g.match_night_id is not None]
    allowed = {g.pk for g in games if g.match_night_id is None and g.created_by_id == uid}
    if loose:
        allowed |= set(Game.scorers.through.objects.filter(game_id__in=loose, user_id=uid)
                       .values_list("game_id", flat=True))
    if matched:
        teams = teams_of(user=user).values("pk")
        nights = set(MatchNight.objects.filter(pk__in=matched, status=MatchNight.Status.OPEN).filter(
            Q(fixture__home_team__in=teams) | Q(fixture__away_team__in=teams)
            | Q(fixture__division__season__league__secretaries__id=uid)).values_list("pk", flat=True))
        allowed |= {g.pk for g in games if g.match_night_id in nights}
    return allowed
