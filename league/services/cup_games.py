"""Singles and pairs ties played as games: their dates, their games
scored live on the pad or entered from the card, and who goes through.

A singles or pairs tie is not a fixture of the cup's division, so it has
no leg to arrange: its players offer and pick its date
(league.services.game_tie_dates), or a secretary gives it (a tie gone by
only when insisting, as for a team tie), and a cup with a finals night has its
semi-finals and final dated for that night, at the finals venue, as soon
as they are drawn.

The tie is played as the cup division's match format's first rubber is:
best of its N games, under its rules over the division's. A game is
started live by a secretary or by an entrant's login: a `Game` seated home
first (pairs with partners opposite, as a rubber's), scored by the
entrants' logins and the league's secretaries. In a handicap cup the game
is set up with the start the league's rule gives the weaker side from the
ratings as they stand (`tie_handicap`), on its scoresheet's `start`. A
secretary may instead enter a game's final scores from the card, counting
at once; a player's entry from the card waits for the other side to
confirm it (league.services.cup_game_results). Once a side has won the games
it needs, `cups.decide` reads the tie as one leg (games won, points
pegged) and the winner goes on (`cup_ties.tie_moved_on`); an undo of the
winning move takes the decision back. A walkover or withdrawal is still
recorded with its reason (`cup_ties.tie_winner_set`).

Every change and refusal is audited.
"""
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone

import cups
import scoring
from league import formats
from league.authors import Author, author_user
from league.competition_kinds import kind_rules
from league.models import Competition, CupEntry, CupGame, CupTie, Game
from league.models.audit_actions import AuditAction
from league.ratings.handicap import Handicap
from league.refusals import MoveRejected, NotGameScorer, NotPermitted, Refused, ResultInvalid, TiePlayedOn
from league.selectors.access import is_secretary, secretary_refusal
from league.selectors.cup_games import cup_game_outcome, tie_games, tie_handicap, tie_rubber, tie_rules
from league.selectors.cups import rounds_in
from league.selectors.shown_names import WINNER, reason_shown
from league.services.audit import audit_record
from league.services.cup_ties import tie_moved_on
from league.services.games import game_create
from league.services.match_games import final_score_winner
from league.services.page_versions import pages_changed_by
from league.services.ratings import ratings_queue
from league.services.venue_nights import tie_night_refusal, venues_locked

Failure = NotPermitted | Refused
FINALS_ROUNDS = 2  # the semi-finals and the final


def game_tie_date_set(*, tie_id: int, date: date, user: Author, insist: bool = False) -> CupTie:
    """A secretary sets the date a singles or pairs tie is played, offered
    or not, overriding the players' (`game_tie_dates`). A date gone by is
    refused unless `insist` (a tie already played, recorded late); a night
    its venue is full (`venue_nights.tie_night_refusal`) whatever the
    insist."""
    with transaction.atomic():
        tie = (CupTie.objects.select_for_update(of=("self",), no_key=True)
               .select_related("competition__season__league", "home").get(pk=tie_id))
        failure: Failure | None = (secretary_refusal(league=tie.competition.season.league, user=user,
                                                     doing="can set a cup tie's date")
                                   or _dateable_refusal(tie))
        if failure is None and date < timezone.localdate() and not insist:
            failure = Refused(f"{date.day} {date:%B %Y} has gone: a tie is set for today or later")
        failure = failure or tie_night_refusal(tie, date)
        if failure is None:
            tie.date, tie.offered_dates = date, []  # any dates the players offered are answered
            tie.save(update_fields=["date", "offered_dates"])
        audit_record(user=user, action=AuditAction.CUP_DATE_SET, target=tie, refusal=failure,
                     data={"date": date.isoformat(), "insist": insist})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_DATE_SET, target=tie)
    if failure is not None:
        raise failure
    return tie


def finals_ties_dated(competition: Competition) -> int:
    """Dates the undated semi-finals and final of a singles or pairs cup
    for its finals night; returns how many. Call inside the draw that made
    them (the draw audits itself)."""
    if not kind_rules(competition.kind).dates_ties or competition.finals_date is None:
        return 0
    if competition.finals_venue_id is not None:
        venues_locked([competition.finals_venue_id])  # a match moved there meanwhile counts them
    ties = list(CupTie.objects.filter(competition=competition).only("round"))
    last = rounds_in(ties)
    return (CupTie.objects.filter(competition=competition, round__gt=last - FINALS_ROUNDS, date__isnull=True,
                                  bye=False, winner__isnull=True)
            .update(date=competition.finals_date))


