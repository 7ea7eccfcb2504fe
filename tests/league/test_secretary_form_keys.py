"""The secretary's forms that a double tap, or a browser sending the form
again after its answer was lost, must not do twice: removing a sanction,
adding or correcting a venue, inviting one person. Each carries a key made
when it was rendered; sent twice with it, the change is made once and both
sendings get the first one's answer."""
import re
from typing import Any

import pytest
from django.core import mail
from forms import browser, post, text
from leagues import a_team
from matchnights import Night, a_match_night

from league.models import AuditEntry, LoginInvite, Sanction, Venue
from league.services.sanctions import sanction_apply

KEY = re.compile(r'<input type="hidden" name="form_key" value="([0-9a-f]+)">')


def key_of(page: Any) -> str:
    found = KEY.search(text(page))
    assert found is not None, "the form carries a key"
    return found.group(1)



# Removing a sanction


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain", played_days_ago=10)


def test_a_confirmed_removal_sent_twice_gives_the_points_back_once_and_says_so_both_times(night: Night) -> None:
    sanction = sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=2,
                              reason="Fielded an unregistered player", user=night.secretary)
    client, address = browser(night.secretary), f"/secretary/sanctions/{sanction.pk}/remove"
    confirmation = post(client, address, {"reason": "Registered after all", "step": "review"})
    sent = {"reason": "Registered after all", "step": "confirm", "form_key": key_of(confirmation)}
    first = post(client, address, sent)
    said = text(client.get(first["Location"]))
    again = post(client, address, sent)  # the sanction is gone: the first answer is found all the same
    assert (first.status_code, again.status_code) == (302, 302) and again["Location"] == first["Location"]
    assert "The sanction is removed: Leek Crown B have their 2 points back." in said
    assert "The sanction is removed: Leek Crown B have their 2 points back." in text(client.get(again["Location"]))
    assert not Sanction.objects.exists()
    assert AuditEntry.objects.filter(action="sanction.remove").count() == 1


def test_a_removal_sent_again_for_a_sanction_removed_by_another_form_finds_no_sanction(night: Night) -> None:
    sanction = sanction_apply(division_id=night.division.pk, team_id=night.away.pk, points=2,
                              reason="Fielded an unregistered player", user=night.secretary)
    client, address = browser(night.secretary), f"/secretary/sanctions/{sanction.pk}/remove"
    keys = [key_of(post(client, address, {"reason": "Registered", "step": "review"})) for _ in range(2)]
    first = post(client, address, {"reason": "Registered", "step": "confirm", "form_key": keys[0]})
    other = post(client, address, {"reason": "Registered", "step": "confirm", "form_key": keys[1]})
    assert (first.status_code, other.status_code) == (302, 404)
    assert AuditEntry.objects.filter(action="sanction.remove").count() == 1


# Venues


def test_add_the_venue_tapped_twice_adds_one_venue(secretary: Any, league: Any) -> None:
    client, address = browser(secretary), f"/secretary/leagues/{league.pk}/venues/"
    # Confirmed as another pub of a name the league has, so only the key keeps the second out.
    a_team(league, "The Swan A")
    sent = {"name": "The Swan", "board_sets": "2", "insist": "on", "form_key": key_of(client.get(address))}
    first, again = post(client, address, sent), post(client, address, sent)
    assert (first.status_code, again.status_code) == (302, 302)
    assert Venue.objects.filter(name="The Swan").count() == 2  # the one before, and one added
    assert AuditEntry.objects.filter(action="venue.create").count() == 1
    assert "The Swan is added: a team may now play there." in text(client.get(again["Location"]))


def test_a_venue_correction_sent_twice_is_audited_once(secretary: Any, league: Any) -> None:
    swan = a_team(league, "The Swan A").home_venue
    client, address = browser(secretary), f"/secretary/leagues/{league.pk}/venues/{swan.pk}"
    sent = {"name": "The Swan Inn", "board_sets": "3", "form_key": key_of(client.get(address))}
    first, again = post(client, address, sent), post(client, address, sent)
    assert (first.status_code, again.status_code) == (302, 302)
    swan.refresh_from_db()
    assert (swan.name, swan.board_sets) == ("The Swan Inn", 3)
    assert AuditEntry.objects.filter(action="venue.change").count() == 1


# Inviting one person


LINK = re.compile(r'value="(http://testserver/secretary/invitations/[^"]+)"')


def test_an_invitation_sent_twice_makes_one_invitation_and_shows_its_link_both_times(
        secretary: Any, league: Any, committed: Any) -> None:
    team = a_team(league, "Red Lion A")
    client, address = browser(secretary), f"/secretary/teams/{team.pk}/invite"
    sent = {"role": "scorer", "team": team.pk, "name": "Sam Scorer", "email": "sam@example.org",
            "form_key": key_of(client.get(address))}
    with committed():
        first, again = post(client, address, sent), post(client, address, sent)
    assert (first.status_code, again.status_code) == (200, 200)
    links = [LINK.search(text(page)) for page in (first, again)]
    assert links[0] is not None and links[1] is not None and links[0].group(1) == links[1].group(1)
    assert "Sam Scorer, as a scorer of Red Lion A" in text(again)
    assert LoginInvite.objects.count() == 1 and len(mail.outbox) == 1
    assert AuditEntry.objects.filter(action="invite.create").count() == 1
    accepted = post(browser(), links[1].group(1).removeprefix("http://testserver"),
                    {"username": "sam", "password1": "dominoes-on-a-tuesday", "password2": "dominoes-on-a-tuesday"})
    assert accepted.status_code == 302 and list(team.scorers.values_list("username", flat=True)) == ["sam"]


def test_each_invitation_form_makes_its_own_invitation(secretary: Any, league: Any) -> None:
    team = a_team(league, "Red Lion A")
    client, address = browser(secretary), f"/secretary/teams/{team.pk}/invite"
    for _ in range(2):
        post(client, address, {"role": "scorer", "team": team.pk, "form_key": key_of(client.get(address))})
    assert LoginInvite.objects.count() == 2
