"""A scorer with a token, and tablets (API clients)."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient
from tablets import tablet_for


@pytest.fixture
def scorer(db: None) -> Any:
    return get_user_model().objects.create_user("scorer", password="pint-and-a-pen")


@pytest.fixture
def tablet(scorer: Any) -> APIClient:
    return tablet_for(scorer)


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient()
