"""Dates one side offers and the other picks from: a cup tie's next leg
(`cup_ties`) and a captain's request to move a league match
(`rearrangements`) keep the same rules for the dates themselves."""
from datetime import date

from django.utils import timezone

from league.refusals import Refused

OFFERS_MAX = 3


def day_words(day: date) -> str:
    """A date as a refusal names it: "4 March 2027"."""
    return f"{day.day} {day:%B %Y}"


def offered_dates_refusal(dates: list[date], *, distinct: bool = False) -> Refused | None:
    """Why these dates cannot be offered, or None: one to `OFFERS_MAX`
    nights, none gone by; with `distinct`, no night twice."""
    chosen = sorted(set(dates))
    if not chosen or len(dates if distinct else chosen) > OFFERS_MAX:
        return Refused(f"offer one to {OFFERS_MAX} dates")
    if distinct and len(chosen) != len(dates):
        return Refused("offer each date once")
    today = timezone.localdate()
    gone = next((day for day in chosen if day < today), None)
    if gone is not None:
        return Refused(f"{day_words(gone)} has gone: offer today or later")
    return None
