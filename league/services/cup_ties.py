"""Playing a cup's ties: date windows, dates offered and picked, the legs
as fixtures, and who goes through.

The secretary gives each round a window of dates. For each leg the side at
home offers up to three dates inside it; the side away picks one (or a
secretary sets the date), which creates and publishes the leg as a fixture
of the cup's division at the home side's venue (the finals venue on the
finals night), `week` the round. The match night then runs as any league
fixture's: team sheet, scores, submit, confirm or dispute, walkover.

Leg 1 is at the tie's home side, leg 2 at its away side, and a replay or a
decider at the side away in the leg before. Once a leg counts (its result
confirmed, or a walkover given), `cup_progress` asks `cups.decide` who goes
through over the legs so far: the winner is placed in the next round's tie
(a bracket cup) and the cup is finished after its final; a tie still level
wants its replay or decider arranged the same way. A correction of a
confirmed result decides the tie again and moves the new winner on while
the next round's tie has not begun (whatever was arranged for it with the
old winner dropped); once it has begun the correction is refused.

A leg is never dated at a venue whose board sets are all taken that night
by the league's other matches (`league.services.venue_nights`): such a
night cannot be offered, picked or set.

Dates offered are told to the away side's captain and vice-captain, a leg
given its date to both sides'.
Every change and refusal is audited; `cup_progress` runs inside the change
that called it (results, walkovers) and audits what it decided.
"""
from datetime import date

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import cups
from league.authors import Author
from league.competition_kinds import kind_rules
from league.models import Competition, CupDraw, CupEntry, CupTie, Fixture
from league.models.audit_actions import AuditAction
from league.refusals import NotCaptain, NotPermitted, Refused, TiePlayedOn
from league.selectors.access import is_captain, is_secretary, secretary_refusal
from league.selectors.cup_groups import knockout_drawn, match_result
from league.selectors.cups import leg_result, next_leg, next_sides, rounds_in, tie_begun, tie_legs
from league.selectors.matches import PLAYABLE
from league.selectors.shown_names import AWAY, HOME, WINNER, entry_name_public, reason_shown, reason_stored
from league.services.audit import audit_record
from league.services.date_offers import day_words, offered_dates_refusal
from league.services.match_notices import (
    cup_dates_offered_tell,
    cup_finals_opponent_changed_tell,
    cup_finals_side_came_tell,
    cup_finals_side_gone_tell,
    cup_game_called_off_tell,
    fixture_changed_tell,
)
from league.services.notices import site_link
from league.services.page_versions import pages_changed_by
from league.services.venue_nights import venue_night_refusal

Failure = NotPermitted | Refused


def tie_window_set(*, competition_id: int, round: int, start: date, end: date, user: Author) -> int:
    """Sets the window of dates for a round's ties; returns how many ties."""
    changed = 0
    with transaction.atomic():
        competition = (Competition.objects.select_for_update(of=("self",), no_key=True).select_related("season__league")
                       .get(pk=competition_id))
        failure: Failure | None = secretary_refusal(league=competition.season.league, user=user,
                                                    doing="can set a cup round's dates")
        if failure is None and start > end:
            failure = Refused("a round's window starts on or before the day it ends")
        ties = CupTie.objects.filter(competition=competition, group="", round=round)
        if failure is None and not ties.exists():
            failure = Refused(f"{competition} has no round {round} drawn")
        if failure is None:
            changed = ties.update(window_start=start, window_end=end)
        audit_record(user=user, action=AuditAction.CUP_WINDOW_SET, target=competition, refusal=failure,
                     data={"round": round, "start": start.isoformat(), "end": end.isoformat()})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_WINDOW_SET, target=competition)
    if failure is not None:
        raise failure
    return changed


def tie_dates_offer(*, tie_id: int, dates: list[date], user: Author) -> CupTie:
    """The side at home in the next leg offers up to three dates inside
    the round's window (its captain, or a secretary)."""
    with transaction.atomic():
        tie = _locked(tie_id)
        failure: Failure | None = _arrangeable(tie)
        if failure is None:
            home, away = next_sides(tie=tie)
            failure = _captain_refusal(tie, home, user, doing="offer the dates")
        failure = failure or tie_dates_refusal(tie, dates)
        if failure is None:
            failure = next(filter(None, (_night_refusal(tie, day) for day in sorted(set(dates)))), None)
        offered = sorted({day.isoformat() for day in dates})
        if failure is None:
            tie.offered_dates = offered
            tie.save(update_fields=["offered_dates"])
            assert home.team is not None and away.team is not None  # a team cup's entries are teams
            cup_dates_offered_tell(tie_id=tie.pk, home=home.team, away=away.team, cup=tie.competition.name,
                                   league=tie.competition.season.league, days=sorted(set(dates)),
                                   link=site_link("public-cup", tie.competition_id) + f"#tie-{tie.pk}")
        audit_record(user=user, action=AuditAction.CUP_DATES_OFFER, target=tie, refusal=failure, data={"dates": offered})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_DATES_OFFER, target=tie)
    if failure is not None:
        raise failure
    return tie


