"""Singles and pairs ties dated by their players, as a team tie's leg is by
its captains: the home entrant (the player, or either partner of a pair,
with a login of their own) offers one to three dates, inside the round's
window when the secretary gave one, none gone by; the away entrant picks
one, which dates the tie (`CupTie.date`, as a secretary's date is stored).

A night the tie's venue has every board set taken (by league matches, team
cup legs or other singles and pairs ties) cannot be offered or picked
(`venue_nights.tie_night_refusal`), but for the cup's finals night.

A tie dated for the cup's finals night is the secretary's (its venue and
night are the cup's), and so is a tie decided or with a game begun: the
players cannot move it. A secretary may offer or pick for either side, and
still sets or overrides any date (`cup_games.game_tie_date_set`).

The other side is told of an offer and of a pick. Every change and
refusal is audited, under the actions the team ties' dates use.

`cup_tie_dates_offer` and `cup_tie_date_pick` take any tie, a team cup's
going to `cup_ties`, so a page or the API need not tell them apart.
"""
from datetime import date

from django.db import transaction
from django.utils import timezone

from league.authors import Author
from league.competition_kinds import kind_rules
from league.models import CupEntry, CupGame, CupTie, Fixture
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, Refused
from league.selectors.access import is_secretary
from league.selectors.shown_names import entry_name_shown, reason_shown
from league.services.audit import audit_record
from league.services.cup_games import Failure, tie_locked
from league.services.cup_ties import tie_date_pick, tie_dates_offer, tie_dates_refusal
from league.services.date_offers import day_words
from league.services.notices import notice_queue, site_link
from league.services.page_versions import pages_changed_by
from league.services.venue_nights import tie_night_refusal


def cup_tie_dates_offer(*, tie_id: int, dates: list[date], user: Author) -> CupTie:
    """Offers dates for any cup tie: a team tie's next leg, or a singles or
    pairs tie's game."""
    if _dated_itself(tie_id):
        return game_tie_dates_offer(tie_id=tie_id, dates=dates, user=user)
    return tie_dates_offer(tie_id=tie_id, dates=dates, user=user)


def cup_tie_date_pick(*, tie_id: int, date: date, user: Author) -> Fixture | CupTie:
    """Picks an offered date for any cup tie: a team tie's leg is arranged
    (its fixture returned), a singles or pairs tie dated (the tie)."""
    if _dated_itself(tie_id):
        return game_tie_date_pick(tie_id=tie_id, date=date, user=user)
    return tie_date_pick(tie_id=tie_id, date=date, user=user)


def game_tie_dates_offer(*, tie_id: int, dates: list[date], user: Author) -> CupTie:
    """The home entrant offers one to three dates for the tie's game."""
    with transaction.atomic():
        tie = tie_locked(tie_id)
        failure: Failure | None = _sides_refusal(tie)
        if failure is None:
            assert tie.home is not None
            failure = _player_refusal(tie, tie.home, user, doing="offer the dates")
        failure = failure or _movable_refusal(tie) or tie_dates_refusal(tie, dates)
        failure = failure or next(filter(None, (tie_night_refusal(tie, day) for day in sorted(set(dates)))), None)
        offered = sorted({day.isoformat() for day in dates})
        if failure is None:
            tie.offered_dates = offered
            tie.save(update_fields=["offered_dates"])
            _offer_tell(tie, [date.fromisoformat(day) for day in offered])
        audit_record(user=user, action=AuditAction.CUP_DATES_OFFER, target=tie, refusal=failure, data={"dates": offered})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_DATES_OFFER, target=tie)
    if failure is not None:
        raise failure
    return tie


