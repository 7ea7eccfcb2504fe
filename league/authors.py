"""Who made a change: a user, or nobody known (an import, a shell, the
nightly tasks). Services record it; selectors ask what it may do."""
from typing import TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

Author: TypeAlias = AbstractBaseUser | AnonymousUser | None


def author_user(author: Author) -> AbstractBaseUser | None:
    """The user to record as having made a change (None: nobody known)."""
    return author if author is not None and author.is_authenticated else None
