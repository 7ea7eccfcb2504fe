"""Reading what the cup pages show: a season's competitions, a competition
as a bracket of rounds (each tie with its entrants, dates, legs and
winner, in a handicap cup the start of an open tie's next game, and the
rounds still to come as places to fill), a league's roll of
winners, and the fixtures of a finals night.

Terms: a *leg* is one of a tie's fixtures (the first and second legs, then
any replay or decider, numbered on); a *place to fill* is a tie of a round
not yet drawn, named for the ties whose winners will meet in it (a bracket
drawn all at once) or left to the draw (a cup drawn round by round).

Every read is a fixed number of queries whatever the size of the cup.
"""
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Prefetch, Q, QuerySet

from cups import Bracket, CupError, GroupDraw, RoundDraw, describe, round_name, size_for
from league.competition_kinds import Dating, kind_rules, kinds_dating
from league.models import (
    Competition,
    CupDraw,
    CupEntry,
    CupGame,
    CupTie,
    Fixture,
    Player,
    SquadRegistration,
    Team,
    Venue,
)
from league.ratings.handicap import Handicap
from league.selectors.cup_games import cup_handicaps
from league.selectors.cup_groups import group_qualifiers, group_results
from league.selectors.public import PUBLIC_STATUSES
from league.selectors.shown_names import entry_name_public
from league.selectors.venue_nights import tie_venue_names


@dataclass(frozen=True, slots=True)
class TieView:
    """A tie as the bracket shows it. `tie` is None for a place to fill,
    whose entrants are `home_name` and `away_name` in words ("Winner of
    tie 1"); `legs` are the tie's public fixtures in order."""

    round: int
    number: int
    tie: CupTie | None
    home: CupEntry | None
    away: CupEntry | None
    home_name: str
    away_name: str
    legs: list[Fixture] = field(default_factory=list)
    # In a handicap cup, the start the open tie's next game is given.
    handicap: Handicap | None = None
    # Where a dated singles or pairs tie is played ("" when unknown).
    venue: str = ""

    @property
    def handicap_words(self) -> str:
        """"Alice starts on 15", "Level start" or "Level start: a rating
        not shown yet"; empty outside a handicap cup."""
        given = self.handicap
        if given is None:
            return ""
        if given.given:
            name = self.home_name if given.receiver == "home" else self.away_name
            return f"{name} starts on {given.points}"
        return "Level start" if given.home is not None and given.away is not None else \
            "Level start: a rating not shown yet"

    @property
    def leg_pending(self) -> Fixture | None:
        """A team cup tie's leg arranged and not yet counting (to be
        played, postponed, or its result not yet confirmed): the leg a
        secretary moves or postpones as any fixture, before the next is
        arranged."""
        for leg in self.legs:
            if leg.status in (Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED):
                night = getattr(leg, "night", None)
                if night is None or night.status != "confirmed":
                    return leg
        return None

    @property
    def leg_movable(self) -> bool:
        """The pending leg can still be moved: no result sent in yet."""
        leg = self.leg_pending
        night = getattr(leg, "night", None) if leg is not None else None
        return leg is not None and (night is None or night.status == "open")

    @property
    def offered_days(self) -> list[date]:
        """The dates offered for the tie's next leg or game, to be picked from."""
        return [date.fromisoformat(day) for day in self.tie.offered_dates] if self.tie is not None else []

    @property
    def bye(self) -> bool:
        return self.tie is not None and self.tie.bye

    @property
    def winner_side(self) -> str | None:
        """home, away, or None while the tie is undecided."""
        if self.tie is None or self.tie.winner_id is None:
            return None
        return "home" if self.tie.winner_id == self.tie.home_id else "away"


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    name: str
    ties: list[TieView]
    window: tuple[date, date] | None  # the dates its ties are to be played between
    drawn: bool


@dataclass(frozen=True, slots=True)
class CupView:
    competition: Competition
    entries: list[CupEntry]
    rounds: list[RoundView]
    groups: list[RoundView] = field(default_factory=list)  # a group stage's matches, "Group A" first

    @property
    def final(self) -> TieView | None:
        return self.rounds[-1].ties[0] if self.rounds and self.rounds[-1].ties else None


MEASURE_WORDS = {"games": "games won", "points": "points pegged", "away_games": "games won away",
                 "away_points": "points pegged away"}


