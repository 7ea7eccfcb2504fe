"""The weekly results by email: subscribing (double opt-in, no account
needed), confirming, and the weekly send.

Anyone may ask for a league's weekly results by giving an address on the
league's pages; the address is sent a link to confirm (signed, good for
CONFIRM_DAYS), and is written to only once it has. Asking again sends the
link again, at most once a day an address and league, so the form cannot
be used to flood an inbox. A logged-in user subscribes their own address
from their email preferences, confirmed at once.

`digests_send` (weekly, by beat) sends each league's subscribers the
results confirmed in the last seven days, division by division, with the
top of each table, and the honours of the last whole match week before the
day it runs (league.selectors.week_honours: on a Monday, the week that
ended the day before); a league with neither sends nothing. Its
notices are keyed by the ISO week, so a second run in one week sends
nothing new.
"""
from datetime import date, datetime, time, timedelta

from django.core import signing
from django.db import transaction
from django.utils import timezone

from league.models import DigestSubscription, League, NoticeStop
from league.models.audit_actions import AuditAction
from league.selectors.honour_marks import Leaders
from league.selectors.notices import DivisionWeek, digest_addresses, leagues_with_digests, week_results
from league.selectors.week_honours import WeekHonours, monday_of, week_honours
from league.services.audit import audit_record
from league.services.notices import notice_queue, site_link

CONFIRM_SALT = "league.notices.digest"
CONFIRM_DAYS = 7


def digest_subscribe(*, league: League, address: str) -> bool:
    """Records the address's wish and sends it the link to confirm; False
    when it is confirmed already (nothing is sent)."""
    address = address.strip().lower()
    with transaction.atomic():
        subscription, _ = DigestSubscription.objects.get_or_create(league=league, address=address)
        if subscription.confirmed_at is not None:
            return False
        token = signing.dumps({"l": league.pk, "a": address}, salt=CONFIRM_SALT)
        notice_queue(
            kind="digest_confirm", event=f"digest-confirm:league:{league.pk}:day:{timezone.localdate().isoformat()}",
            league=league, to=[address], subject=f"Confirm: {league}'s weekly results by email",
            body=(f"Someone, we hope you, asked for {league}'s results and tables by email each week, "
                  f"sent to this address.\n\nTo start them, confirm within {CONFIRM_DAYS} days at the link below. "
                  f"If it was not you, ignore this email: nothing more will be sent."),
            link=site_link("digest-confirm", token))
    return True


def digest_token_read(token: str) -> tuple[int, str] | None:
    """The league and address a confirmation link names, if it is ours
    and in date."""
    try:
        data = signing.loads(token, salt=CONFIRM_SALT, max_age=timedelta(days=CONFIRM_DAYS))
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("l"), int) or not isinstance(data.get("a"), str):
        return None
    return data["l"], data["a"]


def digest_confirm(*, league_id: int, address: str) -> DigestSubscription:
    """The address confirms: its weekly results start, and any stop of
    them (or of every email) it made before is lifted, since it has asked
    again. Safe to repeat."""
    with transaction.atomic():
        subscription, _ = DigestSubscription.objects.get_or_create(league_id=league_id, address=address)
        if subscription.confirmed_at is None:
            subscription.confirmed_at = timezone.now()
            subscription.save(update_fields=["confirmed_at"])
            NoticeStop.objects.filter(address=address, kind__in=["", "digest"]).delete()
            audit_record(user=None, action=AuditAction.DIGEST_SUBSCRIBE, target=subscription.league,
                         data={"address": address})
    return subscription


def digest_choose(*, address: str, league_ids: set[int]) -> None:
    """A logged-in user's own address gets exactly these leagues' weekly
    results (their address is theirs already: no confirmation)."""
    address = address.strip().lower()
    with transaction.atomic():
        DigestSubscription.objects.filter(address=address).exclude(league_id__in=league_ids).delete()
        for league_id in league_ids:
            subscription, _ = DigestSubscription.objects.get_or_create(league_id=league_id, address=address)
            if subscription.confirmed_at is None:
                subscription.confirmed_at = timezone.now()
                subscription.save(update_fields=["confirmed_at"])


def digests_send(*, today: date | None = None) -> int:
    """Each league's weekly results to its subscribers; returns how many
    emails it wrote."""
    today = today or timezone.localdate()
    until = timezone.make_aware(datetime.combine(today, time.min))
    since = until - timedelta(days=7)
    year, week, _ = today.isocalendar()
    last_week = monday_of(today) - timedelta(days=7)
    written = 0
    for league in leagues_with_digests():
        divisions = week_results(league_id=league.pk, since=since, until=until)
        honours = week_honours(league_id=league.pk, monday=last_week)
        if not divisions and honours.empty:
            continue
        with transaction.atomic():
            written += notice_queue(
                kind="digest", event=f"digest:league:{league.pk}:week:{year}-W{week:02d}", league=league,
                to=digest_addresses(league_id=league.pk),
                subject=f"{league}: the week's results to {today - timedelta(days=1):%d %B}",
                body=digest_body(league, divisions, honours), link=site_link("public-league", league.slug))
    return written


def digest_body(league: League, divisions: list[DivisionWeek], honours: WeekHonours | None = None) -> str:
    parts = [f"{league}: the results confirmed in the last seven days, and the top of each table."]
    if honours is not None and not honours.empty:
        parts.append(honours_text(honours))
    for week in divisions:
        lines = [f"\n{week.division}", "-" * len(str(week.division))]
        for night in week.results:
            fixture = night.fixture
            lines.append(f"{fixture.played_on:%a %d %b}  {fixture.home_team} {night.home_games}-"
                         f"{night.away_games} {fixture.away_team}")
        if week.table:
            lines.append("\nTop of the table:")
            lines += [f"{position:>3}  {team}  {points} pts" for position, team, points in week.table]
        lines.append(f"Full table: {site_link('public-division', week.division.pk)}")
        parts.append("\n".join(lines))
    return "\n".join(parts)


def honours_text(honours: WeekHonours) -> str:
    """The week's honours as the email's plain text, as the league's page words them."""
    title = f"Honours of the week: matches played {honours.monday:%a %d %b} to {honours.sunday:%a %d %b}"
    lines = [f"\n{title}", "-" * len(title)]
    for maximum in honours.maximums:
        lines.append(f"Maximum: {maximum.winner} {maximum.score} v {maximum.loser}")
    if honours.most_61s:
        lines.append(f"Most 61s ({honours.most_61s.count}): {_named(honours.most_61s)}")
    if honours.most_15s:
        lines.append(f"Most 15s ({honours.most_15s.count}, games scored live): {_named(honours.most_15s)}")
    if (best := honours.best_average) is not None:
        games = "game" if best.played == 1 else "games"
        lines.append(f"Highest average ({best.average:.1f} a game over {best.played} {games}): {_named(best)}")
    return "\n".join(lines)


def _named(leaders: Leaders) -> str:
    named = ", ".join(f"{mark.name} ({mark.team})" for mark in leaders.players)
    return f"{named} and {leaders.others} more" if leaders.others else named
