"""Privacy: a player chooses how their name shows to the public, a league
can keep its pages out of search engines, a player's data can be
downloaded, and a player can be erased under a pseudonym without any score
changing (docs/organisation.md, "Privacy")."""
import random
import re
from typing import Any

import pytest
from django.apps import apps
from django.db import models
from django.db.models import CharField, JSONField, TextField
from django.db.models.functions import Cast
from django.test import Client, TestCase
from django.urls import reverse
from in_process import tasks_in_process
from matchnights import Night, a_match_night, play_live, sheet_entered, submitted_five_four
from module_data import a_copy_for_one_test, made_once_a_module
from tablets import tablet_for

from league.engine import engine_replay, engine_state, log_rows
from league.models import (
    AuditEntry,
    Game,
    GameEntry,
    MatchNight,
    Player,
    PlayerGame,
    PlayerStats,
    RubberGame,
    TableEntry,
)
from league.models.clubs import public_form
from league.refusals import NotSecretary
from league.services.games import game_import
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.privacy import player_erase, player_name_shown_set
from league.services.results import match_confirm, match_submit
from scoring.simulate import random_game

FULL, INITIALS, HIDDEN = Player.NameShown.FULL, Player.NameShown.INITIALS, Player.NameShown.HIDDEN
SHOWN = {FULL: "Jo Bloggs", INITIALS: "J. B.", HIDDEN: "A player"}



def a_played_night() -> Night:
    """A confirmed 5-4 night whose first home player is Jo Bloggs."""
    night = a_match_night("plain")
    jo = night.home_players[0]
    jo.name = "Jo Bloggs"
    jo.save()
    submitted_five_four(night)
    with tasks_in_process(), TestCase.captureOnCommitCallbacks(execute=True):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    return night


# Built once for the module; each test's writes are rolled back after it.
played_made = made_once_a_module(a_played_night)


@pytest.fixture
def played(db: None, played_made: Night) -> Night:
    return a_copy_for_one_test(played_made)


def jo(night: Night, shown: str) -> Player:
    player = night.home_players[0]
    player.name_shown = shown
    player.save()
    return player


def test_the_public_form_of_a_name_is_in_full_initials_or_hidden() -> None:
    assert public_form("Jo Bloggs", FULL) == "Jo Bloggs"
    assert public_form("Jo Bloggs", INITIALS) == "J. B."
    assert public_form("jo  van der bloggs", INITIALS) == "J. V. D. B."
    assert public_form("Jo Bloggs", HIDDEN) == "A player"
    assert public_form("  ", FULL) == public_form("", INITIALS) == "A player"


# A name, how it shows, and the message once the player chooses it: one
# full stop ends the sentence, whether or not the name ends in one.
SHOWN_IN_A_SENTENCE = [
    ("Eve Price", INITIALS, "Your name now shows as E. P."),
    ("jo  van der bloggs", INITIALS, "Your name now shows as J. V. D. B."),
    ("J. R. Hartley", INITIALS, "Your name now shows as J. R. H."),
    ("Cher", INITIALS, "Your name now shows as C."),
    ("Eve Price", FULL, "Your name now shows as Eve Price."),
    ("Eve Price", HIDDEN, "Your name now shows as A player."),
]


@pytest.mark.parametrize(("name", "shown", "said"), SHOWN_IN_A_SENTENCE)
def test_a_name_chosen_on_my_name_is_said_back_with_one_full_stop(
    db: None, django_user_model: Any, name: str, shown: str, said: str,
) -> None:
    player = Player.objects.create(name=name, user=django_user_model.objects.create_user("me"))
    client = Client()
    client.force_login(player.user)
    page = client.post(reverse("name-shown"), {"name_shown": shown}, follow=True).content.decode()
    assert f"{said}</p>" in page
    assert ".." not in page.split('class="messages"')[1].split("</div>")[0]
    assert "..</strong>" not in page and ".</strong>." not in page


