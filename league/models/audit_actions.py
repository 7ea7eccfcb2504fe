"""Every action the audit log records, a closed set: a name not here is a
type error (mypy) before it is a row. The stored value of each is its
dotted name (`AuditEntry.action`), as it always was; a refused action is
stored as the name and `.refused` (`AuditAction.refused`), so the refused
names are part of the set too (`STORED_NAMES`).

Each action also says what it makes stale among the spectators' cached
pages when it is taken (a refusal changes nothing, so never makes anything
stale): `Stale.TARGET`, the pages that show its target (which those are
for each kind of target: `league.services.page_versions.pages_changed_by`),
or `Stale.NOTHING`, for what no public page shows (a login's invitations,
its email notices and digests). The services that take an action call
`pages_changed_by` themselves, beside recording it.

Adding an action is one line below, in its group: `NAME = "dotted.name"`
for one a spectator sees, `NAME = "dotted.name", Stale.NOTHING` for one no
public page shows. An action no code records any more stays, named in
`HISTORICAL`, so the old rows keep their meaning.
"""
from enum import Enum, StrEnum

REFUSED = ".refused"  # the end of a refused action's stored name


class Stale(Enum):
    """What taking an action makes stale among the spectators' pages."""

    NOTHING = "nothing"
    TARGET = "the pages that show its target"


