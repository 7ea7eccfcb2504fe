"""`manage.py games_check`: replays every game's log and compares it with the
game's cached scores and state. Exits non-zero when any differ."""
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from league.selectors.replay import games_out_of_step


class Command(BaseCommand):
    help = "Replay every game from its move log and compare with the cached state."

    def handle(self, *args: Any, **options: Any) -> None:
        drifted = games_out_of_step()
        for game_id, cached, replayed in drifted:
            self.stderr.write(f"game {game_id}: cached {cached} but the log says {replayed}")
        if drifted:
            raise CommandError(f"{len(drifted)} games differ from their logs")
        self.stdout.write("every game matches its log")
