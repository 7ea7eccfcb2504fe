"""The pages for squad rules, transfers and withdrawals: the secretary
sets the league's rules, transfers a player directly and withdraws a team
after a confirmation saying what follows; each captain asks for and
approves transfers on the team's own page; nobody else may."""
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from forms import browser, post, text
from matchnights import Night, a_match_night

from league.models import Fixture, League, SquadRegistration, TeamWithdrawal, TransferRequest


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night(transfers="captains", transfer_fee=Decimal("5.00"))


def test_the_secretary_sets_the_squad_rules_with_help_beside_each(night: Night) -> None:
    client = browser(night.secretary)
    url = f"/secretary/leagues/{night.league.pk}/squad-rules"
    assert "Days after registering (or joining by transfer) before a player may play" in text(client.get(url))
    response = post(client, url, {"transfers": "secretary", "transfer_fee": "2.50", "eligible_after_days": "7",
                                  "withdrawal_first_half": "stand", "withdrawal_second_half": "stand"})
    assert response.status_code == 302
    league = League.objects.get(pk=night.league.pk)
    assert (league.transfers, league.transfer_fee, league.eligible_after_days, league.withdrawal_first_half) == (
        "secretary", Decimal("2.50"), 7, "stand")


def test_a_negative_fee_is_refused_beside_the_field(night: Night) -> None:
    response = post(browser(night.secretary), f"/secretary/leagues/{night.league.pk}/squad-rules",
                    {"transfers": "secretary", "transfer_fee": "-1", "eligible_after_days": "0",
                     "withdrawal_first_half": "expunge", "withdrawal_second_half": "stand"})
    assert response.status_code == 200 and 'class="error"' in text(response)


def test_the_secretary_transfers_directly_and_both_squad_pages_show_it(night: Night) -> None:
    client = browser(night.secretary)
    mover = night.away_players[9]
    response = post(client, f"/secretary/seasons/{night.season.pk}/transfers",
                    {"form": "direct", "player": mover.pk, "to_team": night.home.pk, "note": "fee paid"})
    assert response.status_code == 302
    assert SquadRegistration.objects.get(player=mover, ended_on__isnull=True).team == night.home
    squad = text(client.get(f"/secretary/seasons/{night.season.pk}/teams/{night.away.pk}/squad"))
    assert f"Out, to {night.home.name}" in squad
    public = text(browser().get(f"/teams/{night.home.pk}/"))
    assert f"In, from {night.away.name}" in public


def test_each_captain_approves_on_the_teams_own_page(night: Night) -> None:
    mover = night.away_players[9]
    home = browser(night.home_captain)
    asked = post(home, f"/teams/{night.home.pk}/seasons/{night.season.pk}/transfers", {"player": mover.pk})
    assert asked.status_code == 302
    transfer = TransferRequest.objects.get()
    away_page = text(browser(night.away_captain).get(f"/teams/{night.away.pk}/seasons/{night.season.pk}/transfers"))
    assert f"/transfers/{transfer.pk}/approve" in away_page
    back = f"/teams/{night.away.pk}/seasons/{night.season.pk}/transfers"
    post(browser(night.away_captain), f"/transfers/{transfer.pk}/approve", {"next": back})
    post(browser(night.secretary), f"/transfers/{transfer.pk}/approve", {"next": back})
    assert TransferRequest.objects.get().status == "approved"


def test_someone_else_sees_the_page_saying_no(night: Night) -> None:
    stranger = get_user_model().objects.create_user("stranger")
    url = f"/teams/{night.home.pk}/seasons/{night.season.pk}/transfers"
    assert browser(stranger).get(url).status_code == 403
    assert browser(stranger).get(f"/secretary/seasons/{night.season.pk}/transfers").status_code == 403


def test_withdrawing_a_team_is_checked_on_a_page_saying_what_follows_before_it_is_done(night: Night) -> None:
    client = browser(night.secretary)
    url = f"/secretary/divisions/{night.division.pk}/teams/{night.away.pk}/withdraw"
    today = timezone.localdate()
    review = post(client, url, {"date": today.isoformat(), "reason": "lost their pub", "step": "review"})
    assert "Check, then confirm" in text(review) and "remaining fixture" in text(review)
    assert not TeamWithdrawal.objects.exists()
    done = post(client, url, {"date": today.isoformat(), "reason": "lost their pub", "step": "confirm"})
    assert done.status_code == 302
    assert TeamWithdrawal.objects.get().team == night.away
    assert Fixture.objects.get().status == "void"


def test_a_withdrawal_without_a_reason_is_refused_beside_the_field(night: Night) -> None:
    response = post(browser(night.secretary),
                    f"/secretary/divisions/{night.division.pk}/teams/{night.away.pk}/withdraw",
                    {"date": (timezone.localdate() - timedelta(days=1)).isoformat(), "reason": "", "step": "review"})
    assert response.status_code == 200 and 'class="error"' in text(response)


@pytest.mark.parametrize(("verb", "who", "status"), [("refuse", "away_captain", "refused"),
                                                     ("withdraw", "home_captain", "withdrawn")])
def test_refusing_or_withdrawing_a_request_is_asked_again_before_it_is_done(
        night: Night, verb: str, who: str, status: str) -> None:
    mover = night.away_players[9]
    home = browser(night.home_captain)
    post(home, f"/teams/{night.home.pk}/seasons/{night.season.pk}/transfers", {"player": mover.pk})
    transfer = TransferRequest.objects.get()
    back = f"/teams/{night.away.pk}/seasons/{night.season.pk}/transfers"
    client = browser(getattr(night, who))
    asked = post(client, f"/transfers/{transfer.pk}/{verb}", {"next": back})
    assert asked.status_code == 200
    page = text(asked)
    assert f"{mover.name}'s transfer?" in page and "This cannot be undone" in page
    assert TransferRequest.objects.get().status == "open"
    done = post(client, f"/transfers/{transfer.pk}/{verb}", {"next": back, "step": "confirm", "note": "squad full"})
    assert (done.status_code, done["Location"]) == (302, back)
    assert TransferRequest.objects.get().status == status
