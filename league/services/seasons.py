"""A league's seasons after they are set up: making one current, the
season the league's pages open on, and deleting one created by mistake
while nothing has been played in it. Both are for the league's
secretaries and both are audited, refusals too."""
from django.db import transaction

from league.authors import Author
from league.models import (
    Competition,
    Division,
    DivisionEntry,
    Fixture,
    League,
    MatchNight,
    Season,
    SquadRegistration,
    TeamWithdrawal,
    TransferRequest,
)
from league.models.audit_actions import AuditAction
from league.refusals import Refused
from league.selectors.access import secretary_refusal
from league.selectors.seasons import season_contents
from league.services.audit import Refusal, audit_record
from league.services.page_versions import pages_changed_by


def season_make_current(*, season_id: int, user: Author) -> Season:
    """Makes the season the one its league's pages open on, whatever the
    dates say, until another is made current. Raises Season.DoesNotExist
    or NotSecretary."""
    with transaction.atomic():
        season = Season.objects.select_related("league").get(pk=season_id)
        league = League.objects.select_for_update(no_key=True).get(pk=season.league_id)
        refusal = secretary_refusal(league=league, user=user, doing="can make a season current")
        data = {"season": season.name, "was": str(league.current_season_id or "")}
        if refusal is None:
            league.current_season = season
            league.save(update_fields=["current_season"])
        audit_record(user=user, action=AuditAction.SEASON_MAKE_CURRENT, target=season, data=data, refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.SEASON_MAKE_CURRENT, target=season)
    if refusal is not None:
        raise refusal
    return season


def season_delete(*, season_id: int, user: Author) -> str:
    """Deletes a season with its divisions, their teams' entries, fixtures
    and open match nights, and its squad registrations; returns its name.
    Refused, and nothing deleted, once the season holds a result or a
    played game (`league.selectors.seasons.season_contents`). Raises
    Season.DoesNotExist, NotSecretary or Refused."""
    with transaction.atomic():
        season = Season.objects.select_related("league").get(pk=season_id)
        # The rows a result, a live game or a sanction locks first (its
        # fixture, its division): locked here, nothing is recorded in the
        # season between the check and the delete.
        list(Division.objects.select_for_update(of=("self",)).filter(season=season).only("pk"))
        list(Fixture.objects.select_for_update(of=("self",)).filter(division__season=season).only("pk"))
        refusal: Refusal | None = secretary_refusal(league=season.league, user=user, doing="can delete a season")
        contents = season_contents(season_id=season.pk)
        if refusal is None and not contents.deletable:
            refusal = Refused(f"{season.name} cannot be deleted: it has {', '.join(contents.blockers)}. "
                              "A season with results stays on record.")
        data = {"season": season.name, "start": season.start.isoformat(), "divisions": contents.divisions,
                "entries": contents.entries, "fixtures": contents.fixtures, "registrations": contents.registrations}
        if refusal is None:
            _delete_contents(season)
        audit_record(user=user, action=AuditAction.SEASON_DELETE, target=season,
                     data=data, refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.SEASON_DELETE, target=season)
        if refusal is None:
            season.delete()
    if refusal is not None:
        raise refusal
    return season.name


def _delete_contents(season: Season) -> None:
    """Everything that belongs to the season, in the order the foreign keys
    allow (each protects its parent): a night's rubbers and a division's
    stored table go with them."""
    in_season = {"division__season": season}
    MatchNight.objects.filter(fixture__division__season=season).delete()
    Fixture.objects.filter(**in_season).delete()
    DivisionEntry.objects.filter(**in_season).delete()
    Competition.objects.filter(season=season).delete()
    # A season without results has no transfer or withdrawal worth keeping
    # without it: they go with its squads and divisions.
    TransferRequest.objects.filter(season=season).delete()
    TeamWithdrawal.objects.filter(**in_season).delete()
    SquadRegistration.objects.filter(season=season).delete()
    Division.objects.filter(season=season).delete()
