"""What the pad asks before it sends: the table with every tile's options,
and a dry run of a move. Both are the engine's answers, and neither
records anything."""
from tablets import new_game, post_move

import scoring
from league.models import GameEntry

PLAYED = [
    {"seat": 0, "tile": "6-3", "peg": 3},
    {"seat": 1, "tile": "3-3", "end": "right", "peg": 4},
    {"seat": 0, "tile": "6-5", "end": "left", "peg": 0},
    {"seat": 1, "tile": "5-4", "end": "left", "peg": 2},
]


def game_with_moves(tablet, moves=PLAYED):
    game = new_game(tablet)
    for move in moves:
        assert post_move(tablet, game["id"], move).status_code == 201
    return game


def engine_after(moves):
    game = scoring.Game.new(rules={"preset": "pub"}, seats=["Ann", "Bob"])
    for move in moves:
        game, _ = game.apply(move)
    return game


def options_of(table, tile):
    return next(entry for entry in table["tiles"] if entry["tile"] == tile)


def test_every_tile_gets_the_engines_options_and_played_tiles_are_marked(tablet, anonymous):
    game = game_with_moves(tablet)
    table = anonymous.get(f"/api/games/{game['id']}/options").json()
    engine = engine_after(PLAYED)
    assert len(table["tiles"]) == 28
    for entry in table["tiles"]:
        if entry["tile"] in ("3-6", "3-3", "5-6", "4-5"):
            assert entry["played"] and entry["options"] == []
        else:
            assert entry["options"] == engine.options(entry["tile"])


def test_the_end_is_asked_only_where_the_engine_would_refuse_the_tile_without_one(tablet, anonymous):
    game = game_with_moves(tablet)
    table = anonymous.get(f"/api/games/{game['id']}/options").json()
    # 3-4 fits the 4 (ends 3 and 6: scores 3) and the 3 (ends 4 and 4: 0).
    assert options_of(table, "3-4")["ask_end"] is True
    # 4-6 fits the 4 only.
    assert options_of(table, "4-6")["ask_end"] is False
    assert [o["end"] for o in options_of(table, "4-6")["options"]] == ["left"]


def test_the_line_reads_from_the_left_end_to_the_right_as_the_tiles_lie(tablet, anonymous):
    game = game_with_moves(tablet)
    table = anonymous.get(f"/api/games/{game['id']}/options").json()
    assert [laid["faces"] for laid in table["line"]] == [[4, 5], [5, 6], [6, 3], [3, 3]]
    assert [laid["double"] for laid in table["line"]] == [False, False, False, True]
    assert table["state"]["ends"] == [4, 3]


def test_the_table_also_gives_the_target_the_tiles_held_and_this_hands_events(tablet, anonymous):
    game = game_with_moves(tablet)
    table = anonymous.get(f"/api/games/{game['id']}/options").json()
    assert (table["target"], table["held"], table["shown"]) == (61, [5, 5], False)
    assert [event["tile"] for event in table["events"]] == ["6-3", "3-3", "6-5", "5-4"]


def test_a_new_hand_starts_a_new_line(tablet, anonymous):
    moves = [
        {"seat": 0, "tile": "6-3"}, {"seat": 1, "tile": "3-3", "end": "right"},
        {"seat": 0, "knock": True}, {"seat": 1, "knock": True},
    ]
    game = new_game(tablet, rules={"preset": "pub", "hand_size": 2})
    for move in moves:
        post_move(tablet, game["id"], move)
    ended = anonymous.get(f"/api/games/{game['id']}/options").json()
    assert ended["state"]["status"] == "hand-ended" and len(ended["line"]) == 2
    post_move(tablet, game["id"], {"seat": 1, "tile": "2-2"})
    table = anonymous.get(f"/api/games/{game['id']}/options").json()
    assert [laid["tile"] for laid in table["line"]] == ["2-2"]


def test_a_preview_gives_the_events_the_move_would_make_and_records_nothing(tablet):
    game = game_with_moves(tablet)
    response = tablet.post(f"/api/games/{game['id']}/preview", {"seat": 0, "tile": "2-4", "peg": 2}, format="json")
    assert response.status_code == 200
    event = response.json()["events"][0]
    _, expected = engine_after(PLAYED).apply({"seat": 0, "tile": "2-4", "peg": 2})
    assert event == expected[0]
    assert (event["verdict"], event["penalties"]) == ("over", [{"offence": "over-peg", "side": 0, "points": -5}])
    assert GameEntry.objects.filter(game_id=game["id"]).count() == len(PLAYED)
    assert tablet.get(f"/api/games/{game['id']}").json()["seq"] == len(PLAYED)


def test_a_preview_of_a_move_the_rules_refuse_gets_422_with_the_engines_message(tablet):
    game = game_with_moves(tablet)
    response = tablet.post(f"/api/games/{game['id']}/preview", {"seat": 0, "tile": "0-0", "peg": 0}, format="json")
    assert response.status_code == 422
    assert response.json() == {"error": "hand 0, move 4 (seat 0): 0-0 fits neither end (4, 3)"}


def test_a_preview_needs_a_login_like_any_write(tablet, anonymous):
    game = game_with_moves(tablet)
    response = anonymous.post(f"/api/games/{game['id']}/preview", {"seat": 0, "knock": True}, format="json")
    assert response.status_code in (401, 403)


def test_the_options_of_a_game_that_does_not_exist_are_a_404(anonymous, db):
    assert anonymous.get("/api/games/999999/options").status_code == 404


def test_on_a_spinner_layout_the_line_lists_the_tiles_as_played_and_ends_are_named_by_tile(tablet, anonymous):
    game = new_game(tablet, rules="threes-and-fives")
    post_move(tablet, game["id"], {"seat": 0, "tile": "5-5"})
    post_move(tablet, game["id"], {"seat": 1, "tile": "2-5", "end": "5-5/left"})
    table = anonymous.get(f"/api/games/{game['id']}/options").json()
    assert [(laid["tile"], laid["end"], laid["faces"]) for laid in table["line"]] == [
        ("5-5", None, [5, 5]), ("2-5", "5-5/left", [2, 5]),
    ]
    # The spinner's cross sides open once both its long sides are covered.
    assert [option["end"] for option in options_of(table, "5-6")["options"]] == ["5-5/right"]
    assert table["boneyard"] == 14
