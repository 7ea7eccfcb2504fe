"""A match week's honours (maximums, most 61s, most 15s, highest average)
from a fixture set with known answers, counting only what the tables
count; shown on the league's page and in the weekly email."""
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from honours_data import Week, a_week, known_week
from in_process import committing

from league.models import DigestSubscription, Player
from league.selectors.honour_marks import SHOWN, Leaders
from league.selectors.week_honours import WeekHonours, latest_week, week_honours
from league.services.digests import digests_send

pytestmark = pytest.mark.django_db


def named(leaders: Leaders | None) -> list[str]:
    assert leaders is not None
    return [f"{mark.name} ({mark.team})" for mark in leaders.players]


def honours_of(week: Week) -> WeekHonours:
    return week_honours(league_id=week.league.pk, monday=week.monday)


@pytest.mark.parametrize(("honour", "expected"), [
    ("maximums", ["Red Lion 3-0 v Crown", "Bell 1-0 v Plough"]),
    ("most_61s", (2, ["Ann Archer (Red Lion)"])),
    ("most_15s", (6, ["Dan Dare (Crown)"])),
    ("best_average", (61.0, 2, ["Ann Archer (Red Lion)"])),
])
def test_the_weeks_honours_are_the_known_answers(honour: str, expected: Any) -> None:
    honours = honours_of(known_week())
    got = getattr(honours, honour)
    if honour == "maximums":
        assert [f"{m.winner} {m.score} v {m.loser}" for m in got] == expected
    elif honour == "best_average":
        assert (got.average, got.played, named(got)) == expected
    else:
        assert (got.count, named(got)) == expected


def test_players_level_on_an_honour_share_it_and_a_long_tie_names_the_first_few() -> None:
    week = a_week()
    games = [(f"Home {n:02d}", f"Away {n:02d}", 61, 30, None, None) for n in range(SHOWN + 2)]
    week.match(week.premier, "Red Lion", "Crown", week.monday + timedelta(days=1), games)
    honours = honours_of(week)
    assert honours.most_61s is not None and honours.most_61s.count == 1
    assert named(honours.most_61s) == [f"Home {n:02d} (Red Lion)" for n in range(SHOWN)]
    assert honours.most_61s.others == 2
    assert honours.most_15s is None  # no game scored live: 15s unknown, not none
    assert honours.maximums[0].score == f"{SHOWN + 2}-0"


def test_an_honour_names_players_only_as_they_chose_to_be_shown() -> None:
    week = known_week()
    Player.objects.filter(name="Ann Archer").update(name_shown=Player.NameShown.HIDDEN)
    Player.objects.filter(name="Dan Dare").update(name_shown=Player.NameShown.INITIALS)
    honours = honours_of(week)
    assert named(honours.most_61s) == ["A player (Red Lion)"]
    assert named(honours.most_15s) == ["D. D. (Crown)"]


def test_a_week_with_no_counted_result_has_no_honours() -> None:
    week = known_week()
    assert honours_of(Week(**{**week.__dict__, "monday": week.monday - timedelta(days=14)})).empty


def test_the_latest_week_is_the_last_with_a_counted_result_up_to_today() -> None:
    week = known_week()
    today = timezone.localdate()
    assert latest_week(league_id=week.league.pk, season_id=week.season.pk, today=today) == week.monday
    # The day before the week's first counted match, only the week before has one.
    before = latest_week(league_id=week.league.pk, today=week.monday)
    assert before == week.monday - timedelta(days=7)


def test_the_league_page_shows_the_weeks_honours(client: Client) -> None:
    week = known_week()
    html = client.get(reverse("public-league", args=[week.league.slug])).content.decode()
    assert "Honours of the week" in html
    assert f"{week.monday:%a} {week.monday.day} {week.monday:%b}" in html
    assert "Red Lion 3-0 v Crown" in html and "Bell 1-0 v Plough" in html
    assert "Most 61s" in html and "Ann Archer" in html and "Dan Dare" in html
    assert "Spoiler" not in html


def test_a_league_page_with_no_results_has_no_honours_section(client: Client) -> None:
    week = a_week()
    html = client.get(reverse("public-league", args=[week.league.slug])).content.decode()
    assert "Honours of the week" not in html


def test_the_weekly_email_carries_the_honours_of_the_week_before_it_is_sent(
        django_capture_on_commit_callbacks: Any, mailoutbox: list[Any]) -> None:
    week = known_week()
    DigestSubscription.objects.create(league=week.league, address="fan@pub.test", confirmed_at=timezone.now())
    sent_on = week.monday + timedelta(days=7)  # the Monday after the week
    with committing(django_capture_on_commit_callbacks)():
        assert digests_send(today=sent_on) == 1
    [email] = mailoutbox
    body = email.body
    assert f"Honours of the week: matches played {week.monday:%a %d %b}" in body
    assert "Maximum: Red Lion 3-0 v Crown" in body and "Maximum: Bell 1-0 v Plough" in body
    assert "Most 61s (2): Ann Archer (Red Lion)" in body
    assert "Most 15s (6, games scored live): Dan Dare (Crown)" in body
    assert "Highest average (61.0 a game over 2 games): Ann Archer (Red Lion)" in body
    assert "Spoiler" not in body
