"""A match night's page follows its night over one stream (league.push,
docs/operations.md "The push process"): the version of the night's
structure when it changes (a game started or won, a result submitted),
and between those its games' live states, from which the page draws each
game's score without fetching its fragment. Each game's states come once
and in order; a page reconnecting is sent the newest of each again. The
night's events carry no id: the page keeps only a state newer than the
score it shows (each score cell carries its game's seq)."""
import random
import re
from typing import Any

import pytest
import redis
from django.core.cache import cache
from django.test import Client
from matchnights import Night, a_match_night, sheet_entered
from push_process import PushProcess, Stream
from rest_framework.test import APIClient
from tablets import post_move, tablet_for

from league.selectors.games import live_state_key
from league.selectors.page_versions import EVERYTHING, night_frame_key, page_versions
from league.selectors.push import every_channel, game_channel, night_channel, night_games_key, stored_entry
from league.services.match_games import rubber_game_start
from league.services.push import announce
from scoring.simulate import random_game


class Tonight:
    """A night of nine singles with its team sheet entered, whose games are
    started and scored through the API, each change committed and its
    game's state published at once, as a worker would on the move's kick."""

    def __init__(self, night: Night, committed: Any, redis_url: str) -> None:
        self.night, self.committed = night, committed
        self.tablet = tablet_for(night.home_scorer)
        # Nothing listed from an earlier test's night of the same fixture id.
        redis.Redis.from_url(redis_url).delete(stored_entry(night_games_key(self.fixture)))
        page_versions([EVERYTHING])  # as a page read makes it, should an earlier test have emptied the cache
        self.moves: dict[int, list[dict[str, Any]]] = {}
        self.states: dict[int, dict[str, Any]] = {}
        with committed(execute=True):
            sheet_entered(night, ["singles"] * 9)

    @property
    def fixture(self) -> int:
        return int(self.night.fixture.pk)

    def start(self, rubber: int) -> int:
        with self.committed(execute=True):
            game = rubber_game_start(fixture_id=self.fixture, rubber=rubber, user=self.night.home_scorer).game_id
        assert game is not None
        cache.delete(live_state_key(game))  # nothing from an earlier test's game of the same id
        state = self.tablet.get(f"/api/games/{game}").json()
        sheet = random_game(random.Random(game), state["rules"], seats=2, partners=False)
        self.moves[game] = [move for hand in sheet["hands"] for move in hand["moves"]]
        self.states[game] = state
        return game

    def move(self, game: int) -> dict[str, Any]:
        """The game's next move; its new state."""
        with self.committed(execute=True):
            response = post_move(self.tablet, game, self.moves[game][self.states[game]["seq"]],
                                 seq=self.states[game]["seq"])
        assert response.status_code == 201, response.json()
        self.states[game] = response.json()["state"]
        return self.states[game]

    def frame(self) -> dict[str, str]:
        """What the night's stream says the version of its structure is now."""
        return {"frame": f"{cache.get(night_frame_key(self.fixture))}.{cache.get(EVERYTHING)}"}


@pytest.fixture
def tonight(db: None, redis_url: str, settings: Any, django_capture_on_commit_callbacks: Any) -> Tonight:
    settings.CELERY_TASK_ALWAYS_EAGER = True  # each move's kick publishes at once
    return Tonight(a_match_night("plain"), django_capture_on_commit_callbacks, redis_url)


def public(game: int) -> dict[str, Any]:
    return dict(APIClient().get(f"/api/games/{game}/live").json())


def events(stream: Stream, count: int) -> list[tuple[str | None, Any]]:
    return [stream.next() for _ in range(count)]


def test_a_night_page_is_sent_its_structure_then_each_of_its_games_stored_state(
        tonight: Tonight, push: PushProcess) -> None:
    first, second = tonight.start(1), tonight.start(2)
    tonight.move(second)
    tonight.move(first)
    tonight.move(second)

    stream = push.stream(f"/nights/{tonight.fixture}")
    # The states are as the public live endpoint shows them, by game; no event has an id.
    assert events(stream, 3) == [(None, tonight.frame()), (None, public(first)), (None, public(second))]


def test_a_night_page_is_sent_each_move_of_its_games_once_in_order_and_no_new_structure(
        tonight: Tonight, push: PushProcess) -> None:
    first, second = tonight.start(1), tonight.start(2)
    stream = push.stream(f"/nights/{tonight.fixture}")
    assert stream.next() == (None, tonight.frame())
    old = tonight.move(first)
    sent = [tonight.move(second), tonight.move(first), tonight.move(first)]
    assert [state for _, state in events(stream, 4)] == [old, *sent]

    # Two workers' announcements crossing: an older state of the game is not sent.
    announce([(night_channel(tonight.fixture), old)])
    newest = tonight.move(first)
    assert stream.next() == (None, newest)


