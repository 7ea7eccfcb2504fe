"""A captain's request to move a match is told, by email over SMTP, to
the captain who answers it; its answer to the captain who asked; a
request ending with a new night is told once, as the match moved."""
from typing import Any

from rearranging import Moving, a_moving_league, day
from smtp_server import MailServer, body_of

from league.models import Team
from league.services.date_offers import day_words
from league.services.rearrangements import (
    rearrangement_decline,
    rearrangement_overrule,
    rearrangement_pick,
    rearrangement_propose,
    rearrangement_withdraw,
)

NIGHTS = (10, 11, 12)


def a_league_with_addresses() -> Moving:
    moving = a_moving_league()
    for team in (moving.home, moving.away):
        captain = moving.captain(team)
        captain.email = f"{team.name.lower().replace(' ', '-')}@league.test"
        captain.save()
    return moving


def address(moving: Moving, team: Team) -> str:
    return str(moving.captain(team).email)


def asked(moving: Moving, committed: Any) -> None:  # noqa: F811
    with committed():
        rearrangement_propose(fixture_id=moving.fixture.pk, team_id=moving.home.pk,
                              dates=[day(n) for n in NIGHTS], reason="the darts final is on", user=moving.captain(moving.home))


def test_the_other_captain_is_told_of_a_request_with_its_nights_and_reason(db: None, smtp: MailServer,  # noqa: F811
                                                                           committed: Any) -> None:  # noqa: F811
    moving = a_league_with_addresses()
    asked(moving, committed)
    assert [m["To"] for m in smtp.messages] == [address(moving, moving.away)]
    body = body_of(smtp.messages[0])
    assert all(day_words(day(n)) in body for n in NIGHTS) and "the darts final is on" in body
    assert f"/fixtures/{moving.fixture.pk}/" in body


def test_a_declined_request_is_told_to_the_captain_who_asked(db: None, smtp: MailServer,  # noqa: F811
                                                             committed: Any) -> None:  # noqa: F811
    moving = a_league_with_addresses()
    asked(moving, committed)
    with committed():
        rearrangement_decline(fixture_id=moving.fixture.pk, reason="we have no team that week",
                              user=moving.captain(moving.away))
    declined = smtp.to(address(moving, moving.home))
    assert len(declined) == 1 and "declined" in declined[0]["Subject"]
    assert "we have no team that week" in body_of(declined[0])


def test_a_withdrawn_request_is_told_to_the_other_captain(db: None, smtp: MailServer,  # noqa: F811
                                                          committed: Any) -> None:  # noqa: F811
    moving = a_league_with_addresses()
    asked(moving, committed)
    with committed():
        rearrangement_withdraw(fixture_id=moving.fixture.pk, user=moving.captain(moving.home))
    assert [m["Subject"].split(":")[-1].strip() for m in smtp.to(address(moving, moving.away))][-1] == "withdrawn"
    assert len(smtp.to(address(moving, moving.home))) == 0


def test_a_request_closed_by_the_secretary_is_told_to_both_captains(db: None, smtp: MailServer,  # noqa: F811
                                                                    committed: Any) -> None:  # noqa: F811
    moving = a_league_with_addresses()
    asked(moving, committed)
    with committed():
        rearrangement_overrule(fixture_id=moving.fixture.pk, step="close", reason="play it as drawn",
                               user=moving.secretary)
    for team in (moving.home, moving.away):
        assert "play it as drawn" in body_of(smtp.to(address(moving, team))[-1])


def test_a_picked_night_is_told_once_to_both_captains_as_the_match_moved(db: None, smtp: MailServer,  # noqa: F811
                                                                        committed: Any) -> None:  # noqa: F811
    moving = a_league_with_addresses()
    asked(moving, committed)
    with committed():
        rearrangement_pick(fixture_id=moving.fixture.pk, date=day(NIGHTS[1]), user=moving.captain(moving.away))
    for team in (moving.home, moving.away):
        moved = [m for m in smtp.to(address(moving, team)) if m["Subject"].startswith("Rearranged")]
        assert len(moved) == 1 and day_words(day(NIGHTS[1])) in body_of(moved[0])