def _dateable_refusal(tie: CupTie) -> Refused | None:
    if not kind_rules(tie.competition.kind).dates_ties:
        return Refused("a team cup's tie is dated by arranging its leg: set its date as a fixture")
    if tie.bye:
        return Refused("a bye has no game to date")
    if tie.winner_id is not None:
        return Refused(f"the tie is decided ({reason_shown(tie, None)}): it has no game left to date")
    return None


def cup_game_start(*, tie_id: int, user: Author) -> CupGame:
    """Starts the tie's next game live; its `Game` is `result.game`. For
    a secretary or either entrant's login."""
    made: CupGame | None = None
    details: dict[str, object] = {}
    with transaction.atomic():
        tie = tie_locked(tie_id)
        failure: Failure | None = _player_refusal(tie, user) or tie_playable_refusal(tie)
        number, rubber = (tie_next_game(tie) if failure is None else (0, None))
        if failure is None and number == 0:
            failure = Refused("the tie's games are decided: no more are played")
        if failure is None and rubber is not None and not rubber.checked:
            failure = Refused(f"the cup's games are {rubber.game}, which is not scored live: enter the score "
                              "from the card")
        if failure is None and rubber is not None:
            assert tie.home is not None and tie.away is not None
            label = tie_game_label(tie)
            rules = tie_rules(tie, rubber)
            given = _handicap_start(tie, rules, details)
            try:
                game = game_create(rules=rules, seats=_seats(tie.home, tie.away),
                                   partners=kind_rules(tie.competition.kind).partners,
                                   start=list(given.start) if given is not None and given.given else None,
                                   label=label + (f", game {number}" if rubber.best_of > 1 else ""),
                                   created_by=user)
            except MoveRejected as refused:
                failure = ResultInvalid(f"the tie cannot be scored under these rules: {refused.message}")
            else:
                game.scorers.set(_scorers(tie))
                made = CupGame.objects.create(tie=tie, number=number, source=CupGame.Source.LIVE, game=game,
                                              entered_by=author_user(user))
                details.update(number=number, game=game.pk)
        audit_record(user=user, action=AuditAction.CUP_GAME_START, target=tie, refusal=failure, data=details)
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_GAME_START, target=tie)
    if failure is not None:
        raise failure
    assert made is not None
    return made


def cup_game_card(*, tie_id: int, home_score: int, away_score: int, user: Author) -> CupGame:
    """A secretary enters the tie's next game from the card as its final
    scores, which must be ones a game under its rules could end on."""
    with transaction.atomic():
        tie = tie_locked(tie_id)
        failure: Failure | None = (secretary_refusal(league=tie.competition.season.league, user=user,
                                                     doing="can enter a cup tie's score from the card")
                                   or tie_playable_refusal(tie))
        made, failure, details = card_game_write(tie, failure, home_score=home_score, away_score=away_score,
                                                 user=user, state=CupGame.State.COUNTS)
        if made is not None:
            tie_game_rated(tie, made)
            tie_decide(tie, user=user)
        audit_record(user=user, action=AuditAction.CUP_GAME_CARD, target=tie, refusal=failure, data=details)
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_GAME_CARD, target=tie)
    if failure is not None:
        raise failure
    assert made is not None
    return made


def cup_change_refused(refusal: TiePlayedOn, *, user: Author) -> None:
    """Audits a change to a game refused because its tie's winner has
    played on; call after the change is rolled back."""
    tie = CupTie.objects.get(pk=refusal.tie_id)
    audit_record(user=user, action=AuditAction.CUP_TIE_DECIDE, target=tie, refusal=refusal, data={"winner": tie.winner_id})


