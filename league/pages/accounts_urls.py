"""URLs of logging in and out, the password, My devices, the email address
and Email notices (see league.pages.accounts, league.pages.contacts and
league.pages.notices)."""
from django.urls import path

from league.pages.accounts import device_revoke, devices, login, logout, password_change, password_change_done
from league.pages.contacts import confirm as email_confirm
from league.pages.contacts import email_address
from league.pages.notices import preferences
from league.pages.privacy import name_shown

urlpatterns = [
    path("login/", login, name="login"),
    path("logout/", logout, name="logout"),
    path("password/", password_change, name="password_change"),
    path("password/done/", password_change_done, name="password_change_done"),
    path("devices/", devices, name="devices"),
    path("devices/<num:device_id>/revoke/", device_revoke, name="device-revoke"),
    path("name/", name_shown, name="name-shown"),
    path("notices/", preferences, name="notice-preferences"),
    path("email/", email_address, name="email-address"),
    path("email/confirm/<str:token>", email_confirm, name="email-confirm"),
]
