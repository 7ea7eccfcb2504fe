"""Two tablets posting to one game at the same moment, on PostgreSQL, with
real concurrent connections (one thread and one connection per tablet)."""
import threading

import pytest
from django.db import connection
from tablets import new_game, post_move, sample_sheet, tablet_for

from league.models import Game, GameEntry


def race(user, game_id, move, seq, keys):
    """Posts `move` once per key, each from its own tablet and database
    connection, all released at the same moment. Answers in key order."""
    barrier = threading.Barrier(len(keys))
    answers = [None] * len(keys)

    def tablet(number, key):
        try:
            client = tablet_for(user)
            barrier.wait(timeout=10)
            response = post_move(client, game_id, move, key=key, seq=seq)
            answers[number] = (response.status_code, response.json())
        finally:
            connection.close()

    threads = [threading.Thread(target=tablet, args=pair) for pair in enumerate(keys)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert None not in answers, "a tablet never got an answer"
    return answers


@pytest.mark.django_db(transaction=True)
def test_a_second_tablet_posting_the_same_seq_gets_409(postgres, scorer):
    sheet = sample_sheet(41, rules={"preset": "pub", "target": 121})
    moves = [move for hand in sheet["hands"] for move in hand["moves"]][:20]
    game = new_game(tablet_for(scorer), rules=sheet["rules"], seats=sheet["seats"])
    for seq, move in enumerate(moves):
        tablets = 2 + seq % 3  # two, three or four tablets at once
        answers = race(scorer, game["id"], move, seq, [f"round-{seq}/tablet-{n}" for n in range(tablets)])
        assert sorted(code for code, _ in answers) == [201] + [409] * (tablets - 1), answers
        for code, body in answers:
            if code == 409:
                assert body["state"]["seq"] == seq + 1
    seqs = list(GameEntry.objects.filter(game_id=game["id"]).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(moves) + 1))
    assert Game.objects.get(pk=game["id"]).seq == len(moves)


@pytest.mark.django_db(transaction=True)
def test_a_retry_racing_its_original_records_one_move_and_both_get_its_answer(postgres, scorer):
    game = new_game(tablet_for(scorer))
    for _ in range(5):
        answers = race(scorer, game["id"], {"seat": 0, "tile": "6-3"}, 0, ["resent", "resent", "resent"])
        assert [code for code, _ in answers] == [201, 201, 201]
        assert answers[0][1] == answers[1][1] == answers[2][1]
    assert GameEntry.objects.filter(game_id=game["id"]).count() == 1
