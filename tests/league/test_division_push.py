"""A division's page follows its own push stream (`/push/divisions/{id}`):
its table rebuilt and its results confirmed are announced there once, from
where every page version is renewed; a game's move, which the division's
page does not show, is not."""
from typing import Any

import pytest
from django.test import Client
from matchnights import Night, a_match_night, sheet_entered, submitted_five_four
from tablets import post_move, sample_sheet, tablet_for

import league.services.page_versions
from league.push.streams import KINDS
from league.selectors.page_versions import EVERYTHING, division_key
from league.selectors.push import division_channel, everything_channel
from league.services.live import live_publish_pending
from league.services.match_games import rubber_game_start
from league.services.results import match_confirm
from league.services.standings import division_standings_rebuild


def test_a_table_rebuilt_is_announced_once_to_its_division_page(
        db: None, told: Any, django_capture_on_commit_callbacks: Any) -> None:
    night = a_match_night("plain")
    with django_capture_on_commit_callbacks(execute=True):
        division_standings_rebuild(division_id=night.division.pk)
    assert told.times(division_channel(night.division.pk)) == 1


def test_a_result_confirmed_is_announced_by_its_table_rebuilt_not_before(
        db: None, told: Any, django_capture_on_commit_callbacks: Any) -> None:
    night = a_match_night("plain")
    submitted_five_four(night)
    told.clear()
    with django_capture_on_commit_callbacks(execute=False) as confirmed:
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    for callback in confirmed:  # the confirmation's own page versions, not the table's rebuild it queues
        if getattr(callback, "func", None) is league.services.page_versions._renew:
            callback()
    assert told.times(division_channel(night.division.pk)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        division_standings_rebuild(division_id=night.division.pk)
    assert told.times(division_channel(night.division.pk)) == 1


def test_a_move_is_not_announced_to_the_division_page(
        db: None, told: Any, django_capture_on_commit_callbacks: Any) -> None:
    night: Night = a_match_night("plain")
    sheet_entered(night, ["singles"] * 9)
    with django_capture_on_commit_callbacks(execute=True):
        game_id = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer).game_id
    assert game_id is not None
    tablet = tablet_for(night.home_scorer)
    rules = tablet.get(f"/api/games/{game_id}").json()["rules"]
    move = sample_sheet(3, rules=rules)["hands"][0]["moves"][0]
    assert post_move(tablet, game_id, {**move, "seq": 0}).status_code == 201
    told.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert live_publish_pending() == 1
    assert told.times(division_channel(night.division.pk)) == 0


def test_the_division_stream_sends_the_page_version_with_the_version_of_everything() -> None:
    kind = KINDS["divisions"]
    assert kind.channels(7) == [division_channel(7), everything_channel()]
    assert kind.entries(7) == [division_key(7), EVERYTHING]
    assert kind.message(["a", "b"]) == {"version": "a.b"}
    assert kind.message([None, "b"]) is None  # nothing stored yet: nothing to send


@pytest.mark.parametrize(("push_url", "named"), [("", False), ("/push", True)])
def test_the_division_page_names_its_stream_only_where_there_is_a_push_process(
        db: None, settings: Any, push_url: str, named: bool) -> None:
    settings.PUSH_URL = push_url
    night = a_match_night("plain")
    html = Client().get(f"/divisions/{night.division.pk}/").content.decode()
    assert (f'data-push="/push/divisions/{night.division.pk}"' in html) is named
    assert ("js/division" in html) is named