def cup_game_changed(*, game: Game, was_won: bool, user: Author) -> None:
    """After a move or an undo of a game: when it is a cup tie's game and
    it has just been won (or its win undone), decides the tie afresh. Call
    inside the change (league.services.log)."""
    if was_won == (game.status == Game.Status.WON):
        return
    tie_id = CupGame.objects.filter(game_id=game.pk).values_list("tie_id", flat=True).first()
    if tie_id is None:
        return
    tie = tie_locked(tie_id)
    for cup_game in tie_games(tie_id=tie.pk):
        if cup_game.game_id == game.pk:
            outcome = cup_game_outcome(CupGame(source=cup_game.source, game=game))
            cup_game.home_score = outcome.home_score if outcome else None
            cup_game.away_score = outcome.away_score if outcome else None
            cup_game.winner = outcome.winner if outcome else ""
            cup_game.save(update_fields=["home_score", "away_score", "winner"])
            tie_game_rated(tie, cup_game)
    tie_decide(tie, user=user)


def _handicap_start(tie: CupTie, rules: dict[str, Any], details: dict[str, object]) -> Handicap | None:
    """The start a handicap cup's game under `rules` is given (None in a
    cup without handicap), kept in `details` for the audit: the start
    scores, home first, and the sides' ratings they were worked out from."""
    given = tie_handicap(tie, rules)
    if given is not None:
        details.update(start=list(given.start), ratings=[given.home, given.away])
    return given


def card_game_write(tie: CupTie, failure: Failure | None, *, home_score: int, away_score: int, user: Author,
                    state: str) -> tuple[CupGame | None, Failure | None, dict[str, object]]:
    """The tie's next game stored from the card's final scores in `state`,
    unless `failure` already refuses it or the scores cannot end a game
    under the tie's rules: the game (or None), the refusal, and the
    details for the audit."""
    number, rubber = (tie_next_game(tie) if failure is None else (0, None))
    if failure is None and number == 0:
        failure = Refused("the tie's games are decided: no more are played")
    details: dict[str, object] = {"number": number, "home_score": home_score, "away_score": away_score}
    made: CupGame | None = None
    if failure is None and rubber is not None:
        won, failure = card_game_winner(tie, rubber, home_score, away_score, details)
        if won is not None:
            made = CupGame.objects.create(tie=tie, number=number, source=CupGame.Source.CARD, state=state,
                                          home_score=home_score, away_score=away_score, winner=won,
                                          entered_by=author_user(user))
    return made, failure, details


def card_game_winner(tie: CupTie, rubber: formats.Rubber, home_score: int, away_score: int,
                 details: dict[str, object]) -> tuple[formats.Side | None, ResultInvalid | None]:
    """The side a card's final scores give the game, or why no game under
    the tie's rules could end on them."""
    rules = tie_rules(tie, rubber)
    _handicap_start(tie, rules, details)  # the start the card's game was due, as it stood
    try:
        won: formats.Side = ("home" if final_score_winner(scoring.Rules.parse(rules), home_score, away_score) == "home"
                             else "away")
        return won, None
    except ResultInvalid as invalid:
        return None, invalid


def tie_game_rated(tie: CupTie, cup_game: CupGame) -> None:
    """A singles or pairs game won (or its win undone) moves its players'
    ratings from its day on (league.selectors.ratings dates it so)."""
    if kind_rules(tie.competition.kind).plays_games:
        ratings_queue(league_id=tie.competition.season.league_id,
                      played_on=tie.date or timezone.localdate(cup_game.entered_at))


def tie_decide(tie: CupTie, *, user: Author) -> None:
    """Who goes through on the games so far: `cups.decide` reads the tie as
    one leg, once a side has won the games it needs; until then nobody."""
    assert tie.home is not None and tie.away is not None
    rubber = tie_rubber(tie)
    outcomes = [outcome for outcome in (cup_game_outcome(g) for g in tie_games(tie_id=tie.pk)) if outcome]
    winners: list[formats.Side] = [outcome.winner for outcome in outcomes]
    old = tie.winner_id
    if formats.rubber_winner(rubber, winners) is None:
        tie.winner_id, tie.decided_reason = None, ""
    else:
        leg = cups.Leg(home=tie.home.pk, away=tie.away.pk, home_games=winners.count("home"),
                       away_games=winners.count("away"),
                       home_points=sum(o.home_score or 0 for o in outcomes),
                       away_points=sum(o.away_score or 0 for o in outcomes))
        tie_format = cups.TieFormat.from_dict({"legs": 1, "chain": tie.competition.tie_break,
                                               "level": tie.competition.level})
        decided = cups.decide(tie_format, tie.home.pk, tie.away.pk, [leg])
        scores = ", ".join(f"{o.home_score}-{o.away_score}" for o in outcomes)
        tie.winner_id = decided.winner
        tie.decided_reason = (f"{WINNER} through: {decided.reason} ({scores})"
                              if decided.winner is not None else decided.reason)
    if tie.winner_id == old:
        return
    tie.save(update_fields=["winner", "decided_reason"])
    moved = tie_moved_on(tie, old=old, user=user)
    audit_record(user=user, action=AuditAction.CUP_TIE_DECIDE, target=tie,
                 data={"winner": tie.winner_id, "reason": tie.decided_reason, "games": winners, "moved_on": moved})
    pages_changed_by(action=AuditAction.CUP_TIE_DECIDE, target=tie)


