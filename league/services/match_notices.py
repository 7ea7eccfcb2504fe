"""What the league tells captains and secretaries about a match, in words:
a result to confirm, a result confirmed, a dispute and its settling, a correction, a match
postponed, rearranged, given a date or called off. Each is written to the outbox
(`league.services.notices`) inside the change's own transaction, so a
change rolled back tells nobody.

Every event's name carries what makes it that event and not a later one
like it (the time a result was submitted, the fixture's revision), so a
result submitted again after a dispute is told again, and the same
change told twice is told once.
"""
from collections.abc import Callable
from datetime import date, timedelta

from django.contrib.auth.models import User
from django.utils import timezone

from league.models import CupEntry, CupTie, Fixture, League, MatchNight, Team
from league.selectors.competition import division_settings
from league.selectors.shown_names import entry_name_shown, fixture_reason_shown
from league.services.notices import notice_queue, site_link


def captains(*teams: Team) -> list[User | None]:
    return [person for team in teams for person in (team.captain, team.vice_captain)]


def secretaries(league: League) -> list[User | None]:
    return list(league.secretaries.order_by("pk"))


def confirm_by(night: MatchNight) -> date:
    """The day the away captain is asked to answer by: as many days after
    the result was submitted as the home side had to return it."""
    submitted = timezone.localdate(night.submitted_at) if night.submitted_at else timezone.localdate()
    return submitted + timedelta(days=division_settings(division_id=night.fixture.division_id).result_deadline_days)


def result_submitted_tell(fixture: Fixture, night: MatchNight) -> int:
    by = confirm_by(night)
    return notice_queue(
        kind="result_submitted", event=f"submitted:night:{night.pk}:{_stamp(night.submitted_at)}",
        league=_league(fixture), to=captains(fixture.away_team),
        subject=f"Confirm the result: {fixture}",
        body=(f"{fixture.home_team} have returned the result of {fixture} ({fixture.division}), "
              f"played on {_day(fixture.played_on)}: {_score(fixture, night)}.\n\n"
              f"Please confirm it, or dispute it saying why, by {_day(by)}."),
        link=site_link("night-page", fixture.pk))


def result_confirmed_tell(fixture: Fixture, night: MatchNight) -> int:
    """The home side returned the result; the away side's confirming it is
    the last they hear of it, so they are told."""
    return notice_queue(
        kind="result_confirmed", event=f"confirmed:night:{night.pk}:{_stamp(night.confirmed_at)}",
        league=_league(fixture), to=captains(fixture.home_team),
        subject=f"Result confirmed: {fixture}",
        body=(f"{fixture.away_team} have confirmed the result of {fixture} ({fixture.division}), "
              f"played on {_day(fixture.played_on)}: {_score(fixture, night)}. It now counts."),
        link=site_link("night-page", fixture.pk))


def result_disputed_tell(fixture: Fixture, night: MatchNight) -> int:
    league = _league(fixture)
    return notice_queue(
        kind="result_disputed", event=f"disputed:night:{night.pk}:{_stamp(night.disputed_at)}", league=league,
        to=[*captains(fixture.home_team, fixture.away_team), *secretaries(league)],
        subject=f"Result disputed: {fixture}",
        body=(f"{fixture.away_team} have disputed the result of {fixture} ({fixture.division}) "
              f"returned as {_score(fixture, night)}.\n\nTheir reason: {night.dispute_reason}\n\n"
              f"A league secretary settles it: upheld, or sent back to the home captain to correct."),
        link=site_link("night-page", fixture.pk))


def result_settled_tell(fixture: Fixture, night: MatchNight, *, decision: str) -> int:
    league = _league(fixture)
    outcome = (f"The result stands, and counts: {_score(fixture, night)}." if decision == "uphold" else
               f"The result goes back to {fixture.home_team}'s captain to correct and return again.")
    return notice_queue(
        kind="result_settled", event=f"settled:night:{night.pk}:{_stamp(timezone.now())}", league=league,
        to=[*captains(fixture.home_team, fixture.away_team), *secretaries(league)],
        subject=f"Dispute settled: {fixture}",
        body=f"The dispute over {fixture} ({fixture.division}) is settled.\n\n{outcome}\n\n"
             f"The secretary's note: {night.resolution}",
        link=site_link("night-page", fixture.pk))


