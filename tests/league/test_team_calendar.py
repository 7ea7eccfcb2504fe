"""A team's fixtures as an iCalendar feed: well-formed RFC 5545 text, the
team's published fixtures only, a void one cancelled and a rearranged one
on its new date."""
import doctest
from datetime import date, datetime, time, timezone
from itertools import pairwise
from typing import Any

import pytest
from django.test import Client
from leagues import a_league, a_season, a_team

import league.calendar
from league.calendar import Event, calendar_text, escape, fold
from league.models import Division, Fixture, Team
from league.services.fixtures import (
    division_team_add,
    fixture_postpone,
    fixture_rearrange,
    fixture_void,
    fixtures_generate,
    fixtures_publish,
)


def parse(text: str) -> list[dict[str, str]]:
    """The feed's events as {name: value}, after checking its structure line
    by line: CRLF endings, lines within 75 octets, BEGIN/END pairs nested."""
    assert text.endswith("\r\n")
    raw = text[:-2].split("\r\n")
    assert all("\n" not in line and "\r" not in line for line in raw)
    assert all(len(line.encode("utf-8")) <= 75 for line in raw)
    lines: list[str] = []
    for line in raw:  # unfold
        if line.startswith(" "):
            lines[-1] += line[1:]
        else:
            lines.append(line)
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-1] == "END:VCALENDAR"
    assert "VERSION:2.0" in lines and any(line.startswith("PRODID:") for line in lines)
    open_blocks: list[str] = []
    events: list[dict[str, str]] = []
    for line in lines:
        name, _, value = line.partition(":")
        if name == "BEGIN":
            open_blocks.append(value)
            if value == "VEVENT":
                events.append({})
        elif name == "END":
            assert open_blocks.pop() == value
        elif open_blocks[-1] == "VEVENT":
            events[-1][name] = value
    assert open_blocks == []
    uids = [event["UID"] for event in events]
    assert len(set(uids)) == len(uids)
    for event in events:
        assert {"DTSTAMP", "SUMMARY", "STATUS"} <= set(event)
        assert {"DTSTART", "DTEND"} <= set(event) or {"DTSTART;VALUE=DATE", "DTEND;VALUE=DATE"} <= set(event)
    return events


@pytest.fixture
def teams(secretary: Any) -> list[Team]:
    league = a_league()
    league.secretaries.add(secretary)
    division = Division.objects.create(season=a_season(league), name="Premier")
    teams = [a_team(league, name) for name in ("Red Lion A", "Crown B", "Bell A", "Swan A")]
    for team in teams:
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    fixtures_generate(division_id=division.pk, start=date(2026, 9, 1), weekday=1, skip_dates=(), user=secretary)
    fixtures_publish(division_id=division.pk, user=secretary)
    return teams


def feed(team: Team) -> list[dict[str, str]]:
    response = Client().get(f"/teams/{team.pk}/fixtures.ics")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return parse(response.content.decode("utf-8"))


def test_anyone_reads_a_teams_feed_of_its_six_fixtures(teams: list[Team]) -> None:
    events = feed(teams[0])
    assert len(events) == 6
    assert all("Red Lion A" in event["SUMMARY"] for event in events)
    assert all(event["STATUS"] == "CONFIRMED" for event in events)
    home = [event for event in events if event["SUMMARY"].startswith("Red Lion A v ")]
    assert len(home) == 3 and {event["LOCATION"] for event in home} == {"Red Lion"}


def test_the_feed_shows_only_that_teams_fixtures(teams: list[Team]) -> None:
    red_lion = {event["UID"] for event in feed(teams[0])}
    crown = {event["UID"] for event in feed(teams[1])}
    shared = Fixture.objects.filter(home_team__in=teams[:2], away_team__in=teams[:2]).count()
    assert len(red_lion & crown) == shared == 2


def test_draft_fixtures_are_not_in_the_feed(teams: list[Team]) -> None:
    Fixture.objects.update(status=Fixture.Status.DRAFT)
    assert feed(teams[0]) == []


def test_a_void_fixture_is_cancelled_and_a_rearranged_one_is_on_its_new_date(
    teams: list[Team], secretary: Any,
) -> None:
    first, second, third = Fixture.objects.filter(home_team=teams[0]).order_by("week")
    fixture_void(fixture_id=first.pk, reason="Crown B withdrew", user=secretary)
    fixture_rearrange(fixture_id=second.pk, new_date=date(2027, 1, 12), reason="the pub flooded", user=secretary)
    fixture_postpone(fixture_id=third.pk, reason="snow", user=secretary)
    events = {event["UID"]: event for event in feed(teams[0])}
    void, moved, postponed = (events[f"fixture-{f.pk}@fixtures.fives-and-threes"] for f in (first, second, third))
    assert void["STATUS"] == "CANCELLED"
    assert moved["DTSTART"] == "20270112T200000Z" and moved["STATUS"] == "CONFIRMED"
    assert "rearranged" in moved["SUMMARY"] and moved["SEQUENCE"] == "1"
    assert postponed["STATUS"] == "TENTATIVE" and "postponed" in postponed["SUMMARY"]
    assert "the pub flooded" in moved["DESCRIPTION"]


