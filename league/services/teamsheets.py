"""Entering a match night's team sheet: who plays each rubber.

The home captain (or a league secretary) enters the whole sheet, both
teams' players, rubber by rubber in the order of the division's match
format. It is checked against the format (`league.formats`) and the squads
(only players registered for the team on the night, eligible by the
league's rules, may play for it: `league.selectors.eligibility`), and
refused with every problem listed. The sheet may be entered again while the
night is open, but a rubber that has games recorded keeps its players.

A side short of players concedes the rubbers it cannot field (`conceded`:
rubber number to the side conceding): it names nobody for them, and each is
recorded at once as won by the other side, its games at the format's
concede score (61-0) and played by nobody. A side that cannot raise the
format's minimum forfeits the match instead
(`league.services.fixtures.fixture_forfeit`).

In a format whose pairs are drawn at the table, the pairs come from the
draw (`league.services.pairs_draw`, which enters the sheet through here
with its seed). A sheet entered by hand there is refused unless its pairs
are what the night's seed draws from the players it gives for them (the
singles changed, the pairs kept): so the night never shows a seed that does
not give its pairs. In a format that names its pairs, a sheet entered by
hand clears any seed left from a draw under an earlier format.
"""
from collections.abc import Mapping, Sequence
from typing import Any

from league import formats
from league.authors import Author
from league.models import Fixture, MatchNight, Rubber, RubberGame, Team
from league.models.audit_actions import AuditAction
from league.refusals import TeamSheetInvalid
from league.selectors.competition import division_settings
from league.selectors.eligibility import sheet_squad
from league.selectors.matches import match_format_of
from league.services.nights import Night, night_change, require_captain, require_playable, require_status

# A rubber's players as entered: (home player ids, away player ids).
Lineup = tuple[Sequence[int], Sequence[int]]


def team_sheet_enter(*, fixture_id: int, lineups: Sequence[Lineup], user: Author,
                     conceded: Mapping[int, str] | None = None) -> MatchNight:
    """Records who plays each rubber, and the rubbers a short side concedes
    (`conceded`: rubber number to "home" or "away"). Raises
    Fixture.DoesNotExist, NotCaptain, FixtureNotPlayable, WrongNightStatus
    or TeamSheetInvalid (also for pairs named by hand where they are drawn)."""
    return team_sheet_write(fixture_id=fixture_id, lineups=lineups, user=user, conceded=conceded, seed=None)


def team_sheet_write(*, fixture_id: int, lineups: Sequence[Lineup], user: Author,
                     conceded: Mapping[int, str] | None, seed: str | None) -> MatchNight:
    """`team_sheet_enter`, for the sheet by hand (`seed` None) or as drawn
    from `seed` (the draw's own path: the seed is kept with the sheet)."""
    conceding = dict(conceded or {})

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> MatchNight:
        details["lineups"] = [[list(home), list(away)] for home, away in lineups]
        if conceding:
            details["conceded"] = {str(number): side for number, side in sorted(conceding.items())}
        require_captain(fixture, fixture.home_team, user, doing="enter the team sheet")
        require_playable(fixture)
        require_status(night, Night.OPEN, doing="change the team sheet")
        fmt = match_format_of(fixture)
        problems = _concessions_unknown(fmt, conceding)
        if not problems:
            problems = formats.team_sheet_problems(fmt, _sheet(fixture, lineups, conceding))
        if not problems:
            problems = _played_rubbers_changed(night, lineups)
        if not problems and seed is None:
            problems = _pairs_named_by_hand(fmt, night, lineups, conceding)
        if problems:
            raise TeamSheetInvalid(problems)
        night.pairs_seed = seed if seed is not None else night.pairs_seed if fmt.pairs == "drawn" else ""
        night.save()
        _rubbers_write(fixture, night, fmt, lineups, conceding)
        return night

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_TEAM_SHEET, user=user, change=change)


def _concessions_unknown(fmt: formats.MatchFormat, conceding: Mapping[int, str]) -> list[str]:
    """A concession names a rubber of the format and one of its two sides."""
    return [f"Rubber {number} cannot be conceded by {side!r}: a rubber from 1 to {len(fmt.rubbers)} "
            f"is conceded by home or away." for number, side in sorted(conceding.items())
            if side not in formats.SIDES or not 1 <= number <= len(fmt.rubbers)]


def _sheet(fixture: Fixture, lineups: Sequence[Lineup], conceding: Mapping[int, str]) -> formats.TeamSheet:
    named = {pk for home, away in lineups for pk in (*home, *away)}
    return formats.TeamSheet(
        home=_squad(fixture, fixture.home_team, named),
        away=_squad(fixture, fixture.away_team, named),
        rubbers=tuple(formats.Lineup(tuple(home), tuple(away), _side(conceding.get(number)))
                      for number, (home, away) in enumerate(lineups, start=1)),
    )