def game_tie_date_pick(*, tie_id: int, date: date, user: Author) -> CupTie:
    """The away entrant picks one of the dates offered: the tie is played
    that day."""
    with transaction.atomic():
        tie = tie_locked(tie_id)
        failure: Failure | None = _sides_refusal(tie)
        if failure is None:
            assert tie.away is not None
            failure = _player_refusal(tie, tie.away, user, doing="pick the date")
        failure = failure or _movable_refusal(tie)
        if failure is None and date.isoformat() not in tie.offered_dates:
            offered = ", ".join(day_words(day) for day in map(date.fromisoformat, tie.offered_dates)) or "none yet"
            failure = Refused(f"pick one of the dates the home side offered ({offered})")
        if failure is None and date < timezone.localdate():
            failure = Refused(f"{day_words(date)} has gone: ask the home side to offer other dates")
        failure = failure or tie_night_refusal(tie, date)
        if failure is None:
            tie.date, tie.offered_dates = date, []
            tie.save(update_fields=["date", "offered_dates"])
            _pick_tell(tie, date)
        audit_record(user=user, action=AuditAction.CUP_DATE_PICK, target=tie, refusal=failure, data={"date": date.isoformat()})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_DATE_PICK, target=tie)
    if failure is not None:
        raise failure
    return tie


def _dated_itself(tie_id: int) -> bool:
    """The tie is dated itself (a singles or pairs tie), not its legs."""
    kind = CupTie.objects.filter(pk=tie_id).values_list("competition__kind", flat=True).first()
    return kind is not None and kind_rules(kind).dates_ties


def _sides_refusal(tie: CupTie) -> Refused | None:
    if tie.bye:
        return Refused("a bye has no game to date")
    if tie.home is None or tie.away is None:
        return Refused("the tie's sides are not known yet: the ties before it are still to be decided")
    return None


def _player_refusal(tie: CupTie, entry: CupEntry, user: Author, *, doing: str) -> NotPermitted | None:
    if is_secretary(league=tie.competition.season.league_id, user=user):
        return None
    if getattr(user, "pk", None) in entry.login_ids:
        return None
    return NotPermitted(f"only {entry_name_shown(entry, user)}, or a league secretary, can {doing}")


def _movable_refusal(tie: CupTie) -> Refused | None:
    """Why the tie's players cannot date it now, or None."""
    if tie.winner_id is not None:
        return Refused(f"the tie is decided ({reason_shown(tie, None)}): it has no game left to date")
    competition = tie.competition
    if competition.finals_date is not None and tie.date == competition.finals_date:
        return Refused(f"the tie is set for the cup's finals night, {day_words(competition.finals_date)}: "
                       "only a league secretary changes its date")
    if CupGame.objects.filter(tie=tie).exists():
        return Refused("the tie's game has begun: only a league secretary changes its date")
    return None




def _sides(tie: CupTie, user: Author) -> str:
    """"Home v Away", named for the letter's reader."""
    return f"{entry_name_shown(tie.home, user)} v {entry_name_shown(tie.away, user)}"


def _link(tie: CupTie) -> str:
    return f"{site_link('public-cup', tie.competition_id)}#tie-{tie.pk}"


def _offer_tell(tie: CupTie, days: list[date]) -> None:
    assert tie.home is not None and tie.away is not None
    competition = tie.competition
    nights = "\n".join(f"- {day:%A} {day_words(day)}" for day in days)
    notice_queue(kind="fixture_changed", event=f"cup-offer:tie:{tie.pk}:{timezone.now():%Y%m%d%H%M%S%f}",
                 league=competition.season.league, to=tie.away.logins,
                 subject=lambda user: f"Dates offered: {competition.name}, {_sides(tie, user)}",
                 body=lambda user: (f"{entry_name_shown(tie.home, user)} offer these dates for your "
                                    f"{competition.name} tie:\n\n{nights}\n\nPick one on the cup's page."),
                 link=_link(tie))


def _pick_tell(tie: CupTie, day: date) -> None:
    assert tie.home is not None and tie.away is not None
    competition = tie.competition
    notice_queue(kind="fixture_changed", event=f"cup-pick:tie:{tie.pk}:{timezone.now():%Y%m%d%H%M%S%f}",
                 league=competition.season.league, to=tie.home.logins,
                 subject=lambda user: f"Date set: {competition.name}, {_sides(tie, user)}",
                 body=lambda user: (f"{entry_name_shown(tie.away, user)} picked {day:%A} {day_words(day)} for "
                                    f"your {competition.name} tie against them, of the dates you offered."),
                 link=_link(tie))
