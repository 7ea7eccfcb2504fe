"""Pairs drawn at the table: the same players and seed always give the same
pairs, whatever order the captains gave them in; each player plays once;
the sheet is entered with the pairs drawn and the seed kept for anyone to
check; a format that names its pairs has nothing to draw."""
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from matchnights import Night, a_match_night
from tablets import tablet_for

from league import formats
from league.models import AuditEntry, MatchNight
from league.refusals import TeamSheetInvalid
from league.selectors.matches import night_view
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from league.services.pairs_draw import team_sheet_draw
from league.services.teamsheets import team_sheet_enter

DRAWN = {"name": "Drawn pairs", "pairs": "drawn", "max_singles": 1, "max_pairs": 1,
         "rubbers": [{"kind": "singles"}, {"kind": "pairs"}, {"kind": "pairs"}]}


@given(st.lists(st.integers(1, 500), min_size=2, max_size=12, unique=True).filter(lambda p: len(p) % 2 == 0),
       st.text(min_size=1, max_size=12), st.randoms())
def test_the_same_players_and_seed_always_draw_the_same_pairs(players: list[int], seed: str, rnd: Any) -> None:
    shuffled = list(players)
    rnd.shuffle(shuffled)
    pairs = formats.pairs_drawn(players, seed=seed, side="home")
    assert pairs == formats.pairs_drawn(shuffled, seed=seed, side="home")
    assert sorted(p for pair in pairs for p in pair) == sorted(players)


def test_different_seeds_draw_differently_somewhere() -> None:
    players = list(range(1, 7))
    draws = {tuple(formats.pairs_drawn(players, seed=str(seed), side="home")) for seed in range(20)}
    assert len(draws) > 1


@pytest.mark.parametrize(("singles", "home", "away", "words"), [
    ([], [1, 2, 3, 4], [5, 6, 7, 8], "1 singles rubbers; 0 were named"),
    ([((1,), (9,))], [1, 2, 3], [5, 6, 7, 8], "The home side gives 3 players"),
    ([((1,), (9,))], [1, 2, 3, 4, 10, 11], [5, 6, 7, 8], "the 2 pairs rubbers of Drawn pairs need 4"),
    ([((1,), (9,))], [1, 2], [5, 6], "Neither side fills pairs rubber 3"),
    ([((1,), (9,))], [1, 2, 3, 4], [5, 5, 7, 8], "The away side gives a player twice"),
])
def test_what_stops_a_draw_is_said(singles: Any, home: list[int], away: list[int], words: str) -> None:
    fmt = formats.format_from_data({"key": "k", **DRAWN})
    assert any(words in problem for problem in formats.draw_problems(fmt, singles, home, away))
    with pytest.raises(formats.FormatError):
        formats.drawn_lineups(fmt, singles, home, away, seed="x")


@pytest.fixture
def night(db: None) -> Night:
    night = a_match_night()
    stored_format_create(league_id=night.league.pk, kind="format", slug="drawn", data=DRAWN, user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"match_format": "own:drawn"}, user=night.secretary)
    return night


def test_the_sheet_is_entered_with_the_pairs_drawn_and_the_seed_kept(night: Night) -> None:
    home, away = [p.pk for p in night.home_players[1:5]], [p.pk for p in night.away_players[1:5]]
    team_sheet_draw(fixture_id=night.fixture.pk, singles=[([night.home_players[0].pk], [night.away_players[0].pk])],
                    home=home, away=away, user=night.home_captain, seed="table-7")
    stored = MatchNight.objects.get(fixture=night.fixture)
    assert stored.pairs_seed == "table-7"
    rubbers = list(stored.rubbers.order_by("number"))
    expected = formats.pairs_drawn(home, seed="table-7", side="home")
    assert [(r.home_player_id, r.home_partner_id) for r in rubbers[1:]] == expected
    audit = AuditEntry.objects.get(action="night.pairs_drawn")
    assert audit.data["seed"] == "table-7" and audit.data["home"] == home
    view = night_view(fixture_id=night.fixture.pk)
    assert (view["pairs_seed"], view["format"]["pairs"]) == ("table-7", "drawn")


