"""Substitutes on the match night page: each captain names theirs and
brings one on from the page; anyone reads who is named and who came on for
whom, on the page and the match card; a refusal says why beside the form."""
import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night

from league.models import NightSubstitute, Rubber, Substitution
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from league.services.match_games import rubber_game_card
from league.services.substitutes import substitutes_name
from league.services.teamsheets import team_sheet_enter

SUBS = {"name": "Subs allowed", "pairs": "named", "substitutes": 1, "max_singles": 1, "max_pairs": 1,
        "rubbers": [{"kind": "singles"}, {"kind": "singles"}, {"kind": "pairs"}]}


@pytest.fixture
def night(db: None) -> Night:
    night = a_match_night()
    stored_format_create(league_id=night.league.pk, kind="format", slug="subs", data=SUBS, user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"match_format": "own:subs"}, user=night.secretary)
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=[
        ([night.home_players[0].pk], [night.away_players[0].pk]),
        ([night.home_players[1].pk], [night.away_players[1].pk]),
        ([p.pk for p in night.home_players[2:4]], [p.pk for p in night.away_players[2:4]])],
        user=night.home_captain)
    return night


def url(night: Night, tail: str = "") -> str:
    return f"/fixtures/{night.fixture.pk}/night{tail}"


def test_the_away_captain_names_a_substitute_from_the_page(night: Night) -> None:
    client = browser(night.away_captain)
    html = text(client.get(url(night)))
    assert f"Name {night.away.name}'s substitutes" in html and f"Name {night.home.name}'s substitutes" not in html
    substitute = night.away_players[6]
    response = post(client, url(night, "/substitutes"), {"team": night.away.pk,
                                                         f"subs{night.away.pk}-players": [substitute.pk]})
    assert response.status_code == 302
    assert NightSubstitute.objects.get().player_id == substitute.pk
    assert substitute.public_name in text(browser().get(url(night)))


def test_naming_too_many_is_refused_beside_the_form(night: Night) -> None:
    players = [p.pk for p in night.away_players[6:8]]
    response = post(browser(night.away_captain), url(night, "/substitutes"),
                    {"team": night.away.pk, f"subs{night.away.pk}-players": players})
    html = text(response)
    assert response.status_code == 200
    assert "The substitutes are not named" in html and "allows at most 1 substitute a team; 2 were named." in html
    assert not NightSubstitute.objects.exists()


def test_a_substitute_comes_on_and_anyone_sees_it_on_the_page_and_the_card(night: Night) -> None:
    on, off = night.home_players[6], night.home_players[0]
    substitutes_name(fixture_id=night.fixture.pk, team_id=night.home.pk, player_ids=[on.pk], user=night.home_captain)
    client = browser(night.home_captain)
    response = post(client, url(night, "/substitution"), {
        "team": night.home.pk, f"sub{night.home.pk}-rubber": 1, f"sub{night.home.pk}-off": off.pk,
        f"sub{night.home.pk}-on": on.pk})
    assert response.status_code == 302
    assert Rubber.objects.get(number=1).home_player_id == on.pk and Substitution.objects.count() == 1
    assert f"Rubber 1: {on.public_name} on for {off.public_name}" in text(browser().get(url(night)))
    rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=40, user=night.home_captain)
    card = text(browser().get(url(night, "/card.csv")))
    assert f"{on.public_name} on for {off.public_name} ({night.home.name})" in card


def test_a_format_without_substitutes_shows_no_substitutes(db: None) -> None:
    night = a_match_night("plain")
    html = text(browser(night.home_captain).get(url(night)))
    assert 'id="substitutes"' not in html
