"""Recording each player's part in each game of a returned result, once,
so that player statistics are a sum over stored rows and never a replay.

Written when a result is submitted and again when a secretary corrects it
(`league.services.results`). The final score and the winner are the
result's own (`RubberGame`), so a correction counts; what a player did in
a game scored live (15s, penalties) comes from replaying its move log
through the engine, once, here. A game entered from the paper card has no
move log: its `fifteens` and `penalties` are None, unknown, and the
statistics count them over the games scored live only.

Seats are laid out home first: singles [home, away]; pairs [home player,
away player, home partner, away partner], partners opposite, so an even
seat is the home side's.
"""
from collections.abc import Iterable, Iterator

import scoring
from league.engine import engine_of
from league.models import MatchNight, PlayerGame, Rubber, RubberGame
from league.selectors.competition import division_settings
from league.selectors.formats import division_format, version_format
from league.selectors.matches import game_outcome

Seat = tuple[int, int, str]  # player id, team id, "home" or "away"


def player_games_record(*, night_ids: Iterable[int]) -> int:
    """Replaces the player games of these nights with what their games now
    say; returns how many were written. Call it inside the transaction that
    changed the games."""
    ids = list(night_ids)
    nights = {night.pk: night for night in
              MatchNight.objects.filter(pk__in=ids).select_related("fixture", "format_version")}
    # A conceded rubber was played by no one, and an unchecked one (block
    # dominoes) is not a game of Fives and Threes: neither is in the statistics.
    rubbers = (Rubber.objects.filter(night_id__in=ids, conceded_by="", game=Rubber.Game.FIVES_AND_THREES)
               .order_by("night_id", "number")
               .prefetch_related("games__game"))
    targets = Targets()
    rows = [row for rubber in rubbers for row in _rubber_rows(nights[rubber.night_id], rubber, targets)]
    PlayerGame.objects.filter(night_id__in=ids).delete()
    PlayerGame.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


class Targets:
    """The target of each rubber's games, by division, the format version
    the night pinned, and rubber number: the division's rules with the
    rubber's changes (Leek pairs to 121)."""

    def __init__(self) -> None:
        self._known: dict[tuple[int, int | None, int], int] = {}

    def of(self, night: MatchNight, number: int) -> int:
        division_id = night.fixture.division_id
        key = (division_id, night.format_version_id, number)
        if key not in self._known:
            settings = division_settings(division_id=division_id)
            fmt = (version_format(night.format_version) if night.format_version is not None
                   else division_format(division_id=division_id))
            spec = fmt.rubbers[number - 1]
            self._known[key] = scoring.Rules.parse(spec.rules_over(settings.rules)).target
        return self._known[key]


def seats_of(rubber: Rubber, home_team: int, away_team: int) -> list[Seat]:
    """The rubber's players in seat order, home first (a rubber both sides
    fielded: conceded ones are not recorded)."""
    assert rubber.home_player_id is not None and rubber.away_player_id is not None
    home, away = (rubber.home_player_id, home_team, "home"), (rubber.away_player_id, away_team, "away")
    if rubber.kind == Rubber.Kind.SINGLES:
        return [home, away]
    assert rubber.home_partner_id is not None and rubber.away_partner_id is not None
    return [home, away, (rubber.home_partner_id, home_team, "home"), (rubber.away_partner_id, away_team, "away")]


def seat_counts(events: Iterable[scoring.Event], seats: int) -> tuple[list[int], list[int]]:
    """The 15s scored and the penalties against, seat by seat, read from the
    engine's events (docs/scoresheet.md): a play making an end total of 15 whose
    points were not voided by the target; an offence the engine penalised,
    charged to the seat that committed it, and a false knock found when the
    tiles were shown to the seat that knocked."""
    fifteens, penalties = [0] * seats, [0] * seats
    for event in events:
        if event["type"] == "hand-end":
            for knock in event.get("false_knocks", ()):
                penalties[knock["seat"]] += 1
            continue
        seat = event["seat"]
        if event["type"] == "play" and event.get("total") == 15 and not event.get("bust"):
            fifteens[seat] += 1
        penalties[seat] += len(_offences(event))
    return fifteens, penalties


def _offences(event: scoring.MoveEvent) -> set[str]:
    """The offences the event's seat was penalised for. An offence that pegs
    its side back lists that side; one that pegs the others on (award,
    muggins) lists them; an under-peg ruled `correct` credits the side its
    own points, which is no penalty."""
    side = event["side"]
    return {penalty["offence"] for penalty in event.get("penalties", ())
            if penalty["side"] != side or penalty["points"] <= 0}


def _rubber_rows(night: MatchNight, rubber: Rubber, targets: Targets) -> Iterator[PlayerGame]:
    fixture = night.fixture
    seats = seats_of(rubber, fixture.home_team_id, fixture.away_team_id)
    target = targets.of(night, rubber.number)
    for rubber_game in rubber.games.all():
        outcome = game_outcome(rubber_game)
        if outcome is None or outcome.home_score is None or outcome.away_score is None:
            continue
        counts = _live_counts(rubber_game, len(seats))
        for seat, (player, team, side) in enumerate(seats):
            score = outcome.home_score if side == "home" else outcome.away_score
            won = outcome.winner == side
            yield PlayerGame(
                night=night, rubber_game=rubber_game, division_id=fixture.division_id, player_id=player,
                team_id=team, won=won, pegged=score, on_target=won and score == target,
                live=counts is not None,
                fifteens=counts[0][seat] if counts else None, penalties=counts[1][seat] if counts else None,
            )


def _live_counts(rubber_game: RubberGame, seats: int) -> tuple[list[int], list[int]] | None:
    if rubber_game.source != RubberGame.Source.LIVE or rubber_game.game is None:
        return None
    return seat_counts(engine_of(rubber_game.game).events, seats)
