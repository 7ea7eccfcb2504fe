"""Reading cups: a season's competitions, one competition round by round
with its ties and their legs, the legs as `cups.decide` reads them, the
roll of winners and the finals night.

Terms are those of `league.models.cups`. A tie's *legs* are its fixtures in
leg order; a leg *counts* once its result is confirmed or it was given as a
walkover; a void leg counts for nothing; any other leg is still to be
played, and nothing after it is read.
"""
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Q

import cups
from league.authors import Author
from league.competition_kinds import Dating, kinds_dating
from league.models import (
    Competition,
    CupDraw,
    CupEntry,
    CupGame,
    CupTie,
    Fixture,
    MatchNight,
    Player,
    Rubber,
    Season,
    Team,
)
from league.selectors.cup_games import cup_game_outcome
from league.selectors.matches import game_outcome, night_rubbers
from league.selectors.shown_names import entry_name_shown, reason_shown, words_shown

Status = Fixture.Status


@dataclass(frozen=True, slots=True)
class LegResult:
    """A leg as played: the fixture, and its result as cups reads it (None
    while it is still to be played)."""

    fixture: Fixture
    leg: cups.Leg | None


def competitions_of_season(*, season_id: int) -> list[Competition]:
    """The season's cups by name, each with its division."""
    return list(Competition.objects.filter(season_id=season_id).select_related("division", "season__league")
                .order_by("name", "id"))


def competition_get(*, competition_id: int) -> Competition:
    """Raises Competition.DoesNotExist."""
    return (Competition.objects.select_related("season__league", "division", "finals_venue")
            .get(pk=competition_id))


def season_get(*, season_id: int) -> Season:
    """Raises Season.DoesNotExist."""
    return Season.objects.select_related("league").get(pk=season_id)


def tie_get(*, tie_id: int) -> CupTie:
    """A tie with its sides and legs, as competition_ties loads them.
    Raises CupTie.DoesNotExist."""
    return (CupTie.objects.select_related("competition", "home__team", "home__player", "home__partner",
                                          "away__team", "away__player", "away__partner", "winner__team",
                                          "winner__player", "winner__partner")
            .prefetch_related("legs__night", "legs__venue", "games__game").get(pk=tie_id))


def competition_entries(*, competition_id: int) -> list[CupEntry]:
    """Every entry, withdrawn ones too, in the order they came in."""
    return list(CupEntry.objects.filter(competition_id=competition_id)
                .select_related("team", "player", "partner").order_by("entered_at", "id"))


def competition_draws(*, competition_id: int) -> list[CupDraw]:
    """The draws made, oldest first."""
    return list(CupDraw.objects.filter(competition_id=competition_id).select_related("made_by")
                .order_by("made_at", "id"))


def competition_ties(*, competition_id: int) -> list[CupTie]:
    """Every tie, round by round, with its sides and their legs."""
    return list(CupTie.objects.filter(competition_id=competition_id)
                .select_related("home__team", "home__player", "home__partner", "away__team", "away__player",
                                "away__partner", "winner__team", "winner__player", "winner__partner")
                .prefetch_related("legs__night", "legs__venue", "games__game").order_by("round", "number"))


def rounds_in(ties: list[CupTie]) -> int:
    """How many rounds the cup's knockout has, the final included: the
    first round has a tie (or a bye) for every two places in the bracket.
    A group stage's matches are no round of it."""
    first = sum(1 for tie in ties if tie.round == 1 and not tie.group)
    return first.bit_length()


def tie_legs(*, tie: CupTie) -> list[LegResult]:
    """The tie's legs in order, each with its result as cups reads it, up
    to the first still to be played; void legs left out."""
    found = []
    for fixture in Fixture.objects.filter(cup_tie=tie).select_related("night").order_by("leg"):
        if fixture.status == Status.VOID:
            continue
        leg = leg_result(tie, fixture)
        found.append(LegResult(fixture, leg))
        if leg is None:
            break
    return found


