"""Reading ratings: the confirmed games of a league in the order they
were played, with the players on each side (what the ratings are worked
out from), the ratings stored before a point in that order, and the
leaderboards and histories the pages show (docs/ratings.md).

A league game counts once its night is confirmed, on a fixture neither
voided, drafted nor awarded as a walkover, and is rated from the players'
games recorded with the result (`PlayerGame`: conceded rubbers and block
dominoes are not there), so a correction is rated as corrected. A cup
game counts once it is won, in a singles or pairs competition (a team
cup's matches are league-style nights in its own division). A game's date
is its fixture's (the new one once rearranged) or its tie's, else the day
it was entered.
"""
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db.models import Case, F, IntegerField, Max, Min, QuerySet, Value, When
from django.db.models.functions import Coalesce, TruncDate

from league.competition_kinds import Play, kinds_playing
from league.models import (
    CupGame,
    Division,
    Fixture,
    League,
    MatchNight,
    Player,
    PlayerGame,
    RatingSnapshot,
)
from league.ratings import Game, Rating, day_start, position_of, position_parts
from league.ratings.chart import Point
from league.selectors.shown_names import name_public

NOT_PLAYED = (Fixture.Status.WALKOVER, Fixture.Status.VOID, Fixture.Status.DRAFT)


def rated_games(*, league_id: int, since: int | None = None) -> list[Game]:
    """The league's confirmed games at or after position `since` (all of
    them for None), in the order they were played."""
    games = _league_games(league_id, since) + _cup_games(league_id, since)
    games.sort(key=lambda game: game.position)
    return games


# The day a rated game was played (see the module's docstring).
LEAGUE_PLAYED_ON = Coalesce("night__fixture__rearranged_to", "night__fixture__date")
CUP_PLAYED_ON = Coalesce("tie__date", TruncDate("entered_at"))


def _league_rows() -> QuerySet[PlayerGame]:
    return (PlayerGame.objects.filter(night__status=MatchNight.Status.CONFIRMED)
            .exclude(night__fixture__status__in=NOT_PLAYED))


def _cup_rows() -> QuerySet[CupGame]:
    return CupGame.objects.filter(winner__in=["home", "away"],
                                  tie__competition__kind__in=kinds_playing(Play.GAMES),
                                  tie__home__player__isnull=False, tie__away__player__isnull=False)


def _league_games(league_id: int, since: int | None) -> list[Game]:
    rows = (_league_rows().filter(night__fixture__division__season__league_id=league_id)
            .annotate(played_on=LEAGUE_PLAYED_ON, home_team=F("night__fixture__home_team_id")))
    if since is not None:
        rows = rows.filter(played_on__gte=position_parts(since)[0])
    found: dict[int, _Sides] = {}
    for game_id, player_id, team_id, won, played_on, home_team in rows.order_by("rubber_game_id", "id").values_list(
            "rubber_game_id", "player_id", "team_id", "won", "played_on", "home_team"):
        sides = found.setdefault(game_id, _Sides(played_on))
        side = "home" if team_id == home_team else "away"
        (sides.home if side == "home" else sides.away).append(player_id)
        sides.winner = side if won else sides.winner
    games = [Game(position=position_of(s.played_on, "league", game_id), home=tuple(s.home), away=tuple(s.away),
                  winner=s.winner) for game_id, s in found.items() if s.home and s.away]
    return [game for game in games if since is None or game.position >= since]


@dataclass
class _Sides:
    played_on: date
    home: list[int] = field(default_factory=list)
    away: list[int] = field(default_factory=list)
    winner: str = ""


def _cup_games(league_id: int, since: int | None) -> list[Game]:
    rows = _cup_rows().filter(tie__competition__season__league_id=league_id).annotate(played_on=CUP_PLAYED_ON)
    if since is not None:
        rows = rows.filter(played_on__gte=position_parts(since)[0])
    games = []
    for game_id, played_on, winner, home, home_partner, away, away_partner in rows.values_list(
            "pk", "played_on", "winner", "tie__home__player_id", "tie__home__partner_id",
            "tie__away__player_id", "tie__away__partner_id"):
        games.append(Game(position=position_of(played_on, "cup", game_id), winner=winner,
                          home=tuple(p for p in (home, home_partner) if p is not None),
                          away=tuple(p for p in (away, away_partner) if p is not None)))
    return [game for game in games if since is None or game.position >= since]