def tie_rule_words(competition: Competition) -> str:
    """How a tie of the cup is won, in words for its pages."""
    if kind_rules(competition.kind).plays_games:
        return ("Each tie is one match of games between the two sides: the first to win the games it needs "
                "(one game, or the best of three, as the cup's format says) goes through.")
    legs = ("Each tie is two legs, home and away, added together (on aggregate)" if competition.legs == 2
            else "Each tie is one match")
    chain = [MEASURE_WORDS.get(measure, measure) for measure in competition.tie_break]
    broken = f"a tie level on {chain[0]} goes to the side ahead on " + ", then ".join(chain[1:]) if len(chain) > 1 \
        else f"the side with more {chain[0]} goes through"
    settled = ("a replay, another match (replayed again if still level)" if competition.level == Competition.Level.REPLAY
               else "a deciding match on games then points (another if it too ends level)")
    return f"{legs}; {broken}. Still level: {settled}."


def season_competitions(*, season_id: int) -> list[Competition]:
    """The season's competitions by name."""
    return list(Competition.objects.filter(season_id=season_id).order_by("name", "id"))


def competition_get(*, competition_id: int) -> Competition:
    """The competition with its season, league, division and finals venue.
    Raises Competition.DoesNotExist."""
    return (Competition.objects.select_related("season__league", "division", "finals_venue")
            .get(pk=competition_id))


def tie_get(*, tie_id: int) -> CupTie:
    """The tie with its entries' teams. Raises CupTie.DoesNotExist."""
    return CupTie.objects.select_related("competition", "home__team", "away__team").get(pk=tie_id)


def competition_entries(*, competition_id: int) -> list[CupEntry]:
    """Every entry, withdrawn ones too, seeds first in seed order, then by name."""
    found = CupEntry.objects.filter(competition_id=competition_id).select_related("team", "player", "partner")
    return sorted(found, key=lambda e: (e.seed is None, e.seed or 0, entry_name(e).lower(), e.pk))


def games_waiting(*, competition_id: int) -> dict[int, CupGame]:
    """The singles and pairs ties' games whose scores, entered from the
    card by a player, wait to be confirmed or are disputed, by tie id (a
    tie has one at a time: its next game waits on it). `cup_view`'s ties
    hold only the games that count."""
    waiting = (CupGame.objects.filter(tie__competition_id=competition_id)
               .exclude(state=CupGame.State.COUNTS).select_related("entered_by").order_by("tie_id", "number"))
    return {game.tie_id: game for game in waiting}


def entry_name(entry: CupEntry | None) -> str:
    """A team's name, a player's or a pair's as anyone may see them: the
    cup's pages are kept in the spectators' cache, shared between readers."""
    return entry_name_public(entry)


def cup_view(*, competition: Competition) -> CupView:
    """The competition's rounds, each with its ties (and places to fill)."""
    entries = competition_entries(competition_id=competition.pk)
    ties = list(CupTie.objects.filter(competition_id=competition.pk)
                .select_related("home__team", "home__player", "home__partner", "away__team", "away__player",
                                "away__partner", "winner")
                .prefetch_related(Prefetch("games", CupGame.objects.filter(state=CupGame.State.COUNTS)
                                           .select_related("game")))
                .order_by("round", "number"))
    legs: dict[int, list[Fixture]] = {}
    for fixture in (Fixture.objects.filter(cup_tie__competition_id=competition.pk, status__in=PUBLIC_STATUSES)
                    .select_related("home_team", "away_team", "venue", "walkover_winner", "night")
                    .order_by("leg", "id")):
        assert fixture.cup_tie_id is not None
        legs.setdefault(fixture.cup_tie_id, []).append(fixture)
    knockout = [tie for tie in ties if not tie.group]
    handicaps = cup_handicaps(competition, ties)
    for tie in ties:
        tie.competition = competition  # read once, not once a tie
    venues = tie_venue_names(ties)
    return CupView(competition=competition, entries=entries,
                   rounds=_rounds(competition, knockout, legs, handicaps, venues),
                   groups=_groups([tie for tie in ties if tie.group], legs))


def round_names(*, competition_ids: list[int]) -> dict[tuple[int, int], str]:
    """Each round's name ("Semi-finals", "Final") by competition and round."""
    ties: dict[int, list[CupTie]] = {}
    for tie in CupTie.objects.filter(competition_id__in=competition_ids, group="").only("competition_id", "round",
                                                                               "home_id", "away_id"):
        ties.setdefault(tie.competition_id, []).append(tie)
    named = {}
    for competition_id, found in ties.items():
        rounds = round_count(found)
        named.update({(competition_id, n): round_name(n, rounds) for n in range(1, rounds + 1)})
    return named


