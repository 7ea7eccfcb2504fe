"""Secretary › Notices: the emails the league sent, to whom and when,
which failed and why, and whom a notice could not reach (no confirmed
address), newest first, a page at a time and filtered by status, with
"send again" for one that failed or is stuck waiting (audited); above
them, the captains the notices cannot reach, each a link to give their
address."""
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from league.models import Notice
from league.models.notices import kind_label
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.contacts import captains_unreachable
from league.selectors.notices import league_notices, notice_of_league
from league.selectors.secretary import league_get
from league.services.notices import notice_resend, notice_resendable

PER_PAGE = 50


@secretary_page
@require_GET
def notices_page(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    status = request.GET.get("status", "")
    if status not in Notice.Status.values:
        status = ""
    page = Paginator(league_notices(league_id=league.pk, status=status), PER_PAGE).get_page(request.GET.get("page"))
    for notice in page:
        notice.kind_label = kind_label(notice.kind)  # type: ignore[attr-defined]
        notice.resendable = notice_resendable(notice)  # type: ignore[attr-defined]
    return render(request, "secretary/notices.html", {
        "league": league, "page": page, "status": status, "statuses": Notice.Status.choices,
        "unreachable": captains_unreachable(league_id=league.pk)})


@secretary_page
@require_POST
def resend(request: HttpRequest, league_id: int, notice_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    notice = notice_of_league(league_id=league.pk, notice_id=notice_id)
    try:
        notice_resend(notice_id=notice.pk, user=request.user)
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, f"“{notice.subject}” to {notice.address} is being sent again.")
    back = request.POST.get("status", "")
    shown = f"?status={back}" if back in Notice.Status.values else ""
    return HttpResponseRedirect(reverse("secretary-notices", args=[league.pk]) + shown)
