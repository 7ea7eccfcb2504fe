"""`manage.py demo_load`: the demo users, league, cups and games (idempotent)."""
from typing import Any

from django.core.management.base import BaseCommand

from league.demo.league import CAPTAIN_LOGINS
from league.demo.load import DEMO_USERS, demo_load


class Command(BaseCommand):
    help = "Load the demo users, league, cups and games; running it again adds nothing."

    def handle(self, *args: Any, **options: Any) -> None:
        made = demo_load()
        for game in made:
            self.stdout.write(f"game {game.pk}: {game.label}")
        self.stdout.write(f"{len(made)} demo games added. Logins:")
        for user in DEMO_USERS:
            self.stdout.write(f"  {user.username} / {user.password}  ({user.role})")
        for team, (username, password) in CAPTAIN_LOGINS.items():
            self.stdout.write(f"  {username} / {password}  (captain of {team})")
