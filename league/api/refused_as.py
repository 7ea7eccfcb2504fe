"""How a write refused before its body is read is audited: as the action
its service audits it under, so the log reads the same whichever check
turned the person away. Keyed by route name, or by "route METHOD" where
a route's methods are different writes. A write whose service does not
audit its refusals (a move, shown tiles, an undo) has None: a game's
every move is not logged. A write whose service has no action of its
own is audited as `api.<route name>`, each named here as an action
(league.models.audit_actions); a route not here at all, as `api.write`."""
from league.models.audit_actions import AuditAction

REFUSED_AS: dict[str, AuditAction | None] = {
    # Games outside a match
    "game-moves": None, "game-shown": None, "game-undo": None,
    "game-scorers": AuditAction.GAME_SCORER_ADD, "game-scorer": AuditAction.GAME_SCORER_REMOVE,
    # Divisions and fixtures
    "division-teams": AuditAction.DIVISION_TEAM_ADD, "fixtures-generate": AuditAction.FIXTURES_GENERATE,
    "season-fixtures-generate": AuditAction.SEASON_FIXTURES_GENERATE,
    "fixtures-publish": AuditAction.FIXTURES_PUBLISH, "fixture-postpone": AuditAction.FIXTURE_POSTPONE,
    "fixture-rearrange": AuditAction.FIXTURE_REARRANGE, "fixture-walkover": AuditAction.FIXTURE_WALKOVER,
    "fixture-forfeit": AuditAction.FIXTURE_WALKOVER, "fixture-void": AuditAction.FIXTURE_VOID,
    "division-withdrawals": AuditAction.DIVISION_TEAM_WITHDRAW,
    # Moving a match
    "fixture-rearrangement": AuditAction.REARRANGEMENT_PROPOSE, "fixture-rearrangement-pick": AuditAction.REARRANGEMENT_PICK,
    "fixture-rearrangement-decline": AuditAction.REARRANGEMENT_DECLINE,
    "fixture-rearrangement-withdraw": AuditAction.REARRANGEMENT_WITHDRAW,
    "fixture-rearrangement-settle": AuditAction.REARRANGEMENT_OVERRULE,
    # Squads and transfers
    "squad": AuditAction.SQUAD_REGISTER, "squad-player": AuditAction.SQUAD_WITHDRAW,
    "season-transfers": AuditAction.TRANSFER_REQUEST, "transfer-direct": AuditAction.TRANSFER_DIRECT,
    "transfer-approve": AuditAction.TRANSFER_APPROVE, "transfer-refuse": AuditAction.TRANSFER_REFUSE,
    "transfer-withdraw": AuditAction.TRANSFER_WITHDRAW,
    # A match night (a rubber's game is refused before the body says whether live or from the card)
    "night-sheet": AuditAction.NIGHT_TEAM_SHEET, "night-sheet-draw": AuditAction.NIGHT_PAIRS_DRAWN,
    "night-substitutes": AuditAction.NIGHT_SUBSTITUTES_NAMED, "night-substitutions": AuditAction.NIGHT_SUBSTITUTE_ON,
    "night-rubber-games": AuditAction.NIGHT_GAME, "night-rubber-games DELETE": AuditAction.NIGHT_GAME_REMOVE,
    "night-submit": AuditAction.NIGHT_SUBMIT, "night-confirm": AuditAction.NIGHT_CONFIRM, "night-dispute": AuditAction.NIGHT_DISPUTE,
    "night-resolve": AuditAction.NIGHT_RESOLVE, "night-correct": AuditAction.NIGHT_CORRECT,
    # The league's settings
    "season-changeover": AuditAction.SEASON_CHANGEOVER, "league-handicap-rule": AuditAction.LEAGUE_HANDICAP_RULE,
    "league-walkover-rule": AuditAction.LEAGUE_SETTINGS_CHANGE, "league-sanction-bound": AuditAction.LEAGUE_SANCTION_MAX_POINTS,
    "league-formats": AuditAction.FORMAT_CREATE, "league-format-versions": AuditAction.FORMAT_VERSION,
    "league-schemes": AuditAction.SCHEME_CREATE, "league-scheme-versions": AuditAction.SCHEME_VERSION,
    # Cups (a tie's game likewise refused before the body says whether live or from the card)
    "season-cups": AuditAction.CUP_CREATE, "cup": AuditAction.CUP_SETTINGS, "cup-entries": AuditAction.CUP_ENTER, "cup-handicap": AuditAction.CUP_HANDICAP,
    "cup-draw": AuditAction.CUP_DRAW, "cup-window": AuditAction.CUP_WINDOW_SET, "cup-withdraw": AuditAction.CUP_WITHDRAW, "cup-seed": AuditAction.CUP_SEED,
    "cup-tie-offer": AuditAction.CUP_DATES_OFFER, "cup-tie-pick": AuditAction.CUP_DATE_PICK, "cup-tie-date": AuditAction.CUP_DATE_SET,
    "cup-tie-game-date": AuditAction.CUP_DATE_SET, "cup-tie-games": AuditAction.CUP_GAME, "cup-tie-game-submit": AuditAction.CUP_GAME_SUBMIT,
    "cup-tie-game-confirm": AuditAction.CUP_GAME_CONFIRM, "cup-tie-game-dispute": AuditAction.CUP_GAME_DISPUTE,
    "cup-tie-game-resolve": AuditAction.CUP_GAME_RESOLVE, "cup-tie-winner": AuditAction.CUP_TIE_WINNER,
    # Writes whose service records no refusals of its own
    "season-divisions": AuditAction.API_SEASON_DIVISIONS,
}


def refused_as(route: str, method: str) -> AuditAction | None:
    """The audit action of a refusal of this write, None for none."""
    for key in (f"{route} {method}", route):
        if key in REFUSED_AS:
            return REFUSED_AS[key]
    return AuditAction.API_WRITE
