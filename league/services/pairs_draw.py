"""Entering a team sheet whose pairs are drawn at the table.

In a match format whose `pairs` are "drawn", the home captain (or a
secretary) names the singles as usual and gives, for each side, the players
who will play the pairs; the pairs are drawn from a seed
(`league.formats.draws`), and the whole sheet is then entered by the team
sheet service, with all its checks. The seed is kept on the night
(`MatchNight.pairs_seed`) and in the audit log with the players given, so
anyone can draw again and find the same pairs.

A side short of players gives fewer players for the pairs (an even
number): its pairs drawn fill the first pairs rubbers and it concedes the
rest; a singles rubber it cannot field it concedes by name (`conceded`), as
on a named sheet. Whether what is left is enough is the sheet's check.
"""
import secrets
from collections.abc import Mapping, Sequence

from django.db import transaction

from league import formats
from league.authors import Author
from league.models import Fixture, MatchNight
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, Refused, TeamSheetInvalid
from league.selectors.matches import match_format_of
from league.services.audit import audit_record
from league.services.nights import require_captain
from league.services.page_versions import pages_changed_by
from league.services.teamsheets import Lineup, team_sheet_write


def team_sheet_draw(*, fixture_id: int, singles: Sequence[Lineup], home: Sequence[int], away: Sequence[int],
                    user: Author, seed: str | None = None,
                    conceded: Mapping[int, str] | None = None) -> MatchNight:
    """Draws the pairs and enters the sheet; `seed` is a new random one
    unless given (a draw made at the table and typed in); `conceded`: the
    singles rubbers (number) a short side concedes ("home" or "away").
    Raises what team_sheet_enter raises, and TeamSheetInvalid when there is
    nothing to draw or the players given do not fit the format."""
    conceding: dict[int, formats.Side] = {number: known for number, side in (conceded or {}).items()
                                          for known in formats.SIDES if known == side}
    fixture = Fixture.objects.select_related("division__season__league", "home_team").get(pk=fixture_id)
    fmt = match_format_of(fixture)
    try:
        # Who may, before what: a stranger learns nothing of the sheet.
        require_captain(fixture, fixture.home_team, user, doing="draw the pairs")
        problems = formats.draw_problems(fmt, singles, home, away, conceding)
        if len(conceding) != len(conceded or {}):
            problems.append("A rubber is conceded by home or away.")
        if problems:
            raise TeamSheetInvalid(problems)
    except (NotPermitted, Refused) as refused:
        audit_record(user=user, action=AuditAction.NIGHT_PAIRS_DRAWN, target=fixture,
                     data={"home": list(home), "away": list(away)}, refusal=refused)
        raise
    seed = seed or secrets.token_hex(8)
    lineups = formats.drawn_lineups(fmt, singles, home, away, seed=seed, conceded=conceding)
    night = team_sheet_write(fixture_id=fixture_id, user=user, seed=seed,
                             lineups=[(lineup.home, lineup.away) for lineup in lineups],
                             conceded={number: lineup.conceded_by for number, lineup in enumerate(lineups, start=1)
                                       if lineup.conceded_by is not None})
    with transaction.atomic():
        audit_record(user=user, action=AuditAction.NIGHT_PAIRS_DRAWN, target=fixture, data={
            "seed": seed, "home": list(home), "away": list(away),
            "pairs": [[list(lineup.home), list(lineup.away)]
                      for lineup, rubber in zip(lineups, fmt.rubbers, strict=True)
                      if rubber.kind == "pairs"],
            "conceded": {str(number): lineup.conceded_by for number, lineup in enumerate(lineups, start=1)
                         if lineup.conceded_by is not None}})
        pages_changed_by(action=AuditAction.NIGHT_PAIRS_DRAWN, target=fixture)
    return night
