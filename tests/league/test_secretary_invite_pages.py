"""Inviting a team's captain or scorer: by email (the letter holds the
link) or by a link the secretary copies; the link lets the person choose
a login once, before it expires, and makes them the team's captain or a
scorer; a used, expired or withdrawn link, or a made-up one, does not."""
import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone
from forms import browser, post, text
from leagues import a_team

from league.models import AuditEntry, LoginInvite, Team
from league.models.devices import token_hash

PASSWORD = "dominoes-on-a-tuesday"



@pytest.fixture
def team(league: Any) -> Team:
    return a_team(league, "Red Lion A")


def invite(secretary: Any, team: Team, **fields: str) -> str:
    """Makes an invitation on the secretary's page; the link it shows."""
    page = post(browser(secretary), f"/secretary/teams/{team.pk}/invite", {"role": "scorer", **fields})
    found = re.search(r'value="(http://testserver/secretary/invitations/[^"]+)"', text(page))
    assert found is not None, text(page)
    return found.group(1).removeprefix("http://testserver")


def accept(link: str, username: str = "jo", email: str = "") -> Any:
    return post(browser(), link, {"username": username, "first_name": "Jo", "last_name": "Bloggs",
                                  "password1": PASSWORD, "password2": PASSWORD, "email": email})


def test_an_invitation_by_email_sends_the_link_and_accepting_it_makes_a_captain(secretary: Any, team: Team,
                                                                               committed: Any) -> None:
    with committed():
        link = invite(secretary, team, role="captain", name="Jo Bloggs", email="jo@example.org")
    assert len(mail.outbox) == 1
    letter = mail.outbox[0]
    assert letter.to == ["jo@example.org"] and "Red Lion A" in letter.subject and link in letter.body
    page = accept(link, email="jo@example.org")  # as the form offers it
    assert page.status_code == 302 and page["Location"] == f"/teams/{team.pk}/"
    team.refresh_from_db()
    assert team.captain is not None and team.captain.username == "jo" and team.captain.check_password(PASSWORD)
    assert team.captain.email == "jo@example.org"
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["invite.create", "invite.accept"]


def test_a_copied_link_sends_nothing_and_makes_a_scorer_who_is_logged_in(secretary: Any, team: Team) -> None:
    link = invite(secretary, team)
    assert mail.outbox == []
    client = browser()
    post(client, link, {"username": "sam", "password1": PASSWORD, "password2": PASSWORD})
    assert list(team.scorers.values_list("username", flat=True)) == ["sam"]
    assert client.session["_auth_user_id"] == str(get_user_model().objects.get(username="sam").pk)


def test_the_link_works_once(secretary: Any, team: Team) -> None:
    link = invite(secretary, team)
    accept(link)
    again = accept(link, username="another")
    assert again.status_code == 410 and "each link works once" in text(again)
    assert not get_user_model().objects.filter(username="another").exists()


def test_an_expired_link_is_refused(secretary: Any, team: Team) -> None:
    link = invite(secretary, team)
    LoginInvite.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    page = browser().get(link)
    assert page.status_code == 410 and "expired" in text(page)


def test_a_withdrawn_link_is_refused(secretary: Any, team: Team) -> None:
    link = invite(secretary, team)
    post(browser(secretary), f"/secretary/teams/{team.pk}/invites/{LoginInvite.objects.get().pk}/withdraw")
    assert "withdrew" in text(browser().get(link))
    assert accept(link).status_code == 410 and team.scorers.count() == 0


def test_a_made_up_link_opens_nothing(team: Team) -> None:
    assert browser().get("/secretary/invitations/not-a-token").status_code == 404


def test_only_the_tokens_hash_is_stored(secretary: Any, team: Team) -> None:
    token = invite(secretary, team).rsplit("/", 1)[1]
    stored = LoginInvite.objects.get()
    assert stored.token_hash == token_hash(token) and token not in stored.token_hash


def test_a_taken_username_or_a_weak_password_is_refused_and_the_link_still_works(secretary: Any, team: Team) -> None:
    get_user_model().objects.create_user("jo")
    link = invite(secretary, team)
    assert "the username jo is taken" in text(accept(link))
    weak = post(browser(), link, {"username": "sam", "password1": "password", "password2": "password"})
    assert "too common" in text(weak)
    assert accept(link, username="sam").status_code == 302


def test_the_team_page_lists_open_invitations(secretary: Any, team: Team) -> None:
    invite(secretary, team, name="Jo Bloggs", email="jo@example.org")
    html = text(browser(secretary).get(f"/secretary/teams/{team.pk}/"))
    assert "jo@example.org" in html and "Withdraw" in html


def test_only_a_secretary_of_the_league_invites(team: Team) -> None:
    stranger = get_user_model().objects.create_user("stranger")
    page = post(browser(stranger), f"/secretary/teams/{team.pk}/invite", {"role": "captain"})
    assert page.status_code == 403 and not LoginInvite.objects.exists()
