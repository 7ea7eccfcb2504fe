"""Captains asking to move a league match: the league's rules of who may
ask, with what notice, and to which nights; the other captain's pick or
refusal; withdrawing; the secretary stepping in. Every refusal is audited
and writes nothing."""
from datetime import date
from functools import partial
from typing import Any

import pytest
from access import state
from races import race
from rearranging import Moving, a_moving_league, day

from league.models import AuditEntry, Fixture, MatchNight, RearrangeRequest
from league.refusals import NeedsInsisting, NotCaptain, NotSecretary, ReasonRequired, Refused
from league.services.fixtures import fixture_rearrange
from league.services.rearrangements import (
    rearrangement_decline,
    rearrangement_overrule,
    rearrangement_pick,
    rearrangement_propose,
    rearrangement_withdraw,
    season_rearrange_by_set,
)

Status = RearrangeRequest.Status
WATCHED = [Fixture, RearrangeRequest]


def ask(moving: Moving, *, team: str = "home", dates: list[date] | None = None, reason: str = "the pub is shut",
        user: Any = None) -> RearrangeRequest:
    side = moving.home if team == "home" else moving.away
    return rearrangement_propose(fixture_id=moving.fixture.pk, team_id=side.pk,
                                 dates=dates if dates is not None else [day(30), day(31), day(32)],
                                 reason=reason, user=user or moving.captain(side))


def assert_refused_and_audited(call: Any, refusal: type[Exception], match: str, action: str) -> None:
    """The call is refused, the refusal is in the audit log, and nothing else changed."""
    before, entries = state(WATCHED), AuditEntry.objects.filter(action=f"{action}.refused").count()
    with pytest.raises(refusal, match=match):
        call()
    assert state(WATCHED) == before
    assert AuditEntry.objects.filter(action=f"{action}.refused").count() == entries + 1


# League rule: who may ask. (setting, asking team, refused with, or None for allowed)
PROPOSERS = [
    ("home", "home", None),
    ("home", "away", "only the home captain asks"),
    ("either", "home", None),
    ("either", "away", None),
]


@pytest.mark.parametrize(("proposer", "team", "refusal"), PROPOSERS)
def test_the_league_says_which_captain_may_ask_to_move_a_match(db: None, proposer: str, team: str,
                                                                refusal: str | None) -> None:
    moving = a_moving_league(proposer=proposer)
    if refusal is None:
        request = ask(moving, team=team)
        assert (request.status, request.team) == (Status.OPEN, moving.home if team == "home" else moving.away)
    else:
        assert_refused_and_audited(partial(ask, moving, team=team), Refused, refusal, "rearrangement.propose")


# League rule: notice. (days of notice asked, days until the match, allowed)
NOTICE = [(0, 0, True), (0, 5, True), (3, 3, True), (3, 2, False), (7, 10, True), (7, 6, False), (0, -1, False)]


@pytest.mark.parametrize(("notice", "until", "allowed"), NOTICE)
def test_a_request_is_made_the_league_s_notice_before_the_match(db: None, notice: int, until: int,
                                                                 allowed: bool) -> None:
    moving = a_moving_league(notice=notice)
    Fixture.objects.filter(pk=moving.fixture.pk).update(date=day(until))
    if allowed:
        assert ask(moving).status == Status.OPEN
    else:
        assert_refused_and_audited(partial(ask, moving), Refused, "notice|has gone", "rearrangement.propose")


# Season rule: the last night a match may move to. (days from the last night offered, allowed)
@pytest.mark.parametrize(("past_last", "allowed"), [(-1, True), (0, True), (1, False)])
def test_no_night_after_the_season_s_last_date_is_offered(db: None, past_last: int, allowed: bool) -> None:
    moving = a_moving_league()
    season_rearrange_by_set(season_id=moving.division.season_id, last=day(40), user=moving.secretary)
    dates = [day(36), day(40 + past_last)]  # never a multiple of 7: the league plays weekly
    if allowed:
        assert ask(moving, dates=dates).dates == [d.isoformat() for d in dates]
    else:
        assert_refused_and_audited(partial(ask, moving, dates=dates), Refused, "the last night",
                                   "rearrangement.propose")


# The nights offered. (name, the dates as offsets from today or "current", the refusal's words)
BAD_DATES: list[tuple[str, list[Any], str]] = [
    ("none", [], "offer one to 3 dates"),
    ("four", [30, 31, 32, 33], "offer one to 3 dates"),
    ("one twice", [30, 30], "offer each date once"),
    ("gone by", [-1, 30], "has gone"),
    ("the night it is set for", ["current"], "already set for"),
    ("a night a team already plays", ["next week"], "two matches on one night"),
]


