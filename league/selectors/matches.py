"""Reading match nights: the team sheet, each game's outcome, the match
score so far, and which results are overdue or disputed.

Terms: a game's *outcome* is its final scores and winner: from the paper
card as entered, or from the live game's cache once the engine has called
it won. A live game still being played has no outcome yet. A fixture's
result is *due* `result_deadline_days` after the night it is set for, and
*overdue* when that day has passed without the home captain submitting it.
"""
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from league import formats
from league.models import Fixture, Game, MatchNight, Player, Rubber, RubberGame
from league.selectors.competition import division_settings
from league.selectors.formats import night_format
from league.selectors.shown_names import name_public, words_shown

Status = Fixture.Status
# The statuses of a fixture whose match is on.
PLAYABLE = (Status.PUBLISHED, Status.REARRANGED)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: the points pegged by each side and who won; an
    unchecked rubber's game entered without scores has None for both."""

    home_score: int | None
    away_score: int | None
    winner: formats.Side


def game_outcome(rubber_game: RubberGame) -> Outcome | None:
    """The game's outcome, or None while a live game is being played."""
    if rubber_game.source == RubberGame.Source.CARD or rubber_game.winner:
        return Outcome(rubber_game.home_score, rubber_game.away_score, _side(rubber_game.winner))
    game = rubber_game.game
    if game is None or game.status != Game.Status.WON or game.winner is None:
        return None
    # Seats are laid out home first (home, away, home, away for pairs), so
    # side 0 is always the home side.
    return Outcome(int(game.scores[0]), int(game.scores[1]), "home" if game.winner == 0 else "away")


def _side(winner: str) -> formats.Side:
    """A stored winner as the rules name the side. The services store only
    these two; anything else is refused as rubber_winner refuses it."""
    for side in formats.SIDES:
        if winner == side:
            return side
    raise formats.ResultError(f"the winner is 'home' or 'away', not {winner!r}")


def match_format_of(fixture: Fixture) -> formats.MatchFormat:
    """The match format the fixture's night is played under: the version
    its night pinned, or the division's newest before then."""
    return night_format(fixture_id=fixture.pk, division_id=fixture.division_id)


def singles_numbers(*, fixture_id: int) -> list[int]:
    """The numbers of the singles rubbers of the fixture's format, in order.
    Raises Fixture.DoesNotExist."""
    fixture = Fixture.objects.get(pk=fixture_id)
    return [number for number, rubber in enumerate(match_format_of(fixture).rubbers, start=1)
            if rubber.kind != "pairs"]


def night_rubbers(night: MatchNight) -> list[Rubber]:
    """The night's rubbers in order, each with its games (and their live
    games) and players loaded."""
    games = Prefetch("games", queryset=RubberGame.objects.select_related("game").order_by("number"))
    return list(night.rubbers.select_related("home_player", "home_partner", "away_player", "away_partner")
                .prefetch_related(games).order_by("number"))


def rubber_results(rubber: Rubber) -> list[formats.Side]:
    """The winners of the rubber's finished games, in order, stopping at the
    first game still being played."""
    winners: list[formats.Side] = []
    for rubber_game in rubber.games.all():
        outcome = game_outcome(rubber_game)
        if outcome is None:
            break
        winners.append(outcome.winner)
    return winners


def match_score_so_far(fmt: formats.MatchFormat, rubbers: list[Rubber]) -> tuple[int, int]:
    """Rubbers won by (home, away) from the games finished so far."""
    by_number = {rubber.number: rubber_results(rubber) for rubber in rubbers}
    games = [by_number.get(number, []) for number in range(1, len(fmt.rubbers) + 1)]
    return formats.match_score(fmt, games)


def result_due(fixture: Fixture, *, days: int | None = None) -> date:
    """The last day the home captain has to submit the result; `days` is the
    division's deadline when the caller has already read it."""
    if days is None:
        days = division_settings(division_id=fixture.division_id).result_deadline_days
    return fixture.played_on + timedelta(days=days)


