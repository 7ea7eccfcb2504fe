"""How a write refused before its body is read is audited: as the action
its service audits it under, so the log reads the same whichever check
turned the person away. Keyed by route name, or by "route METHOD" where
a route's methods are different writes. A write whose service does not
audit its refusals (a move, shown tiles, an undo) has None: a game's
every move is not logged. A route not here is audited as
`api.<route name>`."""

REFUSED_AS: dict[str, str | None] = {
    # Games outside a match
    "game-moves": None, "game-shown": None, "game-undo": None,
    "game-scorers": "game.scorer.add", "game-scorer": "game.scorer.remove",
    # Divisions and fixtures
    "division-teams": "division.team.add", "fixtures-generate": "fixtures.generate",
    "season-fixtures-generate": "season.fixtures.generate",
    "fixtures-publish": "fixtures.publish", "fixture-postpone": "fixture.postpone",
    "fixture-rearrange": "fixture.rearrange", "fixture-walkover": "fixture.walkover",
    "fixture-forfeit": "fixture.walkover", "fixture-void": "fixture.void",
    "division-withdrawals": "division.team_withdraw",
    # Moving a match
    "fixture-rearrangement": "rearrangement.propose", "fixture-rearrangement-pick": "rearrangement.pick",
    "fixture-rearrangement-decline": "rearrangement.decline",
    "fixture-rearrangement-withdraw": "rearrangement.withdraw",
    "fixture-rearrangement-settle": "rearrangement.overrule",
    # Squads and transfers
    "squad": "squad.register", "squad-player": "squad.withdraw",
    "season-transfers": "transfer.request", "transfer-direct": "transfer.direct",
    "transfer-approve": "transfer.approve", "transfer-refuse": "transfer.refuse",
    "transfer-withdraw": "transfer.withdraw",
    # A match night (a rubber's game is refused before the body says whether live or from the card)
    "night-sheet": "night.team_sheet", "night-sheet-draw": "night.pairs_drawn",
    "night-substitutes": "night.substitutes_named", "night-substitutions": "night.substitute_on",
    "night-rubber-games": "night.game", "night-rubber-games DELETE": "night.game.remove",
    "night-submit": "night.submit", "night-confirm": "night.confirm", "night-dispute": "night.dispute",
    "night-resolve": "night.resolve", "night-correct": "night.correct",
    # The league's settings
    "season-changeover": "season.changeover", "league-handicap-rule": "league.handicap_rule",
    "league-walkover-rule": "league.settings.change",
    "league-formats": "format.create", "league-format-versions": "format.version",
    "league-schemes": "scheme.create", "league-scheme-versions": "scheme.version",
    # Cups (a tie's game likewise refused before the body says whether live or from the card)
    "season-cups": "cup.create", "cup": "cup.settings", "cup-entries": "cup.enter", "cup-handicap": "cup.handicap",
    "cup-draw": "cup.draw", "cup-window": "cup.window.set", "cup-withdraw": "cup.withdraw", "cup-seed": "cup.seed",
    "cup-tie-offer": "cup.dates.offer", "cup-tie-pick": "cup.date.pick", "cup-tie-date": "cup.date.set",
    "cup-tie-game-date": "cup.date.set", "cup-tie-games": "cup.game", "cup-tie-game-submit": "cup.game.submit",
    "cup-tie-game-confirm": "cup.game.confirm", "cup-tie-game-dispute": "cup.game.dispute",
    "cup-tie-game-resolve": "cup.game.resolve", "cup-tie-winner": "cup.tie.winner",
}


def refused_as(route: str, method: str) -> str | None:
    """The audit action of a refusal of this write, None for none."""
    for key in (f"{route} {method}", route):
        if key in REFUSED_AS:
            return REFUSED_AS[key]
    return f"api.{route}"