class AuditAction(StrEnum):
    stale: Stale

    def __new__(cls, value: str, stale: Stale = Stale.TARGET) -> "AuditAction":
        member = str.__new__(cls, value)
        member._value_ = value
        member.stale = stale
        return member

    @property
    def refused(self) -> str:
        """The name a refusal of this action is stored under."""
        return f"{self.value}{REFUSED}"

    # Leagues, seasons and divisions, and the league's settings
    LEAGUE_CREATE = "league.create"
    LEAGUE_CHANGE = "league.change"
    LEAGUE_DELETE = "league.delete"
    LEAGUE_SETTINGS_CHANGE = "league.settings.change"
    LEAGUE_HIDE_FROM_SEARCH = "league.hide_from_search"
    LEAGUE_OVERDUE_WARNING_DAYS = "league.overdue_warning_days"
    LEAGUE_REARRANGEMENT_RULES = "league.rearrangement_rules"
    LEAGUE_SANCTION_MAX_POINTS = "league.sanction_max_points"
    LEAGUE_SQUAD_RULES = "league.squad_rules"
    LEAGUE_PROMOTION_RULE = "league.promotion_rule"
    LEAGUE_HANDICAP_RULE = "league.handicap_rule"
    LEAGUE_RATING_MIN_GAMES = "league.rating_min_games"
    LEAGUE_RATINGS_REBUILD = "league.ratings_rebuild"
    FORMAT_CREATE = "format.create"
    FORMAT_VERSION = "format.version"
    SCHEME_CREATE = "scheme.create"
    SCHEME_VERSION = "scheme.version"
    SEASON_CREATE = "season.create"
    SEASON_CHANGE = "season.change"
    SEASON_DELETE = "season.delete"
    SEASON_MAKE_CURRENT = "season.make_current"
    SEASON_DIVISION_ORDER = "season.division_order"
    SEASON_TRANSFER_DEADLINE = "season.transfer_deadline"
    SEASON_REARRANGE_BY = "season.rearrange_by"
    SEASON_CHANGEOVER = "season.changeover"
    SEASON_PLAYOFF_ARRANGE = "season.playoff.arrange"
    DIVISION_CREATE = "division.create"
    DIVISION_CHANGE = "division.change"
    DIVISION_DELETE = "division.delete"
    DIVISION_SETTINGS_CHANGE = "division.settings.change"
    DIVISION_LEVEL = "division.level"
    DIVISION_TEAM_ADD = "division.team.add"
    DIVISION_TEAM_REMOVE = "division.team.remove"
    DIVISION_TEAM_WITHDRAW = "division.team_withdraw"
    SANCTION_APPLY = "sanction.apply"
    SANCTION_REMOVE = "sanction.remove"

    # Venues, teams, players and squads
    VENUE_CREATE = "venue.create"
    VENUE_CHANGE = "venue.change"
    VENUE_DELETE = "venue.delete"
    TEAM_CREATE = "team.create"
    TEAM_CHANGE = "team.change"
    TEAM_DELETE = "team.delete"
    PLAYER_CREATE = "player.create"
    PLAYER_CHANGE = "player.change"
    PLAYER_DELETE = "player.delete"
    PLAYER_NAME_SHOWN = "player.name_shown"
    PLAYER_ERASE = "player.erase"
    PLAYER_LOGIN_UNLINK = "player.login_unlink", Stale.NOTHING
    SQUAD_REGISTER = "squad.register"
    SQUAD_WITHDRAW = "squad.withdraw"
    TRANSFER_REQUEST = "transfer.request"
    TRANSFER_DIRECT = "transfer.direct"
    TRANSFER_APPROVE = "transfer.approve"
    TRANSFER_REFUSE = "transfer.refuse"
    TRANSFER_WITHDRAW = "transfer.withdraw"

    # Fixtures and moving a match
    FIXTURES_GENERATE = "fixtures.generate"
    SEASON_FIXTURES_GENERATE = "season.fixtures.generate"
    FIXTURES_PUBLISH = "fixtures.publish"
    FIXTURE_POSTPONE = "fixture.postpone"
    FIXTURE_REARRANGE = "fixture.rearrange"
    FIXTURE_WALKOVER = "fixture.walkover"
    FIXTURE_VOID = "fixture.void"
    REARRANGEMENT_PROPOSE = "rearrangement.propose"
    REARRANGEMENT_PICK = "rearrangement.pick"
    REARRANGEMENT_DECLINE = "rearrangement.decline"
    REARRANGEMENT_WITHDRAW = "rearrangement.withdraw"
    REARRANGEMENT_OVERRULE = "rearrangement.overrule"
    RESULT_OVERDUE = "result.overdue"

    # A match night and its games
    NIGHT_TEAM_SHEET = "night.team_sheet"
    NIGHT_PAIRS_DRAWN = "night.pairs_drawn"
    NIGHT_SUBSTITUTES_NAMED = "night.substitutes_named"
    NIGHT_SUBSTITUTE_ON = "night.substitute_on"
    NIGHT_GAME = "night.game"  # a rubber's game refused before the body says live or from the card
    NIGHT_GAME_START = "night.game.start"
    NIGHT_GAME_CARD = "night.game.card"
    NIGHT_GAME_REMOVE = "night.game.remove"
    NIGHT_CARD = "night.card"
    NIGHT_SUBMIT = "night.submit"
    NIGHT_CONFIRM = "night.confirm"
    NIGHT_DISPUTE = "night.dispute"
    NIGHT_RESOLVE = "night.resolve"
    NIGHT_CORRECT = "night.correct"
    GAME_SCORER_ADD = "game.scorer.add"
    GAME_SCORER_REMOVE = "game.scorer.remove"

    # Cups
    CUP_CREATE = "cup.create"
    CUP_SETTINGS = "cup.settings"
    CUP_HANDICAP = "cup.handicap"
    CUP_ENTER = "cup.enter"
    CUP_SEED = "cup.seed"
    CUP_WITHDRAW = "cup.withdraw"
    CUP_DRAW = "cup.draw"
    CUP_WINDOW_SET = "cup.window.set"
    CUP_DATES_OFFER = "cup.dates.offer"
    CUP_DATE_PICK = "cup.date.pick"
    CUP_DATE_SET = "cup.date.set"
    CUP_GAME = "cup.game"  # a tie's game refused before the body says live or from the card
    CUP_GAME_START = "cup.game.start"
    CUP_GAME_CARD = "cup.game.card"
    CUP_GAME_SUBMIT = "cup.game.submit"
    CUP_GAME_CONFIRM = "cup.game.confirm"
    CUP_GAME_DISPUTE = "cup.game.dispute"
    CUP_GAME_RESOLVE = "cup.game.resolve"
    CUP_TIE_WINNER = "cup.tie.winner"
    CUP_TIE_DECIDE = "cup.tie.decide"

    # A login's invitations, notices and digests: no public page shows them
    INVITE_CREATE = "invite.create", Stale.NOTHING
    INVITE_WITHDRAW = "invite.withdraw", Stale.NOTHING
    INVITE_ACCEPT = "invite.accept", Stale.NOTHING
    EMAIL_ASK = "email.ask", Stale.NOTHING
    EMAIL_CONFIRM = "email.confirm", Stale.NOTHING
    EMAIL_REMOVE = "email.remove", Stale.NOTHING
    EMAIL_SET = "email.set", Stale.NOTHING
    NOTICE_RESEND = "notice.resend", Stale.NOTHING
    NOTICES_STOP = "notices.stop", Stale.NOTHING
    DIGEST_SUBSCRIBE = "digest.subscribe", Stale.NOTHING

    # A write of the API refused before its body is read, whose service
    # records no refusals of its own (league.api.refused_as)
    API_WRITE = "api.write"
    API_SEASON_DIVISIONS = "api.season-divisions"


# Actions no code records any more, kept so that their old rows read.
HISTORICAL: frozenset[AuditAction] = frozenset()

# Every name an entry may be stored under: each action, taken or refused.
STORED_NAMES: frozenset[str] = frozenset({a.value for a in AuditAction} | {a.refused for a in AuditAction})