@pytest.mark.parametrize(("night", "match_start", "starts", "ends"), [
    (date(2027, 1, 12), time(20, 0), "20270112T200000Z", "20270112T230000Z"),  # winter: London is on UTC
    (date(2027, 6, 8), time(20, 0), "20270608T190000Z", "20270608T220000Z"),  # summer: an hour ahead
    (date(2027, 6, 8), time(19, 30), "20270608T183000Z", "20270608T213000Z"),  # the league's own start
])
def test_a_match_starts_at_the_leagues_start_time_on_its_night(
    teams: list[Team], secretary: Any, night: date, match_start: time, starts: str, ends: str,
) -> None:
    league = teams[0].league
    league.match_start = match_start
    league.save()
    fixture = Fixture.objects.filter(home_team=teams[0]).first()
    assert fixture is not None
    fixture_rearrange(fixture_id=fixture.pk, new_date=night, reason="cup tie", user=secretary)
    event = next(e for e in feed(teams[0]) if e["UID"] == f"fixture-{fixture.pk}@fixtures.fives-and-threes")
    assert (event["DTSTART"], event["DTEND"]) == (starts, ends)


def test_the_team_page_offers_the_feed_to_subscribe_to(teams: list[Team]) -> None:
    html = Client().get(f"/teams/{teams[0].pk}/").content.decode()
    assert f'href="webcal://testserver/teams/{teams[0].pk}/fixtures.ics"' in html


def test_a_fixtures_uid_stays_the_same_when_it_moves(teams: list[Team], secretary: Any) -> None:
    before = {event["UID"] for event in feed(teams[0])}
    fixture = Fixture.objects.filter(home_team=teams[0]).first()
    assert fixture is not None
    fixture_rearrange(fixture_id=fixture.pk, new_date=date(2027, 2, 2), reason="darts final", user=secretary)
    assert {event["UID"] for event in feed(teams[0])} == before


def test_an_unknown_team_has_no_feed(db: None) -> None:
    assert Client().get("/teams/999/fixtures.ics").status_code == 404


# The writer itself

STAMP = datetime(2026, 8, 1, 12, 30, tzinfo=timezone.utc)


def test_long_and_multibyte_lines_are_folded_within_75_octets() -> None:
    event = Event(uid="1@x", day=date(2026, 9, 1), summary="Ye Olde Fighting Cocks Æ v " + "Ümlaut Arms " * 12,
                  location="Crown, High St; Leek\nStaffs")
    text = calendar_text([event], name="Cocks", stamp=STAMP)
    (parsed,) = parse(text)
    assert parsed["SUMMARY"] == escape(event.summary)
    assert parsed["LOCATION"] == "Crown\\, High St\\; Leek\\nStaffs"
    assert parsed["DTSTAMP"] == "20260801T123000Z"
    lines = text.split("\r\n")
    assert any(line.startswith(" ") for line in lines)  # the summary was folded
    assert max(len(line.encode("utf-8")) for line in lines) <= 75
    # Each fold came only when the next whole character would not fit, so
    # a line is as full as it can be and no character was split.
    for line, following in pairwise(lines):
        if following.startswith(" "):
            assert len(line.encode("utf-8")) + len(following[1].encode("utf-8")) > 75


def test_a_line_of_exactly_75_octets_is_not_folded() -> None:
    assert fold("X" * 75) == "X" * 75
    assert fold("X" * 76) == "X" * 75 + "\r\n X"


def test_the_calendar_writers_examples_hold() -> None:
    result = doctest.testmod(league.calendar)
    assert result.failed == 0 and result.attempted > 0


def test_a_rearranged_fixture_voided_is_cancelled_on_its_new_date(teams: list[Team], secretary: Any) -> None:
    fixture = Fixture.objects.filter(home_team=teams[0]).first()
    assert fixture is not None
    fixture_rearrange(fixture_id=fixture.pk, new_date=date(2027, 3, 2), reason="darts final", user=secretary)
    fixture_void(fixture_id=fixture.pk, reason="Crown B folded", user=secretary)
    (event,) = [e for e in feed(teams[0]) if e["UID"] == f"fixture-{fixture.pk}@fixtures.fives-and-threes"]
    assert (event["STATUS"], event["DTSTART"], event["SEQUENCE"]) == ("CANCELLED", "20270302T200000Z", "2")
