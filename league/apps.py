from django.apps import AppConfig
from django.urls import register_converter

from league.converters import BoundedIntConverter


class LeagueConfig(AppConfig):
    name = "league"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Before any URL pattern is read: they name ids and numbers as <num:...>.
        register_converter(BoundedIntConverter, "num")
