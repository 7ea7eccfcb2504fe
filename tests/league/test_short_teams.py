"""Short teams, conceded rubbers, unchecked rubbers and forfeits, as the
captains' phones and the scorer's tablet drive them through the API: a side
short of players concedes the rubbers it cannot field, a block-dominoes
rubber is entered from the card by its result only, and a side that cannot
raise the format's minimum forfeits the match, which the table shows."""
from typing import Any

import pytest
from in_process import committing
from matchnights import Night, a_match_night
from module_data import a_copy_for_one_test, made_once_a_module
from rest_framework.test import APIClient
from tablets import tablet_for

from league.models import Fixture, MatchNight, PlayerGame, Rubber, RubberGame
from league.services.standings_player_games import player_games_record

SOLIHULL = ["singles"] * 6 + ["pairs"] * 3


def url(night: Night, tail: str = "") -> str:
    return f"/api/fixtures/{night.fixture.pk}/night{tail}"


def card(night: Night, rubber: int, **body: Any) -> Any:
    return tablet_for(night.home_scorer).post(url(night, f"/rubbers/{rubber}/games"), body, format="json")


def table(night: Night) -> dict[str, dict[str, Any]]:
    rows = APIClient().get(f"/api/divisions/{night.division.pk}/table").json()["rows"]
    return {row["team"]["name"]: row for row in rows}


# --- a side five players short of six concedes what it cannot field ---------

def short_away_sheet(night: Night) -> dict[str, Any]:
    """Solihull: the home side in full; the away side has five players, so
    it plays five singles and two pairs and concedes rubbers 6 and 9."""
    away = [p.pk for p in night.away_players[:5]]
    rubbers = [{"home": home, "away": []} for home, _ in night.lineups(SOLIHULL)]
    for number in range(5):
        rubbers[number]["away"] = [away[number]]
    rubbers[6]["away"], rubbers[7]["away"] = away[0:2], away[2:4]
    rubbers[5]["conceded_by"] = rubbers[8]["conceded_by"] = "away"
    return {"rubbers": rubbers}


def a_short_night() -> Night:
    night = a_match_night("solihull", points_scheme="solihull", league_name="Solihull League")
    response = tablet_for(night.home_captain).put(url(night, "/sheet"), short_away_sheet(night), format="json")
    assert response.status_code == 200, response.json()
    return night


# Built once for the module; each test's writes are rolled back after it.
short_night_made = made_once_a_module(a_short_night)


@pytest.fixture
def short_night(db: None, short_night_made: Night) -> Night:
    return a_copy_for_one_test(short_night_made)


def test_a_conceded_rubber_is_won_by_the_other_side_at_the_concede_score(short_night: Night) -> None:
    body = APIClient().get(url(short_night)).json()
    sixth, ninth = body["rubbers"][5], body["rubbers"][8]
    assert (sixth["conceded_by"], sixth["winner"], sixth["away"]) == ("away", "home", [])
    assert [g["scores"] for g in sixth["games"]] == [[61, 0]]
    assert (ninth["conceded_by"], ninth["winner"]) == ("away", "home")
    assert body["score"] == [2, 0]
    assert body["rubbers"][0]["conceded_by"] is None


def test_a_conceded_rubber_cannot_be_played_or_taken_off(short_night: Night) -> None:
    played = card(short_night, 6, home_score=61, away_score=20)
    assert played.status_code == 422 and "conceded by" in played.json()["error"]
    assert card(short_night, 6, live=True).status_code == 422
    removed = tablet_for(short_night.home_scorer).delete(url(short_night, "/rubbers/6/games"))
    assert removed.status_code == 422 and "team sheet" in removed.json()["error"]


def test_a_concession_is_withdrawn_by_entering_the_sheet_again(short_night: Night) -> None:
    full = {"rubbers": [{"home": home, "away": away} for home, away in short_night.lineups(SOLIHULL)]}
    response = tablet_for(short_night.home_captain).put(url(short_night, "/sheet"), full, format="json")
    assert response.status_code == 200, response.json()
    sixth = response.json()["rubbers"][5]
    assert (sixth["conceded_by"], sixth["winner"], sixth["games"]) == (None, None, [])
    assert response.json()["score"] == [0, 0]


def test_the_limits_still_hold_for_the_players_a_short_side_names(short_night: Night) -> None:
    sheet = short_away_sheet(short_night)
    sheet["rubbers"][7]["away"] = sheet["rubbers"][6]["away"]  # the same pair twice
    response = tablet_for(short_night.home_captain).put(url(short_night, "/sheet"), sheet, format="json")
    assert response.status_code == 422
    assert any("plays two pairs" in problem for problem in response.json()["problems"])


