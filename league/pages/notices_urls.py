"""URLs of the unsubscribe link and the weekly results by email (see
league.pages.notices; the preferences page is with the account's)."""
from django.urls import path

from league.pages import notices

urlpatterns = [
    path("notices/unsubscribe/<str:token>", notices.unsubscribe, name="notices-unsubscribe"),
    path("leagues/<slug:slug>/weekly-results", notices.digest_form, name="digest-form"),
    path("weekly-results/confirm/<str:token>", notices.digest_confirm_page, name="digest-confirm"),
]
