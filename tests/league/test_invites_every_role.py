"""Invitations for every role: a player from their page (the login becomes
theirs), a whole squad at once from its page (by email and by links to
share), a vice-captain and a secretary; someone logged in already takes
an invitation on their own login; a player who logs in is not invited
again."""
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from forms import browser, post, text

from league.models import League, LoginInvite, Player, Team

PASSWORD = "dominoes-on-a-tuesday"
LINK = re.compile(r'value="http://testserver(/secretary/invitations/[^"]+)"')





def links(page: Any) -> list[str]:
    return LINK.findall(text(page))


def accept(link: str, username: str, email: str = "") -> Any:
    return post(browser(), link, {"username": username, "password1": PASSWORD, "password2": PASSWORD,
                                  "email": email})


def test_a_player_with_no_login_is_invited_from_their_page_and_the_login_becomes_theirs(
        secretary: Any, league: League, squad: list[Player]) -> None:
    player = squad[0]
    page = text(browser(secretary).get(f"/secretary/leagues/{league.pk}/players/{player.pk}"))
    invite_url = f"/secretary/leagues/{league.pk}/players/{player.pk}/invite"
    assert "none" in page and f'href="{invite_url}"' in page
    made = post(browser(secretary), invite_url, {"role": "player", "team": ""})
    [link] = links(made)
    assert "Share the link" in text(made) and "js/share-link." in text(made)
    assert accept(link, "redlion1").status_code == 302
    player.refresh_from_db()
    assert player.user is not None and player.user.username == "redlion1"
    assert "redlion1" in text(browser(secretary).get(f"/secretary/leagues/{league.pk}/players/{player.pk}"))


def test_a_player_who_logs_in_already_is_not_invited_again(secretary: Any, league: League,
                                                           squad: list[Player]) -> None:
    player = squad[0]
    player.user = get_user_model().objects.create_user("has-one")
    player.save()
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/players/{player.pk}/invite", {"role": "player"})
    assert "logs in already" in text(page) and not LoginInvite.objects.exists()


def test_a_whole_squad_is_invited_at_once_by_email_or_by_a_link(secretary: Any, league: League, team: Team,
                                                                squad: list[Player], committed: Any) -> None:
    season_id = squad[0].registrations.get().season_id
    url = f"/secretary/seasons/{season_id}/teams/{team.pk}/squad/invite"
    assert f'href="{url}"' in text(browser(secretary).get(f"/secretary/seasons/{season_id}/teams/{team.pk}/squad"))
    first, second, third = squad
    with committed():
        made = post(browser(secretary), url, {
            f"invite_{first.pk}": "on", f"role_{first.pk}": "captain", f"email_{first.pk}": "one@league.test",
            f"invite_{second.pk}": "on", f"role_{second.pk}": "player", f"email_{second.pk}": "",
            f"role_{third.pk}": "player", f"email_{third.pk}": ""})
    assert len(links(made)) == 2
    assert [letter.to for letter in mail.outbox] == [["one@league.test"]]
    assert "the captain of Red Lion A" in mail.outbox[0].subject
    invites = {invite.player_id: invite.role for invite in LoginInvite.objects.all()}
    assert invites == {first.pk: "captain", second.pk: "player"}
    # Those invited are not offered again; the one left out still is.
    again = text(browser(secretary).get(url))
    assert f"invite_{third.pk}" in again and f"invite_{first.pk}" not in again


def test_a_squad_invitation_with_a_bad_address_makes_none(secretary: Any, league: League, team: Team,
                                                          squad: list[Player]) -> None:
    season_id = squad[0].registrations.get().season_id
    first = squad[0]
    page = post(browser(secretary), f"/secretary/seasons/{season_id}/teams/{team.pk}/squad/invite",
                {f"invite_{first.pk}": "on", f"role_{first.pk}": "player", f"email_{first.pk}": "not an address"})
    assert "Enter a valid email address" in text(page) and not LoginInvite.objects.exists()


@pytest.mark.parametrize(("role", "where"), [
    ("vice_captain", lambda team, user: team.vice_captain == user),
    ("captain", lambda team, user: team.captain == user),
    ("scorer", lambda team, user: user in team.scorers.all()),
    ("secretary", lambda team, user: user in team.league.secretaries.all()),
])
def test_each_role_accepted_gives_its_place(secretary: Any, team: Team, role: str, where: Any) -> None:
    made = post(browser(secretary), f"/secretary/teams/{team.pk}/invite", {"role": role, "team": team.pk})
    [link] = links(made)
    accept(link, "newcomer")
    team.refresh_from_db()
    assert where(team, get_user_model().objects.get(username="newcomer"))


def test_someone_logged_in_takes_the_invitation_on_their_own_login(secretary: Any, team: Team) -> None:
    [link] = links(post(browser(secretary), f"/secretary/teams/{team.pk}/invite", {"role": "vice_captain"}))
    existing = get_user_model().objects.create_user("regular", email="regular@league.test")
    client = browser(existing)
    assert "Accept as regular" in text(client.get(link))
    assert post(client, link, {"email": "regular@league.test"}).status_code == 302
    team.refresh_from_db()
    assert team.vice_captain == existing and get_user_model().objects.count() == 2


def test_a_team_role_needs_a_team_of_the_league(secretary: Any, league: League, squad: list[Player]) -> None:
    page = post(browser(secretary), f"/secretary/leagues/{league.pk}/players/{squad[0].pk}/invite",
                {"role": "captain", "team": ""})
    assert "choose the team" in text(page) and not LoginInvite.objects.exists()


def test_a_squad_invitation_sent_twice_invites_once(secretary: Any, league: League, team: Team,
                                                    squad: list[Player], committed: Any) -> None:
    season_id = squad[0].registrations.get().season_id
    first = squad[0]
    form = {f"invite_{first.pk}": "on", f"role_{first.pk}": "player", f"email_{first.pk}": "one@league.test"}
    url = f"/secretary/seasons/{season_id}/teams/{team.pk}/squad/invite"
    with committed():
        post(browser(secretary), url, form)
        again = post(browser(secretary), url, form)
    assert "have an invitation open already" in text(again)
    assert LoginInvite.objects.count() == 1 and len(mail.outbox) == 1
