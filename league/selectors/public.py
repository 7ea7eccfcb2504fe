"""Reading what the public league pages show: leagues and their current
season, a division with its stored table, fixtures with their match
nights, a team's season and a player's games.

Every read here is one query whatever the size of the league (related rows
come with `select_related` or one prefetch), so a page's cost stays the
same as its division fills up. Tables are the stored rows
(`league.selectors.standings`); nothing here works one out.

Terms: a league's *current season* is the one its secretary made current,
or else the latest that has started (`league.selectors.seasons`); a team's
*season* is the one in which it entered a division: the current season's,
or when it sat that out, its latest before.
"""
from django.db.models import Max, Prefetch, Q, QuerySet
from django.utils import timezone

from league.competition_settings import SETTING_NAMES, CompetitionSettings, settings_resolve
from league.models import (
    Division,
    Fixture,
    League,
    Player,
    PlayerStats,
    RubberGame,
    Season,
    SquadRegistration,
    TableEntry,
    Team,
)
from league.selectors.seasons import current_of, season_current

# What the public sees of a division's fixtures: everything but drafts,
# which stay the secretary's until published.
PUBLIC_STATUSES = [Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED,
                   Fixture.Status.WALKOVER, Fixture.Status.VOID]


def leagues_listed() -> list[League]:
    """Every league by name, each with its seasons (newest first) and their
    divisions prefetched."""
    # A cup's own division (Division.is_cup) is shown with its cup, not here.
    divisions = Prefetch("divisions", queryset=Division.objects.filter(is_cup=False))
    seasons = Prefetch("seasons", queryset=Season.objects.order_by("-start", "-id").prefetch_related(divisions))
    return list(League.objects.order_by("name").prefetch_related(seasons))


def current_season(league: League) -> Season | None:
    """The league's current season (see the terms above); reads the
    prefetch of `leagues_listed` when there is one."""
    if _prefetched(league, "seasons"):
        return current_of(league.seasons.all(), chosen_id=league.current_season_id, today=timezone.localdate())
    return season_current(league=league)


def league_by_slug(*, slug: str) -> League:
    """Raises League.DoesNotExist."""
    return League.objects.get(slug=slug)


def season_divisions(*, season_id: int) -> list[Division]:
    """The season's divisions top first (by level, then name), each with its stored table rows (and
    their teams) prefetched in table order."""
    rows = Prefetch("table_entries", queryset=TableEntry.objects.select_related("team").order_by("position", "id"))
    return list(Division.objects.filter(season_id=season_id, is_cup=False).select_related("season__league")
                .prefetch_related(rows).order_by("level", "name", "id"))


def division_table_rows(*, division: Division) -> list[TableEntry]:
    """The division's stored table rows: those `season_divisions` prefetched,
    in table order."""
    return list(division.table_entries.all())


def season_fixtures(*, season_id: int) -> list[Fixture]:
    """The season's published fixtures, every division's, by date."""
    return _fixtures(Q(division__season_id=season_id))


def division_with_league(*, division_id: int) -> Division:
    """Raises Division.DoesNotExist."""
    return Division.objects.filter(is_cup=False).select_related("season__league").get(pk=division_id)


def division_settings_of(division: Division) -> CompetitionSettings:
    """The division's settings from a division loaded with its season's
    league, without another query."""
    league = division.season.league
    return settings_resolve({name: getattr(league, name) for name in SETTING_NAMES},
                            {name: getattr(division, name) for name in SETTING_NAMES})


def division_fixtures_public(*, division_id: int) -> list[Fixture]:
    """The division's fixtures as the public sees them, by week."""
    return sorted(_fixtures(Q(division_id=division_id)), key=lambda f: (f.week, f.pk))


def most_games_played(*, division_id: int) -> int:
    """The most games any player of the division has played."""
    return PlayerStats.objects.filter(division_id=division_id).aggregate(most=Max("played"))["most"] or 0


def team_with_captain(*, team_id: int) -> Team:
    """The team with its venue, league and captain (and the captain's
    player, whose name a page prefers). Raises Team.DoesNotExist."""
    return Team.objects.select_related("home_venue", "league", "captain__player").get(pk=team_id)


def team_season_fixtures(*, team_id: int, division_id: int) -> list[Fixture]:
    """The team's fixtures in its division, home and away, by date."""
    return _fixtures(Q(division_id=division_id) & (Q(home_team_id=team_id) | Q(away_team_id=team_id)))


def player_get(*, player_id: int) -> Player:
    """Raises Player.DoesNotExist."""
    return Player.objects.get(pk=player_id)


def player_registrations(*, player_id: int) -> list[SquadRegistration]:
    """The teams the player is registered for, newest season first."""
    return list(SquadRegistration.objects.filter(player_id=player_id)
                .select_related("team", "season__league").order_by("-season__start", "-id"))


def player_season_stats(*, player_id: int) -> list[PlayerStats]:
    """The player's statistics, one row a division, newest season first."""
    return list(PlayerStats.objects.filter(player_id=player_id)
                .select_related("division__season", "team").order_by("-season__start", "division__name"))


def player_rubber_games(*, player_id: int) -> list[RubberGame]:
    """Every game the player was named for, on a published fixture's team
    sheet, newest night first, with its rubber, players, fixture and live
    game loaded. A conceded rubber's games were never played, so they are
    no one's."""
    named = (Q(rubber__home_player_id=player_id) | Q(rubber__home_partner_id=player_id)
             | Q(rubber__away_player_id=player_id) | Q(rubber__away_partner_id=player_id))
    found: QuerySet[RubberGame] = (
        RubberGame.objects.filter(named, rubber__night__fixture__status__in=PUBLIC_STATUSES, rubber__conceded_by="")
        .select_related("game", "rubber__home_player", "rubber__home_partner", "rubber__away_player",
                        "rubber__away_partner", "rubber__night__fixture__home_team",
                        "rubber__night__fixture__away_team", "rubber__night__fixture__division")
    )
    return sorted(found, key=lambda g: (g.rubber.night.fixture.played_on, g.rubber.night.fixture_id,
                                        g.rubber.number, g.number), reverse=True)


def _fixtures(where: Q) -> list[Fixture]:
    """Published fixtures matching `where`, each with its teams, venue,
    walkover winner and match night, by the date each is set for."""
    found = (Fixture.objects.filter(where, status__in=PUBLIC_STATUSES)
             .select_related("home_team", "away_team", "venue", "walkover_winner", "night"))
    return sorted(found, key=lambda f: (f.played_on, f.pk))


def _prefetched(instance: object, name: str) -> bool:
    return name in getattr(instance, "_prefetched_objects_cache", {})
