"""Singles and pairs cup ties take a board too: a tie is played at its home
player's pub (the finals venue on its cup's finals night), and there it
shares the board sets with the league's matches and the other ties. A
player cannot offer or pick, nor a secretary set, a night the pub is full;
a secretary cannot move a match onto a night the pub's boards are taken by
ties; a division is drawn round them; a finals night is never refused, its
ties played in turn, but it takes every board it needs at the finals venue
that night."""
from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from tablets import tablet_for
from test_cup_games import login_of
from test_public_pages import text_of
from test_venue_capacity import TUESDAY, Pub, published_pair, station_nights

from league.models import Competition, CupTie, Fixture, Player, SquadRegistration, Team, Venue
from league.services.cups import competition_create, cup_draw, cup_enter

pytestmark = pytest.mark.django_db


def singles_at_the_station(pub: Pub, entrants: int = 2, *, finals: date | None = None) -> Competition:
    """A singles cup drawn, its players (each with a login) all of the
    Station Hotel's team in Division One: every tie is at home there."""
    station_team = Team.objects.get(league=pub.league, home_venue=pub.station, name__startswith="Division One")
    competition = competition_create(season_id=pub.season.pk, name="Singles Knockout", kind="singles",
                                     draw_mode="bracket", finals_date=finals,
                                     finals_venue_id=pub.station.pk if finals else None, user=pub.secretary)
    for number in range(1, entrants + 1):
        login = get_user_model().objects.create_user(f"station-player-{number}")
        player = Player.objects.create(name=f"Station Player {number}", user=login)
        SquadRegistration.objects.create(season=pub.season, team=station_team, player=player)
        cup_enter(competition_id=competition.pk, player_id=player.pk, user=pub.secretary)
    cup_draw(competition_id=competition.pk, seed=1, user=pub.secretary)
    return competition


def ties_of(competition: Competition) -> list[CupTie]:
    return list(CupTie.objects.filter(competition=competition, round=1, bye=False)
                .select_related("home__player", "away__player").order_by("number"))


def said(night: date) -> str:
    return f"Station Hotel is full on {night:%A} {night.day} {night:%B %Y}"


def after_the_season() -> date:
    """A Tuesday the Station Hotel hosts nothing yet."""
    return max(station_nights()) + timedelta(weeks=1)


def test_a_player_cannot_offer_a_night_their_pub_is_full_and_a_match_cannot_be_moved_onto_their_tie() -> None:
    pub, ours, theirs = published_pair()
    (tie,) = ties_of(singles_at_the_station(pub))
    home, away = tablet_for(login_of(tie, "home")), tablet_for(login_of(tie, "away"))
    free, full = after_the_season(), theirs.date
    refused = home.post(f"/api/cup-ties/{tie.pk}/offer", {"dates": [free.isoformat(), full.isoformat()]},
                        format="json")
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert said(full) in error and str(theirs) in error and "this Singles Knockout tie cannot be played" in error
    tie.refresh_from_db()
    assert tie.offered_dates == []

    assert home.post(f"/api/cup-ties/{tie.pk}/offer", {"dates": [free.isoformat()]}, format="json").status_code == 200
    assert away.post(f"/api/cup-ties/{tie.pk}/pick", {"date": free.isoformat()}, format="json").status_code == 200
    cup_page = text_of(Client().get(reverse("public-cup", args=[tie.competition_id])).content.decode())
    assert f"{free:%a} {free.day} {free:%b} at Station Hotel" in cup_page  # the players are told where
    for insist in (False, True):
        moved = pub.api().post(f"/api/fixtures/{ours.pk}/rearrange",
                               {"date": free.isoformat(), "reason": "the darts final", "insist": insist},
                               format="json")
        assert moved.status_code == 422
        assert said(free) in moved.json()["error"] and "a Singles Knockout tie" in moved.json()["error"]
    ours.refresh_from_db()
    assert ours.rearranged_to is None


def test_the_cup_page_refuses_a_full_night_offered_in_the_same_words() -> None:
    pub, _ours, theirs = published_pair()
    competition = singles_at_the_station(pub)
    (tie,) = ties_of(competition)
    player = Client()
    player.force_login(login_of(tie, "home"))
    answer = player.post(f"/cup-ties/{tie.pk}/offer", {f"offer{tie.pk}-first": theirs.date.isoformat()},
                         follow=True)
    assert said(theirs.date) in text_of(answer.content.decode())
    tie.refresh_from_db()
    assert tie.offered_dates == []


