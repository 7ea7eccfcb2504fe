"""Drawing a cup's group stage, and then its knockout from the qualifiers.

The groups are split by `cups.split_groups` (snaked by seed in a seeded
cup, otherwise drawn from a recorded seed) and stored as a `CupDraw` of
kind "groups"; each group's round robin (`cups.group_rounds`, every pair
twice, home and away, in a two-legged cup) is stored as `CupTie`s with
their `group` set, each match a tie of one leg, arranged and played as any
tie's leg is (league.services.cup_ties). Once every group match counts,
the secretary draws the knockout: `cups.qualifiers` by the tables, placed
by `cups.draw_knockout` into one bracket, stored as a `CupDraw` of kind
"bracket", whose ties are then played as any bracket cup's.

`league.services.cups.cup_draw` calls these inside its own change, which
audits the draw; a refusal is raised as `Refused` for it to record.
"""
from dataclasses import asdict
from typing import Any

import cups
from league.authors import Author, author_user
from league.models import Competition, CupDraw, CupTie
from league.refusals import Refused
from league.selectors.cup_groups import group_draw, group_qualifiers, group_results, group_stage_of
from league.services.cup_ties import ties_conceded


def groups_draw(competition: Competition, entrants: list[cups.Entrant], *, seed: int | None, user: Author,
                data: dict[str, Any]) -> CupDraw:
    """Splits the entries into groups and stores each group's matches."""
    stage = group_stage_of(competition)
    count = stage.groups_for(len(entrants))
    drawn = cups.split_groups(entrants, count, seed=seed)
    smallest = min(len(group.entrants) for group in drawn.groups)
    if stage.top + (1 if stage.best_of_next else 0) > smallest or stage.best_of_next > count:
        raise Refused(f"{len(entrants)} entries make groups as small as {smallest}: the top {stage.top} "
                      f"and {stage.best_of_next} best placed next cannot go through from them")
    if count * stage.top + stage.best_of_next < 2:
        raise Refused("the knockout needs two qualifiers at least: more groups, or more through from each")
    made = CupDraw.objects.create(competition=competition, kind=CupDraw.Kind.GROUPS, round=None, seed=seed,
                                  data=asdict(drawn), made_by=author_user(user))
    CupTie.objects.bulk_create(
        CupTie(competition=competition, group=group.name, round=match.round, number=match.number,
               home_id=match.home, away_id=match.away)
        for group in drawn.groups for matches in cups.group_rounds(group, twice=competition.legs == 2)
        for match in matches)
    competition.status = Competition.Status.DRAWN
    competition.save(update_fields=["status"])
    data.update(round=None, seed=seed, stage="groups", described=cups.describe(drawn),
                matches=CupTie.objects.filter(competition=competition).exclude(group="").count())
    return made


def knockout_draw(competition: Competition, *, seed: int, user: Author, data: dict[str, Any]) -> CupDraw:
    """Draws the knockout from the qualifiers once every group match counts."""
    if CupTie.objects.filter(competition=competition, group="").exists():
        raise Refused(f"{competition}'s knockout is already drawn: its later rounds fill as ties are won")
    _results, open_matches = group_results(competition_id=competition.pk)
    if open_matches:
        raise Refused(f"{competition}'s groups have {open_matches} match{'es' if open_matches > 1 else ''} "
                      "still to count: draw the knockout once every group match is played")
    drawn = group_draw(competition_id=competition.pk)
    assert drawn is not None
    through = group_qualifiers(competition=competition)
    bracket = cups.draw_knockout(drawn.entrants, through, seed=seed)
    rows = [tie for ties in cups.bracket_rounds(bracket) for tie in ties]
    made = CupDraw.objects.create(competition=competition, kind=CupDraw.Kind.BRACKET, round=None, seed=seed,
                                  data=asdict(bracket), made_by=author_user(user))
    CupTie.objects.bulk_create(CupTie(
        competition=competition, round=tie.round, number=tie.number, home_id=tie.home, away_id=tie.away,
        bye=tie.bye, winner_id=tie.home if tie.bye else None, decided_reason="a bye" if tie.bye else "",
    ) for tie in rows)
    # A qualifier may have withdrawn since its group's last match.
    ties_conceded(competition_id=competition.pk, round=1, user=user)
    data.update(round=None, seed=seed, stage="knockout", described=cups.describe(bracket),
                qualifiers=[asdict(q) for q in through],
                ties=sum(1 for tie in rows if tie.round == 1 and not tie.bye))
    return made
