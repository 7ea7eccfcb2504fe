"""Lists kept in one place: the tie-breakers (each one's key, what it ranks
by and its words) and the game's cached fields. Whatever is registered
there works everywhere that reads it."""
from itertools import pairwise
from random import Random
from typing import Any

import pytest
from django.template.loader import render_to_string
from tablets import new_game, post_move, sample_sheet, tablet_for

import scoring
from league.api.schema import GameStateOutput
from league.competition_settings import settings_problem
from league.engine import engine_state
from league.formats import scheme_get
from league.models import Game
from league.models.game import CACHE_FIELDS
from league.pages.public import tie_breaker_words
from league.selectors.replay import game_replayed_state
from league.selectors.state import game_state
from league.standings import (
    TIE_BREAKER_RULES,
    TIE_BREAKERS,
    MatchLine,
    TableRow,
    TeamEntry,
    TieBreakerError,
    division_table,
    tie_breakers_check,
)
from league.standings.tiebreakers import HEAD_TO_HEAD, NAME

# Ids in the opposite order to the names, so listing by name and by id differ.
TEAMS = [TeamEntry(number, name) for number, name in
         enumerate(["Swan", "Red Lion", "Plough", "Crown", "Bell", "Anchor"], start=1)]
RANKING = [key for key in TIE_BREAKERS if key != NAME]


def a_season(seed: int) -> list[MatchLine]:
    """Every team at home to every other, nine games a match, scores drawn at random."""
    rng = Random(seed)
    lines = []
    for home in TEAMS:
        for away in TEAMS:
            if home != away:
                won = rng.randint(0, 9)
                lines.append(MatchLine(home.id, away.id, won, 9 - won, rng.randint(200, 600), rng.randint(200, 600)))
    return lines


def ranked(tie_breakers: list[str], seed: int) -> list[TableRow]:
    return division_table(TEAMS, a_season(seed), scheme_get("plain"), tie_breakers=tie_breakers)


# Tie-breakers

@pytest.mark.parametrize("key", [rule.key for rule in TIE_BREAKER_RULES.values()])
def test_every_tie_breaker_is_registered_under_its_own_key_with_words(key: str) -> None:
    rule = TIE_BREAKER_RULES[key]
    assert (rule.key, key in TIE_BREAKERS) == (key, True)
    assert rule.words.strip()


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("key", [key for key in RANKING if TIE_BREAKER_RULES[key].statistic is not None])
def test_a_tie_breaker_with_a_statistic_ranks_the_table_by_it(key: str, seed: int) -> None:
    statistic: Any = TIE_BREAKER_RULES[key].statistic
    rows = ranked([key], seed)
    values = [statistic(row) for row in rows]
    assert values == sorted(values, reverse=True)
    # Level on it is sharing a place; ahead on it is placed above.
    for above, below in pairwise(rows):
        assert (above.position == below.position) == (statistic(above) == statistic(below))


@pytest.mark.parametrize("seed", range(5))
def test_head_to_head_alone_ranks_first_by_the_points_of_all_the_matches(seed: int) -> None:
    # With every team level before it, the matches among them are all the
    # matches; teams level on those are then ranked by their own matches.
    rows = ranked([HEAD_TO_HEAD], seed)
    points = [row.points for row in rows]
    assert points == sorted(points, reverse=True)
    for above, below in pairwise(rows):
        assert above.position != below.position or above.points == below.points


def test_head_to_head_separates_teams_level_on_points_by_their_own_match() -> None:
    crown, bell, anchor = TEAMS[3], TEAMS[4], TEAMS[5]
    lines = [MatchLine(crown.id, bell.id, 5, 4), MatchLine(bell.id, anchor.id, 5, 4), MatchLine(anchor.id, crown.id, 9, 0),
             MatchLine(anchor.id, bell.id, 0, 9)]
    rows = division_table([crown, bell, anchor], lines, scheme_get("plain"), tie_breakers=["points", HEAD_TO_HEAD])
    assert [(row.name, row.position) for row in rows] == [("Bell", 1), ("Anchor", 2), ("Crown", 3)]


def test_name_lists_teams_level_on_everything_else_by_name_in_one_shared_place() -> None:
    rows = division_table(TEAMS, [], scheme_get("plain"), tie_breakers=["points", NAME])
    assert [row.name for row in rows] == sorted(team.name for team in TEAMS)
    assert {row.position for row in rows} == {1}


@pytest.mark.parametrize("key", RANKING)
def test_every_ranking_tie_breaker_validates_as_a_setting_alone_and_before_name(key: str) -> None:
    assert tie_breakers_check([key]) == (key,)
    assert settings_problem("tie_breakers", [key]) is None
    assert settings_problem("tie_breakers", [key, NAME]) is None


def test_name_validates_only_last_and_never_alone() -> None:
    with pytest.raises(TieBreakerError, match="at least one tie-breaker other than 'name'"):
        tie_breakers_check([NAME])
    assert settings_problem("tie_breakers", [NAME, "points"]) is not None


def test_the_public_pages_say_every_tie_breaker_in_its_registered_words() -> None:
    html = render_to_string("public/tiebreakers.html", {"tie_breakers": tie_breaker_words(TIE_BREAKERS)})
    for key in RANKING:
        assert TIE_BREAKER_RULES[key].words in html
    assert "listed by name" in html


# The game's cached fields

def test_the_cached_fields_are_the_games_fields_and_what_the_engine_gives_with_seq() -> None:
    fields = {field.name for field in Game._meta.get_fields()}
    assert set(CACHE_FIELDS) <= fields
    engine = scoring.Game.new(rules={"preset": "pub"}, seats=["Ann", "Bob"], partners=False, start=None)
    assert {*engine_state(engine), "seq"} == set(CACHE_FIELDS)


def test_the_api_describes_every_field_of_the_state_it_shows(db: None) -> None:
    game = Game.objects.create(rules={"preset": "pub"}, seats=["Ann", "Bob"])
    assert set(GameStateOutput().fields) == set(game_state(game=game)) == {"id", "rules", "seats", *CACHE_FIELDS}


def test_every_move_saves_every_cached_field_as_the_log_replays_it(scorer: Any) -> None:
    tablet = tablet_for(scorer)
    sheet = sample_sheet(7)
    state = new_game(tablet, rules=sheet["rules"], seats=sheet["seats"])
    for move in sheet["hands"][0]["moves"]:
        response = post_move(tablet, state["id"], move, seq=state["seq"])
        assert response.status_code == 201, response.json()
        state = response.json()["state"]
        stored = Game.objects.get(pk=state["id"])
        assert {name: getattr(stored, name) for name in CACHE_FIELDS} == game_replayed_state(game=stored)
        assert game_state(game=stored) == state
