"""A player with a login, registered with a team this season, enters
themself in an open singles cup from the cup's page, or a pairs cup with
the partner they name from the registered players."""
from typing import Any

import pytest
from cupleague import day
from django.contrib.auth import get_user_model
from django.test import Client
from leagues import a_league, a_season, a_team, players
from test_cup_games import a_drawn_cup, login_of, semi
from test_public_pages import text_of

from league.models import Competition, CupEntry, Player, SquadRegistration
from league.services.cups import competition_create
from league.services.game_tie_dates import game_tie_dates_offer

pytestmark = pytest.mark.django_db


def an_open_cup(kind: str) -> tuple[Competition, list[Player]]:
    league = a_league()
    secretary = get_user_model().objects.create_user("secretary")
    league.secretaries.add(secretary)
    season = a_season(league)
    competition = competition_create(season_id=season.pk, name=f"{kind.title()} Cup", kind=kind,
                                     draw_mode="bracket", user=secretary)
    team = a_team(league, "Red Lion A")
    people = players(4)
    for player in people[:3]:
        SquadRegistration.objects.create(season=season, team=team, player=player)
    for player in people:
        player.user = get_user_model().objects.create_user(f"login-{player.pk}")
        player.save()
    return competition, people


def client_of(player: Player) -> Client:
    client = Client()
    assert player.user is not None
    client.force_login(player.user)
    return client


def page(client: Client, competition: Competition) -> Any:
    response = client.get(f"/cups/{competition.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_registered_player_enters_themself_in_a_singles_cup_from_its_page() -> None:
    competition, people = an_open_cup("singles")
    me = client_of(people[0])
    assert f"Enter {people[0].name}" in text_of(page(me, competition))
    entered = me.post(f"/cups/{competition.pk}/enter", {"player": people[0].pk}, follow=True)
    assert f"{people[0].name} is entered in Singles Cup." in text_of(entered.content.decode())
    assert CupEntry.objects.filter(competition=competition, player=people[0]).exists()
    assert f"Enter {people[0].name}" not in text_of(page(me, competition))


def test_a_player_not_registered_this_season_is_not_offered_an_entry() -> None:
    competition, people = an_open_cup("singles")
    assert "Enter" not in text_of(page(client_of(people[3]), competition)).replace("Entries", "")


def test_a_player_enters_a_pairs_cup_naming_a_registered_partner() -> None:
    competition, people = an_open_cup("pairs")
    me = client_of(people[0])
    html = page(me, competition)
    assert "Your partner" in text_of(html)
    assert f'value="{people[1].pk}"' in html and f'value="{people[3].pk}"' not in html  # not registered
    unnamed = me.post(f"/cups/{competition.pk}/enter", {"player": people[0].pk}, follow=True)
    assert "Choose your partner." in text_of(unnamed.content.decode())
    entered = me.post(f"/cups/{competition.pk}/enter", {"player": people[0].pk, "partner": people[1].pk},
                      follow=True)
    assert "are entered in Pairs Cup" in text_of(entered.content.decode())
    entry = CupEntry.objects.get(competition=competition)
    assert (entry.player_id, entry.partner_id) == (people[0].pk, people[1].pk)
    # The partner is entered too: nothing left for them to enter.
    assert "Your partner" not in text_of(page(client_of(people[1]), competition))


def test_a_player_cannot_enter_someone_else() -> None:
    competition, people = an_open_cup("singles")
    refused = client_of(people[0]).post(f"/cups/{competition.pk}/enter", {"player": people[1].pk}, follow=True)
    assert refused.status_code == 200
    assert not CupEntry.objects.filter(competition=competition).exists()


def test_the_word_that_a_pair_is_entered_names_the_partner_as_they_chose_to_show() -> None:
    competition, people = an_open_cup("pairs")
    partner = people[1]
    partner.name_shown = Player.NameShown.INITIALS
    partner.save()
    me = client_of(people[0])
    entered = me.post(f"/cups/{competition.pk}/enter", {"player": people[0].pk, "partner": partner.pk},
                      follow=True)
    words = text_of(entered.content.decode())
    assert f"{people[0].name} & {partner.public_name} are entered in Pairs Cup." in words
    assert partner.name not in words


def test_the_word_that_a_date_is_picked_names_the_other_side_as_they_chose_to_show() -> None:
    competition, secretary = a_drawn_cup(2)
    tie = semi(competition)
    home, away = login_of(tie, "home"), login_of(tie, "away")
    assert tie.home is not None and tie.home.player is not None and tie.away is not None
    assert tie.away.player is not None
    Player.objects.filter(pk=tie.home.player.pk).update(name_shown=Player.NameShown.INITIALS)
    shown = Player.objects.get(pk=tie.home.player.pk)
    game_tie_dates_offer(tie_id=tie.pk, dates=[day(4), day(9)], user=home)
    client = Client()
    client.force_login(away)
    picked = client.post(f"/cup-ties/{tie.pk}/pick", {f"pick{tie.pk}-date": day(9).isoformat()}, follow=True)
    words = text_of(picked.content.decode())
    assert f"{shown.public_name} v {tie.away.player.name} is on {day(9):%A %d %B}." in words
    assert shown.name not in words