def tie_date_pick(*, tie_id: int, date: date, user: Author) -> Fixture:
    """The side away in the next leg picks one of the dates offered (its
    captain, or a secretary): the leg is arranged for that night."""
    with transaction.atomic():
        tie = _locked(tie_id)
        failure: Failure | None = _arrangeable(tie)
        if failure is None:
            _home, away = next_sides(tie=tie)
            failure = _captain_refusal(tie, away, user, doing="pick the date")
        if failure is None and date.isoformat() not in tie.offered_dates:
            offered = ", ".join(tie.offered_dates) or "none yet"
            failure = Refused(f"pick one of the dates the home side offered ({offered})")
        failure = failure or _night_refusal(tie, date)
        fixture = _arrange(tie, date) if failure is None else None
        audit_record(user=user, action=AuditAction.CUP_DATE_PICK, target=tie, refusal=failure,
                     data={"date": date.isoformat(), "fixture": fixture.pk if fixture else None,
                           "leg": fixture.leg if fixture else None})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_DATE_PICK, target=tie)
    if failure is not None:
        raise failure
    assert fixture is not None
    return fixture


def tie_date_set(*, tie_id: int, date: date, user: Author, insist: bool = False) -> Fixture:
    """A secretary sets the next leg's date, offered or not (a final on
    the finals night, a tie the sides cannot agree). A date gone by is
    refused unless `insist`: a secretary recording a tie already played
    (a cup brought in part-way through, as the demo league's is)."""
    with transaction.atomic():
        tie = _locked(tie_id)
        failure: Failure | None = (secretary_refusal(league=tie.competition.season.league, user=user,
                                                     doing="can set a cup tie's date")
                                   or _arrangeable(tie))
        if failure is None and date < timezone.localdate() and not insist:
            failure = Refused(f"{date.day} {date:%B %Y} has gone: a tie is set for today or later")
        failure = failure or _night_refusal(tie, date)
        fixture = _arrange(tie, date) if failure is None else None
        audit_record(user=user, action=AuditAction.CUP_DATE_SET, target=tie, refusal=failure,
                     data={"date": date.isoformat(), "fixture": fixture.pk if fixture else None,
                           "leg": fixture.leg if fixture else None, "insist": insist})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_DATE_SET, target=tie)
    if failure is not None:
        raise failure
    assert fixture is not None
    return fixture


def tie_winner_set(*, tie_id: int, winner_entry_id: int, reason: str, user: Author) -> CupTie:
    """A secretary records who went through a singles or pairs tie (played
    as a single game, not as a fixture), saying how."""
    with transaction.atomic():
        tie = _locked(tie_id)
        failure: Failure | None = secretary_refusal(league=tie.competition.season.league, user=user,
                                                    doing="can record a cup tie's result")
        if failure is None and kind_rules(tie.competition.kind).plays_legs:
            failure = Refused("a team cup's ties are decided by their fixtures' results")
        if failure is None and (tie.bye or winner_entry_id not in (tie.home_id, tie.away_id)):
            failure = Refused("the winner is one of the tie's two sides")
        if failure is None and not reason.strip():
            failure = Refused("say how the tie was won, such as the game's score")
        if failure is None:
            old = tie.winner_id
            try:
                with transaction.atomic():
                    tie.winner_id, tie.decided_reason = winner_entry_id, reason_stored(tie, reason.strip())
                    tie.save(update_fields=["winner", "decided_reason"])
                    _advance(tie, old=old, user=user)
            except TiePlayedOn as played:
                failure = played
        audit_record(user=user, action=AuditAction.CUP_TIE_WINNER, target=tie, refusal=failure,
                     data={"winner": winner_entry_id, "reason": reason.strip()})
        if failure is None:
            pages_changed_by(action=AuditAction.CUP_TIE_WINNER, target=tie)
    if failure is not None:
        raise failure
    return tie


