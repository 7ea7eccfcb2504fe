"""The league's tables. One module per thing stored."""
from league.models.entry import GameEntry
from league.models.game import Game

__all__ = ["Game", "GameEntry"]