def test_a_game_won_tells_the_night_page_that_its_structure_changed(tonight: Tonight, push: PushProcess) -> None:
    game = tonight.start(1)
    stream = push.stream(f"/nights/{tonight.fixture}")
    started = tonight.frame()
    assert stream.next() == (None, started)
    while tonight.states[game]["status"] != "won":
        state = tonight.move(game)
        if state["status"] != "won":
            assert stream.next() == (None, state)  # a move's new score: no fetch of the fragment
    won = [data for _, data in events(stream, 2)]
    assert sorted(won, key=str) == sorted([tonight.frame(), state], key=str)
    assert tonight.frame() != started


def test_undoing_a_won_games_last_move_tells_the_night_page_that_its_structure_changed(
        tonight: Tonight, push: PushProcess) -> None:
    game = tonight.start(1)
    while tonight.move(game)["status"] != "won":
        pass
    stream = push.stream(f"/nights/{tonight.fixture}")
    won = tonight.frame()
    assert events(stream, 2) == [(None, won), (None, public(game))]
    with tonight.committed(execute=True):
        response = tonight.tablet.post(f"/api/games/{game}/undo", {"seq": tonight.states[game]["seq"]},
                                       format="json", HTTP_IDEMPOTENCY_KEY="undo-the-win")
    assert response.status_code == 201, response.json()
    undone = response.json()["state"]
    assert undone["status"] != "won"
    told = [data for _, data in events(stream, 2)]
    assert sorted(told, key=str) == sorted([tonight.frame(), undone], key=str)
    assert tonight.frame() != won


def test_a_night_page_reconnecting_is_sent_the_newest_state_of_each_game_once(
        tonight: Tonight, push: PushProcess) -> None:
    first, second = tonight.start(1), tonight.start(2)
    tonight.move(second)
    stream = push.stream(f"/nights/{tonight.fixture}")
    assert [data for _, data in events(stream, 2)] == [tonight.frame(), public(second)]
    stream.close()
    tonight.move(first)
    tonight.move(first)  # missed while away

    again = push.stream(f"/nights/{tonight.fixture}")
    assert events(again, 3) == [(None, tonight.frame()), (None, public(first)), (None, public(second))]
    after = tonight.move(second)
    assert again.next() == (None, after)  # the next change, with nothing sent twice before it


class Heard:
    """Every announcement made while it listens, by channel."""

    def __init__(self, redis_url: str) -> None:
        self.client = redis.Redis.from_url(redis_url)
        self.pubsub = self.client.pubsub()
        self.pubsub.psubscribe(every_channel())
        assert self.pubsub.get_message(timeout=10)["type"] == "psubscribe"  # type: ignore[index]
        self.end = str(cache.make_key("push:test-end"))

    def since(self) -> dict[str, list[bytes]]:
        """What was announced since listening (up to an end marker sent now, so nothing is waited for)."""
        self.client.publish(self.end, b"")
        heard: dict[str, list[bytes]] = {}
        while (message := self.pubsub.get_message(timeout=10)) is not None:
            channel = message["channel"].decode()
            if channel == self.end:
                break
            heard.setdefault(channel, []).append(message["data"])
        self.pubsub.close()
        assert message is not None, "the end marker was not heard"
        return heard


def test_a_move_is_announced_once_on_its_game_and_once_on_its_night(tonight: Tonight, redis_url: str) -> None:
    game = tonight.start(1)
    heard = Heard(redis_url)
    state = tonight.move(game)
    said = heard.since()
    assert set(said) == {game_channel(game), night_channel(tonight.fixture)}  # no new structure
    assert [len(told) for told in said.values()] == [1, 1]
    assert said[night_channel(tonight.fixture)] == said[game_channel(game)]
    assert b'"seq":%d' % state["seq"] in said[game_channel(game)][0]
    # Where the push process finds the night's games, without the database.
    assert redis.Redis.from_url(redis_url).smembers(stored_entry(night_games_key(tonight.fixture))) == {str(game).encode()}


def test_starting_a_game_announces_the_nights_new_structure_once(tonight: Tonight, redis_url: str) -> None:
    heard = Heard(redis_url)
    tonight.start(1)
    assert heard.since() == {night_channel(tonight.fixture): [f'{{"frame":"{cache.get(night_frame_key(tonight.fixture))}"}}'.encode()]}


def test_the_night_fragment_marks_each_live_games_score_with_the_game_and_its_seq(tonight: Tonight) -> None:
    game = tonight.start(1)
    fragment = f"/fixtures/{tonight.fixture}/night/live"
    cell = re.compile(rf'<span class="game-score" data-game="{game}" data-seq="(\d+)">(\d+)–(\d+)</span>')
    assert cell.search(Client().get(fragment).content.decode()).groups() == ("0", "0", "0")  # type: ignore[union-attr]
    while (state := tonight.move(game))["scores"] == [0, 0]:
        pass
    # The fragment polled without the push process is as current as the move.
    shown = cell.search(Client().get(fragment).content.decode())
    assert shown is not None
    assert shown.groups() == (str(state["seq"]), str(state["scores"][0]), str(state["scores"][1]))
    while tonight.states[game]["status"] != "won":
        tonight.move(game)
    assert f'data-game="{game}"' not in Client().get(fragment).content.decode()  # a finished game's score stays
