"""A singles or pairs tie is dated by its players, as a team tie is by its
captains: the home player (or either partner) offers one to three dates
inside the round's window, the away player picks one, which dates the tie;
each is told of the other's move. A tie on the finals night, decided, or
with its game begun is the secretary's to date, who still overrides any
date. Through the service, the API and the cup's page; all audited."""
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from in_process import committing
from tablets import tablet_for
from test_cup_games import a_drawn_cup, login_of, semi
from test_public_pages import page, text_of

from league.models import AuditEntry, Competition, CupTie, Notice
from league.refusals import NotPermitted, Refused
from league.services.cup_games import cup_game_card, game_tie_date_set
from league.services.cup_ties import tie_window_set, tie_winner_set
from league.services.game_tie_dates import game_tie_date_pick, game_tie_dates_offer

pytestmark = pytest.mark.django_db


def in_days(days: int) -> date:
    return timezone.localdate() + timedelta(days=days)


def with_addresses(tie: CupTie) -> None:
    """Every player's login has an address, so notices are written."""
    for entry in (tie.home, tie.away):
        assert entry is not None
        for player in (entry.player, entry.partner):
            if player is not None and player.user is not None:
                player.user.email = f"{player.user.username}@example.org"
                player.user.save()


def a_tie(kind: str = "singles") -> tuple[Competition, Any, CupTie]:
    competition, secretary = a_drawn_cup(4, kind=kind)
    tie = semi(competition)
    with_addresses(tie)
    return competition, secretary, tie


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_home_player_offers_dates_and_the_away_player_picks_one_which_dates_the_tie() -> None:
    _, _, tie = a_tie()
    home, away = login_of(tie, "home"), login_of(tie, "away")
    offered = game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(9), in_days(4)], user=home)
    assert offered.offered_dates == [in_days(4).isoformat(), in_days(9).isoformat()]
    assert tie.home is not None and tie.away is not None
    told = Notice.objects.get(user=away)
    assert told.kind == "fixture_changed" and f"{tie.home.name} offer these dates" in told.body
    assert f"#tie-{tie.pk}" in told.link

    picked = game_tie_date_pick(tie_id=tie.pk, date=in_days(9), user=away)
    assert picked.date == in_days(9) and picked.offered_dates == []
    told = Notice.objects.get(user=home)
    assert f"{tie.away.name} picked" in told.body and told.subject.startswith("Date set:")
    actions = list(AuditEntry.objects.filter(target_id=str(tie.pk), action__startswith="cup.date")
                   .values_list("action", "data__date"))
    assert ("cup.date.pick", in_days(9).isoformat()) in actions
    assert AuditEntry.objects.filter(action="cup.dates.offer", target_id=str(tie.pk)).count() == 1


def test_either_partner_of_a_pair_offers_and_either_of_the_other_pair_picks() -> None:
    _, _, tie = a_tie("pairs")
    assert tie.home is not None and tie.away is not None and tie.home.partner and tie.away.partner
    game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(3)], user=tie.home.partner.user)
    assert set(Notice.objects.values_list("user", flat=True)) == {tie.away.player.user.pk,  # type: ignore[union-attr]
                                                                  tie.away.partner.user.pk}  # type: ignore[union-attr]
    assert game_tie_date_pick(tie_id=tie.pk, date=in_days(3), user=tie.away.partner.user).date == in_days(3)


def test_dates_outside_the_rounds_window_or_gone_by_are_refused_in_words() -> None:
    competition, secretary, tie = a_tie()
    tie_window_set(competition_id=competition.pk, round=1, start=in_days(2), end=in_days(10), user=secretary)
    home = login_of(tie, "home")
    with pytest.raises(Refused, match=r"is outside round 1's dates"):
        game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(5), in_days(12)], user=home)
    with pytest.raises(Refused, match="has gone: offer today or later"):
        game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(-1)], user=home)
    with pytest.raises(Refused, match="offer one to 3 dates"):
        game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(n) for n in (2, 3, 4, 5)], user=home)
    tie.refresh_from_db()
    assert tie.offered_dates == []
    assert AuditEntry.objects.filter(action="cup.dates.offer.refused", target_id=str(tie.pk)).count() == 3
    game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(2), in_days(10)], user=home)


def test_the_other_side_or_a_stranger_cannot_offer_or_pick() -> None:
    _, _, tie = a_tie()
    home, away = login_of(tie, "home"), login_of(tie, "away")
    stranger = get_user_model().objects.create_user("stranger")
    assert tie.home is not None
    for user in (away, stranger):
        with pytest.raises(NotPermitted, match=f"only {tie.home.name}, or a league secretary, can offer"):
            game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(3)], user=user)
    game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(3)], user=home)
    with pytest.raises(NotPermitted, match="can pick the date"):
        game_tie_date_pick(tie_id=tie.pk, date=in_days(3), user=home)
    with pytest.raises(Refused, match="pick one of the dates the home side offered"):
        game_tie_date_pick(tie_id=tie.pk, date=in_days(4), user=away)
    tie.refresh_from_db()
    assert tie.date is None
    assert AuditEntry.objects.filter(action="cup.dates.offer.refused").count() == 2
    assert AuditEntry.objects.filter(action="cup.date.pick.refused").count() == 2