def tie_withdrawn(*, entry: CupEntry, user: Author) -> CupTie | None:
    """After the draw, a withdrawn entry concedes its tie still to be
    decided: the other side goes through, and any leg arranged and not yet
    counting is voided. A tie still waiting for its other side is conceded
    when that side arrives (see _advance). In a group stage it concedes
    each of its group matches still open instead. Call inside the
    withdrawal."""
    mine = (CupTie.objects.select_for_update(of=("self",), no_key=True).select_related("competition", "home", "away")
            .filter(Q(home=entry) | Q(away=entry), competition_id=entry.competition_id, winner__isnull=True,
                    bye=False))
    if not knockout_drawn(competition_id=entry.competition_id):
        conceded = [tie for tie in mine.exclude(group="").order_by("group", "round", "number")
                    if match_result(tie) is None]
        for match in conceded:
            _concede(match, entry, user)
        return conceded[-1] if conceded else None
    tie = mine.filter(group="").order_by("-round").first()
    if tie is not None:
        _concede(tie, entry, user)
    return tie


def ties_conceded(*, competition_id: int, round: int, user: Author) -> None:
    """A newly drawn round's ties with a withdrawn side go to the other."""
    for tie in (CupTie.objects.select_related("competition", "home", "away")
                .filter(competition_id=competition_id, group="", round=round, bye=False, winner__isnull=True)):
        for side in (tie.home, tie.away):
            if side is not None and side.withdrawn:
                _concede(tie, side, user)
                break


def _concede(tie: CupTie, entry: CupEntry, user: Author) -> None:
    other = tie.away if tie.home_id == entry.pk else tie.home
    if other is None:
        return
    reason = f"{entry.name} withdrew"
    for fixture in Fixture.objects.filter(cup_tie=tie, status__in=[*PLAYABLE, Fixture.Status.POSTPONED]):
        if leg_result(tie, fixture) is None:
            fixture.status, fixture.reason, fixture.revision = Fixture.Status.VOID, reason, fixture.revision + 1
            fixture.save(update_fields=["status", "reason", "revision", "changed_at"])
    withdrew = HOME if tie.home_id == entry.pk else AWAY
    tie.winner, tie.decided_reason = other, f"{WINNER} through: {withdrew} withdrew"
    tie.save(update_fields=["winner", "decided_reason"])
    moved = _advance(tie, old=None, user=user)
    audit_record(user=user, action=AuditAction.CUP_TIE_DECIDE, target=tie,
                 data={"status": "through", "winner": other.pk, "reason": tie.decided_reason, "moved_on": moved})
    pages_changed_by(action=AuditAction.CUP_TIE_DECIDE, target=tie)


def cup_progress(*, fixture_id: int, user: Author = None) -> CupTie | None:
    """Decides the tie of a cup fixture afresh once one of its legs counts
    (or its count changed): who goes through, or that a replay or decider
    is wanted. Call inside the change that made the leg count. Nothing for
    a league fixture."""
    tie_id = Fixture.objects.filter(pk=fixture_id).values_list("cup_tie_id", flat=True).get()
    if tie_id is None:
        return None
    tie = _locked(tie_id)
    if tie.bye or tie.home is None or tie.away is None:
        return tie
    if tie.group:
        return _group_match_decided(tie, fixture_id=fixture_id, user=user)
    competition = tie.competition
    tie_format = cups.TieFormat.from_dict({"legs": competition.legs, "chain": competition.tie_break,
                                           "level": competition.level})
    legs = [result.leg for result in tie_legs(tie=tie) if result.leg is not None]
    try:
        outcome = cups.decide(tie_format, tie.home.pk, tie.away.pk, legs)
    except cups.CupError as error:
        outcome = cups.Outcome("undecided", None, str(error))
    old = tie.winner_id
    tie.winner_id = outcome.winner
    tie.decided_reason = (f"{WINNER} through: {outcome.reason}" if outcome.winner is not None
                          else outcome.reason)
    if outcome.winner is None:
        tie.offered_dates = []  # the next leg, replay or decider is arranged afresh
    tie.save(update_fields=["winner", "decided_reason", "offered_dates"])
    moved = _advance(tie, old=old, user=user)
    audit_record(user=user, action=AuditAction.CUP_TIE_DECIDE, target=tie,
                 data={"status": outcome.status, "winner": outcome.winner, "reason": tie.decided_reason,
                       "fixture": fixture_id, "moved_on": moved})
    pages_changed_by(action=AuditAction.CUP_TIE_DECIDE, target=tie)
    return tie


