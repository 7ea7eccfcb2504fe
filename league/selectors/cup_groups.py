"""Reading a cup's group stage: its settings, its groups as drawn, each
group's matches and table, and who goes through to the knockout.

Terms are those of `league.models.cups` and `cups.tables`. A group *match*
is a `CupTie` with its `group` set, played in one leg as any tie's leg is.
It *counts* once that leg's result is confirmed or it was given as a
walkover, or once a side withdrew and conceded it (counted as a walkover to
the other side); until every match counts the stage is still *open*.
"""
from dataclasses import asdict, dataclass, field
from math import ceil
from typing import Any

import cups
from league.authors import Author
from league.models import Competition, CupDraw, CupEntry, CupTie
from league.selectors.cups import competition_ties, tie_legs, tie_view
from league.selectors.shown_names import entry_name_shown


@dataclass(frozen=True, slots=True)
class GroupStage:
    """How a cup's group stage is played: `count` groups, or as many of at
    most `size` as the entries need; the top `top` of each group through,
    and the best `best_of_next` of those placed next; each group's table
    by `rules` (points for a match won, drawn, lost, and the order)."""

    count: int | None = None
    size: int | None = None
    top: int = 2
    best_of_next: int = 0
    rules: cups.GroupRules = field(default_factory=cups.GroupRules)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GroupStage":
        """Raises cups.CupError (a way of ranking unknown), ValueError or
        KeyError on data that is not a group stage's."""
        count, size = data.get("count"), data.get("size")
        return cls(count=None if count is None else int(count), size=None if size is None else int(size),
                   top=int(data.get("top", 2)), best_of_next=int(data.get("best_of_next", 0)),
                   rules=cups.GroupRules.from_dict(data.get("rules", {})))

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["rules"]["order"] = list(self.rules.order)
        return data

    def groups_for(self, entries: int) -> int:
        """How many groups `entries` entries make."""
        if self.count is not None:
            return self.count
        assert self.size is not None
        return ceil(entries / self.size)


def group_stage_of(competition: Competition) -> GroupStage:
    return GroupStage.from_dict(competition.group_stage or {})


def group_draw(*, competition_id: int) -> cups.GroupDraw | None:
    """The groups as drawn; None before the group draw (or for a knockout)."""
    made = (CupDraw.objects.filter(competition_id=competition_id, kind=CupDraw.Kind.GROUPS)
            .order_by("-made_at", "-id").first())
    return cups.GroupDraw.from_dict(made.data) if made is not None else None


def knockout_drawn(*, competition_id: int) -> bool:
    return CupTie.objects.filter(competition_id=competition_id, group="").exists()


def match_result(tie: CupTie) -> cups.Leg | None:
    """The group match as the table reads it: its counting leg, or a
    walkover to the side left when the other withdrew; None while open."""
    for result in tie_legs(tie=tie):
        if result.leg is not None:
            return result.leg
    if tie.winner_id is not None and tie.home_id is not None and tie.away_id is not None:
        return cups.Leg(home=tie.home_id, away=tie.away_id, walkover_to=tie.winner_id)
    return None


def group_results(*, competition_id: int) -> tuple[list[cups.Leg], int]:
    """The group matches that count, and how many are still open."""
    results, open_matches = [], 0
    for tie in (CupTie.objects.filter(competition_id=competition_id).exclude(group="")
                .select_related("home", "away").order_by("group", "round", "number")):
        leg = match_result(tie)
        if leg is None:
            open_matches += 1
        else:
            results.append(leg)
    return results, open_matches


def group_qualifiers(*, competition: Competition) -> tuple[cups.Qualifier, ...]:
    """Who goes through to the knockout, by the tables as they stand.
    Raises cups.CupError when the groups cannot give them."""
    drawn = group_draw(competition_id=competition.pk)
    if drawn is None:
        raise cups.DrawError(f"{competition}'s groups are not drawn yet")
    stage = group_stage_of(competition)
    results, _open = group_results(competition_id=competition.pk)
    return cups.qualifiers(drawn.groups, results, top=stage.top, best_of_next=stage.best_of_next,
                           rules=stage.rules)


def group_tables(*, competition_id: int, user: Author = None) -> dict[str, Any] | None:
    """A cup's group stage as its page and the API show it: each group's
    table (rows best first, with who goes through once the stage is over)
    and its matches; None for a cup with no groups drawn."""
    drawn = group_draw(competition_id=competition_id)
    if drawn is None:
        return None
    competition = Competition.objects.get(pk=competition_id)
    stage = group_stage_of(competition)
    results, open_matches = group_results(competition_id=competition_id)
    names = {entry.pk: entry_name_shown(entry, user) for entry in
             CupEntry.objects.filter(competition_id=competition_id).select_related("team", "player", "partner")}
    through: dict[int, int] = {}
    if not open_matches:
        try:
            through = {q.entrant: q.place for q in cups.qualifiers(
                drawn.groups, results, top=stage.top, best_of_next=stage.best_of_next, rules=stage.rules)}
        except cups.CupError:
            through = {}
    matches: dict[str, list[dict[str, Any]]] = {}
    for tie in competition_ties(competition_id=competition_id):
        if tie.group:
            matches.setdefault(tie.group, []).append(tie_view(tie, user=user))
    groups = []
    for group in drawn.groups:
        members = set(group.entrants)
        table = cups.group_table(group, [leg for leg in results if {leg.home, leg.away} <= members], stage.rules)
        rows = [{**asdict(row), "position": place, "name": names.get(row.entrant, "?"),
                 "games_difference": row.games_for - row.games_against,
                 "points_difference": row.points_for - row.points_against, "through": row.entrant in through}
                for place, row in enumerate(table.rows, start=1)]
        groups.append({"name": group.name, "rows": rows, "level": [list(pair) for pair in table.level],
                       "matches": matches.get(group.name, [])})
    return {"settings": stage.as_dict(), "open_matches": open_matches, "finished": not open_matches,
            "groups": groups}
