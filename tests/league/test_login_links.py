"""A login and a player, linked and unlinked through the pages alone: a
person who logs in already (a scorer from a team's invitation) opens a
player's invitation while logged in and becomes that player; a login
linked to the wrong player is taken off it by the secretary, after a
confirmation, audited, once however often the form is sent; and whoever
accepts an invitation is welcomed, once, on the page they land on, with
what they can now do."""
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from forms import browser, post, text
from leagues import a_season, a_team, players

from league.models import AuditEntry, League, Player, SquadRegistration, Team

PASSWORD = "dominoes-on-a-tuesday"
LINK = re.compile(r'value="http://testserver(/secretary/invitations/[^"]+)"')
FORM_KEY = re.compile(r'name="form_key" value="([^"]+)"')


@pytest.fixture
def team(league: League) -> Team:
    return a_team(league, "Red Lion A")


@pytest.fixture
def player(league: League, team: Team) -> Player:
    [ann] = players(1, prefix="Ann")
    SquadRegistration.objects.create(season=a_season(league), team=team, player=ann)
    return ann


def invitation(secretary: Any, url: str, data: dict[str, Any]) -> str:
    [link] = LINK.findall(text(post(browser(secretary), url, data)))
    return str(link)


def a_scorer(secretary: Any, team: Team) -> tuple[Any, Any]:
    """A scorer's login made from a team's invitation, naming no player,
    and their browser, logged in by accepting it."""
    link = invitation(secretary, f"/secretary/teams/{team.pk}/invite", {"role": "scorer", "team": team.pk})
    client = browser()
    post(client, link, {"username": "sam", "first_name": "Sam", "password1": PASSWORD, "password2": PASSWORD})
    return get_user_model().objects.get(username="sam"), client


def test_a_scorer_who_opens_a_players_invitation_logged_in_becomes_that_player(
        secretary: Any, league: League, team: Team, player: Player) -> None:
    scorer, client = a_scorer(secretary, team)
    link = invitation(secretary, f"/secretary/leagues/{league.pk}/players/{player.pk}/invite", {"role": "player"})
    assert "Accept as sam" in text(client.get(link))
    landed = post(client, link, {"email": ""})
    assert landed["Location"] == f"/players/{player.pk}/"
    assert "Welcome, Sam: you are now a player. You can enter the singles and pairs cups" in text(
        client.get(landed["Location"]))
    player.refresh_from_db()
    assert player.user == scorer and list(team.scorers.all()) == [scorer]
    assert "sam" in text(browser(secretary).get(f"/secretary/leagues/{league.pk}/players/{player.pk}"))


def test_the_secretary_takes_a_wrong_login_off_a_player_after_confirming(
        secretary: Any, league: League, team: Team, player: Player) -> None:
    scorer, _ = a_scorer(secretary, team)
    player.user = scorer
    player.save()
    page_url = f"/secretary/leagues/{league.pk}/players/{player.pk}"
    unlink_url = f"{page_url}/unlink"
    assert f'href="{unlink_url}"' in text(browser(secretary).get(page_url))
    client = browser(secretary)
    confirm = text(client.get(unlink_url))
    assert "Check, then confirm" in confirm and "Yes: take the login off Ann 1" in confirm
    player.refresh_from_db()
    assert player.user == scorer  # asking changes nothing
    [key] = FORM_KEY.findall(confirm)
    form = {"form_key": key, "login": scorer.pk}
    done = post(client, unlink_url, form)
    assert done.status_code == 302 and done["Location"] == page_url
    shown = text(client.get(page_url))
    assert "The login sam is no longer Ann 1&#x27;s" in shown and "Invite Ann 1 to log in" in shown
    player.refresh_from_db()
    assert player.user is None and list(team.scorers.all()) == [scorer]  # the login keeps its place
    # Sent again (a double tap), it does nothing more.
    assert post(client, unlink_url, form)["Location"] == page_url
    [entry] = AuditEntry.objects.filter(action="player.login_unlink")
    assert entry.data == {"login": scorer.pk, "username": "sam"}


def test_a_confirmation_for_a_login_no_longer_linked_undoes_nothing(
        secretary: Any, league: League, team: Team, player: Player) -> None:
    scorer, _ = a_scorer(secretary, team)
    other = get_user_model().objects.create_user("other")
    player.user = other
    player.save()
    client = browser(secretary)
    page = post(client, f"/secretary/leagues/{league.pk}/players/{player.pk}/unlink",
                {"form_key": "k1", "login": scorer.pk})
    assert "is not linked to that login now" in text(client.get(page["Location"]))
    player.refresh_from_db()
    assert player.user == other and not AuditEntry.objects.filter(action="player.login_unlink").exists()


def test_accepting_a_team_invitation_welcomes_them_once_on_the_teams_page(secretary: Any, team: Team) -> None:
    link = invitation(secretary, f"/secretary/teams/{team.pk}/invite", {"role": "captain", "team": team.pk})
    client = browser()
    landed = post(client, link, {"username": "jo", "first_name": "Jo", "last_name": "Bloggs",
                                 "password1": PASSWORD, "password2": PASSWORD})
    assert landed["Location"] == f"/teams/{team.pk}/"
    page = text(client.get(landed["Location"]))
    welcome = page[page.index('<div class="messages"'):]
    assert "Welcome, Jo Bloggs: you are now the captain of Red Lion A." in welcome
    assert "return the result of a home match and confirm or dispute an away one" in welcome
    assert "Welcome" not in text(client.get(landed["Location"]))  # once


def test_a_scorer_is_told_what_a_scorer_does(secretary: Any, team: Team) -> None:
    _, client = a_scorer(secretary, team)
    page = text(client.get(f"/teams/{team.pk}/"))
    assert "Welcome, Sam: you are now a scorer of Red Lion A. On a match night you score your team&#x27;s games" in page