def round_count(ties: list[CupTie]) -> int:
    """How many rounds the cup has: enough to bring the first round's
    entrants down to one."""
    first = [tie for tie in ties if tie.round == 1]
    entrants = sum((tie.home_id is not None) + (tie.away_id is not None) for tie in first)
    if entrants < 2:
        return 1 if first else 0
    return max(size_for(entrants).bit_length() - 1, max(tie.round for tie in ties))


def _rounds(competition: Competition, ties: list[CupTie], legs: dict[int, list[Fixture]],
            handicaps: dict[int, Handicap], venues: dict[int, str]) -> list[RoundView]:
    rounds = round_count(ties)
    by_round: dict[int, list[CupTie]] = {}
    for tie in ties:
        by_round.setdefault(tie.round, []).append(tie)
    shown = []
    for number in range(1, rounds + 1):
        stored = by_round.get(number, [])
        places = (1 << (rounds - number))
        views = {tie.number: _tie_view(tie, legs.get(tie.pk, []), _place_to_fill(competition, number, tie.number,
                                                                              rounds), handicaps.get(tie.pk),
                                       venues.get(tie.pk, ""))
                 for tie in stored}
        for place in range(1, places + 1):
            if place not in views:
                views[place] = _place_to_fill(competition, number, place, rounds)
        ordered = [views[n] for n in sorted(views)]
        windows = {(t.window_start, t.window_end) for t in stored if t.window_start and t.window_end}
        window = min(windows) if windows else None
        shown.append(RoundView(number, round_name(number, rounds), ordered, window, drawn=bool(stored)))
    return shown


def _groups(ties: list[CupTie], legs: dict[int, list[Fixture]]) -> list[RoundView]:
    """Each group's matches as a round of ties: numbered as drawn, each
    with its one leg; `number` is the group's place in the draw."""
    by_group: dict[str, list[CupTie]] = {}
    for tie in ties:
        by_group.setdefault(tie.group, []).append(tie)
    shown = []
    for place, name in enumerate(sorted(by_group), start=1):
        found = by_group[name]
        views = [TieView(round=tie.round, number=tie.number, tie=tie, home=tie.home, away=tie.away,
                         home_name=entry_name(tie.home), away_name=entry_name(tie.away), legs=legs.get(tie.pk, []))
                 for tie in found]
        windows = {(t.window_start, t.window_end) for t in found if t.window_start and t.window_end}
        shown.append(RoundView(place, f"Group {name}", views, min(windows) if windows else None, drawn=True))
    return shown


def _tie_view(tie: CupTie, legs: list[Fixture], place: "TieView", handicap: Handicap | None,
              venue: str) -> TieView:
    """The tie; a side not yet known (a later round of a bracket) named as
    the place it fills."""
    return TieView(round=tie.round, number=tie.number, tie=tie, home=tie.home, away=tie.away,
                   home_name=entry_name(tie.home) or place.home_name, away_name=entry_name(tie.away) or place.away_name,
                   legs=legs, handicap=handicap, venue=venue)


def _place_to_fill(competition: Competition, round: int, number: int, rounds: int) -> TieView:
    if competition.draw_mode == "bracket" and round > 1:
        earlier = round_name(round - 1, rounds).lower().rstrip("s")
        home, away = f"Winner of {earlier} {2 * number - 1}", f"Winner of {earlier} {2 * number}"
    else:
        home, away = "To be drawn", "To be drawn"
    return TieView(round=round, number=number, tie=None, home=None, away=None, home_name=home, away_name=away)


@dataclass(frozen=True, slots=True)
class RollLine:
    competition: Competition
    winner: str
    runner_up: str


def roll_of_winners(*, league_id: int) -> list[RollLine]:
    """Every finished competition of the league, newest season first: its
    winner and runner-up (the final's loser; none after a walkover in a
    one-entrant final)."""
    finals: dict[int, CupTie] = {}
    for tie in (CupTie.objects.filter(competition__season__league_id=league_id, competition__status="finished",
                                      group="")
                .select_related("competition__season", "home__team", "home__player", "home__partner",
                                "away__team", "away__player", "away__partner")
                .order_by("competition_id", "round", "number")):
        finals[tie.competition_id] = tie  # the last round's tie is the final
    lines = []
    for tie in finals.values():
        if tie.winner_id is None:
            continue
        loser = tie.away if tie.winner_id == tie.home_id else tie.home
        winner = tie.home if tie.winner_id == tie.home_id else tie.away
        lines.append(RollLine(tie.competition, entry_name(winner), entry_name(loser)))
    return sorted(lines, key=lambda line: (-line.competition.season.start.toordinal(), line.competition.name))