def result_corrected_tell(fixture: Fixture, night: MatchNight, *, rubber: int, game: int, reason: str) -> int:
    league = _league(fixture)
    return notice_queue(
        kind="result_settled", event=f"corrected:night:{night.pk}:{rubber}.{game}:{_stamp(timezone.now())}",
        league=league, to=[*captains(fixture.home_team, fixture.away_team), *secretaries(league)],
        subject=f"Result corrected: {fixture}",
        body=(f"A league secretary corrected game {game} of rubber {rubber} in {fixture} ({fixture.division}). "
              f"The match now stands at {_score(fixture, night)}.\n\nWhy: {reason.strip()}"),
        link=site_link("night-page", fixture.pk))


def fixture_changed_tell(fixture: Fixture, *, verb: str) -> int:
    """A match postponed, rearranged, or (a cup leg) given its date, or
    called off (a cup leg voided: one of its teams no longer plays in the
    tie)."""
    if verb == "postpone":
        subject, news = f"Postponed: {fixture}", f"{fixture} has been postponed, with no new date yet."
    elif verb == "void":
        subject = f"Called off: {fixture}"
        news = f"{fixture}, set for {_day(fixture.played_on)}, is called off: it will not be played."
    elif verb == "rearrange":
        subject = f"Rearranged: {fixture}"
        news = f"{fixture} has been moved to {_day(fixture.played_on)}."
    else:
        subject, news = f"Date set: {fixture}", f"{fixture} is set for {_day(fixture.played_on)}."
    def body(user: User | None) -> str:
        reason = fixture_reason_shown(fixture, user)
        return f"{news} ({fixture.division})" + (f"\n\nWhy: {reason}" if reason else "")

    return notice_queue(
        kind="fixture_changed", event=f"fixture:{fixture.pk}:{verb}:{fixture.revision}", league=_league(fixture),
        to=captains(fixture.home_team, fixture.away_team), subject=subject, body=body,
        link=site_link("night-page", fixture.pk))


def cup_dates_offered_tell(*, tie_id: int, home: Team, away: Team, cup: str, league: League, days: list[date],
                           link: str) -> int:
    """A cup tie's home side has offered dates: the away side's captains
    pick one."""
    nights = "\n".join(f"- {_day(day)}" for day in days)
    return notice_queue(
        kind="fixture_changed", event=f"cup-offer:tie:{tie_id}:{_stamp(timezone.now())}", league=league,
        to=captains(away), subject=f"Dates offered: {cup}, {home} v {away}",
        body=f"{home} offer these dates for your {cup} tie:\n\n{nights}\n\nPick one on the cup's page.",
        link=link)


def cup_game_called_off_tell(tie: CupTie, *, went: CupEntry, day: date) -> int:
    """A singles or pairs tie's date is dropped because `went` no longer
    plays in it (a correction decided the tie before it again): told to
    the players of both its sides as they were, who had that date, once.
    Call before the tie takes its new side."""
    competition = tie.competition
    sides = [entry for entry in (tie.home, tie.away) if entry is not None]

    def names(user: User | None) -> str:
        return " v ".join(entry_name_shown(entry, user) for entry in sides)

    def body(user: User | None) -> str:
        return (f"Your {competition.name} tie, {names(user)}, set for {_day(day)}, is called off: "
                f"{entry_name_shown(went, user)} no longer plays in it, as a correction decided the tie before it "
                f"again. Whoever plays in their place is on the cup's page, where dates are offered and picked "
                f"afresh.")

    return notice_queue(
        kind="fixture_changed", event=f"cup-off:tie:{tie.pk}:{went.pk}:{day.isoformat()}:{_stamp(timezone.now())}",
        league=competition.season.league, to=[user for entry in sides for user in entry.logins],
        subject=lambda user: f"Called off: {competition.name}, {names(user)}", body=body,
        link=f"{site_link('public-cup', competition.pk)}#tie-{tie.pk}")


