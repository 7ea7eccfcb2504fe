"""Field validators for the league's settings, so that the admin's forms
refuse what the services refuse, with the same message."""
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError

from league.competition_settings import settings_problem


def setting_validator(name: str) -> Callable[[Any], None]:
    """A validator checking a value of the setting `name`."""

    def validate(value: Any) -> None:
        problem = settings_problem(name, value)
        if problem is not None:
            raise ValidationError(problem, code="invalid_setting")

    # Migrations serialise validators by import path; one named per setting
    # below keeps them importable.
    validate.__name__ = validate.__qualname__ = f"validate_{name}"
    return validate


validate_rules = setting_validator("rules")
validate_match_format = setting_validator("match_format")
validate_points_scheme = setting_validator("points_scheme")
validate_forfeit = setting_validator("forfeit")
validate_result_deadline_days = setting_validator("result_deadline_days")
validate_late_result_points = setting_validator("late_result_points")
