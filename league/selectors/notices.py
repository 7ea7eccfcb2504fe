"""Reading the outbox and what an address asked for: a league's notices
for its secretaries' log, an address's stops, its weekly-results
subscriptions, and what goes in a league's weekly results."""
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from league.models import DigestSubscription, Division, League, MatchNight, Notice, NoticeStop, TableEntry
from league.selectors.standings import position_label

# The lines of each table a weekly email shows.
TABLE_LINES = 4


def league_notices(*, league_id: int, status: str = "") -> QuerySet[Notice]:
    """The league's notices, newest first; only those in `status` if given."""
    notices = Notice.objects.filter(league_id=league_id).select_related("user")
    return notices.filter(status=status) if status else notices


def notice_of_league(*, league_id: int, notice_id: int) -> Notice:
    return Notice.objects.get(league_id=league_id, pk=notice_id)


def stops_of(*, address: str) -> set[str]:
    """The kinds the address has stopped ("" for all)."""
    return set(NoticeStop.objects.filter(address=address.strip().lower()).values_list("kind", flat=True))


def digest_leagues_of(*, address: str) -> set[int]:
    """The leagues whose weekly results the address has confirmed it wants."""
    return set(DigestSubscription.objects.filter(address=address.strip().lower(), confirmed_at__isnull=False)
               .values_list("league_id", flat=True))


def digest_addresses(*, league_id: int) -> list[str]:
    return list(DigestSubscription.objects.filter(league_id=league_id, confirmed_at__isnull=False)
                .order_by("pk").values_list("address", flat=True))


def leagues_with_digests() -> list[League]:
    return list(League.objects.filter(digest_subscriptions__confirmed_at__isnull=False).distinct().order_by("pk"))


@dataclass
class DivisionWeek:
    division: Division
    results: list[MatchNight]
    table: list[tuple[str, str, int]]  # position, team, points


def week_results(*, league_id: int, since: datetime, until: datetime) -> list[DivisionWeek]:
    """Each division's results confirmed in [since, until), oldest first,
    and, for a league division, the top of its table as stored."""
    nights = (MatchNight.objects.filter(fixture__division__season__league_id=league_id,
                                        status=MatchNight.Status.CONFIRMED,
                                        confirmed_at__gte=since, confirmed_at__lt=until)
              .select_related("fixture__home_team", "fixture__away_team", "fixture__division")
              .order_by("fixture__division__pk", "fixture__date", "pk"))
    weeks: dict[int, DivisionWeek] = {}
    for night in nights:
        division = night.fixture.division
        if division.pk not in weeks:
            table = [] if division.is_cup else [
                (position_label(entry), str(entry.team), entry.points)
                for entry in TableEntry.objects.filter(division=division).select_related("team")
                .order_by("position", "id")[:TABLE_LINES]]
            weeks[division.pk] = DivisionWeek(division, [], table)
        weeks[division.pk].results.append(night)
    return list(weeks.values())


def leagues_by_name() -> list[League]:
    """Every league, for choosing whose weekly results to get."""
    return list(League.objects.order_by("name"))


def league_or_none(*, league_id: int) -> League | None:
    return League.objects.filter(pk=league_id).first()
