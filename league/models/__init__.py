"""The league's tables. One module per thing stored."""
from league.models.entry import GameEntry
from league.models.game import Game

__all__ = ["Game", "GameEntry"]

from league.models.audit import AuditEntry
from league.models.clubs import Player, Team, Venue
from league.models.competition import Division, League, Season
from league.models.squads import SquadRegistration

__all__ += ["AuditEntry", "Division", "League", "Player", "Season", "SquadRegistration", "Team", "Venue"]

from league.models.fixtures import DivisionEntry, Fixture

__all__ += ["DivisionEntry", "Fixture"]

from league.models.matches import MatchNight, Rubber, RubberGame, Sanction

__all__ += ["MatchNight", "Rubber", "RubberGame", "Sanction"]

from league.models.overdue import OverdueNotice
from league.models.standings import PlayerGame, PlayerStats, TableEntry

__all__ += ["OverdueNotice", "PlayerGame", "PlayerStats", "TableEntry"]

from league.models.devices import DeviceToken

__all__ += ["DeviceToken"]

from league.models.invites import LoginInvite

__all__ += ["LoginInvite"]

from league.models.cups import Competition, CupDraw, CupEntry, CupGame, CupTie

__all__ += ["Competition", "CupDraw", "CupEntry", "CupGame", "CupTie"]
from league.models.formats import FormatVersion, StoredFormat

__all__ += ["FormatVersion", "StoredFormat"]

from league.models.substitutes import NightSubstitute, Substitution

__all__ += ["NightSubstitute", "Substitution"]

from league.models.notices import DigestSubscription, Notice, NoticeStop

__all__ += ["DigestSubscription", "Notice", "NoticeStop"]
from league.models.rearrangements import RearrangeRequest

__all__ += ["RearrangeRequest"]
from league.models.transfers import TransferRequest
from league.models.withdrawals import TeamWithdrawal

__all__ += ["TeamWithdrawal", "TransferRequest"]
from league.models.ratings import RatingSnapshot

__all__ += ["RatingSnapshot"]
from league.models.write_answers import WriteAnswer

__all__ += ["WriteAnswer"]
from league.models.contacts import PendingEmail

__all__ += ["PendingEmail"]
