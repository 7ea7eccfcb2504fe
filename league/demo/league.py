"""The demo league `make run` loads: a season half played, made through the
same services captains and secretaries use, so that every row is one the
real workflows could have written.

Two divisions: the Premier plays the Leek format and points, the First
Division overrides them with Solihull & Warwickshire's. Red Lion A and
Red Lion B share The Red Lion, which has one board set, so the draw never
has both at home in one week. Every match night before this week has a
confirmed result, except one the away captain disputes, one awaiting
confirmation, one postponed and one never returned (overdue). Some rubbers
were scored live, so their games have move logs; on the latest match night
one match is still being scored live. Its cups: league.demo.cups.
"""
import random
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from league import formats
from league.models import Fixture, Game, League, Player, SquadRegistration, Team, Venue
from league.selectors.competition import division_settings
from league.selectors.formats import division_format
from league.services.competition import division_create, league_create, season_create
from league.services.fixtures import division_team_add, fixture_postpone, fixtures_generate, fixtures_publish
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.moves import move_record, shown_record
from league.services.ratings import rating_min_games_set
from league.services.results import match_confirm, match_dispute, match_submit
from league.services.teamsheets import team_sheet_enter
from scoring.simulate import random_game

SLUG = "demo"
WEEKDAY = 1  # Tuesday
WEEKS_PLAYED = 5  # and the latest night: six of the ten weeks
SQUAD = 8

FIRST_NAMES = ["Alan", "Barbara", "Colin", "Denise", "Eric", "Frank", "Gwen", "Harold", "Irene", "Jack", "Kath",
               "Len", "Maureen", "Norman", "Olive", "Pete", "Rita", "Stan", "Tina", "Vic", "Wendy", "Ray", "Sue",
               "Trevor", "Pauline", "Keith", "Jean", "Dennis", "Brenda", "Roy"]
SURNAMES = ["Bailey", "Clarke", "Dawson", "Ellis", "Fletcher", "Goodwin", "Hughes", "Jenkins", "Kirk", "Lowe",
            "Marsh", "Naylor", "Oakes", "Pickering", "Rowley", "Sutton", "Tranter", "Walker", "Yates", "Bould",
            "Salt", "Plant", "Mountford", "Bloor", "Hulme"]


@dataclass(frozen=True)
class DemoTeam:
    name: str
    pub: str
    board_sets: int = 1


PREMIER = [DemoTeam("Red Lion A", "The Red Lion"), DemoTeam("Red Lion B", "The Red Lion"),
           DemoTeam("Swan", "The Swan", 2), DemoTeam("Black Horse", "The Black Horse"),
           DemoTeam("Railway Tavern", "The Railway Tavern"), DemoTeam("Cock Inn", "The Cock Inn")]
FIRST = [DemoTeam("Crown", "The Crown"), DemoTeam("Plough", "The Plough"), DemoTeam("Bull's Head", "The Bull's Head"),
         DemoTeam("Wheatsheaf", "The Wheatsheaf"), DemoTeam("Roebuck", "The Roebuck")]

# Who logs in as whom; the README lists these: keep the two in step.
CAPTAIN_LOGINS = {"Red Lion A": ("captain", "captain-demo-pass"), "Swan": ("swan-captain", "swan-demo-pass")}


DEMO_RATING_MIN_GAMES = 10


def demo_league_load(*, secretary: User, scorer: User) -> League | None:
    """Builds the demo league unless it is there already; returns it when
    it was built."""
    if League.objects.filter(slug=SLUG).exists():
        return None
    rng = random.Random(2026)
    with transaction.atomic():
        league = league_create(name="Leek & District Fives and Threes League", slug=SLUG, user=secretary,
                               settings={"match_format": "leek", "points_scheme": "leek",
                                         "forfeit": {"score": [5, 4], "loser_points": 0},
                                         "result_deadline_days": 7, "late_result_points": [3, 5]},
                               secretaries=[secretary])
        today = timezone.localdate()
        start = today - timedelta(weeks=WEEKS_PLAYED, days=(today.weekday() - WEEKDAY) % 7)
        season = season_create(league_id=league.pk, name="Winter 2026-27", start=start,
                               registration_deadline=start - timedelta(days=7), squad_min=SQUAD, user=secretary,
                               insist=True)  # the demo's season is under way
        premier = division_create(season_id=season.pk, name="Premier", user=secretary)
        first = division_create(season_id=season.pk, name="First Division", user=secretary,
                                overrides={"match_format": "solihull", "points_scheme": "solihull"})
        # Half a season gives its players at most about fourteen rated games:
        # the demo league shows ratings from ten, so its boards are not empty.
        rating_min_games_set(league_id=league.pk, games=DEMO_RATING_MIN_GAMES, user=secretary)
        names = _names(rng)
        for division, teams in ((premier, PREMIER), (first, FIRST)):
            for demo in teams:
                team = _team(league, demo, names, season, secretary)
                if demo.name == "Red Lion A":
                    team.scorers.add(scorer)
                division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
            fixtures_generate(division_id=division.pk, start=start, weekday=WEEKDAY, user=secretary)
            fixtures_publish(division_id=division.pk, user=secretary)
    _play_season(league, rng, today=today, secretary=secretary, scorer=scorer)
    return league


def _names(rng: random.Random) -> list[str]:
    names = [f"{first} {last}" for first in FIRST_NAMES for last in SURNAMES]
    rng.shuffle(names)
    return names