def public_texts(night: Night, player: Player) -> dict[str, str]:
    """What the public sees where the player's name would be."""
    client = Client()
    opponent = night.away_players[0]
    pages = {
        "team": reverse("public-team", args=[night.home.pk]),
        "player": reverse("public-player", args=[player.pk]),
        "opponent's page": reverse("public-player", args=[opponent.pk]),
        "division leaderboard": reverse("public-division", args=[night.division.pk]),
        "match night": reverse("night-page", args=[night.fixture.pk]),
        "match card CSV": reverse("night-page-card-csv", args=[night.fixture.pk]),
        "API leaderboard": reverse("division-players", args=[night.division.pk]),
    }
    texts = {}
    for where, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, where
        texts[where] = response.content.decode()
    return texts


@pytest.mark.parametrize("shown", [FULL, INITIALS, HIDDEN])
def test_every_public_page_feed_and_answer_shows_the_name_as_the_player_chose(played: Night, shown: str) -> None:
    player = jo(played, shown)
    for where, text in public_texts(played, player).items():
        assert SHOWN[shown] in text, where
        if shown != FULL:
            assert "Jo Bloggs" not in text, where
            assert "Bloggs" not in text, where


def test_the_api_leaderboard_names_a_hidden_player_by_the_public_form(played: Night) -> None:
    jo(played, HIDDEN)
    rows = Client().get(reverse("division-players", args=[played.division.pk])).json()
    mine = [row for row in rows if row["player"]["id"] == played.home_players[0].pk]
    assert mine and mine[0]["player"]["name"] == "A player"


def test_a_player_with_a_login_chooses_how_their_name_shows(played: Night, django_user_model: Any) -> None:
    player = played.home_players[0]
    player.user = django_user_model.objects.create_user("jo")
    player.save()
    client = Client()
    client.force_login(player.user)
    assert "Jo Bloggs" in client.get(reverse("name-shown")).content.decode()
    response = client.post(reverse("name-shown"), {"name_shown": INITIALS}, follow=True)
    assert "Your name now shows as J. B.<" in response.content.decode()
    assert "J. B.." not in response.content.decode()
    player.refresh_from_db()
    assert player.name_shown == INITIALS
    assert "Jo Bloggs" not in Client().get(reverse("public-player", args=[player.pk])).content.decode()


def test_a_login_without_a_player_is_told_in_words_there_is_no_name_to_choose(
    db: None, django_user_model: Any,
) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_user("nobody"))
    page = client.get(reverse("name-shown"))
    assert page.status_code == 200
    assert "Your login, nobody, is not linked to a player" in page.content.decode()
    assert 'name="name_shown"' not in page.content.decode()


def league_pages(night: Night) -> dict[str, str]:
    return {
        "league home": reverse("public-league", args=[night.league.slug]),
        "division": reverse("public-division", args=[night.division.pk]),
        "printable table": reverse("public-division-print", args=[night.division.pk]),
        "team": reverse("public-team", args=[night.home.pk]),
        "team calendar": reverse("team-fixtures-ics", args=[night.home.pk]),
        "player": reverse("public-player", args=[night.home_players[0].pk]),
        "match night": reverse("night-page", args=[night.fixture.pk]),
    }


ROBOTS_META = '<meta name="robots" content="noindex">'


def test_a_league_kept_out_of_search_engines_says_so_on_every_public_page(played: Night) -> None:
    played.league.hide_from_search = True
    played.league.save()
    for where, url in league_pages(played).items():
        response = Client().get(url)
        assert response.status_code == 200, where
        assert response["X-Robots-Tag"] == "noindex", where
        if response["Content-Type"].startswith("text/html"):
            assert ROBOTS_META in response.content.decode(), where


def test_a_league_open_to_search_engines_asks_nothing_of_them(played: Night) -> None:
    for where, url in league_pages(played).items():
        response = Client().get(url)
        assert response.status_code == 200, where
        assert not response.has_header("X-Robots-Tag"), where
        assert ROBOTS_META not in response.content.decode(), where