def test_a_date_offered_is_refused_when_picked_once_a_match_has_taken_the_board() -> None:
    pub, ours, _theirs = published_pair()
    (tie,) = ties_of(singles_at_the_station(pub))
    home, away = tablet_for(login_of(tie, "home")), tablet_for(login_of(tie, "away"))
    night = after_the_season()
    assert home.post(f"/api/cup-ties/{tie.pk}/offer", {"dates": [night.isoformat()]}, format="json").status_code == 200
    # Offered is not yet dated: the board is still free for a match.
    moved = pub.api().post(f"/api/fixtures/{ours.pk}/rearrange", {"date": night.isoformat(), "reason": "snow"},
                           format="json")
    assert moved.status_code == 200, moved.json()
    picked = away.post(f"/api/cup-ties/{tie.pk}/pick", {"date": night.isoformat()}, format="json")
    assert picked.status_code == 422
    assert said(night) in picked.json()["error"] and str(ours) in picked.json()["error"]
    tie.refresh_from_db()
    assert tie.date is None


def test_two_ties_at_a_one_board_pub_are_not_dated_for_one_night_until_it_has_a_second_board() -> None:
    pub, _ours, _theirs = published_pair()
    first, second = ties_of(singles_at_the_station(pub, 4))
    night = after_the_season()
    secretary = pub.api()
    assert secretary.post(f"/api/cup-ties/{first.pk}/game-date", {"date": night.isoformat()},
                          format="json").status_code == 200
    offered = tablet_for(login_of(second, "home")).post(f"/api/cup-ties/{second.pk}/offer",
                                                         {"dates": [night.isoformat()]}, format="json")
    assert offered.status_code == 422 and "a Singles Knockout tie" in offered.json()["error"]
    refused = secretary.post(f"/api/cup-ties/{second.pk}/game-date", {"date": night.isoformat()}, format="json")
    assert refused.status_code == 422 and said(night) in refused.json()["error"]
    # The tie moved to its own date again keeps its board, not a second one.
    assert secretary.post(f"/api/cup-ties/{first.pk}/game-date", {"date": night.isoformat()},
                          format="json").status_code == 200
    Venue.objects.filter(pk=pub.station.pk).update(board_sets=2)
    assert secretary.post(f"/api/cup-ties/{second.pk}/game-date", {"date": night.isoformat()},
                          format="json").status_code == 200
    # Two boards, both taken: a venue cannot lose one while the ties need them.
    page = pub.browser().post(f"/secretary/leagues/{pub.league.pk}/venues/{pub.station.pk}",
                              {"name": "Station Hotel", "board_sets": "1"})
    assert f"Station Hotel has 2 matches arranged on {night.day} {night:%B %Y}" in page.content.decode()


def first_night(pub: Pub) -> date:
    """The first Tuesday of the season's draw."""
    return pub.start + timedelta(days=(TUESDAY - pub.start.weekday()) % 7)


def test_a_division_is_drawn_round_a_tie_dated_at_its_pub() -> None:
    pub = Pub()
    one = pub.division("Division One", 2)
    (tie,) = ties_of(singles_at_the_station(pub))
    night = first_night(pub)
    assert pub.api().post(f"/api/cup-ties/{tie.pk}/game-date", {"date": night.isoformat()},
                          format="json").status_code == 200
    assert pub.draw(one).status_code == 201
    assert set(Fixture.objects.filter(division=one).values_list("date", flat=True)) == {
        night, night + timedelta(weeks=1)}
    assert station_nights() == {night + timedelta(weeks=1): 1}


def test_a_draw_round_a_finals_night_and_a_tie_that_fill_the_pub_names_them_and_offers_a_later_start() -> None:
    pub = Pub()
    one = pub.division("Division One", 2)
    night = first_night(pub)
    competition = singles_at_the_station(pub, 4, finals=night + timedelta(weeks=1))
    tie = ties_of(competition)[0]
    assert tie.date == competition.finals_date  # four players: the semi-finals are on the finals night
    later = singles_at_the_station_again(pub)
    assert pub.api().post(f"/api/cup-ties/{later.pk}/game-date", {"date": night.isoformat()},
                          format="json").status_code == 200
    refused = pub.draw(one)
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert any(f"Station Hotel on {day.day} {day:%B %Y}" in error for day in (night, night + timedelta(weeks=1)))
    start = date.fromisoformat(refused.json()["next_start"])
    assert start > night
    assert pub.draw(one, start).status_code == 201
    assert not {night, night + timedelta(weeks=1)} & set(station_nights())


