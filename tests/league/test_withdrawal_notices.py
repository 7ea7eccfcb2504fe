"""A team's withdrawal tells the captains and vice-captains of each team
one of whose matches it voided, once, through the outbox, naming the team
that withdrew and the matches that will not be played."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from forms import post
from test_withdrawals import Scene

from league.models import Fixture, Notice, Player, SquadRegistration
from league.services.withdrawal_notices import team_withdrawn_tell


@pytest.fixture
def scene(db: None) -> Scene:
    scene = Scene()
    users = get_user_model().objects
    for team in scene.teams:
        slug = team.name.lower().replace(" ", "-")
        team.captain = users.create_user(f"{slug}-captain", email=f"{slug}-captain@league.test")
        team.vice_captain = users.create_user(f"{slug}-vice", email=f"{slug}-vice@league.test")
        team.save()
    return scene


def withdraw_page(scene: Scene, client: Client) -> Any:
    client.force_login(scene.secretary)
    return post(client, f"/secretary/divisions/{scene.division.pk}/teams/{scene.red_lion.pk}/withdraw",
                {"step": "confirm", "date": scene.week_dates[3].isoformat(),
                 "reason": "lost their pub: Jim Brown the landlord sold it"})


def test_each_opponent_with_a_match_voided_is_told_once_naming_the_team(scene: Scene) -> None:
    client = Client(enforce_csrf_checks=True)
    assert withdraw_page(scene, client).status_code == 302
    told = Notice.objects.filter(kind="team_withdrawn").order_by("address")
    # Weeks 3 to 6: Red Lion B's four remaining matches, against all three others.
    assert sorted({n.address.removesuffix("@league.test") for n in told}) == [
        "bell-a-captain", "bell-a-vice", "crown-a-captain", "crown-a-vice", "plough-a-captain", "plough-a-vice"]
    assert {n.subject for n in told} == {"Red Lion B have withdrawn from Premier"}
    crown = told.get(address="crown-a-captain@league.test").body
    assert "Red Lion B have withdrawn from Leek & District Winter Premier" in crown and "they are void" in crown
    assert "- Crown A v Red Lion B, set for" in crown and "Plough A" not in crown
    # The form sent again is refused, and tells no one again.
    assert "has already withdrawn" in withdraw_page(scene, client).content.decode()
    assert Notice.objects.filter(kind="team_withdrawn").count() == 6


def test_telling_the_withdrawal_again_writes_no_second_notice(scene: Scene) -> None:
    withdrawal = scene.withdraw(scene.week_dates[3])
    voided = list(Fixture.objects.filter(status="void").select_related("home_team", "away_team"))
    assert len(voided) == 4 and Notice.objects.filter(kind="team_withdrawn").count() == 6
    assert team_withdrawn_tell(withdrawal, voided) == 0
    assert Notice.objects.filter(kind="team_withdrawn").count() == 6


def test_the_reason_names_the_withdrawn_teams_players_as_each_reader_may_see_them(scene: Scene) -> None:
    jim = Player.objects.create(name="Jim Brown", name_shown=Player.NameShown.INITIALS)
    SquadRegistration.objects.create(player=jim, team=scene.red_lion, season=scene.season)
    scene.withdraw(scene.week_dates[3], reason="Jim Brown the landlord sold the pub")
    body = Notice.objects.filter(kind="team_withdrawn").first()
    assert body is not None and "Jim Brown" not in body.body and "J. B." in body.body


def test_a_withdrawal_with_nothing_left_to_void_tells_no_one(scene: Scene) -> None:
    Fixture.objects.filter(week__gte=3).delete()
    scene.withdraw(scene.week_dates[3])
    assert not Notice.objects.filter(kind="team_withdrawn").exists()