def test_without_a_seed_one_is_made_and_kept(night: Night) -> None:
    team_sheet_draw(fixture_id=night.fixture.pk, singles=[([night.home_players[0].pk], [night.away_players[0].pk])],
                    home=[p.pk for p in night.home_players[1:5]], away=[p.pk for p in night.away_players[1:5]],
                    user=night.home_captain)
    assert len(MatchNight.objects.get(fixture=night.fixture).pairs_seed) == 16


def test_a_format_naming_its_pairs_has_nothing_to_draw(db: None) -> None:
    named = a_match_night("solihull")
    with pytest.raises(TeamSheetInvalid, match="names its pairs on the team sheet"):
        team_sheet_draw(fixture_id=named.fixture.pk, singles=[], home=[], away=[], user=named.home_captain)


def draw_body(night: Night, **extra: Any) -> dict[str, Any]:
    return {"singles": [{"home": [night.home_players[0].pk], "away": [night.away_players[0].pk]}],
            "home": [p.pk for p in night.home_players[1:5]], "away": [p.pk for p in night.away_players[1:5]], **extra}


def test_the_api_draws_the_pairs_and_answers_with_the_night_and_its_seed(night: Night) -> None:
    response = tablet_for(night.home_captain).post(f"/api/fixtures/{night.fixture.pk}/night/sheet/draw",
                                                   draw_body(night, seed="table-7"), format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    drawn = formats.pairs_drawn([p.pk for p in night.home_players[1:5]], seed="table-7", side="home")
    assert body["pairs_seed"] == "table-7"
    assert [tuple(p["id"] for p in rubber["home"]) for rubber in body["rubbers"][1:]] == drawn


def test_only_the_home_captain_or_a_secretary_draws_and_a_refusal_is_audited(night: Night) -> None:
    response = tablet_for(night.away_captain).post(f"/api/fixtures/{night.fixture.pk}/night/sheet/draw",
                                                   draw_body(night), format="json")
    assert response.status_code == 403
    assert AuditEntry.objects.filter(action="night.pairs_drawn.refused").count() == 1
    assert not MatchNight.objects.filter(fixture=night.fixture).exists()


def test_players_that_do_not_fit_are_a_422_with_every_problem(night: Night) -> None:
    response = tablet_for(night.home_captain).post(f"/api/fixtures/{night.fixture.pk}/night/sheet/draw",
                                                   draw_body(night, home=[night.home_players[1].pk]), format="json")
    assert response.status_code == 422
    assert response.json()["problems"] == ["The home side gives 1 player for the pairs: pairs are drawn from an "
                                           "even number (a side short of players gives fewer, and concedes the "
                                           "pairs rubbers left over)."]



def test_a_short_side_gives_fewer_players_and_concedes_the_pairs_rubbers_left_over(night: Night) -> None:
    home = [p.pk for p in night.home_players[1:5]]
    away = [p.pk for p in night.away_players[1:3]]
    team_sheet_draw(fixture_id=night.fixture.pk, singles=[([night.home_players[0].pk], [night.away_players[0].pk])],
                    home=home, away=away, user=night.home_captain, seed="short")
    view = night_view(fixture_id=night.fixture.pk)
    second, third = view["rubbers"][1], view["rubbers"][2]
    assert [p["id"] for p in second["away"]] == list(formats.pairs_drawn(away, seed="short", side="away")[0])
    assert (third["conceded_by"], third["away"], third["winner"]) == ("away", [], "home")
    assert [(g["scores"], g["winner"]) for g in third["games"]] == [([61, 0], "home")]
    assert MatchNight.objects.get(fixture=night.fixture).pairs_seed == "short"


def test_a_short_side_concedes_a_singles_at_the_draw(night: Night) -> None:
    team_sheet_draw(fixture_id=night.fixture.pk, singles=[([night.home_players[0].pk], [])],
                    home=[p.pk for p in night.home_players[1:5]], away=[p.pk for p in night.away_players[1:5]],
                    user=night.home_captain, seed="s", conceded={1: "away"})
    first = night_view(fixture_id=night.fixture.pk)["rubbers"][0]
    assert (first["conceded_by"], first["winner"]) == ("away", "home")


def test_the_api_takes_a_conceded_singles_and_a_short_side_at_the_draw(night: Night) -> None:
    body = draw_body(night, seed="t", away=[p.pk for p in night.away_players[1:3]])
    body["singles"] = [{"home": [], "away": [night.away_players[0].pk], "conceded_by": "home"}]
    response = tablet_for(night.home_captain).post(f"/api/fixtures/{night.fixture.pk}/night/sheet/draw", body,
                                                   format="json")
    assert response.status_code == 200, response.json()
    rubbers = response.json()["rubbers"]
    assert [r["conceded_by"] for r in rubbers] == ["home", None, "away"]


def sheet_of(night: Night, pairs: list[tuple[list[int], list[int]]]) -> list[tuple[list[int], list[int]]]:
    return [([night.home_players[0].pk], [night.away_players[0].pk]), *pairs]


def test_pairs_named_by_hand_in_a_drawn_format_are_refused_pointing_to_the_draw(night: Night) -> None:
    h, a = [p.pk for p in night.home_players], [p.pk for p in night.away_players]
    with pytest.raises(TeamSheetInvalid) as refused:
        team_sheet_enter(fixture_id=night.fixture.pk, user=night.home_captain,
                         lineups=sheet_of(night, [([h[1], h[2]], [a[1], a[2]]), ([h[3], h[4]], [a[3], a[4]])]))
    assert "the pairs are drawn at the table, not named: draw them" in refused.value.problems[0]
    assert not MatchNight.objects.filter(fixture=night.fixture).exists()


def test_a_hand_sheet_whose_pairs_the_seed_does_not_give_is_refused_and_the_draw_stands(night: Night) -> None:
    h, a = [p.pk for p in night.home_players], [p.pk for p in night.away_players]
    team_sheet_draw(fixture_id=night.fixture.pk, singles=[([h[0]], [a[0]])], home=h[1:5], away=a[1:5],
                    user=night.home_captain, seed="s1")
    drawn = formats.pairs_drawn(h[1:5], seed="s1", side="home")
    other = [pair for pair in ([h[1], h[2]], [h[1], h[3]], [h[1], h[4]]) if tuple(pair) not in drawn
             and tuple(reversed(pair)) not in drawn][0]
    rest = [p for p in h[1:5] if p not in other]
    with pytest.raises(TeamSheetInvalid) as refused:
        team_sheet_enter(fixture_id=night.fixture.pk, user=night.home_captain,
                         lineups=sheet_of(night, [(other, [a[1], a[2]]), (rest, [a[3], a[4]])]))
    assert "the seed s1 does not give the pairs named for rubber 2, 3" in refused.value.problems[0]
    stored = MatchNight.objects.get(fixture=night.fixture)
    assert stored.pairs_seed == "s1"
    assert [(r.home_player_id, r.home_partner_id) for r in stored.rubbers.order_by("number")[1:]] == drawn


def test_a_hand_sheet_keeping_the_drawn_pairs_may_change_a_singles_and_keeps_the_seed(night: Night) -> None:
    h, a = [p.pk for p in night.home_players], [p.pk for p in night.away_players]
    team_sheet_draw(fixture_id=night.fixture.pk, singles=[([h[0]], [a[0]])], home=h[1:5], away=a[1:5],
                    user=night.home_captain, seed="s1")
    home = formats.pairs_drawn(h[1:5], seed="s1", side="home")
    away = formats.pairs_drawn(a[1:5], seed="s1", side="away")
    team_sheet_enter(fixture_id=night.fixture.pk, user=night.home_captain,
                     lineups=[([h[5]], [a[0]]), (list(home[0]), list(away[0])), (list(home[1][::-1]), list(away[1]))])
    stored = MatchNight.objects.get(fixture=night.fixture)
    assert stored.pairs_seed == "s1"
    assert stored.rubbers.get(number=1).home_player_id == h[5]
