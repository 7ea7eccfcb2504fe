"""A singles or pairs tie's game played on paper and entered by its
players: submitted by one side, counting once a player of the other side
confirms it, or disputed with a reason and resolved by a secretary, who
upholds the dispute (the score struck, the game entered again) or corrects
the scores. A secretary's own entry from the card, and a game won live on
the pad, count at once (league.services.cup_games). The other side is told
of a submitted score, both sides and the secretaries of a dispute.

Every change and refusal is audited.
"""
from django.db import transaction

from league.authors import Author, author_user
from league.models import CupGame, CupTie
from league.models.audit_actions import AuditAction
from league.refusals import NotGameScorer, NotPermitted, Refused
from league.selectors.access import secretary_refusal
from league.selectors.cup_games import tie_rubber
from league.selectors.shown_names import entry_name_shown
from league.services.audit import audit_record
from league.services.cup_games import (
    Failure,
    card_game_winner,
    card_game_write,
    tie_decide,
    tie_entrant_logins,
    tie_game_rated,
    tie_locked,
    tie_playable_refusal,
)
from league.services.match_notices import secretaries
from league.services.notices import notice_queue, site_link
from league.services.page_versions import pages_changed_by


def cup_game_submit(*, tie_id: int, home_score: int, away_score: int, user: Author) -> CupGame:
    """A player of the tie enters its next game's final scores from the
    card, checked as a secretary's are: submitted, counting once a player
    of the other side confirms them."""
    with transaction.atomic():
        tie = tie_locked(tie_id)
        failure: Failure | None = _entrant_refusal(tie, user, doing="enter its score") or tie_playable_refusal(tie)
        made, failure, details = card_game_write(tie, failure, home_score=home_score, away_score=away_score,
                                                 user=user, state=CupGame.State.SUBMITTED)
        if made is not None:
            _submitted_tell(tie, made)
        audit_record(user=user, action=AuditAction.CUP_GAME_SUBMIT, target=tie, refusal=failure, data=details)
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_GAME_SUBMIT, target=tie)
    if failure is not None:
        raise failure
    assert made is not None
    return made


def cup_game_confirm(*, tie_id: int, user: Author) -> CupGame:
    """A player of the side that did not submit the tie's game confirms
    its score: it counts, and the tie is decided once a side has won the
    games it needs."""
    with transaction.atomic():
        tie = tie_locked(tie_id)
        cup_game = _submitted(tie, CupGame.State.SUBMITTED)
        failure: Failure | None = _answer_refusal(tie, cup_game, user, doing="confirm")
        if failure is None:
            assert cup_game is not None
            cup_game.state = CupGame.State.COUNTS
            cup_game.save(update_fields=["state"])
            tie_game_rated(tie, cup_game)
            tie_decide(tie, user=user)
        audit_record(user=user, action=AuditAction.CUP_GAME_CONFIRM, target=tie, refusal=failure,
                     data={"number": cup_game.number if cup_game else None})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_GAME_CONFIRM, target=tie)
    if failure is not None:
        raise failure
    assert cup_game is not None
    return cup_game


def cup_game_dispute(*, tie_id: int, reason: str, user: Author) -> CupGame:
    """A player of the side that did not submit the tie's game disputes
    its score, saying why: a secretary resolves it."""
    with transaction.atomic():
        tie = tie_locked(tie_id)
        cup_game = _submitted(tie, CupGame.State.SUBMITTED)
        failure: Failure | None = _answer_refusal(tie, cup_game, user, doing="dispute")
        if failure is None and not reason.strip():
            failure = Refused("say why the score is wrong: the secretary reads it to resolve the dispute")
        if failure is None:
            assert cup_game is not None
            cup_game.state, cup_game.dispute_reason = CupGame.State.DISPUTED, reason.strip()
            cup_game.save(update_fields=["state", "dispute_reason"])
            _disputed_tell(tie, cup_game)
        audit_record(user=user, action=AuditAction.CUP_GAME_DISPUTE, target=tie, refusal=failure,
                     data={"number": cup_game.number if cup_game else None, "reason": reason.strip()})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_GAME_DISPUTE, target=tie)
    if failure is not None:
        raise failure
    assert cup_game is not None
    return cup_game


