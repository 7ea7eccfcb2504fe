"""The cup finals night's page on the pub's TV follows its league's cup
pages over the push stream (`/push/cups/{league id}`), as a match night's
page follows its night: each change to one of its matches is announced
there once, from where the night's own change is announced."""
from typing import Any

import pytest
from django.test import Client
from matchnights import Night, a_match_night, sheet_entered
from tablets import post_move, sample_sheet, tablet_for

from league.models import Competition, CupEntry, CupTie
from league.selectors.push import cups_channel, night_channel
from league.services.live import live_publish_pending
from league.services.match_games import rubber_game_card, rubber_game_start


@pytest.fixture
def finals(db: None) -> Night:
    """Tonight's match, made the cup final at its own venue: the finals night."""
    night = a_match_night("plain")
    fixture = night.fixture
    competition = Competition.objects.create(season=night.season, name="Knockout Cup", slug="knockout-cup",
                                             division=night.division, finals_date=fixture.date,
                                             finals_venue=fixture.venue, status=Competition.Status.DRAWN)
    home, away = (CupEntry.objects.create(competition=competition, team=team) for team in (night.home, night.away))
    fixture.cup_tie = CupTie.objects.create(competition=competition, round=1, number=1, home=home, away=away,
                                            date=fixture.date)
    fixture.leg = 1
    fixture.save()
    sheet_entered(night, ["singles"] * 9)
    return night




def test_a_card_result_on_the_finals_night_is_announced_once_to_its_page(
        finals: Night, told: Any, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        rubber_game_card(fixture_id=finals.fixture.pk, rubber=1, home_score=61, away_score=40, user=finals.secretary)
    assert told.times(cups_channel(finals.league.pk)) == 1
    assert told.times(night_channel(finals.fixture.pk)) == 1  # and to the match's own night page


def test_a_move_in_a_finals_game_is_announced_once_to_its_page(
        finals: Night, told: Any, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game_id = rubber_game_start(fixture_id=finals.fixture.pk, rubber=1, user=finals.home_scorer).game_id
    assert game_id is not None
    tablet = tablet_for(finals.home_scorer)
    rules = tablet.get(f"/api/games/{game_id}").json()["rules"]
    move = sample_sheet(3, rules=rules)["hands"][0]["moves"][0]
    assert post_move(tablet, game_id, {**move, "seq": 0}).status_code == 201
    told.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert live_publish_pending() == 1
    assert told.times(cups_channel(finals.league.pk)) == 1


def test_a_league_match_tells_no_finals_page(
        db: None, told: Any, django_capture_on_commit_callbacks: Any) -> None:
    night = a_match_night("plain")
    sheet_entered(night, ["singles"] * 9)
    with django_capture_on_commit_callbacks(execute=True):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=40, user=night.secretary)
    assert told.times(night_channel(night.fixture.pk)) == 1
    assert told.times(cups_channel(night.league.pk)) == 0


@pytest.mark.parametrize(("push_url", "named"), [("", False), ("/push", True)])
def test_the_finals_page_names_its_stream_only_where_there_is_a_push_process(
        finals: Night, settings: Any, push_url: str, named: bool) -> None:
    settings.PUSH_URL = push_url
    competition = Competition.objects.get(season=finals.season)
    html = Client().get(f"/cups/{competition.pk}/finals").content.decode()
    assert (f'data-push="/push/cups/{finals.league.pk}"' in html) is named
    assert ("data-push" in html) is named
