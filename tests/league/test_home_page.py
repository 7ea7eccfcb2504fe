"""The front page lists the games being scored, with links to their records."""
import pytest
from tablets import new_game, post_move


@pytest.mark.django_db
def test_the_home_page_lists_each_game_with_its_sides_scores_and_records(client, tablet):
    game = new_game(tablet, seats=["Ann", "Bob"])
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
    page = client.get("/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Ann v Bob" in html
    assert "3 – 0" in html
    assert "playing hand 1" in html
    for link in (f"/api/games/{game['id']}", f"/api/games/{game['id']}/sheet", f"/api/games/{game['id']}/log"):
        assert f'href="{link}"' in html


@pytest.mark.django_db
def test_the_home_page_says_how_to_start_when_there_are_no_games(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "No games yet" in page.content.decode()