@dataclass(frozen=True, slots=True)
class FinalsNight:
    """The cup fixtures of one night at one venue, the competitions'
    finals nights, in the order they are played (semi-finals first), and
    the singles and pairs ties (games, not fixtures) dated for it."""

    date: date
    venue_name: str
    fixtures: list[Fixture]
    competitions: list[Competition]
    ties: list[CupTie] = field(default_factory=list)


def finals_night(*, competition: Competition) -> FinalsNight | None:
    """Every cup fixture of the league on the competition's finals night
    at its finals venue, of whichever competition, earlier rounds first;
    None when the competition has no finals night set."""
    if competition.finals_date is None or competition.finals_venue_id is None:
        return None
    day = competition.finals_date
    on_the_night = Q(rearranged_to=day) | Q(rearranged_to__isnull=True, date=day)
    fixtures = list(Fixture.objects.filter(
        on_the_night, cup_tie__competition__season__league_id=competition.season.league_id,
        status__in=PUBLIC_STATUSES, venue_id=competition.finals_venue_id,
    ).select_related("home_team", "away_team", "venue", "cup_tie__competition", "night"))
    fixtures.sort(key=_night_order)
    ties = list(CupTie.objects.filter(
        competition__season__league_id=competition.season.league_id, competition__finals_date=day,
        competition__finals_venue_id=competition.finals_venue_id, date=day, bye=False,
        competition__kind__in=kinds_dating(Dating.TIE),
    ).select_related(
        "competition", "home__player", "home__partner", "away__player", "away__partner",
    ).prefetch_related("games__game").order_by("round", "competition__name", "number"))
    competitions = list({f.cup_tie.competition_id: f.cup_tie.competition for f in fixtures if f.cup_tie}.values())
    competitions += [tie.competition for tie in ties if tie.competition not in competitions]
    return FinalsNight(date=day, venue_name=str(competition.finals_venue), fixtures=fixtures,
                       competitions=list(dict.fromkeys(competitions)) or [competition], ties=ties)


def _night_order(fixture: Fixture) -> tuple[int, str, int, int, int]:
    """Earlier rounds first, so that the night's semi-finals come before
    its finals; then by competition and tie."""
    tie = fixture.cup_tie
    assert tie is not None
    return tie.round, tie.competition.name, tie.number, fixture.leg or 0, fixture.pk


def teams_to_enter_cup(*, competition: Competition) -> list[Team]:
    """The league's teams not yet entered (or withdrawn and so out), by name."""
    entered = CupEntry.objects.filter(competition_id=competition.pk, team__isnull=False).values("team_id")
    return list(Team.objects.filter(league_id=competition.season.league_id).exclude(pk__in=entered)
                .order_by("name"))


def teams_among(*, team_ids: list[int]) -> QuerySet[Team]:
    """What a form's choice of team accepts."""
    return Team.objects.filter(pk__in=team_ids).order_by("name")


def players_among(*, player_ids: list[int]) -> QuerySet[Player]:
    """What a form's choice of player accepts."""
    return Player.objects.filter(pk__in=player_ids).order_by("name")


def venues_among(*, venue_ids: list[int]) -> QuerySet[Venue]:
    """What a form's choice of venue accepts."""
    return Venue.objects.filter(pk__in=venue_ids).order_by("name")


@dataclass(frozen=True, slots=True)
class DrawLine:
    """A draw made, with its seed and in words (`cups.describe`)."""

    draw: CupDraw
    words: str


def competition_draws(*, competition_id: int) -> list[DrawLine]:
    """The competition's draws, the latest first."""
    found = CupDraw.objects.filter(competition_id=competition_id).order_by("-made_at", "-id")
    return [DrawLine(draw, draw_words(draw)) for draw in found]


def draw_words(draw: CupDraw) -> str:
    """What `cups.describe` says of the draw as stored."""
    try:
        if draw.kind == CupDraw.Kind.ROUND:
            return describe(RoundDraw.from_dict(draw.data))
        if draw.kind == CupDraw.Kind.GROUPS:
            return describe(GroupDraw.from_dict(draw.data))
        return describe(Bracket.from_dict(draw.data))
    except (CupError, KeyError, TypeError, ValueError):
        return ""


@dataclass(frozen=True, slots=True)
class DrawPreview:
    """What the next draw will be: the whole bracket (`round` None) or one
    round, from whom, with how many byes; or why none can be made now."""

    title: str
    round: int | None
    entrants: list[str]
    byes: int
    rounds: int
    seeded: bool
    problem: str = ""


