"""The API does what its schema says: Schemathesis reads /api/schema from a
live server and sends every operation requests built from it (valid ones,
and ones broken on purpose), with every check it has: no 500, only the
status codes, content types and bodies the schema declares, invalid input
refused and valid input accepted, and auth not ignored.

The caller is a league's secretary with a device token, so the secretary's
writes are reached too; a published fixture and a game give the paths with
ids something to find."""
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from matchnights import a_match_night
from schemathesis.config import SchemathesisConfig
from schemathesis.generation.modes import GenerationMode
from tablets import sample_sheet

from league.services.devices import device_token_issue
from league.services.games import game_import

pytestmark = pytest.mark.slow

# Examples per operation and mode: about 40 operations, a couple of minutes in all.
EXAMPLES = 25

# Every check, each on. A request the schema allows may still be refused by
# the league's rules (the fixtures are published, the game is won): that
# is the 422 the API documents, not a schema accepting what the API refuses.
# Wrong credentials are a 400, as DRF's own token view answers. Text is
# valid Unicode without NULs: anything else is refused with a 400 that says
# so (league/api/parsers.py), which a JSON schema cannot express.
ACCEPTED = ["2xx", "3xx", 401, 403, 404, 409, 422, 429]
CONFIG = SchemathesisConfig.from_dict({
    "generation": {"allow-x00": False, "codec": "utf-8"},
    "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}},
    "operations": [{"include-path": "/api/auth/token",
                    "checks": {"positive_data_acceptance": {"expected-statuses": [*ACCEPTED, 400]}}}],
})


@pytest.fixture
def caller(live_server: Any, transactional_db: None) -> dict[str, str]:
    """The secretary's Authorization header, the league and a game in place."""
    night = a_match_night()
    game_import(sheet=sample_sheet(7), imported_by=night.secretary)
    token = device_token_issue(user=night.secretary, name="fuzzing tablet").raw
    return {"Authorization": f"Token {token}"}


def _failures(operation: Any, mode: GenerationMode, base_url: str, caller: dict[str, str]) -> list[str]:
    """Runs one operation's examples of one mode; what failed, in words."""

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    def examples(case: Any) -> None:
        case.call_and_validate(base_url=base_url, headers=caller)

    try:
        examples()
    except Unsatisfiable:  # nothing in the operation can be made invalid (no body, no parameters)
        return []
    except (Exception, BaseExceptionGroup) as failed:  # Schemathesis groups the checks' failures
        return [f"{mode.value} {operation.label}: {failed}"]
    return []


def test_every_operation_answers_as_the_schema_says(live_server: Any, caller: dict[str, str]) -> None:
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema?format=json", config=CONFIG)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 30
    failures = [failure for operation in operations for mode in GenerationMode
                for failure in _failures(operation, mode, live_server.url, caller)]
    assert not failures, "\n\n".join(failures)
