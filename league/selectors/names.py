"""Who may see and change what the league holds about a player: the player
themself, when a user is linked to them, and the secretaries of every
league they have been registered in. The public sees only the name the
player chose to show (`Player.public_name`)."""
from league.authors import Author
from league.models import League, Player, SquadRegistration


def player_of_user(user: Author) -> Player | None:
    """The player linked to the user, if any."""
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user_id=user.pk).first()


def player_leagues(*, player_id: int) -> list[League]:
    """The leagues the player has been registered in, by name."""
    league_ids = SquadRegistration.objects.filter(player_id=player_id).values("team__league_id")
    return list(League.objects.filter(pk__in=league_ids).order_by("name"))


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
