"""A move's body is checked quickly when it is plainly valid; whatever the
quick check passes, the input serializer accepts as the very same move, and
whatever it leaves, the serializer judges (and words the refusal) as before."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_examples import examples
from tablets import new_game, post_move

from league.api.writes import MOVE_FIELDS, MoveCreateApi, well_typed_move

NAMES = [*MOVE_FIELDS, "pegg", "Seat", ""]
SPACES = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000"
VALUES = st.one_of(
    st.integers(min_value=-3, max_value=6),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-2, max_value=5),
    st.text(alphabet=st.sampled_from(["6", "-", "5", "x", "l", "e", "f", "t", *SPACES]), max_size=34),
    st.sampled_from(["6-3", "left", "0", "3", "true", "false", "", " 6-3", "6-3 ", "\u3000", "x" * 11, "x" * 33]),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
BODIES = st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=6)


def serializer_says(body):
    serializer = MoveCreateApi.InputSerializer(data=body)
    return dict(serializer.validated_data) if serializer.is_valid() else None


@settings(max_examples=examples(1000), deadline=None)
@given(body=st.one_of(BODIES, BODIES.map(lambda body: {"seat": 0, **body})))
def test_a_body_the_quick_check_passes_is_the_move_the_serializer_makes_of_it(body):
    quick = well_typed_move(body)
    if quick is not None:
        expected = serializer_says(body)
        assert expected is not None, body
        assert list(quick.items()) == list(expected.items()), body


@pytest.mark.parametrize("body", [
    {"seat": 0, "tile": "6-3"},
    {"seat": 1, "tile": "6-3", "end": "left", "peg": 10, "seq": 4},
    {"seat": 3, "knock": True},
    {"seat": 2, "draw": 1, "move": 7},
    {"seat": 0, "misplay": "6-3", "penalty": "five-points"},
])
def test_a_tablets_ordinary_moves_pass_the_quick_check(body):
    assert well_typed_move(body) == serializer_says(body) == body


@pytest.mark.parametrize("body", [
    {"seat": "0", "tile": "6-3"},  # the serializer turns text into a number
    {"seat": 0, "knock": "true"},
    {"seat": 0, "tile": " 6-3 "},  # trimmed by the serializer
    {"seat": 0, "tile": "5\x1f5"},  # a separator folded into a space by the serializer
    {"seat": 0, "end": "le\u2028ft"},
    {"seat": 0, "peg": 1.0},
    {"seat": 4},
    {"seat": True},
    {"tile": "6-3"},
    {"seat": 0, "pegg": 5},
])
def test_bodies_the_serializer_must_judge_are_left_to_it(body):
    assert well_typed_move(body) is None


@pytest.mark.parametrize(("body", "field"), [
    ({"seat": 0, "tile": "6-3", "pegg": 5}, "pegg"),
    ({"seat": 9, "tile": "6-3"}, "seat"),
    ({"seat": 0, "tile": "   "}, "tile"),
    ({"seat": 0, "knock": "perhaps"}, "knock"),
    ({"tile": "6-3"}, "seat"),
])
def test_a_bad_move_body_is_still_a_400_naming_the_field(tablet, body, field):
    game = new_game(tablet)
    response = post_move(tablet, game["id"], body)
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_a_move_with_a_number_sent_as_text_is_still_recorded(tablet):
    game = new_game(tablet)
    response = post_move(tablet, game["id"], {"seat": "0", "tile": "6-3"})
    assert response.status_code == 201, response.json()
    assert response.json()["events"][0]["tile"] == "6-3"
