"""Setting up a game and reading its state."""
from tablets import new_game

STATE_KEYS = {"id", "rules", "seats", "sides", "scores", "winner", "status", "hand", "turn", "ends", "seq"}


def test_a_new_game_answers_201_with_its_state(tablet):
    response = tablet.post("/api/games", {"rules": {"preset": "pub"}, "seats": ["Ann", "Bob"]}, format="json")
    assert response.status_code == 201
    state = response.json()
    assert set(state) == STATE_KEYS
    assert state["seats"] == ["Ann", "Bob"]
    assert state["sides"] == [[0], [1]]
    assert state["scores"] == [0, 0]
    assert state["status"] == "playing"
    assert (state["hand"], state["turn"], state["ends"], state["winner"], state["seq"]) == (0, None, [], None, 0)


def test_partners_make_two_sides_of_opposite_seats(tablet):
    state = new_game(tablet, seats=["Ann", "Bob", "Cath", "Dave"], partners=True)
    assert state["sides"] == [[0, 2], [1, 3]]
    assert state["scores"] == [0, 0]


def test_a_game_taken_over_from_paper_starts_from_its_scores(tablet):
    state = new_game(tablet, start=[20, 35])
    assert state["scores"] == [20, 35]


def test_rules_the_engine_does_not_know_are_refused_with_its_message(tablet):
    response = tablet.post("/api/games", {"rules": {"preset": "snap"}, "seats": ["Ann", "Bob"]}, format="json")
    assert response.status_code == 422
    assert "snap" in response.json()["error"]


def test_a_game_without_seats_is_a_bad_request(tablet):
    response = tablet.post("/api/games", {"rules": "pub"}, format="json")
    assert response.status_code == 400
    assert "seats" in response.json()["fields"]


def test_reading_a_game_gives_the_same_state_as_creating_it(tablet):
    state = new_game(tablet)
    assert tablet.get(f"/api/games/{state['id']}").json() == state


def test_an_unknown_game_is_404_with_an_error(tablet):
    response = tablet.get("/api/games/999999")
    assert response.status_code == 404
    assert "error" in response.json()
    assert tablet.post("/api/games/999999/moves", {"seat": 0, "tile": "6-3"}, format="json").status_code == 404
