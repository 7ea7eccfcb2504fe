"""The move log is the truth: append-only, and the game rows a cache of it."""
import pytest
from tablets import new_game, play_sheet, post_move, post_shown, sample_sheet
from test_api_shown import EXAMPLE_SHOWN, blocked_example

from league.models import Game, GameEntry
from league.selectors.replay import games_out_of_step


def test_log_rows_cannot_be_changed_or_deleted(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    row = GameEntry.objects.get(game_id=game["id"])
    row.payload = {"seat": 0, "tile": "6-6"}
    with pytest.raises(TypeError):
        row.save()
    with pytest.raises(TypeError):
        GameEntry.objects.filter(game_id=game["id"]).update(payload={})
    with pytest.raises(TypeError):
        GameEntry.objects.filter(game_id=game["id"]).delete()
    assert GameEntry.objects.get(game_id=game["id"]).payload == {"seat": 0, "tile": "6-3"}


@pytest.mark.slow
def test_every_game_rebuilt_from_its_log_matches_its_cached_scores_and_state(tablet):
    """Live games, undos, showings, corrections and imports, then every game
    is replayed from its log alone and compared with its row."""
    play_sheet(tablet, sample_sheet(21, mistakes=0.1))
    play_sheet(tablet, sample_sheet(22, rules="pagat", seats=4, partners=True, mistakes=0.05))
    tablet.post("/api/games/import", sample_sheet(23, seats=3), format="json")
    state = blocked_example(tablet)
    post_shown(tablet, state["id"], 0, {"0": ["6-5"], "1": ["2-4"]})
    post_shown(tablet, state["id"], 0, EXAMPLE_SHOWN)
    post_move(tablet, state["id"], {"seat": 1, "tile": "5-5"})
    tablet.post(f"/api/games/{state['id']}/undo", {}, format="json")
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    tablet.post(f"/api/games/{game['id']}/undo", {}, format="json")
    assert Game.objects.count() == 5
    assert games_out_of_step() == []


def test_a_cache_that_drifted_from_the_log_is_found(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
    Game.objects.filter(pk=game["id"]).update(scores=[30, 0])
    [(game_id, cached, replayed)] = games_out_of_step()
    assert game_id == game["id"]
    assert (cached["scores"], replayed["scores"]) == ([30, 0], [3, 0])
