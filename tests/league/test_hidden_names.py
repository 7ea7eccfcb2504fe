"""A player who chose to be hidden or shown by initials is never named in
full to a visitor: not in a team's squad, not in the season's transfers,
not in the reason a cup tie they won was decided, not on the seats or the
label of a cup game they play live, not in the letters to their opponent,
not by their login, not in words others wrote about them. Their own login
and the league's secretaries still see the full name."""
from datetime import timedelta
from importlib import import_module
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from leagues import a_league, a_season, a_team
from matchnights import Night, a_match_night, play_live
from tablets import tablet_for

from league.models import CupGame, CupTie, Game, Notice, Player, SquadRegistration
from league.models.competition import Transfers
from league.services.cup_game_results import cup_game_dispute, cup_game_submit
from league.services.cup_games import cup_game_card, cup_game_start
from league.services.cup_ties import tie_winner_set
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.game_tie_dates import game_tie_date_pick, game_tie_dates_offer
from league.services.transfers import transfer_direct

pytestmark = pytest.mark.django_db

HIDDEN, INITIALS = Player.NameShown.HIDDEN, Player.NameShown.INITIALS


def _renamed(player: Player, name: str, shown: str) -> Player:
    player.name, player.name_shown = name, shown
    player.save()
    return player


@pytest.fixture
def night() -> Night:
    night = a_match_night("plain", squad=4, transfers=Transfers.SECRETARY)
    _renamed(night.home_players[0], "Eric Bailey", HIDDEN)
    _renamed(night.home_players[1], "Ines Quayle", INITIALS)
    return night


