"""Demo data for `make run`: people to log in as, the demo league and its
cups (league.demo.league, league.demo.cups), and games whose logs were
recorded through the same services a tablet uses, so they replay."""
import random
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from league.demo.cups import demo_cups_load
from league.demo.league import demo_league_load
from league.models import Game
from league.services.games import game_create
from league.services.moves import move_record, move_undo, shown_record
from scoring.simulate import random_game


@dataclass(frozen=True)
class DemoUser:
    username: str
    password: str
    role: str
    staff: bool = False
    superuser: bool = False


# The README lists these logins: keep the two in step.
DEMO_USERS = [
    DemoUser("scorer", "scorer-demo-pass", "scores games on a tablet"),
    DemoUser("secretary", "secretary-demo-pass", "runs the league (the admin at /admin/)", staff=True, superuser=True),
]

DEMO_LABEL = "Demo: "


@dataclass(frozen=True)
class DemoGame:
    label: str
    seed: int
    rules: Any
    seats: int = 2
    partners: bool = False
    # How far through the game to stop, as a fraction of its moves (1 = to the end).
    played: float = 1.0


DEMO_GAMES = [
    DemoGame("Singles to 61, finished", seed=1, rules={"preset": "pub"}),
    DemoGame("Pairs to 121, in play", seed=2, rules={"preset": "pub", "target": 121}, seats=4, partners=True,
             played=0.3),
    DemoGame("Three-handed, finished", seed=3, rules="pub", seats=3),
    DemoGame("Pagat pairs, just started", seed=4, rules="pagat", seats=4, partners=True, played=0.1),
]


def demo_users_load() -> dict[str, User]:
    users = {}
    model = get_user_model()
    with transaction.atomic():
        for demo in DEMO_USERS:
            user, made = model.objects.get_or_create(
                username=demo.username, defaults={"is_staff": demo.staff, "is_superuser": demo.superuser}
            )
            if made:
                user.set_password(demo.password)
                user.save()
            users[demo.username] = user
    return users


def demo_load() -> list[Game]:
    """Loads whatever demo data is missing; running it twice adds nothing."""
    users = demo_users_load()
    demo_league_load(secretary=users["secretary"], scorer=users["scorer"])
    demo_cups_load(secretary=users["secretary"], scorer=users["scorer"])
    made = []
    for demo in DEMO_GAMES:
        label = DEMO_LABEL + demo.label
        if not Game.objects.filter(label=label).exists():
            made.append(_demo_game_play(demo=demo, label=label, scorer=users["scorer"]))
    return made


def _demo_game_play(*, demo: DemoGame, label: str, scorer: User) -> Game:
    rng = random.Random(demo.seed)
    sheet = random_game(rng, demo.rules, seats=demo.seats, partners=demo.partners, mistakes=0.05)
    total = sum(len(hand["moves"]) for hand in sheet["hands"])
    stop = max(1, round(total * demo.played))
    game = game_create(
        rules=sheet["rules"], seats=sheet["seats"], partners=demo.partners, label=label, created_by=scorer
    )
    played = 0
    for number, hand in enumerate(sheet["hands"]):
        for move in hand["moves"]:
            if played == stop:
                return game
            if played == 3:
                # A slip of the finger, put right: the log shows the undo.
                move_record(game_id=game.pk, move={**move, "peg": move.get("peg", 0) + 2}, user=scorer)
                move_undo(game_id=game.pk, user=scorer)
            move_record(game_id=game.pk, move=move, user=scorer)
            played += 1
        if "shown" in hand:
            game.refresh_from_db()
            if game.status == Game.Status.HAND_ENDED:
                shown_record(game_id=game.pk, hand=number, shown=hand["shown"], user=scorer)
    return game
