"""The transfer forms and the secretary's "Add the team", done once
however often they are sent: a double tap, or the browser sending the
form again after its answer was lost, makes one change, and both sendings
land where the first did with its message."""
import re
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from forms import browser, post, text
from leagues import a_team
from matchnights import Night, a_match_night

from league.models import AuditEntry, SquadRegistration, Team, TransferRequest, Venue

KEY = re.compile(r'<input type="hidden" name="form_key" value="([0-9a-f]+)">')


def keys_of(page: Any) -> list[str]:
    found = KEY.findall(text(page))
    assert found, "the form carries a key"
    return found


def twice(client: Client, address: str, sent: dict[str, Any]) -> tuple[Any, Any]:
    """The form sent twice with one key; both answers, the second's message read."""
    first = post(client, address, sent)
    said = text(client.get(first["Location"]))
    again = post(client, address, sent)
    assert (first.status_code, again.status_code) == (302, 302) and again["Location"] == first["Location"]
    return said, text(client.get(again["Location"]))


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night(transfers="captains", transfer_fee=Decimal("5.00"))


def transfers_page(night: Night, team: Team) -> str:
    return f"/teams/{team.pk}/seasons/{night.season.pk}/transfers"


def asked(night: Night) -> TransferRequest:
    home = browser(night.home_captain)
    post(home, transfers_page(night, night.home), {"player": night.away_players[9].pk})
    return TransferRequest.objects.get()


def test_asking_for_a_transfer_sent_twice_asks_once(night: Night) -> None:
    home, address = browser(night.home_captain), transfers_page(night, night.home)
    [key] = keys_of(home.get(address))
    said, again = twice(home, address, {"player": night.away_players[9].pk, "note": "", "form_key": key})
    assert "The transfer is asked for" in said and "The transfer is asked for" in again
    assert TransferRequest.objects.count() == 1
    assert AuditEntry.objects.filter(action="transfer.request").count() == 1


def test_an_approval_tapped_twice_approves_once_and_says_so_both_times(night: Night) -> None:
    transfer = asked(night)
    away, back = browser(night.away_captain), transfers_page(night, night.away)
    [key, *_] = keys_of(away.get(back))
    said, again = twice(away, f"/transfers/{transfer.pk}/approve", {"next": back, "form_key": key})
    words = f"The transfer of {night.away_players[9].name} to {night.home.name} is approved, waiting for more."
    assert words in said and words in again and "error" not in again
    assert AuditEntry.objects.filter(action="transfer.approve").count() == 1


@pytest.mark.parametrize(("verb", "who", "status"), [("refuse", "away", "refused"), ("withdraw", "home", "withdrawn")])
def test_a_confirmed_refusal_or_withdrawal_sent_twice_is_done_once_and_said_the_same(
        night: Night, verb: str, who: str, status: str) -> None:
    transfer = asked(night)
    client, back = browser(getattr(night, f"{who}_captain")), transfers_page(night, getattr(night, who))
    [key] = keys_of(post(client, f"/transfers/{transfer.pk}/{verb}", {"next": back}))
    said, again = twice(client, f"/transfers/{transfer.pk}/{verb}",
                        {"next": back, "step": "confirm", "note": "squad full", "form_key": key})
    assert f"is {status}." in said and f"is {status}." in again
    assert "is not open" not in again and "no longer" not in again
    assert AuditEntry.objects.filter(action=f"transfer.{verb}").count() == 1


def test_a_direct_transfer_sent_twice_moves_the_player_once(night: Night) -> None:
    client, address = browser(night.secretary), f"/secretary/seasons/{night.season.pk}/transfers"
    mover = night.away_players[9]
    [key] = keys_of(client.get(address))
    said, again = twice(client, address, {"form": "direct", "player": mover.pk, "to_team": night.home.pk,
                                          "note": "fee paid", "form_key": key})
    assert f"{mover.name} now plays for {night.home.name}." in again
    assert SquadRegistration.objects.filter(player=mover).count() == 2  # the old, ended, and the new
    assert AuditEntry.objects.filter(action="transfer.direct").count() == 1


def test_add_the_team_tapped_twice_adds_one_team_and_both_land_on_it(secretary: Any, league: Any) -> None:
    a_team(league, "Red Lion A")
    crown = Venue.objects.create(name="The Crown")
    client, address = browser(secretary), f"/secretary/leagues/{league.pk}/teams/"
    [key] = keys_of(client.get(address))
    said, again = twice(client, address, {"name": "Crown B", "venue": crown.pk, "form_key": key})
    assert "Crown B is a team of" in said and "Crown B is a team of" in again
    assert Team.objects.filter(name="Crown B").count() == 1
    assert AuditEntry.objects.filter(action="team.create").count() == 1
