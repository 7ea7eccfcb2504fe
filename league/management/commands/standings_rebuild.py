"""`manage.py standings_rebuild`: rebuilds every division's table and player
statistics now, as the nightly task does. With `--player-games`, first
records again each player's part in every returned result, replaying the
live games' move logs: slow, and needed only for results stored without
them."""
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from league.models import MatchNight
from league.services.standings import standings_rebuild_all
from league.services.standings_player_games import player_games_record

BATCH = 200


class Command(BaseCommand):
    help = "Rebuild every division's table and player statistics from the results."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--player-games", action="store_true",
                            help="first record each player's part in every returned result again")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["player_games"]:
            returned = list(MatchNight.objects.exclude(status=MatchNight.Status.OPEN)
                            .order_by("pk").values_list("pk", flat=True))
            written = 0
            for start in range(0, len(returned), BATCH):
                with transaction.atomic():
                    written += player_games_record(night_ids=returned[start:start + BATCH])
            self.stdout.write(f"{written} player games recorded for {len(returned)} results")
        self.stdout.write(f"{standings_rebuild_all()} division tables rebuilt")
