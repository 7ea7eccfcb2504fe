"""A pub's load on the embedded database: two tablets scoring each of three
games and a few phones reading pages, all at once, against the service
under gunicorn (two worker processes, four threads each) with production
settings on an SQLite file, as a league without PostgreSQL runs it.

SQLite lets one writer in at a time. Every request is answered (no 500 or
503 for "database is locked"): writers wait their turn (config/settings.py).
Each move is recorded once, whichever tablet sends it first; the other
tablet's copy of it is refused with 409 and the state it missed, and a
resent copy (the same Idempotency-Key) gets the first one's answer, as on
PostgreSQL (tests/league/test_concurrency.py)."""
import random
import subprocess
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_postgres_restart import PASSWORD, SCORER, Tablet
from test_production import BIN, ROOT, Visitor, _free_port, _manage, _production_env, _stop, _wait_until_listening

from scoring.simulate import random_game

pytestmark = pytest.mark.slow

GAMES = 3
MOVES_A_GAME = 12
PAGES = ["/", "/api/docs", "/accounts/login/"]


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The service on a migrated SQLite file with one scorer, and its gunicorn."""
    env = _production_env(tmp_path_factory.mktemp("sqlite-load"))
    _manage(env, "migrate", "--noinput")
    _manage(env, "collectstatic", "--noinput")
    _manage(env, "shell", "-c",
            f"from django.contrib.auth.models import User; User.objects.create_user({SCORER!r}, password={PASSWORD!r})")
    port = _free_port()
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "-c", "config/gunicorn.py", "--bind", f"127.0.0.1:{port}",
         "--workers", "2", "--threads", "4", "config.wsgi"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        _wait_until_listening(port, server)
        yield f"http://127.0.0.1:{port}", server
    finally:
        _stop(server)


def _all_at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Each call on its own thread, all released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(number: int, call: Callable[[], Any]) -> None:
        barrier.wait(timeout=30)
        answers[number] = call()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert None not in answers, "a request never got an answer"
    return answers


def _first_hand(seed: int) -> list[dict[str, Any]]:
    sheet = random_game(random.Random(seed), {"preset": "pub"})
    moves: list[dict[str, Any]] = sheet["hands"][0]["moves"][:MOVES_A_GAME]
    return moves


def test_tablets_and_phones_at_once_on_sqlite_get_answers_and_each_move_is_kept_once(service: Any) -> None:
    base, server = service
    tablets = [Tablet(base) for _ in range(2)]
    games = [tablets[0].send("POST", "/api/games", {"rules": {"preset": "pub"}, "seats": ["Ann", "Bob"]}).body
             for _ in range(GAMES)]
    sheets = [_first_hand(seed) for seed in range(GAMES)]
    rounds = min(len(moves) for moves in sheets)
    phones = [Visitor(base) for _ in range(3)]
    for seq in range(rounds):
        calls: list[Callable[[], Any]] = []
        for game, moves in zip(games, sheets, strict=True):
            path, body = f"/api/games/{game['id']}/moves", {**moves[seq], "seq": seq}
            # Both tablets send the move with a key of their own, and the
            # first resends it with its key, as the outbox does on a timeout.
            calls += [lambda t=tablet, p=path, b=body, k=f"{game['id']}/{seq}/{n}": t.send("POST", p, b, key=k)
                      for n, tablet in enumerate(tablets)]
            calls.append(lambda p=path, b=body, k=f"{game['id']}/{seq}/0": tablets[0].send("POST", p, b, key=k))
        page = PAGES[seq % len(PAGES)]
        calls += [lambda v=phone, p=page: v.get(p) for phone in phones]
        calls += [lambda g=game: tablets[1].send("GET", f"/api/games/{g['id']}") for game in games]
        answers = _all_at_once(calls)
        statuses = [answer.status for answer in answers]
        assert 500 not in statuses and 503 not in statuses, (seq, statuses)
        for number in range(GAMES):
            first, second, resent = answers[3 * number:3 * number + 3]
            assert sorted([first.status, second.status]) == [201, 409], (seq, first.body, second.body)
            assert resent.status == first.status and resent.body == first.body
        assert all(answer.status == 200 for answer in answers[3 * GAMES:]), statuses
    for game in games:
        state = tablets[1].send("GET", f"/api/games/{game['id']}").body
        assert state["seq"] == rounds
    server.terminate()
    assert b"database is locked" not in server.communicate(timeout=30)[1]