def _group_match_decided(tie: CupTie, *, fixture_id: int, user: Author) -> CupTie:
    """A group match is one leg, won or drawn: its winner (None for a
    draw, or while it counts for nothing) and the score in words. The
    group's table reads the leg itself (league.selectors.cup_groups)."""
    assert tie.home is not None and tie.away is not None
    leg = next((result.leg for result in tie_legs(tie=tie) if result.leg is not None), None)
    tokens = {tie.home.pk: HOME, tie.away.pk: AWAY}
    if leg is None:
        tie.winner_id, tie.decided_reason = None, ""
    elif leg.walkover_to is not None:
        tie.winner_id, tie.decided_reason = leg.walkover_to, f"{WINNER} won: a walkover"
    else:
        home, away = tokens[leg.home], tokens[leg.away]
        tie.winner_id = (None if leg.home_games == leg.away_games
                         else leg.home if leg.home_games > leg.away_games else leg.away)
        tie.decided_reason = (f"{home} {leg.home_games}-{leg.away_games} {away}"
                              + (", drawn" if tie.winner_id is None else ""))
    tie.offered_dates = [] if leg is None else tie.offered_dates
    tie.save(update_fields=["winner", "decided_reason", "offered_dates"])
    audit_record(user=user, action=AuditAction.CUP_TIE_DECIDE, target=tie,
                 data={"status": "played" if leg is not None else "open", "winner": tie.winner_id,
                       "reason": tie.decided_reason, "fixture": fixture_id, "moved_on": False})
    pages_changed_by(action=AuditAction.CUP_TIE_DECIDE, target=tie)
    return tie


def tie_moved_on(tie: CupTie, *, old: int | None, user: Author) -> bool:
    """Moves a tie's winner, newly decided (or undecided) from `old`, on to
    the next round, as a fixture's result does; for a tie decided by its
    games (`league.services.cup_games`). Call inside the change."""
    return _advance(tie, old=old, user=user)


def _advance(tie: CupTie, *, old: int | None, user: Author) -> bool:
    """Puts the tie's winner (or nobody, when it has none any longer) in
    the next round's tie; marks the cup finished, or not, by its final.
    Says whether the next round changed. A next tie that has begun
    (`tie_begun`) was played by the old winner: the change is refused
    (TiePlayedOn), the caller rolling it back, so the bracket never names
    a winner who did not play on. One not begun takes the new winner, its
    dates and any leg arranged with the old one dropped, in every kind of
    cup alike."""
    if tie.group:
        return False  # a group match leads to the group's table, not to a tie
    competition = tie.competition
    new = tie.winner_id
    ties = list(CupTie.objects.filter(competition=competition, group="").only("round", "number", "group"))
    total = rounds_in(ties)
    if tie.round >= total:
        status = Competition.Status.FINISHED if new is not None else Competition.Status.DRAWN
        Competition.objects.filter(pk=competition.pk).update(status=status)
        return False
    if old == new:
        return False
    place = _following(tie)
    if place is None:
        return False
    following, slot = place
    played = tie_begun(tie=following)
    if played:
        raise TiePlayedOn(_played_on(following, slot, played, total), tie_id=tie.pk)
    on_finals_night = old is not None and _arranged_dropped(following, old)
    setattr(following, f"{slot}_id", new)
    following.save(update_fields=[slot, "date", "offered_dates"])
    other = following.away_id if slot == "home" else following.home_id
    if on_finals_night and following.date is not None:
        _finals_night_sides_tell(following, came=new, stays=other, day=following.date)
    gone = CupEntry.objects.filter(pk=other, withdrawn=True).first() if other is not None else None
    if gone is not None and new is not None and following.winner_id is None:
        _concede(CupTie.objects.select_related("competition", "home", "away").get(pk=following.pk), gone, user)
    return True


def _finals_night_sides_tell(tie: CupTie, *, came: int | None, stays: int | None, day: date) -> None:
    """A tie kept on the cup's finals night with a new side (or none for
    now): the side that came is told it plays then, the side that stays
    whom it now plays."""
    came_entry = CupEntry.objects.get(pk=came) if came is not None else None
    if came_entry is not None:
        cup_finals_side_came_tell(tie, came=came_entry, day=day)
    staying = CupEntry.objects.filter(pk=stays, withdrawn=False).first() if stays is not None else None
    if staying is not None:
        cup_finals_opponent_changed_tell(tie, stays=staying, came=came_entry, day=day)