def cup_finals_side_gone_tell(tie: CupTie, *, went: CupEntry, day: date) -> int:
    """A singles or pairs tie on the cup's finals night keeps its date (the
    cup's), but `went` no longer plays in it (a correction decided the tie
    before it again): told to `went`'s players alone, naming the sides as
    they were, once. Call before the tie takes its new side."""
    competition = tie.competition
    names = _sides_named(tie)

    def body(user: User | None) -> str:
        return (f"Your {competition.name} tie, {names(user)}, on the cup's finals night, {_day(day)}, is called off "
                f"for you: {entry_name_shown(went, user)} no longer plays in it, as a correction decided the tie "
                f"before it again. Whoever won that tie plays in your place; the cup's page shows who.")

    return notice_queue(
        kind="fixture_changed", event=f"cup-finals-off:tie:{tie.pk}:{went.pk}:{_stamp(timezone.now())}",
        league=competition.season.league, to=went.logins,
        subject=lambda user: f"Called off: {competition.name}, {names(user)}", body=body, link=_tie_link(tie))


def cup_finals_side_came_tell(tie: CupTie, *, came: CupEntry, day: date) -> int:
    """`came` now plays in a singles or pairs tie on the cup's finals night
    (a correction decided the tie before it again): told to its players
    that they play then, naming the sides as they are now, once. Call once
    the tie has its new side."""
    competition = tie.competition
    names = _sides_named(tie)
    venue = competition.finals_venue
    where = f", at {venue}" if venue is not None else ""

    def body(user: User | None) -> str:
        return (f"You now play in the {competition.name} tie {names(user)}, on the cup's finals night, "
                f"{_day(day)}{where}: a correction decided the tie before it again and sent "
                f"{entry_name_shown(came, user)} through.")

    return notice_queue(
        kind="fixture_changed", event=f"cup-finals-on:tie:{tie.pk}:{came.pk}:{_stamp(timezone.now())}",
        league=competition.season.league, to=came.logins,
        subject=lambda user: f"Date set: {competition.name}, {names(user)}", body=body, link=_tie_link(tie))


def cup_finals_opponent_changed_tell(tie: CupTie, *, stays: CupEntry, came: CupEntry | None, day: date) -> int:
    """The side that stays in a singles or pairs tie on the cup's finals
    night, told once that its opponent changed (a correction decided the
    tie before it again): whom it now plays, or, while that tie has no
    winner, that it is not yet known. Call once the tie has its new side."""
    competition = tie.competition
    names = _sides_named(tie)

    def body(user: User | None) -> str:
        against = (f"You now play {entry_name_shown(came, user)}." if came is not None
                   else "Whom you play is not known yet: that tie has no winner for now.")
        return (f"Your {competition.name} tie on the cup's finals night, {_day(day)}, has a new opponent: "
                f"a correction decided the tie before it again. {against} The night itself is unchanged.")

    return notice_queue(
        kind="fixture_changed",
        event=f"cup-finals-against:tie:{tie.pk}:{stays.pk}:{came.pk if came else 0}:{_stamp(timezone.now())}",
        league=competition.season.league, to=stays.logins,
        subject=lambda user: f"New opponent: {competition.name}, {names(user)}", body=body, link=_tie_link(tie))


def _sides_named(tie: CupTie) -> Callable[[User | None], str]:
    """The tie's sides as they stand now ("A v B"), each as the reader may see it."""
    sides = [entry for entry in (tie.home, tie.away) if entry is not None]
    return lambda user: " v ".join(entry_name_shown(entry, user) for entry in sides)


def _tie_link(tie: CupTie) -> str:
    return f"{site_link('public-cup', tie.competition_id)}#tie-{tie.pk}"


def _league(fixture: Fixture) -> League:
    return fixture.division.season.league


def _score(fixture: Fixture, night: MatchNight) -> str:
    return f"{fixture.home_team} {night.home_games}, {fixture.away_team} {night.away_games}"


def _day(day: date) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}"


def _stamp(moment: object) -> str:
    return f"{moment:%Y%m%d%H%M%S%f}" if moment is not None else "0"