def singles_at_the_station_again(pub: Pub) -> CupTie:
    """A second singles cup's one tie, its players of the Station Hotel's team."""
    station_team = Team.objects.get(league=pub.league, home_venue=pub.station, name__startswith="Division One")
    competition = competition_create(season_id=pub.season.pk, name="Plate", kind="singles", draw_mode="bracket",
                                     user=pub.secretary)
    for number in (1, 2):
        player = Player.objects.create(name=f"Plate Player {number}")
        SquadRegistration.objects.create(season=pub.season, team=station_team, player=player)
        cup_enter(competition_id=competition.pk, player_id=player.pk, user=pub.secretary)
    cup_draw(competition_id=competition.pk, seed=1, user=pub.secretary)
    (tie,) = ties_of(competition)
    return tie


def test_a_finals_night_is_never_refused_but_takes_the_finals_venues_boards_from_a_league_match() -> None:
    pub, ours, _theirs = published_pair()
    Venue.objects.filter(pk=pub.station.pk).update(board_sets=2)
    finals = after_the_season()
    competition = singles_at_the_station(pub, 4, finals=finals)
    # Three ties (two semi-finals and the final) on a two-board night: played in turn.
    assert CupTie.objects.filter(competition=competition, date=finals).count() == 3
    moved = pub.api().post(f"/api/fixtures/{ours.pk}/rearrange",
                           {"date": finals.isoformat(), "reason": "the darts final", "insist": True}, format="json")
    assert moved.status_code == 422
    error = moved.json()["error"]
    assert said(finals) in error and "3 Singles Knockout finals-night ties (played in turn)" in error
    # In turn, they never stop the venue losing a board set.
    page = pub.browser().post(f"/secretary/leagues/{pub.league.pk}/venues/{pub.station.pk}",
                              {"name": "Station Hotel", "board_sets": "1"}, follow=True)
    assert page.status_code == 200
    assert Venue.objects.get(pk=pub.station.pk).board_sets == 1


def test_a_tie_whose_home_player_has_no_team_this_season_takes_no_board() -> None:
    pub, ours, _theirs = published_pair()
    (tie,) = ties_of(singles_at_the_station(pub))
    night = after_the_season()
    assert pub.api().post(f"/api/cup-ties/{tie.pk}/game-date", {"date": night.isoformat()},
                          format="json").status_code == 200
    assert tie.home is not None
    SquadRegistration.objects.filter(player=tie.home.player).update(ended_on=night - timedelta(weeks=2))
    moved = pub.api().post(f"/api/fixtures/{ours.pk}/rearrange",
                           {"date": night.isoformat(), "reason": "snow"}, format="json")
    assert moved.status_code == 200, moved.json()


def test_a_pairs_tie_is_at_its_first_named_players_pub() -> None:
    pub, _ours, theirs = published_pair()
    station_team = Team.objects.get(league=pub.league, home_venue=pub.station, name__startswith="Division One")
    elsewhere = Team.objects.get(league=pub.league, name="Division One Pub 2")
    competition = competition_create(season_id=pub.season.pk, name="Pairs Cup", kind="pairs", draw_mode="bracket",
                                     user=pub.secretary)
    for number in (1, 2):
        first = Player.objects.create(name=f"Station Player {number}",
                                      user=get_user_model().objects.create_user(f"station-player-{number}"))
        partner = Player.objects.create(name=f"Partner {number}")
        SquadRegistration.objects.create(season=pub.season, team=station_team, player=first)
        SquadRegistration.objects.create(season=pub.season, team=elsewhere, player=partner)
        cup_enter(competition_id=competition.pk, player_id=first.pk, partner_id=partner.pk, user=pub.secretary)
    cup_draw(competition_id=competition.pk, seed=1, user=pub.secretary)
    (tie,) = ties_of(competition)
    offered = tablet_for(login_of(tie, "home")).post(f"/api/cup-ties/{tie.pk}/offer",
                                                     {"dates": [theirs.date.isoformat()]}, format="json")
    assert offered.status_code == 422
    assert said(theirs.date) in offered.json()["error"] and "this Pairs Cup tie" in offered.json()["error"]
