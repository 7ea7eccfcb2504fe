"""Numbering a seeded cup's entries, best first, before its draw: the draw
places them by these numbers (`cups.draw_bracket`, `cups.draw_round`).
Once a draw is made the seeds are part of it and stay as they were."""
from django.db import transaction

from league.authors import Author
from league.models import Competition, CupDraw, CupEntry
from league.refusals import Refused
from league.selectors.access import secretary_refusal
from league.services.audit import Refusal, audit_record


def cup_seeds_set(*, competition_id: int, seeds: dict[int, int | None], user: Author) -> None:
    """Gives each entry (by id) its seed, 1 the best; None takes an entry's
    seed away. Entries not named keep theirs. Raises Competition.DoesNotExist,
    NotSecretary, or Refused (after the draw; an entry of another
    competition; one seed given twice)."""
    with transaction.atomic():
        competition = Competition.objects.select_for_update().select_related("season__league").get(pk=competition_id)
        entries = {entry.pk: entry for entry in CupEntry.objects.filter(competition=competition)}
        failure = _refusal(competition, entries, seeds, user)
        if failure is None:
            for entry_id, seed in seeds.items():
                entry = entries[entry_id]
                if entry.seed != seed:
                    entry.seed = seed
                    entry.save(update_fields=["seed"])
        audit_record(user=user, action="cup.seeds.set", target=competition, refusal=failure,
                     data={"seeds": {str(entry_id): seed for entry_id, seed in sorted(seeds.items())}})
    if failure is not None:
        raise failure


def _refusal(competition: Competition, entries: dict[int, CupEntry], seeds: dict[int, int | None],
             user: Author) -> Refusal | None:
    refusal: Refusal | None = secretary_refusal(league=competition.season.league, user=user,
                                                doing="can seed a cup's entries")
    if refusal is not None:
        return refusal
    if CupDraw.objects.filter(competition=competition).exists():
        return Refused(f"{competition.name} is drawn: its seeds are part of the draw")
    stranger = next((entry_id for entry_id in seeds if entry_id not in entries), None)
    if stranger is not None:
        return Refused(f"entry {stranger} is not in {competition.name}")
    kept = {entry_id: entry.seed for entry_id, entry in entries.items() if entry_id not in seeds}
    given = [seed for seed in [*seeds.values(), *kept.values()] if seed is not None]
    if any(seed < 1 for seed in given):
        return Refused("seeds are numbered from 1, the best")
    if len(given) != len(set(given)):
        return Refused("each seed may be given to one entry only")
    return None
