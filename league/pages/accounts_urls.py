"""URLs of logging in and out (see league.pages.accounts)."""
from django.urls import path

from league.pages.accounts import login, logout

urlpatterns = [
    path("login/", login, name="login"),
    path("logout/", logout, name="logout"),
]
