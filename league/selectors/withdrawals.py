"""Reading teams' withdrawals, and the note a table shows for each."""
from league.models import Division, TeamWithdrawal
from league.selectors.eligibility import day_words


def division_withdrawals(*, division_id: int) -> list[TeamWithdrawal]:
    """Raises Division.DoesNotExist."""
    division = Division.objects.get(pk=division_id)
    return list(TeamWithdrawal.objects.filter(division=division).select_related("team"))


def withdrawal_note(withdrawal: TeamWithdrawal) -> str:
    """The sentence under the table ("Red Lion B withdrew on 3 March 2027;
    their results were expunged, as the league's rule says for the first
    half of the season")."""
    half = "first" if withdrawal.first_half else "second"
    results = ("their results were expunged" if withdrawal.results == TeamWithdrawal.Results.EXPUNGE
               else "their results stand")
    return (f"{withdrawal.team} withdrew on {day_words(withdrawal.date)}; {results}, as the league's rule says "
            f"for the {half} half of the season, and their remaining fixtures are void.")


def withdrawal_notes(*, division_id: int) -> list[str]:
    return [withdrawal_note(w) for w in TeamWithdrawal.objects.filter(division_id=division_id)
            .select_related("team")]