def leg_result(tie: CupTie, fixture: Fixture) -> cups.Leg | None:
    """The leg as cups reads it: entries for sides, the games (rubbers)
    each side won and the points it pegged; None while it still counts for
    nothing (not played, or its result not yet confirmed)."""
    assert tie.home is not None and tie.away is not None
    side: dict[int | None, int] = {tie.home.team_id: tie.home.pk, tie.away.team_id: tie.away.pk}
    home, away = side[fixture.home_team_id], side[fixture.away_team_id]
    if fixture.status == Status.WALKOVER:
        return cups.Leg(home=home, away=away, walkover_to=side[fixture.walkover_winner_id])
    night = MatchNight.objects.filter(fixture=fixture).first()
    if night is None or night.status != MatchNight.Status.CONFIRMED:
        return None
    home_points = away_points = 0
    for rubber in night_rubbers(night):
        if rubber.game == Rubber.Game.BLOCK:
            continue  # another game's points, as in the league's table
        for rubber_game in rubber.games.all():
            outcome = game_outcome(rubber_game)
            if outcome is not None:
                home_points += outcome.home_score or 0
                away_points += outcome.away_score or 0
    return cups.Leg(home=home, away=away, home_games=night.home_games or 0, away_games=night.away_games or 0,
                    home_points=home_points, away_points=away_points)


def next_leg(*, tie: CupTie) -> Fixture | None:
    """The tie's leg still to be played (arranged, not yet counted), if any."""
    for result in tie_legs(tie=tie):
        if result.leg is None:
            return result.fixture
    return None


def tie_begun(*, tie: CupTie) -> str:
    """What has been played of a knockout tie, in words to follow "the
    tie" ("" while nothing has): decided, a leg given as a walkover or with
    its team sheet in (a team tie), a game begun or entered from the card
    (a singles or pairs tie). Once a tie has begun, its sides are the ones
    who played it: the tie that sent one of them there can no longer be
    decided for someone else."""
    if tie.winner_id is not None:
        return f"is decided ({reason_shown(tie, None)})"
    for fixture in Fixture.objects.filter(cup_tie=tie).exclude(status=Status.VOID).order_by("leg"):
        if fixture.status == Status.WALKOVER:
            return f"has had leg {fixture.leg} given as a walkover"
        if MatchNight.objects.filter(fixture=fixture).exists():
            return f"has begun (leg {fixture.leg}'s team sheet is in)"
    if CupGame.objects.filter(tie=tie).exists():
        return "has begun (a game of it is played or being played)"
    return ""


def next_sides(*, tie: CupTie) -> tuple[CupEntry, CupEntry]:
    """Who is at home, and who away, in the tie's next leg: leg 1 at the
    tie's home side, then each leg at the side away in the one before."""
    assert tie.home is not None and tie.away is not None
    last = Fixture.objects.filter(cup_tie=tie).exclude(status=Status.VOID).order_by("-leg").first()
    if last is None or last.home_team_id != tie.home.team_id:
        return tie.home, tie.away
    return tie.away, tie.home


def ties_to_arrange(*, user: Any) -> list[tuple[CupTie, str]]:
    """The team cup ties waiting on one of `user`'s teams (as captain or
    vice-captain): ("offer", tie) for the next leg's home side with no dates
    offered yet, ("pick", tie) for its away side once dates are offered."""
    uid = user.pk if user is not None and user.is_authenticated else None
    if uid is None:
        return []
    mine = Q(captain_id=uid) | Q(vice_captain_id=uid)
    teams = set(Team.objects.filter(mine).values_list("pk", flat=True))
    if not teams:
        return []
    found = []
    candidates = (CupTie.objects.filter(competition__kind__in=kinds_dating(Dating.LEGS), winner__isnull=True,
                                        bye=False, home__isnull=False, away__isnull=False)
                  .filter(Q(home__team_id__in=teams) | Q(away__team_id__in=teams))
                  .select_related("competition__season", "home__team", "away__team").order_by("round", "pk"))
    for tie in candidates:
        if next_leg(tie=tie) is not None or (tie.group and any(r.leg is not None for r in tie_legs(tie=tie))):
            continue  # a leg to play first; a group match (drawn, it has no winner) played
        home, away = next_sides(tie=tie)
        if home.team_id in teams and not tie.offered_dates:
            found.append((tie, "offer"))
        elif away.team_id in teams and tie.offered_dates:
            found.append((tie, "pick"))
    return found


