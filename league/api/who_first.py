"""The API's check of who is asking, before any view reads a write's body
(REST_FRAMEWORK's DEFAULT_PERMISSION_CLASSES, after the login check).

A refusal is audited as the write's service audits its own
(league.api.refused_as). A view tunes the check with two class attributes:

- `game_owner_write`: the write is the game creator's (naming scorers),
  not any scorer's;
- `checks_writer_itself`: the view checks who is asking itself, before
  its body is judged (a move, on the hot path, only when needed).

A view open to any logged-in user by design sets its own
`permission_classes` and says why."""
from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from league.api.refused_as import refused_as
from league.models.audit_actions import AuditAction
from league.services.people_first import game_writers_only, league_people_only


class WhoFirst(BasePermission):
    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS or not request.user.is_authenticated:
            return True  # reads are for everyone; nobody logged in is the login check's 401
        if getattr(view, "checks_writer_itself", False):
            return True
        path_ids = view.kwargs
        audited = refused_as(_route(request, view), request.method or "")
        if "game_id" in path_ids:
            game_writers_only(game_id=path_ids["game_id"], user=request.user,
                              owner=getattr(view, "game_owner_write", False), action=audited)
        else:
            league_people_only(path_ids=path_ids, user=request.user, action=audited or AuditAction.API_WRITE)
        return True


def _route(request: Request, view: Any) -> str:
    """The route's name (the view's, should it have none)."""
    return getattr(request.resolver_match, "url_name", None) or type(view).__name__