@pytest.mark.parametrize(("dates", "words"), [pytest.param(d, w, id=n) for n, d, w in BAD_DATES])
def test_a_request_offers_one_to_three_distinct_nights_ahead_that_the_teams_have_free(
        db: None, dates: list[Any], words: str) -> None:
    moving = a_moving_league()
    fixture = moving.fresh()
    next_match = (Fixture.objects.filter(division=moving.division, home_team=fixture.home_team)
                  .exclude(pk=fixture.pk).order_by("date").first())
    assert next_match is not None
    nights = {"current": fixture.played_on, "next week": next_match.played_on}
    offered = [nights[d] if isinstance(d, str) else day(d) for d in dates]
    assert_refused_and_audited(partial(ask, moving, dates=offered), Refused, words, "rearrangement.propose")


def test_only_a_captain_of_the_asking_team_may_ask_and_a_reason_is_needed(db: None) -> None:
    moving = a_moving_league()
    assert_refused_and_audited(partial(ask, moving, user=moving.captain(moving.away)), NotCaptain,
                               "captain or vice-captain", "rearrangement.propose")
    assert_refused_and_audited(partial(ask, moving, reason=" "), ReasonRequired, "say why",
                               "rearrangement.propose")


def test_a_fixture_has_one_open_request_at_a_time(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    assert_refused_and_audited(partial(ask, moving, team="away"), Refused, "already asked to move",
                               "rearrangement.propose")


def test_a_match_whose_result_is_in_cannot_be_asked_to_move(db: None) -> None:
    moving = a_moving_league()
    MatchNight.objects.create(fixture=moving.fixture, status=MatchNight.Status.SUBMITTED, home_games=5, away_games=4)
    assert_refused_and_audited(partial(ask, moving), Refused, "can no longer be moved", "rearrangement.propose")


def test_picking_a_night_rearranges_the_fixture_and_bumps_its_calendar_revision(db: None) -> None:
    moving = a_moving_league()
    request = ask(moving)
    before = moving.fresh()
    fixture = rearrangement_pick(fixture_id=moving.fixture.pk, date=day(31), user=moving.captain(moving.away))
    assert (fixture.status, fixture.rearranged_to, fixture.date) == (Fixture.Status.REARRANGED, day(31), before.date)
    assert fixture.revision == before.revision + 1
    request.refresh_from_db()
    assert (request.status, request.chosen_date, request.answered_by) == (
        Status.ACCEPTED, day(31), moving.captain(moving.away))
    moved = AuditEntry.objects.filter(action="fixture.rearrange").first()
    assert moved is not None and moved.data["request"] == request.pk
    assert moved.user == moving.captain(moving.away)
    assert AuditEntry.objects.filter(action="rearrangement.pick").exists()


def test_only_the_other_captain_picks_and_only_a_night_offered(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    assert_refused_and_audited(
        partial(rearrangement_pick, fixture_id=moving.fixture.pk, date=day(31), user=moving.captain(moving.home)),
        NotCaptain, "Crown B|Red Lion A|Bell A|Swan A", "rearrangement.pick")
    assert_refused_and_audited(
        partial(rearrangement_pick, fixture_id=moving.fixture.pk, date=day(33), user=moving.captain(moving.away)),
        Refused, "pick one of the dates", "rearrangement.pick")


def test_a_night_taken_since_the_request_is_refused_when_picked(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    other = Fixture.objects.filter(division=moving.division, home_team=moving.away).exclude(
        pk=moving.fixture.pk).first()
    assert other is not None
    fixture_rearrange(fixture_id=other.pk, new_date=day(30), reason="their pub", user=moving.secretary)
    with pytest.raises(NeedsInsisting):
        rearrangement_pick(fixture_id=moving.fixture.pk, date=day(30), user=moving.captain(moving.away))
    assert RearrangeRequest.objects.get().status == Status.OPEN
    assert AuditEntry.objects.filter(action="rearrangement.pick.refused").exists()


def test_declining_leaves_the_fixture_as_it_was(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    before = moving.fresh()
    with pytest.raises(ReasonRequired):
        rearrangement_decline(fixture_id=moving.fixture.pk, reason="", user=moving.captain(moving.away))
    request = rearrangement_decline(fixture_id=moving.fixture.pk, reason="we have the darts final",
                                    user=moving.captain(moving.away))
    assert (request.status, request.answer) == (Status.DECLINED, "we have the darts final")
    after = moving.fresh()
    assert (after.status, after.played_on, after.revision) == (before.status, before.played_on, before.revision)
    assert ask(moving, dates=[day(40)]).status == Status.OPEN  # they may ask again


def test_only_the_proposer_withdraws_its_request(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    assert_refused_and_audited(
        partial(rearrangement_withdraw, fixture_id=moving.fixture.pk, user=moving.captain(moving.away)),
        NotCaptain, "withdraw", "rearrangement.withdraw")
    assert rearrangement_withdraw(fixture_id=moving.fixture.pk, user=moving.captain(moving.home)).status == (
        Status.WITHDRAWN)
    assert_refused_and_audited(
        partial(rearrangement_withdraw, fixture_id=moving.fixture.pk, user=moving.captain(moving.home)),
        Refused, "no open request", "rearrangement.withdraw")


# The secretary steps in. (step, night as an offset or None, request status, fixture status, night set)
OVERRULES = [
    ("date", 31, Status.ACCEPTED, Fixture.Status.REARRANGED, 31),
    ("date", 45, Status.OVERRULED, Fixture.Status.REARRANGED, 45),
    ("postpone", None, Status.OVERRULED, Fixture.Status.POSTPONED, None),
    ("close", None, Status.OVERRULED, Fixture.Status.PUBLISHED, None),
]


@pytest.mark.parametrize(("step", "night", "status", "fixture_status", "moved_to"), OVERRULES)
def test_the_secretary_steps_in(db: None, step: Any, night: int | None, status: str, fixture_status: str,
                                moved_to: int | None) -> None:
    moving = a_moving_league()
    ask(moving)
    before = moving.fresh()
    request = rearrangement_overrule(fixture_id=moving.fixture.pk, step=step, reason="agreed by phone",
                                     date=day(night) if night is not None else None, user=moving.secretary)
    after = moving.fresh()
    assert (request.status, request.answered_by, request.answer) == (status, moving.secretary, "agreed by phone")
    assert after.status == fixture_status
    assert after.rearranged_to == (day(moved_to) if moved_to is not None else None)
    assert after.revision == before.revision + (0 if step == "close" else 1)
    assert AuditEntry.objects.filter(action="rearrangement.overrule", data__step=step).exists()


def test_only_a_secretary_steps_in(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    assert_refused_and_audited(
        partial(rearrangement_overrule, fixture_id=moving.fixture.pk, step="close", reason="no",
                user=moving.captain(moving.away)), NotSecretary, "only a secretary", "rearrangement.overrule")


def test_a_secretary_moving_the_match_otherwise_settles_the_open_request(db: None) -> None:
    moving = a_moving_league()
    ask(moving)
    fixture_rearrange(fixture_id=moving.fixture.pk, new_date=day(50), reason="the league's call",
                      user=moving.secretary)
    request = RearrangeRequest.objects.get()
    assert (request.status, request.answered_by) == (Status.OVERRULED, moving.secretary)


def test_a_captain_asks_to_move_a_cup_leg_inside_its_round_s_dates_and_its_tie_follows(db: None) -> None:
    from cupleague import a_cup_league

    from league.models import CupTie
    from league.services.cup_ties import tie_date_set, tie_window_set
    from league.services.cups import competition_create, cup_draw, cup_enter

    cup = a_cup_league(2, names="AB")
    competition = competition_create(season_id=cup.season.pk, name="Knockout Cup", draw_mode="bracket",
                                     seeded=False, user=cup.secretary)
    for letter in "AB":
        cup_enter(competition_id=competition.pk, team_id=cup.team_named(f"{letter} Arms A").pk, user=cup.secretary)
    cup_draw(competition_id=competition.pk, user=cup.secretary)
    tie_window_set(competition_id=competition.pk, round=1, start=day(10), end=day(30), user=cup.secretary)
    tie = CupTie.objects.get(competition=competition, bye=False)
    leg = tie_date_set(tie_id=tie.pk, date=day(20), user=cup.secretary)
    home, away = leg.home_team, leg.away_team
    with pytest.raises(Refused, match="outside the dates round 1"):
        rearrangement_propose(fixture_id=leg.pk, team_id=home.pk, dates=[day(25), day(35)], reason="pub shut",
                              user=home.captain)
    assert not RearrangeRequest.objects.exists()
    rearrangement_propose(fixture_id=leg.pk, team_id=home.pk, dates=[day(25)], reason="pub shut",
                          user=home.captain)
    rearrangement_pick(fixture_id=leg.pk, date=day(25), user=away.captain)
    tie.refresh_from_db()
    assert tie.date == day(25)


@pytest.mark.django_db(transaction=True)
def test_two_captains_asking_at_once_make_one_request(postgres: None) -> None:
    moving = a_moving_league()
    answers = race([partial(ask, moving, team="home"), partial(ask, moving, team="away", dates=[day(40)])])
    made = [answer for answer in answers if isinstance(answer, RearrangeRequest)]
    refused = [answer for answer in answers if isinstance(answer, Refused)]
    assert (len(made), len(refused)) == (1, 1)
    assert "already" in refused[0].message
    assert RearrangeRequest.objects.filter(status=Status.OPEN).count() == 1
