"""Spectators follow a game or a match night over the push process's event
streams (league.push, docs/operations.md "The push process"): the state the
public live endpoint shows first, then each change once and in order, and
after a reconnection (or a restart of the process) what was missed with
nothing twice. The streams run against real Redis; the push process is a
child process with no database it could reach."""
import asyncio
import contextlib
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import pytest
import redis
from django.core.cache import cache
from django.test import Client
from matchnights import Night, a_match_night, sheet_entered
from push_process import PushProcess, Relay, free_port
from rest_framework.test import APIClient
from tablets import new_game, post_move, sample_sheet, tablet_for

import league.push.quiet
from league.models import Competition, CupEntry, CupTie, Player
from league.push.app import PushApp
from league.push.hub import Hub
from league.selectors.games import live_state_key
from league.selectors.page_versions import EVERYTHING, cup_boards_key, night_frame_key
from league.selectors.push import every_channel, game_channel, night_games_key, stored_entry
from league.services.live import live_publish_pending
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.privacy import player_name_shown_set
from league.services.push import announce

MOVES = sample_sheet(11)["hands"][0]["moves"]




class Scored:
    """A game scored through the API, each move published as the workers do."""

    def __init__(self, scorer: Any, game_id: int | None = None) -> None:
        self.tablet = tablet_for(scorer)
        self.id = game_id if game_id is not None else new_game(self.tablet)["id"]
        cache.delete(live_state_key(self.id))  # nothing from an earlier test's game of the same id
        self.seq = 0

    def move(self) -> int:
        rules = self.tablet.get(f"/api/games/{self.id}").json()["rules"]
        move = sample_sheet(11, rules=rules)["hands"][0]["moves"][self.seq]
        response = post_move(self.tablet, self.id, move, seq=self.seq)
        assert response.status_code == 201, response.json()
        self.seq = response.json()["state"]["seq"]
        assert live_publish_pending() == 1
        return self.seq


@pytest.fixture
def scored(db: None, django_user_model: Any) -> Scored:
    return Scored(django_user_model.objects.create_user("scorer"))


def test_a_board_is_sent_the_current_state_as_the_public_live_endpoint_shows_it(db: None, push: PushProcess) -> None:
    night = a_match_night("plain")
    jo, sam = night.home_players[0], night.away_players[0]
    jo.name, jo.name_shown = "Jo Bloggs", Player.NameShown.INITIALS
    sam.name, sam.name_shown = "Sam Stone", Player.NameShown.HIDDEN
    jo.save()
    sam.save()
    sheet_entered(night, ["singles"] * 9)
    rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    assert rubber_game.game_id is not None
    game = Scored(night.home_scorer, rubber_game.game_id)
    seq = game.move()

    stream = push.stream(f"/games/{game.id}")
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    event_id, state = stream.next()
    assert (event_id, state) == (str(seq), APIClient().get(f"/api/games/{game.id}/live").json())
    assert state["seats"] == ["J. B.", "A player"]


def test_a_connected_board_receives_each_change_once_in_order(scored: Scored, push: PushProcess) -> None:
    first = scored.move()
    stream = push.stream(f"/games/{scored.id}")
    assert stream.next()[0] == str(first)
    second = scored.move()
    third = scored.move()
    assert [stream.next()[0], stream.next()[0]] == [str(second), str(third)]


def test_an_announcement_older_than_what_a_board_has_is_not_sent(scored: Scored, push: PushProcess) -> None:
    """Two workers' announcements crossing on the way: the board never goes back."""
    first = scored.move()
    old = cache.get(live_state_key(scored.id))
    second = scored.move()
    stream = push.stream(f"/games/{scored.id}")
    assert stream.next()[0] == str(second)
    announce({game_channel(scored.id): old})
    third = scored.move()
    assert stream.next()[0] == str(third)
    assert first < second < third


def test_a_board_reconnecting_with_its_last_id_gets_what_it_missed_and_nothing_twice(
        scored: Scored, push: PushProcess) -> None:
    first = scored.move()
    stream = push.stream(f"/games/{scored.id}")
    assert stream.next()[0] == str(first)
    stream.close()
    missed = scored.move()

    again = push.stream(f"/games/{scored.id}", last_event_id=first)
    event_id, state = again.next()
    assert (event_id, state["seq"]) == (str(missed), missed)
    again.close()

    # Reconnecting with the newest: the stored state is not sent again; the next change is.
    up_to_date = push.stream(f"/games/{scored.id}", last_event_id=missed)
    after = scored.move()
    assert up_to_date.next()[0] == str(after)


