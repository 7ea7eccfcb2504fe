"""The league in the Django admin, one module per area. Importing them
here registers every model when Django's autodiscover imports
`league.admin`."""
from league.admin import audit, clubs, competition, cups, fixtures, games, matches, squads

__all__ = ["audit", "clubs", "competition", "cups", "fixtures", "games", "matches", "squads"]
