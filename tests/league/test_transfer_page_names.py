"""A team's transfers pages, for its captains: a player of another team
who chose to show only their initials is named so there, in the players
offered, in the requests waiting, in the confirmation of a refusal, in
the message after an approval and in the season's transfers, as on every
public page; the league's secretary still sees the full name."""
import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night

from league.models import Player, TransferRequest
from league.models.competition import Transfers

pytestmark = pytest.mark.django_db

FULL, SHOWN = "Ines Quayle", "I. Q."


@pytest.fixture
def night() -> Night:
    night = a_match_night("plain", transfers=Transfers.CAPTAINS)
    mover = night.away_players[-1]
    mover.name, mover.name_shown = FULL, Player.NameShown.INITIALS
    mover.save()
    return night


def page_of(night: Night) -> str:
    return f"/teams/{night.home.pk}/seasons/{night.season.pk}/transfers"


def test_the_captains_transfers_page_offers_and_lists_the_player_by_initials(night: Night) -> None:
    captain = browser(night.home_captain)
    offered = text(captain.get(page_of(night)))
    assert f"{SHOWN} ({night.away.name})" in offered and FULL not in offered
    post(captain, page_of(night), {"player": night.away_players[-1].pk})
    waiting = text(captain.get(page_of(night)))
    assert f"{SHOWN}: {night.away.name} to {night.home.name}" in waiting and FULL not in waiting


def test_the_refusal_confirmation_names_the_player_by_initials(night: Night) -> None:
    post(browser(night.home_captain), page_of(night), {"player": night.away_players[-1].pk})
    transfer = TransferRequest.objects.get()
    page = text(post(browser(night.away_captain), f"/transfers/{transfer.pk}/refuse", {"next": page_of(night)}))
    assert f"Refuse {SHOWN}'s transfer?" in page and FULL not in page


def test_the_approval_message_and_the_seasons_transfers_name_the_player_by_initials(night: Night) -> None:
    post(browser(night.home_captain), page_of(night), {"player": night.away_players[-1].pk})
    transfer = TransferRequest.objects.get()
    post(browser(night.secretary), f"/transfers/{transfer.pk}/approve", {"next": page_of(night)})
    away, theirs = browser(night.away_captain), f"/teams/{night.away.pk}/seasons/{night.season.pk}/transfers"
    approved = post(away, f"/transfers/{transfer.pk}/approve", {"next": theirs})
    page = text(away.get(approved["Location"]))
    assert f"The transfer of {SHOWN} to {night.home.name} is approved." in page
    assert f"<th scope=\"row\" data-label=\"Player\">{SHOWN}</th>" in page and FULL not in page


def test_the_secretary_sees_the_full_name_on_the_same_page(night: Night) -> None:
    post(browser(night.home_captain), page_of(night), {"player": night.away_players[-1].pk})
    assert f"{FULL}: {night.away.name} to {night.home.name}" in text(browser(night.secretary).get(page_of(night)))