def _played_on(following: CupTie, slot: str, played: str, total: int) -> str:
    """Why the tie's result can no longer change: which later tie its
    winner (at `slot` there) went on to, and what of it has been played."""
    went_on, other = (following.home, following.away) if slot == "home" else (following.away, following.home)
    where = cups.round_name(following.round, total).lower()
    against = f" against {entry_name_public(other)}" if other is not None else ""
    return (f"{entry_name_public(went_on) or 'its winner'} played on: their tie{against} in the {where} "
            f"{played}, so this tie's result can no longer change")


def _arranged_dropped(following: CupTie, old: int) -> bool:
    """The next tie is to be played by another side than `old`: what was
    arranged with `old` goes (its legs voided, its dates offered, its date
    unless it is the cup's finals night, which is the cup's own). A leg
    voided had its date: both its teams' captains are told it is off (a
    leg played cannot be voided: `_advance` refuses first); a singles or
    pairs tie's date dropped is told to both its sides' players the same
    way. A singles or pairs tie that keeps the finals night is told to
    `old`'s players alone, and True returned, so that the side taking
    their place is told it plays then."""
    arranged = list(Fixture.objects.filter(cup_tie=following).exclude(status=Fixture.Status.VOID)
                    .select_related("home_team__captain", "home_team__vice_captain", "away_team__captain",
                                    "away_team__vice_captain", "division__season__league"))
    went = CupEntry.objects.select_related("team").get(pk=old) if arranged else None  # a team: legs are a team cup's
    for fixture in arranged:
        reason = f"{went} no longer plays in this tie: the tie before it was decided again"
        fixture.status, fixture.reason, fixture.revision = Fixture.Status.VOID, reason, fixture.revision + 1
        fixture.save(update_fields=["status", "reason", "revision", "changed_at"])
        fixture_changed_tell(fixture, verb="void")
    following.offered_dates = []
    dated_itself = kind_rules(following.competition.kind).dates_ties
    if not dated_itself or following.date != following.competition.finals_date:
        if dated_itself and following.date is not None:
            # A singles or pairs tie's own date, which its players had agreed (or a secretary set): they are told.
            cup_game_called_off_tell(following, went=CupEntry.objects.get(pk=old), day=following.date)
        following.date = None
        return False
    if following.date is None:
        return False
    # The finals night stays the tie's: only who plays in it changes.
    cup_finals_side_gone_tell(following, went=CupEntry.objects.get(pk=old), day=following.date)
    return True