def _text(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_squad_api_names_hidden_and_initials_players_as_they_chose(night: Night) -> None:
    url = f"/api/seasons/{night.season.pk}/teams/{night.home.pk}/squad"
    names = [p["name"] for p in Client().get(url).json()["players"]]
    assert "A player" in names and "I. Q." in names
    assert not {"Eric Bailey", "Ines Quayle"} & set(names)


def test_the_league_secretary_sees_the_squad_in_full(night: Night) -> None:
    client = Client()
    client.force_login(night.secretary)
    url = f"/api/seasons/{night.season.pk}/teams/{night.home.pk}/squad"
    names = [p["name"] for p in client.get(url).json()["players"]]
    assert {"Eric Bailey", "Ines Quayle"} <= set(names)


def test_the_transfers_api_does_not_name_a_hidden_player(night: Night) -> None:
    transfer_direct(season_id=night.season.pk, player_id=night.home_players[0].pk, to_team_id=night.away.pk,
                    user=night.secretary)
    text = _text(Client(), f"/api/seasons/{night.season.pk}/transfers")
    assert "Bailey" not in text
    assert Client().get(f"/api/seasons/{night.season.pk}/transfers").json()[0]["player"]["name"] == "A player"


def test_a_hidden_player_sees_their_own_name_in_the_transfers(night: Night) -> None:
    eric = night.home_players[0]
    eric.user = get_user_model().objects.create_user("eric")
    eric.save()
    transfer_direct(season_id=night.season.pk, player_id=eric.pk, to_team_id=night.away.pk, user=night.secretary)
    client = Client()
    client.force_login(eric.user)
    assert client.get(f"/api/seasons/{night.season.pk}/transfers").json()[0]["player"]["name"] == "Eric Bailey"


@pytest.fixture
def decided_tie() -> tuple[CupTie, Any]:
    """A singles cup of two, Eric Bailey (hidden) against Ann Cole, won
    1-0 on games by Eric from the card."""
    league = a_league()
    secretary = get_user_model().objects.create_user("secretary")
    league.secretaries.add(secretary)
    season = a_season(league)
    team = a_team(league, "Red Lion A")
    eric = Player.objects.create(name="Eric Bailey", name_shown=HIDDEN)
    ann = Player.objects.create(name="Ann Cole")
    competition = competition_create(season_id=season.pk, name="Singles Knockout", kind="singles",
                                     draw_mode="bracket", user=secretary)
    for player in (eric, ann):
        SquadRegistration.objects.create(season=season, team=team, player=player)
        cup_enter(competition_id=competition.pk, player_id=player.pk, user=secretary)
    cup_draw(competition_id=competition.pk, seed=1, user=secretary)
    tie = CupTie.objects.select_related("home__player").get(competition=competition)
    eric_home = tie.home is not None and tie.home.player_id == eric.pk
    cup_game_card(tie_id=tie.pk, home_score=61 if eric_home else 30, away_score=30 if eric_home else 61,
                  user=secretary)
    tie.refresh_from_db()
    assert tie.winner is not None and tie.winner.player_id == eric.pk
    return tie, secretary


def test_a_decided_cup_tie_does_not_name_its_hidden_winner(decided_tie: tuple[CupTie, Any]) -> None:
    tie, _ = decided_tie
    cup = tie.competition_id
    for url in (f"/cups/{cup}/", f"/api/cups/{cup}", f"/api/cups/{cup}/ties"):
        text = _text(Client(), url)
        assert "Bailey" not in text, url
        assert "A player through: 1-0 on games" in text, url


def test_the_secretary_reads_the_tie_s_winner_in_full(decided_tie: tuple[CupTie, Any]) -> None:
    tie, secretary = decided_tie
    client = Client()
    client.force_login(secretary)
    shown = client.get(f"/api/cups/{tie.competition_id}/ties").json()
    reasons = [t["decided_reason"] for t in shown]
    assert any(reason.startswith("Eric Bailey through: 1-0 on games") for reason in reasons), reasons


def test_a_decided_tie_stores_no_name(decided_tie: tuple[CupTie, Any]) -> None:
    tie, _ = decided_tie
    assert "Bailey" not in tie.decided_reason
    assert "through: 1-0 on games" in tie.decided_reason


def test_a_reason_decided_before_the_upgrade_loses_the_name_it_froze(decided_tie: tuple[CupTie, Any]) -> None:
    tie, secretary = decided_tie
    CupTie.objects.filter(pk=tie.pk).update(decided_reason="Eric Bailey through: 1-0 on games (61-30)")
    upgrade = import_module("league.migrations.0036_stored_texts_name_no_one")
    upgrade.names_out(django_apps, None)
    tie.refresh_from_db()
    assert tie.decided_reason == "{winner} through: 1-0 on games (61-30)"
    assert "A player through: 1-0 on games" in _text(Client(), f"/cups/{tie.competition_id}/")
    upgrade.names_back(django_apps, None)
    tie.refresh_from_db()
    assert tie.decided_reason == "Eric Bailey through: 1-0 on games (61-30)"


def test_a_secretary_s_reason_in_words_is_stored_without_the_names(decided_tie: tuple[CupTie, Any]) -> None:
    tie, secretary = decided_tie
    loser = tie.away if tie.winner_id == tie.home_id else tie.home
    assert tie.winner is not None and loser is not None
    tie_winner_set(tie_id=tie.pk, winner_entry_id=tie.winner.pk, reason="Ann Cole conceded to Eric Bailey",
                   user=secretary)
    tie.refresh_from_db()
    assert "Bailey" not in tie.decided_reason and "Cole" not in tie.decided_reason
    page = _text(Client(), f"/cups/{tie.competition_id}/")
    assert "Ann Cole conceded to A player" in page and "Bailey" not in page


def _eric_v_ann() -> tuple[CupTie, Any]:
    """A singles cup of two, drawn: Eric Bailey (hidden) against Ann Cole."""
    league = a_league()
    secretary = get_user_model().objects.create_user("secretary")
    league.secretaries.add(secretary)
    season = a_season(league)
    team = a_team(league, "Red Lion A")
    competition = competition_create(season_id=season.pk, name="Singles Knockout", kind="singles",
                                     draw_mode="bracket", user=secretary)
    for player in (Player.objects.create(name="Eric Bailey", name_shown=HIDDEN),
                   Player.objects.create(name="Ann Cole")):
        SquadRegistration.objects.create(season=season, team=team, player=player)
        cup_enter(competition_id=competition.pk, player_id=player.pk, user=secretary)
    cup_draw(competition_id=competition.pk, seed=1, user=secretary)
    return CupTie.objects.select_related("home__player", "away__player").get(competition=competition), secretary


@pytest.fixture
def live_tie() -> tuple[CupTie, Any]:
    """Eric against Ann, their game started live by the secretary."""
    tie, secretary = _eric_v_ann()
    cup_game_start(tie_id=tie.pk, user=secretary)
    return tie, secretary


def test_a_live_cup_game_seats_a_hidden_player_as_they_chose(live_tie: tuple[CupTie, Any]) -> None:
    tie, _ = live_tie
    game = CupGame.objects.get(tie=tie).game_id
    for url in (f"/api/games/{game}", f"/games/{game}/board", f"/games/{game}/pad", "/"):
        assert "Bailey" not in _text(Client(), url), url
    assert sorted(Client().get(f"/api/games/{game}").json()["seats"]) == ["A player", "Ann Cole"]


def test_the_secretary_scoring_a_cup_game_sees_the_full_names(live_tie: tuple[CupTie, Any]) -> None:
    tie, secretary = live_tie
    game = CupGame.objects.get(tie=tie).game_id
    client = Client()
    client.force_login(secretary)
    assert sorted(client.get(f"/api/games/{game}").json()["seats"]) == ["Ann Cole", "Eric Bailey"]


def test_a_cup_game_labelled_before_the_upgrade_loses_the_names_in_its_label(live_tie: tuple[CupTie, Any]) -> None:
    tie, _ = live_tie
    game = CupGame.objects.get(tie=tie).game_id
    Game.objects.filter(pk=game).update(label="Singles Knockout: Eric Bailey v Ann Cole")
    import_module("league.migrations.0036_stored_texts_name_no_one").names_out(django_apps, None)
    assert Game.objects.get(pk=game).label == "Singles Knockout, round 1, tie 1"


def test_a_letter_about_a_cup_tie_names_a_hidden_opponent_as_they_chose() -> None:
    """Dates offered and picked for a singles tie: Ann's letters call Eric
    "A player"; his own call him by his name."""
    tie, _ = _eric_v_ann()
    assert tie.home is not None and tie.away is not None and tie.home.player and tie.away.player
    logins = {}
    for player in (tie.home.player, tie.away.player):
        player.user = get_user_model().objects.create_user(f"login-{player.pk}", email=f"{player.pk}@example.org")
        player.save()
        logins[player.name] = player.user
    day = timezone.localdate() + timedelta(days=3)
    game_tie_dates_offer(tie_id=tie.pk, dates=[day], user=tie.home.player.user)
    game_tie_date_pick(tie_id=tie.pk, date=day, user=tie.away.player.user)
    to_ann = " ".join(f"{n.subject} {n.body}" for n in Notice.objects.filter(user=logins["Ann Cole"]))
    to_eric = " ".join(f"{n.subject} {n.body}" for n in Notice.objects.filter(user=logins["Eric Bailey"]))
    assert to_ann and "Bailey" not in to_ann and "A player" in to_ann
    assert "Eric Bailey" in to_eric


def test_a_hidden_player_s_login_is_not_shown_in_the_game_log_or_its_scorers() -> None:
    """Eric's login is his name; he scores his cup game on the pad. A
    visitor reads his moves and the game's scorers as "A player"'s; the
    secretary reads the login."""
    tie, secretary = _eric_v_ann()
    eric = Player.objects.get(name="Eric Bailey")
    eric.user = get_user_model().objects.create_user("eric.bailey")
    eric.save()
    game = cup_game_start(tie_id=tie.pk, user=eric.user).game_id
    assert game is not None
    play_live(tablet_for(eric.user), tablet_for(eric.user).get(f"/api/games/{game}").json(), seed=3)
    for url in (f"/api/games/{game}/log", f"/api/games/{game}/scorers"):
        assert "bailey" not in _text(Client(), url).lower(), url
    assert "A player" in Client().get(f"/api/games/{game}/scorers").json()["scorers"]
    desk = Client()
    desk.force_login(secretary)
    assert {row["entered_by"] for row in desk.get(f"/api/games/{game}/log").json()} == {"eric.bailey"}


def test_words_written_about_a_hidden_player_name_them_as_they_chose() -> None:
    """Eric submits his cup game's score; Ann disputes it, naming him. A
    visitor reads her reason with Eric as "A player"; the secretary reads
    it as she wrote it."""
    tie, secretary = _eric_v_ann()
    logins = {}
    for entry in (tie.home, tie.away):
        assert entry is not None and entry.player is not None
        entry.player.user = get_user_model().objects.create_user(f"login-{entry.player.pk}")
        entry.player.save()
        logins[entry.player.name] = entry.player.user
    cup_game_submit(tie_id=tie.pk, home_score=61, away_score=40, user=logins["Eric Bailey"])
    cup_game_dispute(tie_id=tie.pk, reason="Eric Bailey scored 40, not 61", user=logins["Ann Cole"])
    url = f"/api/cups/{tie.competition_id}/ties"
    assert "A player scored 40, not 61" in _text(Client(), url) and "Bailey" not in _text(Client(), url)
    desk = Client()
    desk.force_login(secretary)
    assert "Eric Bailey scored 40, not 61" in _text(desk, url)