def ratings_before(*, league_id: int, position: int | None,
                   player_ids: Collection[int] | None = None) -> dict[int, Rating]:
    """Each player's latest stored rating before `position` (their rating
    now for None), by player id; only those of `player_ids` when given."""
    snapshots = RatingSnapshot.objects.filter(league_id=league_id)
    if position is not None:
        snapshots = snapshots.filter(position__lt=position)
    if player_ids is not None:
        snapshots = snapshots.filter(player_id__in=player_ids)
    latest = dict(snapshots.values("player_id").annotate(last=Max("position")).values_list("player_id", "last"))
    if not latest:
        return {}
    rows = (RatingSnapshot.objects.filter(league_id=league_id, position__in=set(latest.values()),
                                          player_id__in=set(latest))
            .values_list("player_id", "position", "mu", "sigma", "games"))
    return {player: Rating(mu=mu, sigma=sigma, games=games) for player, at, mu, sigma, games in rows
            if latest.get(player) == at}


def season_game_days(*, season_ids: Collection[int]) -> dict[int, tuple[date, date]]:
    """The first and last day of each season's rated games, by season id
    (a season with none is left out). Two queries."""
    days: dict[int, tuple[date, date]] = {}
    league = (_league_rows().filter(night__fixture__division__season_id__in=season_ids)
              .annotate(played_on=LEAGUE_PLAYED_ON).values_list("night__fixture__division__season_id")
              .annotate(Min("played_on"), Max("played_on")))
    cups = (_cup_rows().filter(tie__competition__season_id__in=season_ids).annotate(played_on=CUP_PLAYED_ON)
            .values_list("tie__competition__season_id").annotate(Min("played_on"), Max("played_on")))
    for season_id, first, last in [*league, *cups]:
        known = days.get(season_id, (first, last))
        days[season_id] = (min(known[0], first), max(known[1], last))
    return days


@dataclass(frozen=True)
class RatingChange:
    """A player's rating before a stretch of days and at its end."""

    before: Rating
    after: Rating

    @property
    def games(self) -> int:
        """The games rated in between."""
        return self.after.games - self.before.games

    @property
    def rise(self) -> float:
        """How far the leaderboard's figure (the ordinal) rose."""
        return self.after.ordinal - self.before.ordinal


def rating_changes(*, league_id: int, spans: Mapping[int, tuple[date, date]], min_before: int,
                   min_within: int) -> dict[int, dict[int, RatingChange]]:
    """For each span of days (first, last), by its key: each player's latest
    rating before its first day and their latest at the end of its last,
    for the players whose rating before stood on at least `min_before`
    games and who played at least `min_within` rated games in the span.
    Two queries whatever the number of spans (none for no span)."""
    if not spans:
        return {}
    edges = {key: (day_start(first), day_start(last + timedelta(days=1))) for key, (first, last) in spans.items()}
    bounds = sorted({bound for pair in edges.values() for bound in pair})
    # Each snapshot falls between two bounds: its bucket is the index of
    # the first bound above it, so a player's latest snapshot before
    # bounds[i] is their latest in the buckets up to i.
    bucket = Case(*[When(position__lt=bound, then=Value(i)) for i, bound in enumerate(bounds)],
                  output_field=IntegerField())
    buckets: dict[int, list[int]] = defaultdict(list)
    latest: dict[int, list[tuple[int, int]]] = defaultdict(list)  # (position, games), a bucket each
    for player, index, last, games in (RatingSnapshot.objects.filter(league_id=league_id, position__lt=bounds[-1])
                                       .annotate(bucket=bucket).values_list("player_id", "bucket")
                                       .annotate(Max("position"), Max("games")).order_by("player_id", "bucket")):
        buckets[player].append(index)
        latest[player].append((last, games))

    def before(player: int, bound: int) -> tuple[int, int] | None:
        """The player's latest (position, games) before `bound`, if any."""
        found = bisect_right(buckets[player], bounds.index(bound))
        return latest[player][found - 1] if found else None

    wanted: dict[int, dict[int, tuple[int, int]]] = {}
    for key, (start, end) in edges.items():
        for player in latest:
            first, last = before(player, start), before(player, end)
            if first is not None and last is not None and first[1] >= min_before and last[1] - first[1] >= min_within:
                wanted.setdefault(key, {})[player] = (first[0], last[0])
    positions = {at for some in wanted.values() for pair in some.values() for at in pair}
    players = {player for some in wanted.values() for player in some}
    if not players:
        return {}
    stored = {(player, at): Rating(mu=mu, sigma=sigma, games=games) for player, at, mu, sigma, games in
              RatingSnapshot.objects.filter(league_id=league_id, player_id__in=players, position__in=positions)
              .values_list("player_id", "position", "mu", "sigma", "games")}
    return {key: {player: RatingChange(stored[player, first], stored[player, last])
                  for player, (first, last) in some.items()} for key, some in wanted.items()}
