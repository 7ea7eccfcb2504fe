"""The league's tables. One module per thing stored."""
from league.models.entry import GameEntry
from league.models.game import Game
from league.models.outbox import OutboxMessage

__all__ = ["Game", "GameEntry", "OutboxMessage"]
