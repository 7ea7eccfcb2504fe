"""Reading what the match night page shows beyond `night_view`: the fixture
with its season and league, what the user looking at it may do now, the
squads its team sheet form offers, and where each rubber's games stand.

Terms: a *role* is what the user may do on a night at all (the services'
rules, asked of `league.selectors.access`); an *action* is a role the
night's status allows now: the sheet is entered and the games recorded only
while the result is open, confirmed or disputed only once it is submitted,
and settled only while it is disputed.
"""
from dataclasses import dataclass
from typing import Any

import scoring
from league.authors import Author
from league.models import Fixture, MatchNight, Player
from league.selectors.access import is_captain, is_secretary, scores_for_any
from league.selectors.competition import division_settings
from league.selectors.matches import PLAYABLE, match_format_of, night_view
from league.selectors.squads import squad_players

Night = MatchNight.Status


@dataclass(frozen=True, slots=True)
class Actions:
    """What the user may do on the night now."""

    sheet: bool = False  # enter the team sheet, and submit the result
    record: bool = False  # start, enter and take off games
    sign: bool = False  # confirm or dispute the submitted result
    settle: bool = False  # rule on a dispute
    # The teams (id, name) the user may forfeit the match for: a side that
    # cannot raise the players the format needs (its captain, or a secretary).
    forfeit: tuple[tuple[int, str], ...] = ()

    @property
    def any(self) -> bool:
        return self.sheet or self.record or self.sign or self.settle or bool(self.forfeit)


@dataclass(frozen=True, slots=True)
class NightPage:
    fixture: Fixture
    view: dict[str, Any]
    actions: Actions


def fixture_for_night(*, fixture_id: int, user: Author) -> Fixture:
    """The fixture, with what the page and the access checks need. A draft
    is seen only by its league's secretaries, as in the fixtures API.
    Raises Fixture.DoesNotExist."""
    fixture = (Fixture.objects.select_related("home_team", "away_team", "venue", "division__season__league")
               .get(pk=fixture_id))
    if fixture.status == Fixture.Status.DRAFT and not is_secretary(league=fixture.division.season.league_id,
                                                                   user=user):
        raise Fixture.DoesNotExist(f"fixture {fixture_id} is a draft")
    return fixture


def night_page(*, fixture_id: int, user: Author) -> NightPage:
    """Everything the page shows, and what `user` may do on it.
    Raises Fixture.DoesNotExist."""
    fixture = fixture_for_night(fixture_id=fixture_id, user=user)
    view = night_view(fixture_id=fixture.pk)
    return NightPage(fixture=fixture, view=view, actions=night_actions(fixture=fixture, status=view["status"],
                                                                       user=user))


def night_actions(*, fixture: Fixture, status: str, user: Author) -> Actions:
    """The forms to offer `user`. The services decide again when a form is
    sent; this only spares people forms they could never use."""
    if user is None or not user.is_authenticated:
        return Actions()
    league_id = fixture.division.season.league_id
    secretary = is_secretary(league=league_id, user=user)
    is_open = status == Night.OPEN and fixture.status in PLAYABLE
    return Actions(
        sheet=is_open and (secretary or is_captain(team=fixture.home_team, user=user)),
        record=is_open and scores_for_any(team_ids=[fixture.home_team_id, fixture.away_team_id],
                                          league_id=league_id, user=user),
        sign=status == Night.SUBMITTED and is_captain(team=fixture.away_team, user=user),
        settle=status == Night.DISPUTED and secretary,
        forfeit=tuple((team.pk, team.name) for team in (fixture.home_team, fixture.away_team)
                      if is_open and (secretary or is_captain(team=team, user=user))),
    )


def sheet_choices(*, fixture: Fixture, view: dict[str, Any]) -> tuple[list[Player], list[Player]]:
    """The players the sheet form offers each team: its squad this season,
    and anyone the sheet already names (a player withdrawn since still
    stands in a rubber whose games have begun)."""
    season_id = fixture.division.season_id
    home = squad_players(season_id=season_id, team_id=fixture.home_team_id)
    away = squad_players(season_id=season_id, team_id=fixture.away_team_id)
    return _with_named(home, view, "home"), _with_named(away, view, "away")


def _with_named(squad: list[Player], view: dict[str, Any], side: str) -> list[Player]:
    known = {player.pk for player in squad}
    named = {p["id"]: p["name"] for rubber in view["rubbers"] for p in rubber[side] if p["id"] not in known}
    return squad + [Player(pk=pk, name=name) for pk, name in named.items()]


@dataclass(frozen=True, slots=True)
class RubberState:
    """Where one rubber's games stand, for the forms that record them."""

    number: int
    has_players: bool
    playing: dict[str, Any] | None  # the live game still being played
    newest: dict[str, Any] | None  # the game a removal would take off
    decided: bool
    next_game: int


def rubber_states(view: dict[str, Any]) -> list[RubberState]:
    return [RubberState(
        number=rubber["number"],
        has_players=bool(rubber["home"]),
        playing=next((game for game in rubber["games"] if game["playing"]), None),
        newest=rubber["games"][-1] if rubber["games"] else None,
        decided=rubber["winner"] is not None,
        next_game=len(rubber["games"]) + 1,
    ) for rubber in view["rubbers"]]


@dataclass(frozen=True, slots=True)
class Target:
    """What a final score of a rubber's game must reach: its target, and
    whether it is won on exactly that (the card form's checks as typed)."""

    points: int
    exact: bool


def card_targets(*, fixture: Fixture) -> dict[int, Target]:
    """Each checked rubber's target by number, under the division's rules
    with the rubber's changes (an unchecked rubber has none)."""
    rules = division_settings(division_id=fixture.division_id).rules
    targets = {}
    for number, spec in enumerate(match_format_of(fixture).rubbers, start=1):
        if spec.checked:
            parsed = scoring.Rules.parse(spec.rules_over(rules))
            targets[number] = Target(points=parsed.target, exact=parsed.finish == "exact")
    return targets