def tie_next_game(tie: CupTie) -> tuple[int, formats.Rubber]:
    """The number the tie's next game takes (0: none, the tie's games are
    decided), and the rubber the games are played as; ResultInvalid while
    a game is being played."""
    rubber = tie_rubber(tie)
    winners: list[formats.Side] = []
    games = tie_games(tie_id=tie.pk)
    for cup_game in games:
        if cup_game.state == CupGame.State.SUBMITTED:
            raise ResultInvalid(f"game {cup_game.number}'s score waits for the other side to confirm it")
        if cup_game.state == CupGame.State.DISPUTED:
            raise ResultInvalid(f"game {cup_game.number}'s score is disputed: a secretary resolves it")
        outcome = cup_game_outcome(cup_game)
        if outcome is None:
            raise ResultInvalid(f"game {cup_game.number} of the tie is still being played")
        winners.append(outcome.winner)
    return (0 if formats.rubber_decided(rubber, winners) else len(games) + 1), rubber


def _player_refusal(tie: CupTie, user: Author) -> NotPermitted | None:
    """Why `user` may not start the tie's game: a secretary or an
    entrant's login may."""
    if is_secretary(league=tie.competition.season.league_id, user=user):
        return None
    uid = getattr(user, "pk", None)
    if uid is not None and uid in tie_entrant_logins(tie):
        return None
    return NotGameScorer("only the tie's players, or a league secretary, can start its game")


def tie_playable_refusal(tie: CupTie) -> Refused | None:
    if not kind_rules(tie.competition.kind).plays_games:
        return Refused("a team cup's ties are played as fixtures, on their match night")
    if tie.bye:
        return Refused("a bye has no game to play")
    if tie.home is None or tie.away is None:
        return Refused("the tie's sides are not known yet: the ties before it are still to be decided")
    if tie.winner_id is not None:
        return Refused(f"the tie is decided ({reason_shown(tie, None)}): it has no game left to play")
    return None


def tie_game_label(tie: CupTie) -> str:
    """A tie's game's label names the tie's place in the cup, not its
    players: the label is stored with the game and read by anyone, while
    the seats are named for each reader (league.selectors.seat_names)."""
    stage = f"group {tie.group}" if tie.group else f"round {tie.round}"
    return f"{tie.competition.name}, {stage}, tie {tie.number}"


def _seats(home: CupEntry, away: CupEntry) -> list[str]:
    """Home first; a pair's partners opposite, as a rubber's are."""
    assert home.player is not None and away.player is not None
    if home.partner is None or away.partner is None:
        return [home.player.name, away.player.name]
    return [home.player.name, away.player.name, home.partner.name, away.partner.name]


def tie_entrant_logins(tie: CupTie) -> set[int]:
    return {uid for entry in (tie.home, tie.away) if entry is not None for uid in entry.login_ids}


def _scorers(tie: CupTie) -> set[int]:
    return tie_entrant_logins(tie) | set(tie.competition.season.league.secretaries.values_list("pk", flat=True))


def tie_locked(tie_id: int) -> CupTie:
    return (CupTie.objects.select_for_update(of=("self",), no_key=True)
            .select_related("competition__season__league", "home__player__user", "away__player__user",
                            "home__partner__user", "away__partner__user")
            .get(pk=tie_id))