def shown_ratings(*, league: League, player_ids: Collection[int]) -> dict[int, float]:
    """The players' ratings now (`mu`, as their pages show it), by player
    id; a player under the league's minimum of games is left out, as the
    public pages leave them out."""
    ratings = ratings_before(league_id=league.pk, position=None, player_ids=player_ids)
    return {player: rating.mu for player, rating in ratings.items() if rating.games >= league.rating_min_games}


@dataclass(frozen=True)
class BoardLine:
    player: Player
    rating: Rating


def rating_board(*, league: League, division: Division | None = None) -> list[BoardLine]:
    """The league's rated players with at least its minimum of games, best
    first by the conservative figure (mu - 3 sigma); with a division, only
    the players who played in it."""
    ratings = ratings_before(league_id=league.pk, position=None)
    shown = {player: rating for player, rating in ratings.items() if rating.games >= league.rating_min_games}
    if division is not None:
        played = set(PlayerGame.objects.filter(division_id=division.pk, night__status=MatchNight.Status.CONFIRMED)
                     .values_list("player_id", flat=True).distinct())
        shown = {player: rating for player, rating in shown.items() if player in played}
    players = Player.objects.in_bulk(list(shown))
    lines = [BoardLine(players[p], rating) for p, rating in shown.items() if p in players]
    # One order for every reader (the board is shared by the cached page and
    # the API): level players by the name anyone may see.
    lines.sort(key=lambda line: (-line.rating.ordinal, name_public(line.player), line.player.pk))
    return lines


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating in one league, with its history for the chart."""

    league: League
    rating: Rating
    history: list[Point]

    @property
    def public(self) -> bool:
        return self.rating.games >= self.league.rating_min_games


def player_ratings(*, player_id: int) -> list[PlayerRating]:
    """The player's rating in each league they have played in, most games
    first."""
    by_league: dict[int, list[RatingSnapshot]] = defaultdict(list)
    leagues: dict[int, League] = {}
    for snapshot in (RatingSnapshot.objects.filter(player_id=player_id).select_related("league")
                     .order_by("league_id", "position")):
        by_league[snapshot.league_id].append(snapshot)
        leagues[snapshot.league_id] = snapshot.league
    found = [PlayerRating(leagues[league_id], Rating(mu=rows[-1].mu, sigma=rows[-1].sigma, games=rows[-1].games),
                          [Point(row.played_on, row.mu, row.sigma) for row in rows])
             for league_id, rows in by_league.items()]
    found.sort(key=lambda found: (-found.rating.games, found.league.name))
    return found


def leagues_behind() -> list[int]:
    """The leagues whose ratings wait for a re-rate."""
    return list(League.objects.filter(ratings_behind_from__isnull=False).order_by("pk").values_list("pk", flat=True))


def leagues_to_rate(*, slug: str | None = None) -> list[League]:
    """Every league, or the one with this slug (none when there is none)."""
    leagues = League.objects.order_by("name")
    return list(leagues.filter(slug=slug) if slug else leagues)