def cup_game_resolve(*, tie_id: int, user: Author, home_score: int | None = None,
                     away_score: int | None = None) -> CupGame | None:
    """A secretary resolves the tie's disputed (or submitted) game: with
    no scores the dispute is upheld and the score struck (the game is
    entered again); with scores, checked as a card's, the game counts on
    them. Returns the game, or None once struck."""
    resolved: CupGame | None = None
    with transaction.atomic():
        tie = tie_locked(tie_id)
        cup_game = _submitted(tie, CupGame.State.DISPUTED) or _submitted(tie, CupGame.State.SUBMITTED)
        failure: Failure | None = secretary_refusal(league=tie.competition.season.league, user=user,
                                                    doing="can resolve a disputed cup game")
        if failure is None and cup_game is None:
            failure = Refused("the tie has no score waiting to be confirmed or resolved")
        details: dict[str, object] = {"number": cup_game.number if cup_game else None,
                                      "upheld": home_score is None or away_score is None}
        if failure is None and cup_game is not None:
            if home_score is None or away_score is None:
                details.update(struck=[cup_game.home_score, cup_game.away_score])
                cup_game.delete()
            else:
                details.update(home_score=home_score, away_score=away_score)
                won, failure = card_game_winner(tie, tie_rubber(tie), home_score, away_score, details)
                if won is not None:
                    cup_game.home_score, cup_game.away_score, cup_game.winner = home_score, away_score, won
                    cup_game.state, cup_game.entered_by = CupGame.State.COUNTS, author_user(user)
                    cup_game.save(update_fields=["home_score", "away_score", "winner", "state", "entered_by"])
                    resolved = cup_game
                    tie_game_rated(tie, cup_game)
                    tie_decide(tie, user=user)
        audit_record(user=user, action=AuditAction.CUP_GAME_RESOLVE, target=tie, refusal=failure, data=details)
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_GAME_RESOLVE, target=tie)
    if failure is not None:
        raise failure
    return resolved


def _submitted(tie: CupTie, state: str) -> CupGame | None:
    return CupGame.objects.filter(tie=tie, state=state).select_related("entered_by").order_by("-number").first()



def _sides(tie: CupTie, user: Author) -> str:
    """"Home v Away", named for the letter's reader."""
    return f"{entry_name_shown(tie.home, user)} v {entry_name_shown(tie.away, user)}"


def _entrant_refusal(tie: CupTie, user: Author, *, doing: str) -> NotPermitted | None:
    uid = getattr(user, "pk", None)
    if uid is not None and uid in tie_entrant_logins(tie):
        return None
    return NotGameScorer(f"only the tie's players can {doing}; a league secretary enters it from the card")


def _answer_refusal(tie: CupTie, cup_game: CupGame | None, user: Author, *, doing: str) -> Failure | None:
    """Why `user` may not confirm or dispute the submitted game: that is
    for a player of the side that did not submit it."""
    failure: Failure | None = _entrant_refusal(tie, user, doing=f"{doing} its score")
    if failure is None and cup_game is None:
        return Refused(f"the tie has no score waiting to be confirmed: nothing to {doing}")
    if failure is None and cup_game is not None:
        submitter = cup_game.entered_by_id
        for entry in (tie.home, tie.away):
            logins = entry.login_ids if entry is not None else set()
            if submitter in logins and getattr(user, "pk", None) in logins:
                return NotGameScorer(f"a player of the other side {doing}s the score: "
                                     f"{entry_name_shown(entry, user) if entry else 'your side'} submitted it")
    return failure


def _submitted_tell(tie: CupTie, cup_game: CupGame) -> None:
    assert tie.home is not None and tie.away is not None
    mine = tie.home if cup_game.entered_by_id in tie.home.login_ids else tie.away
    other = tie.away if mine == tie.home else tie.home
    notice_queue(kind="result_submitted", event=f"submitted:cupgame:{cup_game.pk}",
                 league=tie.competition.season.league, to=other.logins,
                 subject=lambda user: f"Confirm the score: {tie.competition.name}, {_sides(tie, user)}",
                 body=lambda user: (
                     f"{entry_name_shown(mine, user)} entered game {cup_game.number} of your {tie.competition.name} "
                     f"tie as {entry_name_shown(tie.home, user)} {cup_game.home_score}, "
                     f"{entry_name_shown(tie.away, user)} {cup_game.away_score}.\n\n"
                     "Please confirm it, or dispute it saying why, on the cup's page."),
                 link=site_link("public-cup", tie.competition_id))


def _disputed_tell(tie: CupTie, cup_game: CupGame) -> None:
    assert tie.home is not None and tie.away is not None
    league = tie.competition.season.league
    notice_queue(kind="result_disputed", event=f"disputed:cupgame:{cup_game.pk}", league=league,
                 to=[*tie.home.logins, *tie.away.logins, *secretaries(league)],
                 subject=lambda user: f"Score disputed: {tie.competition.name}, {_sides(tie, user)}",
                 body=lambda user: (f"Game {cup_game.number} of {_sides(tie, user)} ({tie.competition.name}), "
                                    f"entered as {cup_game.home_score}-{cup_game.away_score}, is disputed.\n\n"
                                    f"The reason: {cup_game.dispute_reason}\n\n"
                                    "A league secretary resolves it: upheld, or the scores corrected."),
                 link=site_link("public-cup", tie.competition_id))



