"""Who may write is checked before what they wrote: a league's secretary
gets the body's problems, anyone else only "no" (403), so an outsider
learns nothing of what a valid body would be. The refusal is audited as
the service's own would be."""
from league.authors import Author
from league.models import League
from league.models.audit_actions import AuditAction
from league.selectors.access import secretary_refusal
from league.services.audit import audit_record


def secretaries_only(*, league_id: int, user: Author, doing: str, action: AuditAction) -> League:
    """The league when `user` is one of its secretaries. For anyone else the
    refusal is audited as `action` and raised (NotSecretary). Raises
    League.DoesNotExist. `doing` reads on from "only a secretary of <league>"."""
    league = League.objects.get(pk=league_id)
    refusal = secretary_refusal(league=league, user=user, doing=doing)
    if refusal is not None:
        audit_record(user=user, action=action, target=league, refusal=refusal)
        raise refusal
    return league