def draw_preview(*, competition: Competition) -> DrawPreview:
    ties = list(CupTie.objects.filter(competition_id=competition.pk)
                .select_related("winner__team", "winner__player", "winner__partner"))
    seeded = competition.seeded
    if competition.status == Competition.Status.FINISHED:
        return DrawPreview("No draw", None, [], 0, 0, seeded, problem=f"{competition.name} is finished.")
    if competition.structure == Competition.Structure.GROUPS:
        return _group_cup_preview(competition, ties)
    if not ties:
        entries = [e for e in competition_entries(competition_id=competition.pk) if not e.withdrawn]
        names = [entry_name(e) for e in entries]
        size = size_for(len(names)) if len(names) > 1 else 0
        rounds = size.bit_length() - 1 if size else 0
        whole = competition.draw_mode == Competition.DrawMode.BRACKET
        title = "The whole bracket" if whole else f"The draw for {round_name(1, rounds).lower()}" if rounds else "The draw"
        problem = "" if len(names) > 1 else "A draw needs at least two entries."
        return DrawPreview(title, None if whole else 1, names, size - len(names) if size else 0, rounds, seeded,
                           problem=problem)
    if competition.draw_mode == Competition.DrawMode.BRACKET:
        return DrawPreview("No draw", None, [], 0, round_count(ties), seeded,
                           problem="The whole bracket is drawn: the winners go through to their places by themselves.")
    rounds = round_count(ties)
    last = max(tie.round for tie in ties)
    if last >= rounds:
        return DrawPreview("No draw", None, [], 0, rounds, seeded, problem="Every round is drawn.")
    undecided = [tie for tie in ties if tie.round == last and tie.winner_id is None]
    winners = [entry_name(tie.winner) for tie in sorted(ties, key=lambda t: t.number)
               if tie.round == last and tie.winner is not None]
    problem = (f"{round_name(last, rounds)}: {len(undecided)} tie{'s' if len(undecided) != 1 else ''} still to be "
               "decided. The next round is drawn from its winners.") if undecided else ""
    size = size_for(len(winners)) if len(winners) > 1 else 0
    return DrawPreview(f"The draw for the {round_name(last + 1, rounds).lower()}", last + 1, winners,
                       size - len(winners) if size else 0, rounds, seeded, problem=problem)


def _group_cup_preview(competition: Competition, ties: list[CupTie]) -> DrawPreview:
    """A cup with a group stage: its groups first, then, once every group
    match counts, its knockout from those who went through."""
    seeded = competition.seeded
    if not ties:
        names = [entry_name(e) for e in competition_entries(competition_id=competition.pk) if not e.withdrawn]
        problem = "" if len(names) > 1 else "A draw needs at least two entries."
        return DrawPreview("The group draw", None, names, 0, 0, seeded, problem=problem)
    knockout = [tie for tie in ties if not tie.group]
    if knockout:
        return DrawPreview("No draw", None, [], 0, round_count(knockout), False,
                           problem="The knockout is drawn: the winners go through to their places by themselves.")
    _results, open_matches = group_results(competition_id=competition.pk)
    if open_matches:
        return DrawPreview("No draw", None, [], 0, 0, False, problem=(
            f"{open_matches} group match{'es' if open_matches != 1 else ''} still to play. The knockout is "
            "drawn from the groups once every group match counts."))
    try:
        through = group_qualifiers(competition=competition)
    except CupError as error:
        return DrawPreview("No draw", None, [], 0, 0, False, problem=f"The knockout cannot be drawn: {error}.")
    named = {e.pk: entry_name(e) for e in competition_entries(competition_id=competition.pk)}
    size = size_for(len(through)) if len(through) > 1 else 0
    return DrawPreview("The knockout draw", None, [named.get(q.entrant, "?") for q in through],
                       size - len(through) if size else 0, size.bit_length() - 1 if size else 0, False)


def teams_captained(*, league_id: int, user_id: int | None) -> list[Team]:
    """The league's teams the user captains (or vice-captains), by name."""
    if user_id is None:
        return []
    return list(Team.objects.filter(Q(captain_id=user_id) | Q(vice_captain_id=user_id), league_id=league_id)
                .order_by("name"))


def players_registered(*, season_id: int) -> list[Player]:
    """The players registered with a team for the season (and not gone
    from it), by name: who may enter a singles or pairs cup."""
    ids = SquadRegistration.objects.filter(season_id=season_id, ended_on__isnull=True).values("player_id")
    return list(Player.objects.filter(pk__in=ids).order_by("name", "pk"))
