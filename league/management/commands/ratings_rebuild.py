"""`manage.py ratings_rebuild`: works out every player's rating afresh from
each league's confirmed games, now, in this process (no broker needed),
as the secretary's button asks the worker to. `--league SLUG` for one."""
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.selectors.ratings import leagues_to_rate
from league.services.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Re-rate every player of every league (or of --league) from the first confirmed game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", help="the slug of the one league to re-rate")

    def handle(self, *args: Any, **options: Any) -> None:
        leagues = leagues_to_rate(slug=options["league"])
        if options["league"] and not leagues:
            raise CommandError(f"no league with the slug {options['league']!r}")
        for league in leagues:
            began = time.perf_counter()
            games = ratings_rebuild(league_id=league.pk)
            self.stdout.write(f"{league.name}: re-rated {games} games in {time.perf_counter() - began:.1f}s")