def test_a_side_that_concedes_a_rubber_names_nobody_for_it(short_night: Night) -> None:
    sheet = short_away_sheet(short_night)
    sheet["rubbers"][5]["away"] = [short_night.away_players[5].pk]
    response = tablet_for(short_night.home_captain).put(url(short_night, "/sheet"), sheet, format="json")
    assert response.status_code == 422
    assert "Rubber 6: " + short_night.away.name + " concedes it, so names no players for it." \
        in response.json()["problems"]


def test_an_empty_side_that_does_not_concede_is_still_a_missing_player(short_night: Night) -> None:
    sheet = short_away_sheet(short_night)
    del sheet["rubbers"][5]["conceded_by"]
    response = tablet_for(short_night.home_captain).put(url(short_night, "/sheet"), sheet, format="json")
    assert response.status_code == 422
    assert any(p.startswith("Rubber 6 (singles)") for p in response.json()["problems"])


def test_a_night_with_conceded_rubbers_is_submitted_confirmed_and_tabled(
        short_night: Night, django_capture_on_commit_callbacks: Any) -> None:
    # The away side wins five of the seven played; with the two conceded the
    # match ends 4-5, which Solihull scores 1 to the home side, 3 to the away.
    for number in (1, 2):
        assert card(short_night, number, home_score=61, away_score=30).status_code == 201
    for number in (3, 4, 5, 7, 8):
        assert card(short_night, number, home_score=45, away_score=61).status_code == 201
    home, away = tablet_for(short_night.home_captain), tablet_for(short_night.away_captain)
    submitted = home.post(url(short_night, "/submit"))
    assert submitted.status_code == 200, submitted.json()
    assert submitted.json()["score"] == [4, 5]
    with committing(django_capture_on_commit_callbacks)():
        assert away.post(url(short_night, "/confirm")).status_code == 200
    rows = table(short_night)
    assert (rows[short_night.home.name]["points"], rows[short_night.away.name]["points"]) == (1, 3)
    assert rows[short_night.home.name]["games_for"] == 4


def test_nobody_is_counted_as_playing_a_conceded_rubber(
        short_night: Night, django_capture_on_commit_callbacks: Any) -> None:
    for number in (1, 2, 3, 4, 5, 7, 8):
        assert card(short_night, number, home_score=61, away_score=30).status_code == 201
    assert tablet_for(short_night.home_captain).post(url(short_night, "/submit")).status_code == 200
    recorded = PlayerGame.objects.filter(night__fixture=short_night.fixture)
    assert not recorded.filter(rubber_game__rubber__number__in=[6, 9]).exists()
    assert recorded.count() == 5 * 2 + 2 * 4


# --- Northallerton: block-dominoes rubbers are unchecked -------------------

def northallerton_sheet(night: Night) -> dict[str, Any]:
    """Eight pairs rubbers from eight players a side, each playing twice."""
    def pair(squad: list[Any], number: int) -> list[int]:
        return [squad[(2 * number) % 8].pk, squad[(2 * number + 1) % 8].pk]
    return {"rubbers": [{"home": pair(night.home_players, n), "away": pair(night.away_players, n)}
                        for n in range(8)]}


def a_block_night() -> Night:
    night = a_match_night("northallerton", league_name="Northallerton League", forfeit={"score": [6, 0]})
    response = tablet_for(night.home_captain).put(url(night, "/sheet"), northallerton_sheet(night), format="json")
    assert response.status_code == 200, response.json()
    return night


block_night_made = made_once_a_module(a_block_night)


@pytest.fixture
def block_night(db: None, block_night_made: Night) -> Night:
    return a_copy_for_one_test(block_night_made)


def test_a_block_rubber_is_shown_unchecked_and_the_others_are_not(block_night: Night) -> None:
    rubbers = APIClient().get(url(block_night)).json()["rubbers"]
    assert [r["unchecked"] for r in rubbers] == [True] * 4 + [False] * 4
    assert all(r["kind"] == "pairs" for r in rubbers)


def test_a_block_rubber_is_refused_on_the_pad(block_night: Night) -> None:
    response = card(block_night, 1, live=True)
    assert response.status_code == 422
    assert response.json()["error"] == ("rubber 1 is block dominoes, which is not scored live: "
                                        "enter its result from the paper card")
    assert not RubberGame.objects.filter(rubber__night__fixture=block_night.fixture).exists()


@pytest.mark.parametrize(("body", "winner", "scores"), [
    ({"winner": "home"}, "home", [None, None]),
    ({"winner": "away", "home_score": 80, "away_score": 121}, "away", [80, 121]),
    ({"home_score": 100, "away_score": 7}, "home", [100, 7]),
])
def test_a_block_rubber_is_entered_from_the_card_by_its_result(block_night: Night, body: dict[str, Any],
                                                                winner: str, scores: list[int | None]) -> None:
    response = card(block_night, 2, **body)
    assert response.status_code == 201, response.json()
    rubber = response.json()["rubbers"][1]
    assert (rubber["winner"], rubber["games"][0]["scores"], rubber["games"][0]["winner"]) == (winner, scores, winner)