def competition_view(*, competition_id: int, user: Author = None) -> dict[str, Any]:
    """Everything a cup's page or the API shows: the cup, its rounds (named
    as leagues name them), each tie with its sides, window, dates, legs
    (fixture, date, status, score) and winner."""
    competition = competition_get(competition_id=competition_id)
    ties = competition_ties(competition_id=competition_id)
    total = rounds_in(ties)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for tie in ties:
        if not tie.group:
            rounds.setdefault(tie.round, []).append(tie_view(tie, user=user))
    return {
        "id": competition.pk, "name": competition.name, "slug": competition.slug, "kind": competition.kind,
        "status": competition.status, "season": competition.season_id, "division": competition.division_id,
        "structure": competition.structure,
        "rounds": [{"round": number, "name": cups.round_name(number, max(total, number)), "ties": found}
                   for number, found in sorted(rounds.items())],
    }


def tie_view(tie: CupTie, *, user: Author = None) -> dict[str, Any]:
    """A tie as the API shows it to `user`; reads the legs prefetched by
    competition_ties."""
    legs = sorted(tie.legs.all(), key=lambda fixture: fixture.leg or 0)
    return {
        "id": tie.pk, "group": tie.group, "round": tie.round, "number": tie.number, "bye": tie.bye,
        "home": _side(tie.home, user), "away": _side(tie.away, user), "winner": _side(tie.winner, user),
        "decided_reason": reason_shown(tie, user),
        "window_start": _iso(tie.window_start), "window_end": _iso(tie.window_end),
        "offered_dates": list(tie.offered_dates), "date": _iso(tie.date),
        "legs": [_leg_view(fixture) for fixture in legs],
        "games": [_game_view(game, tie, user) for game in sorted(tie.games.all(), key=lambda game: game.number)],
    }


def _game_view(cup_game: CupGame, tie: CupTie, user: Author) -> dict[str, Any]:
    """A singles or pairs tie's game: live (its game's id) or from the
    card, with its final score once it is won, and the start a live game
    was set up with (a handicap cup's)."""
    outcome = cup_game_outcome(cup_game)
    waiting = cup_game.state != CupGame.State.COUNTS  # a card's scores, submitted: shown, not counting
    return {"number": cup_game.number, "kind": cup_game.source, "game": cup_game.game_id,
            "state": cup_game.state, "dispute_reason": words_shown(cup_game.dispute_reason, _players(tie), user),
            "home_score": outcome.home_score if outcome else cup_game.home_score if waiting else None,
            "away_score": outcome.away_score if outcome else cup_game.away_score if waiting else None,
            "winner": outcome.winner if outcome else None,
            "start": list(cup_game.game.start) if cup_game.game is not None and cup_game.game.start else None}


def finals_night(*, competition_id: int) -> list[Fixture]:
    """The cup's fixtures set for its finals night at its finals venue."""
    competition = competition_get(competition_id=competition_id)
    if competition.finals_date is None or competition.finals_venue_id is None:
        return []
    fixtures = (Fixture.objects.filter(cup_tie__competition=competition, venue_id=competition.finals_venue_id)
                .exclude(status__in=[Status.DRAFT, Status.POSTPONED, Status.VOID])
                .select_related("home_team", "away_team", "venue", "cup_tie")
                .order_by("cup_tie__round", "cup_tie__number", "leg"))
    return [fixture for fixture in fixtures if fixture.played_on == competition.finals_date]


def _players(tie: CupTie) -> list[Player]:
    """The players of a singles or pairs tie's two sides."""
    return [p for entry in (tie.home, tie.away) if entry is not None
            for p in (entry.player, entry.partner) if p is not None]


def _side(entry: CupEntry | None, user: Author) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {"entry": entry.pk, "team": entry.team_id, "name": entry_name_shown(entry, user)}


def _leg_view(fixture: Fixture) -> dict[str, Any]:
    night = getattr(fixture, "night", None)
    confirmed = night is not None and night.status == MatchNight.Status.CONFIRMED
    return {
        "leg": fixture.leg, "fixture": fixture.pk, "date": fixture.played_on.isoformat(),
        "home_team": fixture.home_team_id, "away_team": fixture.away_team_id, "venue": fixture.venue.name,
        "status": fixture.status, "night_status": night.status if night is not None else MatchNight.Status.OPEN,
        "score": [night.home_games, night.away_games] if confirmed and night is not None else None,
        "walkover_winner": fixture.walkover_winner_id,
    }


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day is not None else None
