"""What the captains of a withdrawn team's opponents are told: that the
team has withdrawn and which of their matches with it are void, so no one
turns up at a pub for a match that will not be played. Written to the
outbox inside the withdrawal's own transaction (a withdrawal refused or
rolled back tells no one), one notice for each opposing team, keyed by the
withdrawal and that team: a withdrawal told again is told once."""
from collections.abc import Iterable
from itertools import groupby

from django.contrib.auth.models import User

from league.models import Fixture, Player, Team, TeamWithdrawal
from league.selectors.shown_names import words_shown
from league.services.match_notices import captains
from league.services.notices import notice_queue, site_link

RESULTS_WORDS = {
    TeamWithdrawal.Results.EXPUNGE: "Their results are expunged: the table is worked out as if they had never "
                                    "played, so the points every team took from them go too.",
    TeamWithdrawal.Results.STAND: "Their results stand: their row stays at the bottom of the table, marked "
                                  "withdrawn.",
}


def team_withdrawn_tell(withdrawal: TeamWithdrawal, voided: Iterable[Fixture]) -> int:
    """Tells the captain and vice-captain of each team one of whose
    fixtures the withdrawal voided; returns how many notices will be sent."""
    team, division = withdrawal.team, withdrawal.division
    squad = list(Player.objects.filter(registrations__season_id=division.season_id,
                                       registrations__team=team).distinct())
    written = 0
    by_opponent = sorted(voided, key=lambda f: (_opponent(f, team).pk, f.played_on, f.pk))
    for _, fixtures_of in groupby(by_opponent, key=lambda f: _opponent(f, team).pk):
        fixtures = list(fixtures_of)
        opponent = _opponent(fixtures[0], team)
        matches = "\n".join(f"- {fixture}, {_day(fixture)}" for fixture in fixtures)

        def body(user: User | None, matches: str = matches) -> str:
            return (f"{team} have withdrawn from {division} (from {withdrawal.date:%A} {withdrawal.date.day} "
                    f"{withdrawal.date:%B %Y}). Your matches with them will not be played: they are void.\n\n"
                    f"{matches}\n\n{RESULTS_WORDS[TeamWithdrawal.Results(withdrawal.results)]}\n\n"
                    f"Why: {words_shown(withdrawal.reason, squad, user)}")

        written += notice_queue(
            kind="team_withdrawn", event=f"withdrawn:{withdrawal.pk}:against:{opponent.pk}",
            league=division.season.league, to=captains(opponent), subject=f"{team} have withdrawn from {division.name}",
            body=body, link=site_link("public-division", division.pk))
    return written


def _opponent(fixture: Fixture, team: Team) -> Team:
    return fixture.away_team if fixture.home_team_id == team.pk else fixture.home_team


def _day(fixture: Fixture) -> str:
    day = fixture.played_on
    return f"set for {day:%A} {day.day} {day:%B %Y}" if day is not None else "postponed, with no date yet"
