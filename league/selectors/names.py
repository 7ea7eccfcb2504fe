"""Who may see and change what the league holds about a player: the player
themself, when a user is linked to them, and the secretaries of every
league they have been registered in. The public sees only the name the
player chose to show (`league.selectors.shown_names.name_public`)."""
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db.models import Q, TextField
from django.db.models.functions import Cast

from league.authors import Author
from league.models import AuditEntry, League, Player, RubberGame, SquadRegistration
from league.selectors.matches import game_outcome
from league.selectors.public import player_registrations, player_rubber_games, player_season_stats
from league.selectors.shown_names import name_public


def player_of_user(user: Author) -> Player | None:
    """The player linked to the user, if any."""
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user_id=user.pk).first()


def player_officials(*, player_id: int, user: Author) -> bool:
    """Whether `user` is a secretary of a league the player was registered in."""
    if user is None or not user.is_authenticated:
        return False
    return League.secretaries.through.objects.filter(
        league_id__in=SquadRegistration.objects.filter(player_id=player_id).values("team__league_id"),
        user_id=user.pk,
    ).exists()


def may_see_player_data(*, player: Player, user: Author) -> bool:
    """The player themself, or a secretary of one of their leagues."""
    own = user is not None and user.is_authenticated and player.user_id == user.pk
    return own or player_officials(player_id=player.pk, user=user)


def audit_entries_naming(*, player: Player) -> list[AuditEntry]:
    """The audit entries about the player: those whose target is the
    player, and those whose label or details hold their name."""
    about = Q(target_type=ContentType.objects.get_for_model(Player), target_id=str(player.pk))
    if player.name.strip():
        about |= Q(target_label__icontains=player.name) | Q(data_text__icontains=player.name)
    found = AuditEntry.objects.annotate(data_text=Cast("data", TextField())).filter(about)
    return list(found.select_related("user").order_by("at", "id"))


def player_data(*, player: Player) -> dict[str, Any]:
    """Everything the league holds about the player, as JSON-ready data:
    the player, their registrations, the games they were named for, their
    statistics and the audit entries about them."""
    return {
        "player": {"id": player.pk, "name": player.name, "name_shown": player.name_shown,
                   "public_name": name_public(player), "user": player.user.get_username() if player.user else None},
        "registrations": [{
            "league": str(r.season.league), "season": str(r.season), "team": {"id": r.team_id, "name": str(r.team)},
            "registered_at": r.registered_at.isoformat(),
        } for r in player_registrations(player_id=player.pk)],
        "games": [_game(rubber_game, player) for rubber_game in player_rubber_games(player_id=player.pk)],
        "stats": [{
            "season": str(s.division.season), "division": s.division.name, "team": str(s.team), "played": s.played,
            "won": s.won, "pegged": s.pegged, "on_target": s.on_target, "played_live": s.played_live,
            "fifteens": s.fifteens, "penalties": s.penalties,
        } for s in player_season_stats(player_id=player.pk)],
        "audit": [{
            "at": e.at.isoformat(), "by": e.user.get_username() if e.user else None, "action": e.action,
            "target": e.target_label, "data": e.data,
        } for e in audit_entries_naming(player=player)],
    }


def _game(rubber_game: RubberGame, player: Player) -> dict[str, Any]:
    rubber = rubber_game.rubber
    fixture = rubber.night.fixture
    home = player.pk in rubber.home_ids()
    outcome = game_outcome(rubber_game)
    return {
        "date": fixture.played_on.isoformat(), "fixture": fixture.pk, "home_team": str(fixture.home_team),
        "away_team": str(fixture.away_team), "side": "home" if home else "away", "rubber": rubber.number,
        "game": rubber_game.number,
        # Others as anyone may see them, whoever downloads it: this is the
        # player's data, not theirs.
        "others": [name_public(p) for p in (rubber.home_player, rubber.home_partner, rubber.away_player,
                                      rubber.away_partner) if p is not None and p.pk != player.pk],
        "score": None if outcome is None else [outcome.home_score, outcome.away_score],
        "winner": None if outcome is None else outcome.winner,
    }