def data_of(night: Night, user: Any) -> Any:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(reverse("player-data", args=[night.home_players[0].pk]))


def test_a_players_data_is_theirs_and_their_secretarys_to_download(played: Night, django_user_model: Any) -> None:
    player = played.home_players[0]
    player.user = django_user_model.objects.create_user("jo")
    player.save()
    stranger = django_user_model.objects.create_user("stranger")
    other_secretary = a_match_night("plain", league_name="Stoke Sunday").secretary
    for who in (None, stranger, other_secretary, played.home_captain):
        assert data_of(played, who).status_code == 403
    assert Client().get(reverse("player-data", args=[999999])).status_code == 403
    for who in (player.user, played.secretary):
        response = data_of(played, who)
        assert response.status_code == 200
        assert response["Content-Disposition"] == f'attachment; filename="player-{player.pk}-data.json"'


def test_a_players_data_holds_their_registrations_games_stats_and_audit_entries(played: Night) -> None:
    player = played.home_players[0]
    player_name_shown_set(player_id=player.pk, shown=INITIALS, user=played.secretary)
    data = data_of(played, played.secretary).json()
    assert data["player"] == {"id": player.pk, "name": "Jo Bloggs", "name_shown": INITIALS, "public_name": "J. B.",
                              "user": None}
    assert [(r["league"], r["team"]["name"]) for r in data["registrations"]] == [(str(played.league), str(played.home))]
    [game] = data["games"]
    assert (game["side"], game["rubber"], game["score"], game["winner"]) == ("home", 1, [61, 40], "home")
    assert game["others"] == [played.away_players[0].public_name]
    [stats] = data["stats"]
    assert (stats["played"], stats["won"], stats["pegged"]) == (1, 1, 61)
    assert "player.name_shown" in [entry["action"] for entry in data["audit"]]


@pytest.fixture
def played_live(db: None, committed: Any) -> Night:
    """A confirmed night, in a league of its own, whose first rubber Kim
    Lister played live on a tablet (the log's stored replies carry the
    seats); the rest from the card. Kim also has a friendly game of their
    own, with their name in its label, and changed how their name shows.
    (Not Jo Bloggs: the module's played night may be in the database too.)"""
    night = a_match_night("plain", league_name="Biddulph League")
    jo = night.home_players[0]
    jo.name = "Kim Lister"
    jo.save()
    sheet_entered(night, ["singles"] * 9)
    live = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    tablet = tablet_for(night.home_scorer)
    play_live(tablet, tablet.get(f"/api/games/{live.game_id}").json(), seed=5)
    for number in range(2, 10):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=61 if number % 2 else 30,
                         away_score=40 if number % 2 else 61, user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    sheet = random_game(random.Random(9), "pub", seats=2, partners=False)
    game_import(sheet={**sheet, "seats": ["KIM LISTER", "Al Smith"]}, label="Kim Lister v Al Smith",
                imported_by=night.home_scorer)
    player_name_shown_set(player_id=jo.pk, shown=INITIALS, user=night.secretary)
    return night


def everything_scored() -> dict[str, Any]:
    """Every score, result and table the database holds, and each game's
    state replayed from its log."""
    return {
        "games": [(g.pk, g.seq, g.status, g.hand, g.turn, g.ends, g.sides, g.scores, g.winner, g.updated_at,
                   engine_state(engine_replay(game=g, rows=log_rows(g)))) for g in Game.objects.order_by("pk")],
        "log": list(GameEntry.objects.order_by("pk").values_list("pk", "game_id", "seq", "kind", "hand", "voids")),
        "rubber games": list(RubberGame.objects.order_by("pk").values_list(
            "pk", "home_score", "away_score", "winner", "source")),
        "nights": list(MatchNight.objects.order_by("pk").values_list("pk", "status")),
        "table": list(TableEntry.objects.order_by("pk").values_list(
            "team_id", "position", "played", "won", "lost", "games_for", "games_against", "points")),
        "stats": list(PlayerStats.objects.order_by("pk").values_list("player_id", "played", "won", "pegged",
                                                                     "fifteens", "penalties")),
        "player games": list(PlayerGame.objects.order_by("pk").values_list("player_id", "won", "pegged")),
    }


