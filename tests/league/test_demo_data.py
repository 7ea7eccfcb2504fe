"""The demo data `make run` loads."""
from django.contrib.auth import authenticate
from django.core.management import call_command
from league.models import Game, GameEntry
from league.selectors.replay import games_out_of_step
from league.services.demo import DEMO_GAMES, DEMO_USERS


def test_the_demo_data_loads_once_its_games_replay_and_its_logins_work(db):
    call_command("demo_load")
    call_command("demo_load")
    assert Game.objects.count() == len(DEMO_GAMES)
    assert set(Game.objects.values_list("status", flat=True)) >= {"won", "playing"}
    assert GameEntry.objects.filter(kind="undo").exists()
    assert games_out_of_step() == []
    call_command("games_check")
    for user in DEMO_USERS:
        assert authenticate(username=user.username, password=user.password) is not None
