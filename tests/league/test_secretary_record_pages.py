"""A league's teams, venues and players on the secretary's pages: adding
and changing each, audited, with the service's refusals shown on the form,
and everyone who runs no league kept out."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from forms import browser, post, text
from leagues import a_league, a_season, a_team

from league.models import AuditEntry, Player, SquadRegistration, Team, Venue


@pytest.fixture
def team(league: Any) -> Team:
    return a_team(league, "Red Lion A")


# Teams


def test_a_secretary_adds_a_team_at_a_venue(secretary: Any, league: Any, team: Team) -> None:
    crown = Venue.objects.create(name="The Crown")
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/teams/", {"name": " Crown  B ", "venue": crown.pk})
    added = Team.objects.get(name="Crown B")
    assert page.status_code == 302 and page["Location"] == f"/secretary/teams/{added.pk}/"
    assert (added.league, added.home_venue) == (league, crown)
    assert AuditEntry.objects.get(action="team.create").target_label == "Crown B"


def test_a_team_name_taken_in_the_league_is_refused_on_the_form(secretary: Any, league: Any, team: Team) -> None:
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/teams/",
                {"name": "Red Lion A", "venue": team.home_venue_id})
    assert "Leek &amp; District already has a team called Red Lion A" in text(page)
    assert Team.objects.filter(name="Red Lion A").count() == 1


def test_the_teams_page_lists_each_team_with_its_venue_and_captain(secretary: Any, league: Any, team: Team) -> None:
    team.captain = get_user_model().objects.create_user("jo", first_name="Jo", last_name="Bloggs")
    team.save()
    html = text(browser(secretary).get(f"/secretary/leagues/{league.pk}/teams/"))
    assert f'<a href="/secretary/teams/{team.pk}/">Red Lion A</a>' in html and "Jo Bloggs" in html


def test_a_team_is_renamed_moved_and_given_a_captain_in_one_audited_change(
    secretary: Any, league: Any, team: Team,
) -> None:
    season = a_season(league)
    captain_login = get_user_model().objects.create_user("jo")
    SquadRegistration.objects.create(season=season, team=team,
                                     player=Player.objects.create(name="Jo Bloggs", user=captain_login))
    swan = Venue.objects.create(name="The Swan")
    page = post(browser(secretary), f"/secretary/teams/{team.pk}/",
                {"name": "Swan A", "venue": swan.pk, "captain": captain_login.pk})
    team.refresh_from_db()
    assert page.status_code == 302
    assert (team.name, team.home_venue, team.captain) == ("Swan A", swan, captain_login)
    changes = AuditEntry.objects.get(action="team.change").data["changes"]
    assert changes == {"name": ["Red Lion A", "Swan A"], "home_venue": ["Red Lion", "The Swan"],
                       "captain": [None, "jo"]}


def test_a_captain_not_offered_is_refused(secretary: Any, team: Team) -> None:
    stranger = get_user_model().objects.create_user("stranger")
    page = post(browser(secretary), f"/secretary/teams/{team.pk}/",
                {"name": "Red Lion A", "venue": team.home_venue_id, "captain": stranger.pk})
    assert "Select a valid choice" in text(page)
    team.refresh_from_db()
    assert team.captain is None


def test_the_team_page_links_to_its_squads_and_to_inviting(secretary: Any, league: Any, team: Team) -> None:
    season = a_season(league)
    html = text(browser(secretary).get(f"/secretary/teams/{team.pk}/"))
    assert f'href="/secretary/seasons/{season.pk}/teams/{team.pk}/squad"' in html
    assert f'href="/secretary/teams/{team.pk}/invite"' in html


# Venues


def test_a_secretary_adds_and_corrects_a_venue(secretary: Any, league: Any) -> None:
    post(browser(secretary), f"/secretary/leagues/{league.pk}/venues/",
         {"name": "The Swan", "address": "1 High St", "board_sets": "2"})
    venue = Venue.objects.get(name="The Swan")
    assert venue.board_sets == 2
    post(browser(secretary), f"/secretary/leagues/{league.pk}/venues/{venue.pk}",
         {"name": "The Swan Inn", "address": "1 High St", "board_sets": "3"})
    venue.refresh_from_db()
    assert (venue.name, venue.board_sets) == ("The Swan Inn", 3)
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["venue.create", "venue.change"]


def test_a_venue_another_league_plays_at_is_not_the_secretarys_to_change(secretary: Any, league: Any, team: Team) -> None:
    Team.objects.create(league=a_league("Stoke Sunday"), name="Red Lion Sunday", home_venue=team.home_venue)
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/venues/{team.home_venue_id}",
                {"name": "Renamed", "board_sets": "1"})
    assert "Stoke Sunday also play there" in text(page)
    assert Venue.objects.get(pk=team.home_venue_id).name == "Red Lion"


def test_a_venue_needs_a_board_set(secretary: Any, league: Any) -> None:
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/venues/", {"name": "The Swan", "board_sets": "0"})
    assert "greater than or equal to 1" in text(page) and not Venue.objects.filter(name="The Swan").exists()


@pytest.mark.parametrize("typed", ["Red Lion", "red lion", "  RED   Lion "])
def test_a_venue_named_as_one_the_league_has_is_warned_of_beside_the_name_and_needs_confirming(
        secretary: Any, league: Any, team: Team, typed: str) -> None:
    venues = f"/secretary/leagues/{league.pk}/venues/"
    page = post(browser(secretary), venues, {"name": typed, "board_sets": "1"})
    html = page.content.decode()
    assert page.status_code == 200 and Venue.objects.count() == 1
    assert 'id="id_name_error"' in html and "already has a venue called Red Lion" in html
    assert 'name="insist"' in html
    again = post(browser(secretary), venues, {"name": typed, "board_sets": "1"})  # not ticked: asked again
    assert again.status_code == 200 and Venue.objects.count() == 1
    confirmed = post(browser(secretary), venues, {"name": typed, "board_sets": "1", "insist": "on"})
    assert confirmed.status_code == 302 and Venue.objects.count() == 2


def test_renaming_a_venue_to_another_venues_name_needs_confirming(secretary: Any, league: Any, team: Team) -> None:
    post(browser(secretary), f"/secretary/leagues/{league.pk}/venues/", {"name": "The Swan", "board_sets": "1"})
    swan = Venue.objects.get(name="The Swan")
    address = f"/secretary/leagues/{league.pk}/venues/{swan.pk}"
    page = post(browser(secretary), address, {"name": "red LION", "board_sets": "1"})
    assert "already has a venue called Red Lion" in text(page) and Venue.objects.get(pk=swan.pk).name == "The Swan"
    post(browser(secretary), address, {"name": "The Swan", "address": "1 High St", "board_sets": "2"})
    assert Venue.objects.get(pk=swan.pk).board_sets == 2  # its own name is no clash


# Players


def test_a_secretary_adds_a_player_who_chose_initials(secretary: Any, league: Any) -> None:
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/players/",
                {"name": "Jo Bloggs", "name_shown": "initials"})
    player = Player.objects.get(name="Jo Bloggs")
    assert page.status_code == 302 and player.public_name == "J. B."
    assert AuditEntry.objects.get(action="player.create").data["league"] == league.pk


def test_players_are_listed_by_league_and_found_by_any_part_of_their_name(
    secretary: Any, league: Any, team: Team,
) -> None:
    season = a_season(league)
    SquadRegistration.objects.create(season=season, team=team, player=Player.objects.create(name="Jo Bloggs"))
    Player.objects.create(name="Ann Bloggs")
    listed = text(browser(secretary).get(f"/secretary/leagues/{league.pk}/players/"))
    assert "Jo Bloggs" in listed and "Ann Bloggs" not in listed
    found = text(browser(secretary).get(f"/secretary/leagues/{league.pk}/players/?q=blog"))
    assert "Jo Bloggs" in found and "Ann Bloggs" in found and "2 players called “blog”" in found


def test_a_players_name_and_display_are_changed_and_their_page_links_to_data_and_erasure(
    secretary: Any, league: Any, team: Team,
) -> None:
    season = a_season(league)
    player = Player.objects.create(name="Jo Blogs")
    SquadRegistration.objects.create(season=season, team=team, player=player)
    url = f"/secretary/leagues/{league.pk}/players/{player.pk}"
    html = text(browser(secretary).get(url))
    assert f'href="/players/{player.pk}/data.json"' in html and f'href="/secretary/players/{player.pk}/erase"' in html
    post(browser(secretary), url, {"name": "Jo Bloggs", "name_shown": "hidden"})
    player.refresh_from_db()
    assert (player.name, player.public_name) == ("Jo Bloggs", "A player")
    assert AuditEntry.objects.get(action="player.change").data["changes"] == {
        "name": ["Jo Blogs", "Jo Bloggs"], "name_shown": ["full", "hidden"]}


def test_a_player_of_another_league_is_not_the_secretarys_to_change(secretary: Any, league: Any) -> None:
    other = a_league("Stoke Sunday")
    player = Player.objects.create(name="Sam Smith")
    SquadRegistration.objects.create(season=a_season(other), team=a_team(other, "Swan Sunday"), player=player)
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/players/{player.pk}",
                {"name": "Changed", "name_shown": "full"})
    assert "only a secretary of a league the player was registered in may change them" in text(page)
    assert Player.objects.get(pk=player.pk).name == "Sam Smith"


@pytest.mark.parametrize("address", ["teams/", "venues/", "players/", "settings"])
def test_a_user_who_is_not_the_leagues_secretary_is_kept_out(league: Any, address: str) -> None:
    stranger = get_user_model().objects.create_user("stranger")
    assert browser(stranger).get(f"/secretary/leagues/{league.pk}/{address}").status_code == 403
    assert browser().get(f"/secretary/leagues/{league.pk}/{address}").status_code == 302  # to log in


def test_the_home_page_links_to_the_records_and_settings(secretary: Any, league: Any) -> None:
    html = text(browser(secretary).get("/secretary/"))
    for address in ("teams/", "venues/", "players/", "settings"):
        assert f'href="/secretary/leagues/{league.pk}/{address}"' in html
