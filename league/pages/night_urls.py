"""URLs of the match night pages (see league.pages.night, night_actions and
rearrangement_actions)."""
from django.urls import path

from league.pages import night, night_actions, night_card, rearrangement_actions

PREFIX = "fixtures/<num:fixture_id>/night"

urlpatterns = [
    path(PREFIX, night.page, name="night-page"),
    path(f"{PREFIX}/live", night.live, name="night-page-live"),
    path(f"{PREFIX}/card.csv", night.card_csv, name="night-page-card-csv"),
    path(f"{PREFIX}/card", night_card.card, name="night-page-card"),
    path(f"{PREFIX}/sheet", night_actions.sheet, name="night-page-sheet"),
    path(f"{PREFIX}/sheet/draw", night_actions.sheet_draw, name="night-page-sheet-draw"),
    path(f"{PREFIX}/substitutes", night_actions.substitutes, name="night-page-substitutes"),
    path(f"{PREFIX}/substitution", night_actions.substitution, name="night-page-substitution"),
    path(f"{PREFIX}/rubbers/<num:rubber>/live", night_actions.game_live, name="night-page-game-live"),
    path(f"{PREFIX}/rubbers/<num:rubber>/card", night_actions.game_card, name="night-page-game-card"),
    path(f"{PREFIX}/rubbers/<num:rubber>/remove", night_actions.game_remove, name="night-page-game-remove"),
    path(f"{PREFIX}/submit", night_actions.submit, name="night-page-submit"),
    path(f"{PREFIX}/confirm", night_actions.confirm, name="night-page-confirm"),
    path(f"{PREFIX}/dispute", night_actions.dispute, name="night-page-dispute"),
    path(f"{PREFIX}/settle", night_actions.settle, name="night-page-settle"),
    path(f"{PREFIX}/forfeit", night_actions.forfeit, name="night-page-forfeit"),
    path(f"{PREFIX}/rearrange", rearrangement_actions.propose, name="night-page-rearrange"),
    path(f"{PREFIX}/rearrange/pick", rearrangement_actions.pick, name="night-page-rearrange-pick"),
    path(f"{PREFIX}/rearrange/decline", rearrangement_actions.decline, name="night-page-rearrange-decline"),
    path(f"{PREFIX}/rearrange/withdraw", rearrangement_actions.withdraw, name="night-page-rearrange-withdraw"),
]
