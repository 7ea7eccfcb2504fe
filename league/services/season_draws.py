"""Drawing every division of a season at once, from one start and weekday.

The divisions not yet published are drawn one after another, in level
order, each round the venues' nights the ones before it took (and every
other match of the league), as drawing them one by one does: so no venue is
overbooked whichever way a secretary draws. Their old drafts go first, so
no division is drawn round drafts about to be replaced. All or none: a
division that cannot be drawn leaves every division's drafts as they were,
and the refusal names it (and, for a full venue, the venue and nights).
"""
from collections.abc import Iterable
from datetime import date

from django.db import transaction

from league.authors import Author
from league.models import Division, DivisionEntry, Fixture, Season
from league.models.audit_actions import AuditAction
from league.refusals import NotSecretary, Refused
from league.selectors.access import secretary_refusal
from league.services.audit import audit_record
from league.services.fixtures import fixtures_generate


def season_fixtures_generate(*, season_id: int, start: date, weekday: int, skip_dates: Iterable[date] = (),
                             user: Author) -> dict[Division, int]:
    """Draws the season's unpublished divisions with teams; returns how many
    draft fixtures each got. Raises Season.DoesNotExist, NotSecretary, or
    the first division's refusal (FixturesImpossible, VenuesFull)."""
    season = Season.objects.select_related("league").get(pk=season_id)
    skipped = sorted(set(skip_dates))
    drawn: dict[Division, int] = {}
    failure: NotSecretary | Refused | None = None
    try:
        with transaction.atomic():
            refusal = secretary_refusal(league=season.league, user=user, doing="may draw the season's fixtures")
            if refusal is not None:
                raise refusal
            divisions = _drawable(season)
            if not divisions:
                raise Refused(f"{season.name} has no division with teams and unpublished fixtures to draw")
            Fixture.objects.filter(division__in=divisions, status=Fixture.Status.DRAFT).delete()
            for division in divisions:
                drawn[division] = len(fixtures_generate(division_id=division.pk, start=start, weekday=weekday,
                                                        skip_dates=skipped, user=user))
    except (NotSecretary, Refused) as refused:
        failure = refused
    audit_record(user=user, action=AuditAction.SEASON_FIXTURES_GENERATE, target=season, refusal=failure,
                 data={"start": start.isoformat(), "weekday": weekday,
                       "skip_dates": [day.isoformat() for day in skipped],
                       "divisions": {str(division.pk): count for division, count in drawn.items()}
                       if failure is None else {}})
    if failure is not None:
        raise failure
    return drawn


def _drawable(season: Season) -> list[Division]:
    """The season's league divisions with teams and nothing published, in
    level order, their rows locked (in that order, as each draw locks its own)."""
    published = Fixture.objects.exclude(status=Fixture.Status.DRAFT).values("division_id")
    entered = DivisionEntry.objects.values("division_id")
    return list(Division.objects.select_for_update(of=("self",), no_key=True)
                .filter(season=season, is_cup=False, pk__in=entered).exclude(pk__in=published)
                .order_by("level", "name", "pk"))