def _team(league: League, demo: DemoTeam, names: list[str], season: Any, secretary: User) -> Team:
    venue, _ = Venue.objects.get_or_create(name=demo.pub, defaults={"board_sets": demo.board_sets})
    team = Team.objects.create(league=league, name=demo.name, home_venue=venue,
                               captain=_captain(demo.name), vice_captain=None)
    squad = [Player.objects.create(name=names.pop()) for _ in range(SQUAD)]
    SquadRegistration.objects.bulk_create(
        SquadRegistration(season=season, team=team, player=player, registered_by=secretary) for player in squad)
    return team


def _captain(team: str) -> User:
    model = get_user_model()
    username, password = CAPTAIN_LOGINS.get(team, (f"captain-{team.lower().replace(' ', '-')}", None))
    user, _ = model.objects.get_or_create(username=username.replace("'", ""))
    if password:
        user.set_password(password)
    else:
        user.set_unusable_password()
    user.save()
    return user


def _play_season(league: League, rng: random.Random, *, today: date, secretary: User,
                 scorer: User) -> None:
    """Every night up to today played, but for the exceptions a secretary
    has to deal with; on the latest night one match is still being scored."""
    fixtures = list(Fixture.objects.filter(division__season__league=league, date__lte=today)
                    .select_related("home_team", "away_team", "division").order_by("date", "division", "pk"))
    latest = [f for f in fixtures if f.date == fixtures[-1].date]
    in_play, awaiting, postponed = latest[0], latest[1], latest[-1]
    overdue, disputed = fixtures[0], fixtures[3]
    fixture_postpone(fixture_id=postponed.pk, reason="The home pub is closed for a private function",
                     user=secretary)
    for number, fixture in enumerate(fixtures):
        if fixture in (overdue, postponed):
            continue
        live = 1 if fixture == in_play else 2 if number % 6 == 1 else 0
        night_play(fixture, rng, scorer=scorer_for(fixture, scorer), live_rubbers=live, finish=fixture != in_play)
        if fixture == in_play:
            continue
        match_submit(fixture_id=fixture.pk, user=fixture.home_team.captain)
        if fixture == disputed:
            match_dispute(fixture_id=fixture.pk, reason="Rubber 4 was 61-58 to us, not to them: the card is wrong",
                          user=fixture.away_team.captain)
        elif fixture != awaiting:
            match_confirm(fixture_id=fixture.pk, user=fixture.away_team.captain)


def scorer_for(fixture: Fixture, scorer: User) -> User | None:
    """The demo scorer where the home team has them, else the home captain
    (None for a team without one: the services then refuse the scoring)."""
    if fixture.home_team.scorers.filter(pk=scorer.pk).exists():
        return scorer
    return fixture.home_team.captain


def night_play(fixture: Fixture, rng: random.Random, *, scorer: User | None, live_rubbers: int,
          finish: bool = True) -> None:
    """The home captain's sheet, then every rubber: the first
    `live_rubbers` scored live move by move, the rest from the card."""
    fmt = division_format(division_id=fixture.division_id)
    team_sheet_enter(fixture_id=fixture.pk, lineups=_lineups(fixture, fmt, rng), user=fixture.home_team.captain)
    for number, spec in enumerate(fmt.rubbers, start=1):
        if number <= live_rubbers:
            _live_game(fixture, number, rng, scorer=scorer, partners=spec.kind == "pairs",
                       finish=finish or number < live_rubbers)
            if not finish and number == live_rubbers:
                return
        else:
            rules = spec.rules_over(division_settings(division_id=fixture.division_id).rules)
            target = rules.get("target", 61)
            # The demo league's rules give a whole-number target, or none for the pub game's 61.
            assert isinstance(target, int)
            loser = rng.randrange(target // 4, target - 3)
            home_won = rng.random() < 0.5
            rubber_game_card(fixture_id=fixture.pk, rubber=number, home_score=target if home_won else loser,
                             away_score=loser if home_won else target, user=scorer)


def _lineups(fixture: Fixture, fmt: formats.MatchFormat, rng: random.Random) -> list[tuple[list[int], list[int]]]:
    """Six of the eight players, each one singles and one pairs."""
    sides = []
    for team in (fixture.home_team, fixture.away_team):
        squad = list(SquadRegistration.objects.filter(team=team).order_by("player__name")
                     .values_list("player_id", flat=True))
        chosen = rng.sample(squad, fmt.players_needed())
        singles = iter(chosen)
        # With an odd number chosen the last one is in no pair.
        pairs = iter(zip(chosen[::2], chosen[1::2], strict=False))
        sides.append([[next(singles)] if spec.kind == "singles" else list(next(pairs)) for spec in fmt.rubbers])
    return list(zip(sides[0], sides[1], strict=True))


def _live_game(fixture: Fixture, rubber: int, rng: random.Random, *, scorer: User | None, partners: bool,
               finish: bool) -> None:
    """A rubber scored move by move, the tiles shown after each hand, as a
    scorer's pad records it; stopped a third of the way in if not `finish`."""
    started = rubber_game_start(fixture_id=fixture.pk, rubber=rubber, user=scorer)
    game = started.game
    assert game is not None
    sheet = random_game(rng, game.rules, seats=len(game.seats), partners=partners, mistakes=0.03)
    left = sum(len(hand["moves"]) for hand in sheet["hands"]) // (1 if finish else 3)
    for number, hand in enumerate(sheet["hands"]):
        for move in hand["moves"]:
            if left == 0:
                return
            move_record(game_id=game.pk, move=move, user=scorer)
            left -= 1
        game.refresh_from_db(fields=["status", "hand"])
        if "shown" in hand and game.status == Game.Status.HAND_ENDED:
            shown_record(game_id=game.pk, hand=number, shown=hand["shown"], user=scorer)
