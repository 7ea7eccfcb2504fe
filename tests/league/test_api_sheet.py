"""A game as a scoresheet: exported, re-adjudicated, imported."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from tablets import new_game, play_sheet, post_move, sample_sheet

import scoring
from league.models import GameEntry

ROOT = Path(__file__).resolve().parents[2]


def check_on_the_command_line(sheet):
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "check", "-"], input=json.dumps(sheet), capture_output=True, text=True,
        cwd=ROOT, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_the_sheet_of_a_game_reproduces_its_scores_and_winner_on_the_command_line(tablet):
    state, _ = play_sheet(tablet, sample_sheet(11, mistakes=0.05))
    sheet = tablet.get(f"/api/games/{state['id']}/sheet").json()
    assert sheet["format"] == "fives-and-threes/1"
    result = check_on_the_command_line(sheet)
    assert (result["scores"], result["winner"]) == (state["scores"], state["winner"])


def test_the_sheet_leaves_out_voided_moves(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right"})
    tablet.post(f"/api/games/{game['id']}/undo", {}, format="json")
    post_move(tablet, game["id"], {"seat": 1, "tile": "3-5", "end": "right"})
    sheet = tablet.get(f"/api/games/{game['id']}/sheet").json()
    tiles = [move.get("tile") for hand in sheet["hands"] for move in hand["moves"]]
    assert tiles == ["6-3", "3-5"]
    state = tablet.get(f"/api/games/{game['id']}").json()
    assert check_on_the_command_line(sheet)["scores"] == state["scores"]


def test_a_game_from_paper_is_imported_with_its_whole_log(tablet):
    sheet = sample_sheet(12, mistakes=0.05)
    response = tablet.post("/api/games/import", sheet, format="json")
    assert response.status_code == 201, response.json()
    state = response.json()
    expected = scoring.check(sheet)
    assert (state["scores"], state["winner"], state["status"]) == (expected["scores"], expected["winner"], "won")
    moves = sum(len(hand["moves"]) for hand in sheet["hands"])
    assert GameEntry.objects.filter(game_id=state["id"], kind="move").count() == moves
    assert state["seq"] == GameEntry.objects.filter(game_id=state["id"]).count()


def test_an_imported_unfinished_game_can_be_continued_live(tablet):
    sheet = sample_sheet(13)
    unfinished = {**sheet, "hands": sheet["hands"][:1]}
    unfinished["hands"] = [{**sheet["hands"][0], "moves": sheet["hands"][0]["moves"][:3]}]
    unfinished["hands"][0].pop("shown", None)
    state = tablet.post("/api/games/import", unfinished, format="json").json()
    assert state["status"] == "playing"
    response = post_move(tablet, state["id"], sheet["hands"][0]["moves"][3], seq=state["seq"])
    assert response.status_code == 201, response.json()


def test_importing_a_sheet_the_rules_reject_is_422_with_the_engines_message(tablet):
    bad = {"seats": ["Ann", "Bob"], "hands": [{"moves": [{"seat": 0, "tile": "6-3"}, {"seat": 1, "tile": "2-4"}]}]}
    response = tablet.post("/api/games/import", bad, format="json")
    assert response.status_code == 422
    assert "hand" in response.json()["error"]


@pytest.mark.slow
def test_an_exported_sheet_imports_as_the_same_game(tablet):
    state, _ = play_sheet(tablet, sample_sheet(14))
    sheet = tablet.get(f"/api/games/{state['id']}/sheet").json()
    copy = tablet.post("/api/games/import", sheet, format="json").json()
    assert {k: v for k, v in copy.items() if k not in ("id", "seq")} == \
        {k: v for k, v in state.items() if k not in ("id", "seq")}