def test_a_restarted_push_process_loses_nothing_a_reconnecting_board_needs(scored: Scored, push: PushProcess) -> None:
    first = scored.move()
    stream = push.stream(f"/games/{scored.id}")
    assert stream.next()[0] == str(first)
    push.stop()
    with pytest.raises((EOFError, OSError)):
        stream.next()
    while_down = scored.move()  # announced to nobody
    push.start()
    event_id, state = push.stream(f"/games/{scored.id}", last_event_id=first).next()
    assert (event_id, state["seq"]) == (str(while_down), while_down)


def night_version(fixture_id: int) -> dict[str, str]:
    """What a night's stream says the version of its structure is now."""
    return {"frame": f"{cache.get(night_frame_key(fixture_id))}.{cache.get(EVERYTHING)}"}


def test_boards_opening_all_at_once_are_each_sent_the_current_state(
        scored: Scored, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pub's phones after the push process restarts, many times over: more
    boards than the process keeps connections to Redis, all asking for the
    stored state at once. Each is sent it on connecting, none left waiting
    for the next keep-alive (made too long to come here)."""
    monkeypatch.setattr(league.push.quiet, "KEEP_ALIVE_SECONDS", 3600.0)
    seq = scored.move()
    assert events_seen(redis_url, f"/push/games/{scored.id}", boards=300) == [[str(seq)]] * 300


def test_boards_whose_announcement_was_lost_are_each_sent_the_state_at_their_keep_alive(
        scored: Scored, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The keep-alives read the stored state once for all the boards of a
    game that fall due together: each board is still sent it."""
    monkeypatch.setattr(league.push.quiet, "KEEP_ALIVE_SECONDS", 0.2)
    seq = scored.move()

    def published_unannounced() -> None:
        state = cache.get(live_state_key(scored.id))
        cache.set(live_state_key(scored.id), {**state, "seq": seq + 1})

    seen = events_seen(redis_url, f"/push/games/{scored.id}", boards=50, changes=[published_unannounced])
    assert seen == [[str(seq), str(seq + 1)]] * 50


def events_seen(redis_url: str, path: str, boards: int,
                changes: list[Callable[[], None]] | None = None) -> list[list[str]]:
    """The ids of the events each of `boards` streams, opened at once on an
    application run here, is sent: the first, then one more after each of
    `changes` (made once every stream has its events so far; 20 s at most each)."""

    async def run() -> list[list[str]]:
        hub = Hub(redis_url, every_channel())
        app = PushApp(hub)
        assert await hub.wait_ready()
        gone = asyncio.Event()
        seen: list[list[str]] = [[] for _ in range(boards)]
        arrived = asyncio.Condition()

        async def receive() -> dict[str, Any]:
            await gone.wait()
            return {"type": "http.disconnect"}

        def sender(ids: list[str]) -> Any:
            async def send(message: dict[str, Any]) -> None:
                body = message.get("body", b"")
                if body.startswith(b"id: "):
                    ids.append(body.split(b"\n", 1)[0][4:].decode())
                    async with arrived:
                        arrived.notify_all()
            return send

        async def each_has(count: int) -> None:
            async with arrived:
                await asyncio.wait_for(arrived.wait_for(lambda: all(len(ids) >= count for ids in seen)), 20)

        scope = {"type": "http", "method": "GET", "path": path, "headers": []}
        streams = [asyncio.create_task(app(scope, receive, sender(ids))) for ids in seen]
        with contextlib.suppress(TimeoutError):
            await each_has(1)
            for count, change in enumerate(changes or [], start=2):
                change()
                await each_has(count)
        gone.set()
        await asyncio.gather(*streams)
        await hub.stop()
        return seen

    return asyncio.run(run())


def test_a_match_night_page_is_told_of_each_new_version(
        db: None, push: PushProcess, redis_url: str, django_capture_on_commit_callbacks: Any) -> None:
    night: Night = a_match_night("plain")
    redis.Redis.from_url(redis_url).delete(stored_entry(night_games_key(night.fixture.pk)))  # no earlier test's games
    with django_capture_on_commit_callbacks(execute=True):
        sheet_entered(night, ["singles"] * 9)
    stream = push.stream(f"/nights/{night.fixture.pk}")
    current = night_version(night.fixture.pk)
    assert stream.next() == (None, current)
    with django_capture_on_commit_callbacks(execute=True):
        rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    _, told = stream.next()
    assert told == night_version(night.fixture.pk) != current


def test_a_match_night_page_is_told_when_a_player_hides_their_name(
        db: None, push: PushProcess, redis_url: str, django_capture_on_commit_callbacks: Any) -> None:
    """A change every page shows renews no fixture's version, but the night's page shows it too."""
    night: Night = a_match_night("plain")
    redis.Redis.from_url(redis_url).delete(stored_entry(night_games_key(night.fixture.pk)))  # no earlier test's games
    with django_capture_on_commit_callbacks(execute=True):
        sheet_entered(night, ["singles"] * 9)
    stream = push.stream(f"/nights/{night.fixture.pk}")
    current = night_version(night.fixture.pk)
    assert stream.next() == (None, current)
    player = night.home_players[0]
    with django_capture_on_commit_callbacks(execute=True):
        player_name_shown_set(player_id=player.pk, shown=Player.NameShown.HIDDEN, user=night.secretary)
    _, told = stream.next()
    assert told == night_version(night.fixture.pk) != current


def test_a_finals_night_page_is_told_of_each_change_to_its_matches(
        db: None, push: PushProcess, django_capture_on_commit_callbacks: Any) -> None:
    """It follows its league's cup pages: their cup boards' version, with everything's."""
    night: Night = a_match_night("plain")
    competition = Competition.objects.create(season=night.season, name="Knockout Cup", slug="knockout-cup",
                                             division=night.division, finals_date=night.fixture.date,
                                             finals_venue=night.fixture.venue, status=Competition.Status.DRAWN)
    home, away = (CupEntry.objects.create(competition=competition, team=team) for team in (night.home, night.away))
    night.fixture.cup_tie = CupTie.objects.create(competition=competition, round=1, number=1, home=home, away=away)
    night.fixture.save()
    with django_capture_on_commit_callbacks(execute=True):
        sheet_entered(night, ["singles"] * 9)
    stream = push.stream(f"/cups/{night.league.pk}")
    current = {"version": f"{cache.get(cup_boards_key(night.league.pk))}.{cache.get(EVERYTHING)}"}
    assert stream.next() == (None, current)
    with django_capture_on_commit_callbacks(execute=True):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=40, user=night.secretary)
    _, told = stream.next()
    assert told == {"version": f"{cache.get(cup_boards_key(night.league.pk))}.{cache.get(EVERYTHING)}"} != current