def results_overdue(*, league_id: int, today: date | None = None) -> list[tuple[Fixture, date]]:
    """The league's fixtures whose result is past its deadline and not yet
    submitted, with the day it was due, oldest first."""
    today = today or timezone.localdate()
    candidates = (Fixture.objects.filter(division__season__league_id=league_id, status__in=PLAYABLE)
                  .exclude(night__status__in=[MatchNight.Status.SUBMITTED, MatchNight.Status.CONFIRMED,
                                              MatchNight.Status.DISPUTED])
                  .select_related("home_team", "away_team", "division", "venue"))
    deadlines: dict[int, int] = {}
    late = []
    for fixture in candidates:
        if fixture.division_id not in deadlines:
            deadlines[fixture.division_id] = division_settings(division_id=fixture.division_id).result_deadline_days
        due = fixture.played_on + timedelta(days=deadlines[fixture.division_id])
        if due < today:
            late.append((fixture, due))
    return sorted(late, key=lambda pair: (pair[1], pair[0].pk))


def results_due_soon(*, league_id: int, within: int, today: date | None = None) -> list[tuple[Fixture, date]]:
    """The league's fixtures played by `today` whose result is due within
    `within` days from it (today included) and not yet submitted, with the
    day each is due."""
    today = today or timezone.localdate()
    candidates = (Fixture.objects.filter(division__season__league_id=league_id, status__in=PLAYABLE)
                  .exclude(night__status__in=[MatchNight.Status.SUBMITTED, MatchNight.Status.CONFIRMED,
                                              MatchNight.Status.DISPUTED])
                  .select_related("home_team__captain", "home_team__vice_captain", "away_team", "division__season"))
    soon = []
    for fixture in candidates:
        if fixture.played_on > today:
            continue
        due = result_due(fixture)
        if today <= due <= today + timedelta(days=within):
            soon.append((fixture, due))
    return sorted(soon, key=lambda pair: (pair[1], pair[0].pk))


def results_awaiting(*, league_id: int, status: str) -> list[MatchNight]:
    """The league's match nights in `status` (submitted: awaiting the away
    captain; disputed: awaiting the secretary), oldest first."""
    return list(MatchNight.objects.filter(fixture__division__season__league_id=league_id, status=status)
                .select_related("fixture__home_team", "fixture__away_team", "fixture__division",
                                "submitted_by", "disputed_by")
                .order_by("changed_at", "pk"))


def night_view(*, fixture_id: int) -> dict[str, Any]:
    """Everything a match night page or the API shows of a fixture's night:
    its status, the score so far, each rubber's players and games (a live
    game with its current scores), the result's due date and any dispute.
    Raises Fixture.DoesNotExist."""
    fixture = Fixture.objects.select_related("home_team", "away_team", "venue", "division").get(pk=fixture_id)
    # One read of the division's settings serves the format and the deadline:
    # a scoreboard asks for this view every few seconds.
    settings = division_settings(division_id=fixture.division_id)
    fmt = night_format(fixture_id=fixture.pk, division_id=fixture.division_id)
    night = MatchNight.objects.filter(fixture=fixture).first()
    rubbers = {rubber.number: rubber for rubber in night_rubbers(night)} if night is not None else {}
    home, away = match_score_so_far(fmt, list(rubbers.values()))
    view: dict[str, Any] = {
        "fixture": fixture.pk,
        "home_team": {"id": fixture.home_team_id, "name": fixture.home_team.name},
        "away_team": {"id": fixture.away_team_id, "name": fixture.away_team.name},
        "venue": fixture.venue.name,
        "date": fixture.played_on.isoformat(),
        "fixture_status": fixture.status,
        "format": {"key": fmt.key, "name": fmt.name, "pairs": fmt.pairs, "substitutes": fmt.substitutes},
        "status": night.status if night is not None else MatchNight.Status.OPEN,
        "score": [home, away],
        "result_due": result_due(fixture, days=settings.result_deadline_days).isoformat(),
        "dispute_reason": _words(night.dispute_reason, fixture) if night is not None else "",
        "resolution": _words(night.resolution, fixture) if night is not None else "",
        "pairs_seed": night.pairs_seed if night is not None else "",
        "rubbers": [_rubber_view(number, spec, rubbers.get(number)) for number, spec in enumerate(fmt.rubbers, 1)],
    }
    view["unchecked"] = any(rubber["unchecked"] for rubber in view["rubbers"])
    view["walkover"] = _walkover_view(fixture)
    if view["walkover"] is not None and view["walkover"]["score"] is not None:
        view["score"] = view["walkover"]["score"]
    return view