def _following(tie: CupTie) -> tuple[CupTie, str] | None:
    """The next round's tie the winner goes into, and at which side: by
    its place in a bracket; in a cup drawn round by round, where the next
    round's draw put this tie's winner (none before it is drawn)."""
    later = CupTie.objects.select_for_update(of=("self",), no_key=True).select_related("competition").filter(
        competition_id=tie.competition_id, group="", round=tie.round + 1)
    if tie.competition.draw_mode == Competition.DrawMode.BRACKET:
        found = later.filter(number=(tie.number + 1) // 2).first()
        return (found, "home" if tie.number % 2 == 1 else "away") if found is not None else None
    drawn = CupDraw.objects.filter(competition_id=tie.competition_id, kind=CupDraw.Kind.ROUND,
                                   round=tie.round + 1).first()
    if drawn is None:
        return None
    sides = {tie.home_id, tie.away_id} - {None}
    for placed in cups.RoundDraw.from_dict(drawn.data).ties:
        slot = "home" if placed.home in sides else "away" if placed.away in sides else None
        if slot is not None:
            found = later.filter(number=placed.number).first()
            return (found, slot) if found is not None else None
    return None


def _arrangeable(tie: CupTie) -> Refused | None:
    """Why the tie's next leg cannot be arranged now, or None."""
    if not kind_rules(tie.competition.kind).plays_legs:
        return Refused("singles and pairs ties are played as single games: record the winner instead")
    if tie.bye:
        return Refused("a bye has no match to arrange")
    if tie.home is None or tie.away is None:
        return Refused("the tie's sides are not known yet: the ties before it are still to be decided")
    if tie.winner_id is not None:
        return Refused(f"the tie is decided ({reason_shown(tie, None)}): there is no leg left to arrange")
    if tie.group and any(result.leg is not None for result in tie_legs(tie=tie)):
        return Refused(f"the group match is played ({reason_shown(tie, None)}): there is no leg left to arrange")
    pending = next_leg(tie=tie)
    if pending is not None:
        return Refused(f"leg {pending.leg} is arranged for {pending.played_on:%d %B %Y} and still to be played: "
                       "a secretary rearranges it")
    return None


def _captain_refusal(tie: CupTie, entry: CupEntry, user: Author, *, doing: str) -> NotCaptain | None:
    if is_secretary(league=tie.competition.season.league_id, user=user):
        return None
    if entry.team is not None and is_captain(team=entry.team, user=user):
        return None
    return NotCaptain(f"only {entry.name}'s captain or vice-captain, or a league secretary, can {doing}")


def tie_dates_refusal(tie: CupTie, dates: list[date]) -> Refused | None:
    """Why these dates cannot be offered for the tie, or None: one to
    three, none gone by, each inside its round's window when it has one."""
    refusal = offered_dates_refusal(dates)
    if refusal is not None or tie.window_start is None or tie.window_end is None:
        return refusal
    for day in sorted(set(dates)):
        if not tie.window_start <= day <= tie.window_end:
            return Refused(f"{day_words(day)} is outside round {tie.round}'s dates, "
                           f"{tie.window_start.day} {tie.window_start:%B} to {tie.window_end.day} "
                           f"{tie.window_end:%B %Y}")
    return None


def _arranged_venue(tie: CupTie, night: date) -> int:
    """Where the next leg is played on `night`: at the home side's venue,
    or the finals venue on the finals night."""
    home, _away = next_sides(tie=tie)
    assert home.team is not None
    competition = tie.competition
    if competition.finals_venue_id is not None and night == competition.finals_date:
        return competition.finals_venue_id
    return home.team.home_venue_id


def _night_refusal(tie: CupTie, night: date) -> Refused | None:
    """Why the next leg cannot be dated for `night`: its venue is full."""
    home, away = next_sides(tie=tie)
    return venue_night_refusal(venue_id=_arranged_venue(tie, night), night=night,
                               league_id=tie.competition.season.league_id, match=f"{home.name} v {away.name}")


def _arrange(tie: CupTie, night: date) -> Fixture:
    """Creates and publishes the next leg's fixture for `night`, at the
    home side's venue, or the finals venue on the finals night."""
    home, away = next_sides(tie=tie)
    assert home.team is not None and away.team is not None
    competition = tie.competition
    venue_id = _arranged_venue(tie, night)
    number = (Fixture.objects.filter(cup_tie=tie).order_by("-leg").values_list("leg", flat=True).first() or 0) + 1
    fixture = Fixture.objects.create(
        division_id=competition.division_id, week=tie.round, date=night, home_team=home.team, away_team=away.team,
        venue_id=venue_id, status=Fixture.Status.PUBLISHED, published_at=timezone.now(), cup_tie=tie, leg=number)
    tie.date, tie.offered_dates = night, []
    tie.save(update_fields=["date", "offered_dates"])
    fixture_changed_tell(fixture, verb="date")
    return fixture


def leg_moved(fixture: Fixture, night: date | None) -> None:
    """A cup leg moved to `night`, or postponed (None), by a secretary's
    change to the fixture (league.services.fixtures) or the captains'
    rearrangement: its tie's date follows it, and so does its venue: the
    finals venue on the cup's finals night, the home side's own venue off
    it. Call inside the change, before the fixture is saved; nothing for a
    league fixture."""
    if fixture.cup_tie_id is None:
        return
    tie = (CupTie.objects.select_for_update(of=("self",), no_key=True).select_related("competition")
           .get(pk=fixture.cup_tie_id))
    fixture.venue_id = _moved_venue(fixture, night, tie.competition)
    if tie.date != night:
        tie.date = night
        tie.save(update_fields=["date"])


def leg_venue(fixture: Fixture, night: date) -> int:
    """Where the fixture would be played on `night`: its own venue, but
    for a cup leg moved onto or off the cup's finals night (`leg_moved`)."""
    if fixture.cup_tie_id is None:
        return fixture.venue_id
    competition = Competition.objects.get(ties=fixture.cup_tie_id)
    return _moved_venue(fixture, night, competition)


def _moved_venue(fixture: Fixture, night: date | None, competition: Competition) -> int:
    finals = competition.finals_venue_id
    if finals is not None and night is not None and night == competition.finals_date:
        return finals
    if finals is not None and fixture.venue_id == finals:
        return fixture.home_team.home_venue_id
    return fixture.venue_id


def _locked(tie_id: int) -> CupTie:
    return (CupTie.objects.select_for_update(of=("self",), no_key=True)
            .select_related("competition__season__league", "home__team", "away__team", "home__player",
                            "away__player", "home__partner", "away__partner")
            .get(pk=tie_id))