@pytest.mark.parametrize(("body", "error"), [
    ({"winner": "home", "home_score": 10, "away_score": 90}, "the card's winner has the higher score"),
    ({"home_score": 50, "away_score": 50}, "say which side won"),
])
def test_a_block_result_that_contradicts_itself_is_refused(block_night: Night, body: dict[str, Any],
                                                           error: str) -> None:
    response = card(block_night, 3, **body)
    assert response.status_code == 422 and error in response.json()["error"]


def test_a_fives_and_threes_rubber_still_needs_its_scores(block_night: Night) -> None:
    response = card(block_night, 5, winner="home")
    assert response.status_code == 422 and "both final scores" in response.json()["error"]


def test_unchecked_rubbers_count_in_the_match_score_but_not_in_the_statistics(block_night: Night) -> None:
    for number in range(1, 5):
        assert card(block_night, number, winner="home").status_code == 201
    for number in range(5, 9):
        scores = (30, 61) if number < 8 else (61, 30)
        assert card(block_night, number, home_score=scores[0], away_score=scores[1]).status_code == 201
    submitted = tablet_for(block_night.home_captain).post(url(block_night, "/submit"))
    assert submitted.json()["score"] == [5, 3]
    recorded = PlayerGame.objects.filter(night__fixture=block_night.fixture)
    assert sorted(set(recorded.values_list("rubber_game__rubber__number", flat=True))) == [5, 6, 7, 8]


# --- a side that cannot raise the minimum forfeits -------------------------

def test_the_short_sides_captain_forfeits_and_the_table_shows_the_walkover(
        block_night: Night, django_capture_on_commit_callbacks: Any) -> None:
    with committing(django_capture_on_commit_callbacks)():
        response = tablet_for(block_night.away_captain).post(
            f"/api/fixtures/{block_night.fixture.pk}/forfeit", {"team": block_night.away.pk}, format="json")
    assert response.status_code == 200, response.json()
    fixture = Fixture.objects.get(pk=block_night.fixture.pk)
    assert (fixture.status, fixture.walkover_winner_id) == (Fixture.Status.WALKOVER, block_night.home.pk)
    assert "could not raise the players" in fixture.reason
    rows = table(block_night)
    home, away = rows[block_night.home.name], rows[block_night.away.name]
    assert (home["games_for"], home["games_against"], home["won"]) == (6, 0, 1)
    assert (away["points"], away["lost"]) == (0, 1)
    assert APIClient().get(url(block_night)).json()["fixture_status"] == "walkover"


def test_only_the_short_sides_captain_or_a_secretary_forfeits(block_night: Night) -> None:
    path, body = f"/api/fixtures/{block_night.fixture.pk}/forfeit", {"team": block_night.away.pk}
    assert tablet_for(block_night.home_captain).post(path, body, format="json").status_code == 403
    assert tablet_for(block_night.home_scorer).post(path, body, format="json").status_code == 403
    assert tablet_for(block_night.secretary).post(path, body, format="json").status_code == 200


def test_a_returned_result_can_no_longer_be_forfeited(short_night: Night) -> None:
    for number in (1, 2, 3, 4, 5, 7, 8):
        card(short_night, number, home_score=61, away_score=30)
    assert tablet_for(short_night.home_captain).post(url(short_night, "/submit")).status_code == 200
    response = tablet_for(short_night.away_captain).post(
        f"/api/fixtures/{short_night.fixture.pk}/forfeit", {"team": short_night.away.pk}, format="json")
    assert response.status_code == 422 and "no longer be forfeited" in response.json()["error"]


# --- nights played before the Northallerton preset was corrected ----------

def test_a_night_stored_under_the_old_northallerton_preset_reads_as_it_was_played(db: None) -> None:
    """Eight singles, as the preset said before it became eight pairs with
    four of block dominoes: the rows stored then are read as they are."""
    night = a_match_night("northallerton", league_name="Old Northallerton League")
    stored = MatchNight.objects.create(fixture=night.fixture, status=MatchNight.Status.SUBMITTED,
                                       home_games=5, away_games=3)
    for number in range(1, 9):
        rubber = Rubber.objects.create(night=stored, number=number, kind=Rubber.Kind.SINGLES,
                                       home_player=night.home_players[number - 1],
                                       away_player=night.away_players[number - 1])
        home_won = number <= 5
        RubberGame.objects.create(rubber=rubber, number=1, source=RubberGame.Source.CARD,
                                  home_score=61 if home_won else 40, away_score=40 if home_won else 61,
                                  winner="home" if home_won else "away")
    body = APIClient().get(url(night)).json()
    assert [(r["kind"], r["unchecked"]) for r in body["rubbers"]] == [("singles", False)] * 8
    assert body["score"] == [5, 3] and body["status"] == "submitted"
    assert player_games_record(night_ids=[stored.pk]) == 16