@pytest.mark.parametrize(("method", "path", "status"), [
    ("POST", "/push/games/1", 405),
    ("DELETE", "/push/nights/1", 405),
    ("HEAD", "/push/games/1", 405),
    ("GET", "/push/games/x", 404),
    ("GET", "/push/players/1", 404),
])
def test_the_streams_only_listen(push: PushProcess, method: str, path: str, status: int) -> None:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", push.port, timeout=5)
    connection.request(method, path)
    assert connection.getresponse().status == status


def test_without_redis_a_stream_is_refused_so_that_the_page_keeps_polling() -> None:
    """204: the answer that tells a browser's EventSource not to reconnect."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/push/games/1", "headers": []}
    asyncio.run(PushApp(None)(scope, receive, send))
    assert sent[0]["status"] == 204


def test_while_redis_is_unreachable_a_stream_is_refused_so_that_the_page_polls(redis_url: str) -> None:
    """503: the browser's EventSource gives up, and push.js polls and tries again later."""
    process = PushProcess(redis_url=f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    process.start()
    try:
        assert process.health() == 503
        assert process.stream("/games/1").status == 503
    finally:
        process.stop()


def test_after_redis_comes_back_a_reconnecting_board_gets_what_it_missed(scored: Scored, redis_url: str) -> None:
    """Redis restarting, as the push process sees it: its streams end, and
    once it has subscribed again a board reconnecting with its last id is
    sent the state published meanwhile."""
    parsed = urlsplit(redis_url)
    relay = Relay((parsed.hostname or "127.0.0.1", parsed.port or 6379))
    process = PushProcess(redis_url=parsed._replace(netloc=f"127.0.0.1:{relay.port}").geturl())
    process.start()
    try:
        process.wait_for(lambda status: status == 200)
        first = scored.move()
        stream = process.stream(f"/games/{scored.id}")
        assert stream.next()[0] == str(first)
        relay.cut()
        with pytest.raises((EOFError, OSError)):
            stream.next()
        missed = scored.move()
        relay.restore()
        process.wait_for(lambda status: status == 200)
        assert process.stream(f"/games/{scored.id}", last_event_id=first).next()[0] == str(missed)
    finally:
        process.stop()


@pytest.mark.parametrize(("push_url", "named"), [("", False), ("/push", True)])
def test_the_spectators_pages_name_their_stream_only_where_there_is_a_push_process(
        db: None, settings: Any, push_url: str, named: bool) -> None:
    settings.PUSH_URL = push_url
    night = a_match_night("plain")
    sheet_entered(night, ["singles"] * 9)
    rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    pages = {f"/games/{rubber_game.game_id}/board": f'data-push="/push/games/{rubber_game.game_id}"',
             f"/fixtures/{night.fixture.pk}/night": f'data-push="/push/nights/{night.fixture.pk}"'}
    for page, attribute in pages.items():
        html = Client().get(page).content.decode()
        assert (attribute in html) is named, page
        assert ("data-push" in html) is named, page
