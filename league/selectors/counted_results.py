"""Which results count toward a division's table and its players'
statistics: confirmed results of league fixtures (a play-off decides a
promotion line, not the table: league.services.changeover) that were
neither voided nor awarded as a walkover, leaving out every match of a team
withdrawn with its results expunged (league.services.withdrawals).

Each query starts from the division's own fixtures (their index by
division) and reaches its match nights, rubbers and games through their
indexes by fixture, night and rubber: none reads another division's rows,
so a rebuild costs the same in a league of one division or of two hundred
(tests/league/test_standings_bounded.py asks PostgreSQL's planner).
"""
from collections.abc import Collection
from typing import Any

from django.db.models import F, Lookup, QuerySet, Subquery

from league.models import Division, Fixture, MatchNight, TeamWithdrawal

# A result on a fixture in one of these statuses does not count as played.
NOT_PLAYED = (Fixture.Status.WALKOVER, Fixture.Status.VOID, Fixture.Status.DRAFT)


def withdrawn_teams(division: Division) -> dict[int, str]:
    """The division's withdrawn teams, each with what became of its results."""
    return dict(TeamWithdrawal.objects.filter(division=division).values_list("team_id", "results"))


def expunged_of(withdrawn: dict[int, str]) -> set[int]:
    return {team for team, results in withdrawn.items() if results == TeamWithdrawal.Results.EXPUNGE}


class AmongIds(Lookup[Any]):
    """`column IN (subquery)`, which PostgreSQL is given as `column =
    ANY(ARRAY(subquery))`: the subquery runs once, first, and each id it
    gives is looked up by the column's index. PostgreSQL makes a plain IN
    a join, and with a night costing a random page read and a whole table a
    sequential one, it hash-joins every match night of the league once the
    division holds a few per cent of them; an array it cannot see into it
    takes for a handful of ids, and reads the index."""

    lookup_name = "among_ids"

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, tuple[Any, ...]]:
        return self._sql(compiler, "%s IN %s")

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, tuple[Any, ...]]:
        return self._sql(compiler, "%s = ANY(ARRAY%s)")

    def _sql(self, compiler: Any, template: str) -> tuple[str, tuple[Any, ...]]:
        column, column_params = compiler.compile(self.lhs)
        ids, ids_params = compiler.compile(self.rhs)  # a Subquery: "(SELECT ...)"
        return template % (column, ids), (*column_params, *ids_params)


def counted_fixtures(division: Division, *, expunged: Collection[int]) -> QuerySet[Fixture]:
    """The division's league fixtures whose result would count if confirmed."""
    fixtures = (Fixture.objects.filter(division=division, playoff=False).exclude(status__in=NOT_PLAYED)
                .order_by())
    if expunged:
        fixtures = fixtures.exclude(home_team_id__in=expunged).exclude(away_team_id__in=expunged)
    return fixtures


def counted_nights(division: Division, *, expunged: Collection[int]) -> QuerySet[MatchNight]:
    """The division's confirmed results that count."""
    fixtures = Subquery(counted_fixtures(division, expunged=expunged).values("pk"))
    return MatchNight.objects.filter(AmongIds(F("fixture_id"), fixtures), status=MatchNight.Status.CONFIRMED).order_by()
