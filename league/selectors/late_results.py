"""What the league's rule takes for a late result: which of the home team's
late results this season the fixture's would be, the points the league
deducts for that one (`CompetitionSettings.late_result_deduction`; none
in a cup, which has no table), and the reason its sanction gives. The
nightly overdue check applies these terms, and a secretary's sanction
form starts from them."""
from dataclasses import dataclass
from datetime import date

from league.models import Fixture, Sanction
from league.selectors.competition import division_settings


@dataclass(frozen=True)
class LateTerms:
    offence: int  # the home team's first late result this season, its second...
    points: int  # 0: the league deducts nothing for it
    reason: str


def late_result_terms(*, fixture: Fixture, due: date) -> LateTerms:
    """The terms for `fixture`'s result, due by `due` and not returned.
    Read `fixture` with its division."""
    offence = Sanction.objects.filter(team_id=fixture.home_team_id, late_result=True,
                                      division__season_id=fixture.division.season_id).count() + 1
    points = 0 if fixture.division.is_cup else division_settings(
        division_id=fixture.division_id).late_result_deduction(offence)
    return LateTerms(offence=offence, points=points,
                     reason=f"Late result {offence} this season: {fixture} was due by {due:%d %B %Y}.")


def late_result_sanction(*, fixture_id: int) -> Sanction | None:
    """The late-result sanction already applied for the fixture, if any."""
    return Sanction.objects.filter(fixture_id=fixture_id, late_result=True).first()