def _words(text: str, fixture: Fixture) -> str:
    """A captain's or a secretary's words on the night, any player of the
    two squads in them named as the public may see them: the view is the
    public's. One query, for words there are."""
    if not text:
        return text
    squads = Player.objects.filter(
        registrations__season_id=fixture.division.season_id,
        registrations__team_id__in=[fixture.home_team_id, fixture.away_team_id]).distinct()
    return words_shown(text, squads, None)


def _walkover_view(fixture: Fixture) -> dict[str, Any] | None:
    """A walkover's winner, and the score and points recorded with it (none
    for one awarded before they were kept)."""
    if fixture.status != Fixture.Status.WALKOVER:
        return None
    figures = (fixture.walkover_home_games, fixture.walkover_away_games,
               fixture.walkover_home_points, fixture.walkover_away_points)
    recorded = None not in figures
    return {"winner": "home" if fixture.walkover_winner_id == fixture.home_team_id else "away",
            "score": list(figures[:2]) if recorded else None, "points": list(figures[2:]) if recorded else None}


def _rubber_view(number: int, spec: formats.Rubber, rubber: Rubber | None) -> dict[str, Any]:
    view: dict[str, Any] = {"number": number, "kind": spec.kind, "best_of": spec.best_of,
                            "home": [], "away": [], "games": [], "winner": None,
                            "unchecked": not spec.checked, "conceded_by": None}
    if rubber is None:
        return view
    # As the sheet stored it: a night keeps what its rubber was when played.
    view["kind"], view["unchecked"] = rubber.kind, not rubber.checked
    view["conceded_by"] = rubber.conceded_by or None
    # As anyone may see them: the night's view is the scoreboards' and the
    # cached night page's, shared between readers.
    view["home"] = [{"id": p.pk, "name": name_public(p)} for p in (rubber.home_player, rubber.home_partner) if p]
    view["away"] = [{"id": p.pk, "name": name_public(p)} for p in (rubber.away_player, rubber.away_partner) if p]
    view["games"] = [_game_view(game) for game in rubber.games.all()]
    view["winner"] = formats.rubber_winner(spec, rubber_results(rubber))
    return view


def _game_view(rubber_game: RubberGame) -> dict[str, Any]:
    outcome = game_outcome(rubber_game)
    live = rubber_game.game
    scores = ([outcome.home_score, outcome.away_score] if outcome is not None
              else [int(s) for s in live.scores[:2]] if live is not None and live.scores else [0, 0])
    # `seq`: how far into its log a live game's scores are, so that the
    # night's page draws a newer state it is sent over them, never an older.
    return {"number": rubber_game.number, "source": rubber_game.source, "game": rubber_game.game_id,
            "scores": scores, "winner": outcome.winner if outcome is not None else None,
            "playing": outcome is None, "seq": live.seq if live is not None else None}


def night_fixture_ids(*, night_ids: set[int]) -> list[int]:
    """The fixtures of these match nights (no query when there are none)."""
    return list(night_fixtures(night_ids=night_ids).values())


def night_fixtures(*, night_ids: set[int]) -> dict[int, int]:
    """Each of these match nights' fixture, by the night's id (no query when there are none)."""
    if not night_ids:
        return {}
    return dict(MatchNight.objects.filter(pk__in=night_ids).values_list("pk", "fixture_id"))