def _side(value: str | None) -> formats.Side | None:
    return next((side for side in formats.SIDES if side == value), None)


def _squad(fixture: Fixture, team: Team, named: set[int]) -> formats.Squad:
    """The named players who may play for the team on the night, and why
    each other named player may not."""
    squad = sheet_squad(division=fixture.division, team=team, named=named, on=fixture.played_on,
                        fixture_id=fixture.pk)
    return formats.Squad(team.name, tuple(formats.Player(pk, name) for pk, name in squad.players), squad.strangers)


def _pairs_named_by_hand(fmt: formats.MatchFormat, night: MatchNight, lineups: Sequence[Lineup],
                         conceding: Mapping[int, str]) -> list[str]:
    """In a format whose pairs are drawn, a sheet by hand keeps the pairs
    the night's seed draws (its singles may change); any other pairs are
    the draw's to give."""
    if fmt.pairs != "drawn":
        return []
    sheet = [formats.Lineup(tuple(home), tuple(away), _side(conceding.get(number)))
             for number, (home, away) in enumerate(lineups, start=1)]
    if night.pairs_seed:
        wrong = formats.pairs_not_drawn(fmt, sheet, night.pairs_seed)
        if not wrong:
            return []
        return [f"In {fmt.name} the pairs are drawn at the table: the seed {night.pairs_seed} does not give "
                f"the pairs named for rubber {', '.join(map(str, wrong))}. Draw the pairs again (Draw the pairs "
                f"on the night page, or POST /api/fixtures/{night.fixture_id}/night/sheet/draw) with the "
                f"players for the pairs and the seed drawn at the table."]
    named = [number for number, (rubber, (home, away)) in enumerate(zip(fmt.rubbers, lineups, strict=True), start=1)
             if rubber.kind == "pairs" and (home or away)]
    if not named:
        return []
    return [f"In {fmt.name} the pairs are drawn at the table, not named: draw them (Draw the pairs on the night "
            f"page, or POST /api/fixtures/{night.fixture_id}/night/sheet/draw) with each side's players for the "
            f"pairs and the seed drawn at the table, and the draw enters the sheet."]


def _played_rubbers_changed(night: MatchNight, lineups: Sequence[Lineup]) -> list[str]:
    """A rubber whose games have begun keeps its players: its games were
    played by them."""
    if night.pk is None:
        return []
    problems = []
    # A conceded rubber's games are the concession's own: it is written anew.
    for rubber in night.rubbers.filter(games__isnull=False, conceded_by="").distinct().order_by("number"):
        entered = lineups[rubber.number - 1] if rubber.number <= len(lineups) else ((), ())
        if (tuple(entered[0]), tuple(entered[1])) != (rubber.home_ids(), rubber.away_ids()):
            problems.append(f"Rubber {rubber.number} has games recorded: its players cannot change.")
    return problems


def _rubbers_write(fixture: Fixture, night: MatchNight, fmt: formats.MatchFormat, lineups: Sequence[Lineup],
                   conceding: Mapping[int, str]) -> None:
    kept = set(night.rubbers.filter(games__isnull=False, conceded_by="").values_list("number", flat=True))
    night.rubbers.exclude(number__in=kept).delete()
    written = Rubber.objects.bulk_create([
        Rubber(night=night, number=number, kind=spec.kind, game=spec.game, conceded_by=conceding.get(number, ""),
               home_player_id=_at(home, 0), home_partner_id=_at(home, 1),
               away_player_id=_at(away, 0), away_partner_id=_at(away, 1))
        for number, (spec, (home, away)) in enumerate(zip(fmt.rubbers, lineups, strict=True), start=1)
        if number not in kept
    ])
    rules = division_settings(division_id=fixture.division_id).rules
    RubberGame.objects.bulk_create([
        game for rubber in written if rubber.conceded_by
        for game in _conceded_games(rubber, fmt.rubbers[rubber.number - 1],
                                    fmt.conceded_score(fmt.rubbers[rubber.number - 1], rules))
    ])


def _at(players: Sequence[int], index: int) -> int | None:
    return players[index] if len(players) > index else None


def _conceded_games(rubber: Rubber, spec: formats.Rubber, score: int | None) -> list[RubberGame]:
    """The games that decide a conceded rubber for the other side, each at
    the concede score to 0 (no score for an unchecked rubber): recorded, not
    played, so entered by no one."""
    winner = "away" if rubber.conceded_by == "home" else "home"
    scores = (None, None) if score is None else (score, 0) if winner == "home" else (0, score)
    return [RubberGame(rubber=rubber, number=number, source=RubberGame.Source.CARD, home_score=scores[0],
                       away_score=scores[1], winner=winner)
            for number in range(1, formats.games_to_win(spec) + 1)]