def test_a_tie_set_for_the_finals_night_is_not_offered() -> None:
    competition, secretary, tie = a_tie()
    competition.finals_date = in_days(20)
    competition.save()
    game_tie_date_set(tie_id=tie.pk, date=in_days(20), user=secretary)
    with pytest.raises(Refused, match="the tie is set for the cup's finals night, .*only a league secretary"):
        game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(5)], user=login_of(tie, "home"))
    assert AuditEntry.objects.filter(action="cup.dates.offer.refused").count() == 1


def test_a_tie_decided_or_with_its_game_begun_is_not_dated_by_its_players() -> None:
    competition, secretary, tie = a_tie()
    cup_game_card(tie_id=tie.pk, home_score=61, away_score=30, user=secretary)
    with pytest.raises(Refused, match="the tie is decided"):
        game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(5)], user=login_of(tie, "home"))
    other = semi(competition, 2)
    with_addresses(other)
    game_tie_dates_offer(tie_id=other.pk, dates=[in_days(5)], user=login_of(other, "home"))
    tablet_for(login_of(other, "home")).post(f"/api/cup-ties/{other.pk}/games", {"live": True}, format="json")
    with pytest.raises(Refused, match="the tie's game has begun"):
        game_tie_date_pick(tie_id=other.pk, date=in_days(5), user=login_of(other, "away"))


def test_the_secretary_sees_the_dates_offered_and_their_date_overrides_them() -> None:
    competition, secretary, tie = a_tie()
    game_tie_dates_offer(tie_id=tie.pk, dates=[in_days(3)], user=login_of(tie, "home"))
    desk = text_of(page(logged_in(secretary), f"/secretary/cups/{competition.pk}/"))
    assert f"offered: {in_days(3):%a} {in_days(3).day} {in_days(3):%b}" in desk
    dated = game_tie_date_set(tie_id=tie.pk, date=in_days(6), user=secretary)
    assert dated.date == in_days(6) and dated.offered_dates == []


# The API

def test_the_api_offers_and_picks_for_a_singles_tie_answering_with_the_tie() -> None:
    _, _, tie = a_tie()
    home, away = tablet_for(login_of(tie, "home")), tablet_for(login_of(tie, "away"))
    offered = home.post(f"/api/cup-ties/{tie.pk}/offer", {"dates": [in_days(4).isoformat()]}, format="json")
    assert offered.status_code == 200, offered.json()
    assert offered.json()["offered_dates"] == [in_days(4).isoformat()]
    refused = away.post(f"/api/cup-ties/{tie.pk}/offer", {"dates": [in_days(4).isoformat()]}, format="json")
    assert refused.status_code == 403
    wrong = away.post(f"/api/cup-ties/{tie.pk}/pick", {"date": in_days(5).isoformat()}, format="json")
    assert wrong.status_code == 422 and "pick one of the dates" in wrong.json()["error"]
    picked = away.post(f"/api/cup-ties/{tie.pk}/pick", {"date": in_days(4).isoformat()}, format="json")
    assert picked.status_code == 200, picked.json()
    assert (picked.json()["date"], picked.json()["offered_dates"]) == (in_days(4).isoformat(), [])


# The cup's page

def test_the_cup_page_gives_the_home_player_the_offer_form_and_the_away_player_the_pick_form(
        django_capture_on_commit_callbacks: Any) -> None:
    competition, _, tie = a_tie()
    url = f"/cups/{competition.pk}/"
    offer, pick = f'action="/cup-ties/{tie.pk}/offer"', f'action="/cup-ties/{tie.pk}/pick"'
    home, away = logged_in(login_of(tie, "home")), logged_in(login_of(tie, "away"))
    assert tie.home is not None and tie.away is not None
    mine = page(home, url)
    assert offer in mine and f"{tie.away.public_name} picks one" in text_of(mine)
    assert offer not in page(away, url) and pick not in page(away, url)

    assert "Date to be arranged" in text_of(page(Client(), url))  # the public's copy, kept until a change
    with committing(django_capture_on_commit_callbacks)():
        answer = home.post(f"/cup-ties/{tie.pk}/offer", {f"offer{tie.pk}-first": in_days(3).isoformat(),
                                                         f"offer{tie.pk}-second": in_days(6).isoformat()})
    assert answer.status_code == 302
    shown = f"Dates offered: {in_days(3):%a} {in_days(3).day} {in_days(3):%b}, {in_days(6):%a} {in_days(6).day}"
    assert shown in text_of(page(Client(), url))
    theirs = page(away, url)
    assert pick in theirs and f"{tie.home.public_name} offers these dates: pick one" in text_of(theirs)

    with committing(django_capture_on_commit_callbacks)():
        away.post(f"/cup-ties/{tie.pk}/pick", {f"pick{tie.pk}-date": in_days(6).isoformat()})
    tie.refresh_from_db()
    assert tie.date == in_days(6)
    words = text_of(page(Client(), url))
    assert f"{in_days(6):%a} {in_days(6).day} {in_days(6):%b}" in words and "Dates offered" not in words
    assert pick not in page(away, url)


def test_no_date_forms_on_a_tie_decided() -> None:
    competition, secretary, tie = a_tie()
    assert tie.home_id is not None
    tie_winner_set(tie_id=tie.pk, winner_entry_id=tie.home_id, reason="a walkover", user=secretary)
    assert f"/cup-ties/{tie.pk}/offer" not in page(logged_in(login_of(tie, "home")), f"/cups/{competition.pk}/")