def rows_holding(word: str) -> list[str]:
    """Every row of every table with `word` in a text or JSON column."""
    found = []
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if isinstance(field, (CharField, TextField, JSONField)):
                rows = models.QuerySet(model=model).annotate(as_text=Cast(field.name, TextField()))
                found += [f"{model.__name__}.{field.name} #{pk}"
                          for pk in rows.filter(as_text__icontains=word).values_list("pk", flat=True)]
    return found


def test_erasing_a_player_leaves_every_score_and_table_as_it_was_and_their_name_nowhere(
        played_live: Night) -> None:
    jo = played_live.home_players[0]
    assert len(rows_holding("Lister")) >= 4  # the player, two games' seats, the log's replies, the audit log
    before = everything_scored()
    erased = player_erase(player_id=jo.pk, user=played_live.secretary)
    assert re.fullmatch(r"Player [0-9a-f]{4}", erased.name)
    assert everything_scored() == before
    assert rows_holding("Lister") == []
    [entry] = AuditEntry.objects.filter(action="player.erase")
    assert entry.target_label == erased.name and entry.user == played_live.secretary
    live = RubberGame.objects.get(rubber__night__fixture=played_live.fixture, rubber__number=1).game
    assert live is not None and live.seats[0] == erased.name


def test_erasing_a_player_closes_their_login_under_the_pseudonym(played: Night, django_user_model: Any) -> None:
    jo = played.home_players[0]
    jo.user = django_user_model.objects.create_user("jo.bloggs", email="jo@example.org", password="pw-long-enough",
                                                    first_name="Jo", last_name="Bloggs")
    jo.save()
    token = tablet_for(jo.user)
    erased = player_erase(player_id=jo.pk, user=played.secretary)
    login = django_user_model.objects.get(pk=jo.user.pk)
    assert login.username == erased.name.lower().replace(" ", "-")
    assert (login.first_name, login.last_name, login.email, login.is_active) == ("", "", "", False)
    assert not login.has_usable_password()
    browser = Client()
    browser.post(reverse("login"), {"username": "jo.bloggs", "password": "pw-long-enough"})
    assert "_auth_user_id" not in browser.session
    assert token.get("/api/auth/whoami").status_code == 401
    assert rows_holding("Bloggs") == [] and rows_holding("jo.bloggs") == []


def test_only_a_secretary_of_the_players_league_may_erase_them(played: Night, django_user_model: Any) -> None:
    jo = played.home_players[0]
    for who in (None, played.home_captain, a_match_night("plain", league_name="Stoke Sunday").secretary):
        with pytest.raises(NotSecretary):
            player_erase(player_id=jo.pk, user=who)
    jo.refresh_from_db()
    assert jo.name == "Jo Bloggs"


def test_the_secretary_checks_then_confirms_an_erasure_on_their_page(played: Night) -> None:
    jo = played.home_players[0]
    url = reverse("secretary-player-erase", args=[jo.pk])
    captain = Client()
    captain.force_login(played.home_captain)
    assert captain.get(url).status_code == 403
    assert captain.post(url).status_code == 403
    client = Client()
    client.force_login(played.secretary)
    page = client.get(url).content.decode()
    assert "Check, then confirm" in page and "Every score, result, table and statistic stays" in page
    jo.refresh_from_db()
    assert jo.name == "Jo Bloggs"  # looking changes nothing
    done = client.post(url, follow=True).content.decode()
    jo.refresh_from_db()
    assert jo.name.startswith("Player ") and f"the league now knows them as {jo.name}" in done
