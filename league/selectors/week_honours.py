"""A league's honours of one match week (docs/organisation.md, "Honours"),
worked out on read from the stored results, so the league's page and the
weekly email always agree, corrections included.

Terms: a *match week* is an ISO week, Monday to Sunday, by the date a
match was played (`Fixture.played_on`). What counts is what counts in the
tables: confirmed results of the league's divisions (not cups, not
play-offs), fixtures neither voided nor awarded. The honours:

- a *maximum*: a match the losers took no game of (9-0, 6-0...);
- *most 61s*: the most games won on exactly the target (61; 121 in a
  pairs game to 121), from the final score, so card games count too;
- *most 15s*: the most plays making 15 that scored, known only for games
  scored live (a card game's move log was never kept);
- *highest average*: the most points pegged a game over the week's games,
  level averages going to the player with more games.
"""
from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Count, F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from league.models import Fixture, MatchNight, PlayerGame
from league.selectors.honour_marks import Leaders, honour_leaders, people_of, totals_by_player

# Fixtures in these statuses count for nothing (as in the tables).
NOT_PLAYED = (Fixture.Status.WALKOVER, Fixture.Status.VOID, Fixture.Status.DRAFT)


@dataclass(frozen=True)
class Maximum:
    night: MatchNight
    winner: str
    loser: str
    score: str


@dataclass(frozen=True)
class WeekHonours:
    monday: date
    maximums: list[Maximum]
    most_61s: Leaders | None
    most_15s: Leaders | None
    best_average: Leaders | None

    @property
    def sunday(self) -> date:
        return self.monday + timedelta(days=6)

    @property
    def empty(self) -> bool:
        return not (self.maximums or self.most_61s or self.most_15s or self.best_average)


def monday_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _counted_nights(league_id: int) -> QuerySet[MatchNight]:
    return (MatchNight.objects.filter(fixture__division__season__league_id=league_id,
                                      fixture__division__is_cup=False, fixture__playoff=False,
                                      status=MatchNight.Status.CONFIRMED)
            .exclude(fixture__status__in=NOT_PLAYED))


def _played_between(first: date, last: date) -> Q:
    # Where `Fixture.played_on` falls: the new date of a rearranged match.
    return (Q(fixture__rearranged_to__range=(first, last))
            | Q(fixture__rearranged_to__isnull=True, fixture__date__range=(first, last)))


PLAYED_ON = Coalesce(F("fixture__rearranged_to"), F("fixture__date"))


def latest_week(*, league_id: int, season_id: int | None = None, today: date) -> date | None:
    """The Monday of the latest match week, up to today's, with a counted
    result (in the season, if given)."""
    nights = _counted_nights(league_id).filter(_played_between(date.min, today))
    if season_id is not None:
        nights = nights.filter(fixture__division__season_id=season_id)
    last = nights.order_by(PLAYED_ON.desc()).select_related("fixture").first()
    return None if last is None else monday_of(last.fixture.played_on)


def week_honours(*, league_id: int, monday: date) -> WeekHonours:
    """The honours of the match week starting on `monday`."""
    nights = _counted_nights(league_id).filter(_played_between(monday, monday + timedelta(days=6)))
    games = (PlayerGame.objects.filter(night__in=nights.values("pk"))
             .values("player_id", "team_id").order_by("player_id", "team_id")
             .annotate(played=Count("id"), pegged=Sum("pegged"),
                       on_target=Count("id", filter=Q(on_target=True)), fifteens=Sum("fifteens")))
    totals = totals_by_player(games)
    people = people_of([totals])
    return WeekHonours(
        monday=monday,
        maximums=_maximums(nights),
        most_61s=honour_leaders(totals, "on_target", people=people),
        most_15s=honour_leaders(totals, "fifteens", people=people),
        best_average=honour_leaders(totals, "average", people=people),
    )


def _maximums(nights: QuerySet[MatchNight]) -> list[Maximum]:
    whitewashes = (nights.filter(Q(home_games=0, away_games__gt=0) | Q(away_games=0, home_games__gt=0))
                   .select_related("fixture__home_team", "fixture__away_team")
                   .order_by(PLAYED_ON, "fixture__division__level", "pk"))
    found = []
    for night in whitewashes:
        home, away = night.fixture.home_team.name, night.fixture.away_team.name
        won, lost = (home, away) if night.home_games else (away, home)
        found.append(Maximum(night, won, lost, f"{max(night.home_games or 0, night.away_games or 0)}-0"))
    return found
