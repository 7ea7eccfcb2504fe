"""Who made a change: a user, or nobody known (an import, a shell, the
nightly tasks). Services record it; selectors ask what it may do."""
from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User

# The project keeps Django's own User (AUTH_USER_MODEL is not set), which is
# what request.user and every user foreign key hold.
Author: TypeAlias = User | AnonymousUser | None


def author_user(author: Author) -> User | None:
    """The user to record as having made a change (None: nobody known)."""
    return author if author is not None and author.is_authenticated else None
