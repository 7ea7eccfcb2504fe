"""Every answer of the API checked against the OpenAPI schema: the
schema's bodies as plain, strict JSON Schema (an object may hold no field
its schema does not describe), built once a run, and the check of one
response by the path, method and status it answered."""
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

# The schema and its docs: pages about the API, not answers of it.
SCHEMA_PAGES = {"schema", "api-docs"}


@cache
def openapi() -> dict[str, Any]:
    """The schema /api/schema serves (it reads no table)."""
    response = APIClient().get("/api/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return dict(response.json())


def _component(document: dict[str, Any], ref: str) -> tuple[str, dict[str, Any]]:
    name = ref.rsplit("/", 1)[-1]
    return name, document["components"]["schemas"][name]


def json_schema(document: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """An OpenAPI 3.0 schema as plain JSON Schema, references inlined, and
    strict: an object may hold no field its schema does not describe."""
    if "$ref" in node:
        return json_schema(document, _component(document, node["$ref"])[1])
    out = {key: value for key, value in node.items() if key not in ("nullable", "readOnly", "description")}
    if "properties" in node:
        out["properties"] = {name: json_schema(document, field) for name, field in node["properties"].items()}
        out.setdefault("additionalProperties", False)
    if isinstance(node.get("additionalProperties"), dict):
        out["additionalProperties"] = json_schema(document, node["additionalProperties"])
    if "items" in node:
        out["items"] = json_schema(document, node["items"])
    for key in ("allOf", "oneOf", "anyOf"):
        if key in node:
            out[key] = [json_schema(document, part) for part in node[key]]
    return {"anyOf": [out, {"type": "null"}]} if node.get("nullable") else out


@cache
def _validator(path: str, method: str, status: str) -> Draft202012Validator | None:
    """The validator of what `method path` answers with `status`; None
    when the schema declares no JSON body for it."""
    document = openapi()
    declared = document["paths"][path][method]["responses"].get(status)
    if declared is None:
        raise AssertionError(f"{method.upper()} {path} answered {status}, which the schema does not declare")
    body = declared.get("content", {}).get("application/json", {}).get("schema")
    if body is None:
        return None
    return Draft202012Validator(json_schema(document, body), format_checker=Draft202012Validator.FORMAT_CHECKER)


def template_of(route: str) -> str:
    """The schema's path for a URL route: api/cups/<int:competition_id>
    is /api/cups/{competition_id}."""
    parts = [f"{{{part[1:-1].split(':')[-1]}}}" if part.startswith("<") else part for part in route.split("/")]
    return "/" + "/".join(parts)


def body_errors(body: Any, path: str, method: str, status: int) -> list[str]:
    """How `body` differs from what the schema says `method path` answers
    with `status`, in words; empty when it is as described."""
    validator = _validator(path, method.lower(), str(status))
    if validator is None:
        return []
    return [f"{'/'.join(map(str, error.absolute_path)) or '(the body)'}: {error.message}"
            for error in validator.iter_errors(body)]


def answer_errors(response: Any) -> list[str]:
    """How a successful API answer differs from its schema; empty for what
    the check does not cover: other pages, the schema itself, errors, and
    answers that are not JSON (a CSV)."""
    request = response.request
    match = getattr(response, "resolver_match", None)
    if match is None or not request["PATH_INFO"].startswith("/api/") or not 200 <= response.status_code < 300:
        return []
    if match.url_name in SCHEMA_PAGES:
        return []
    path = template_of(match.route)
    if response.status_code == 204 or not response.get("Content-Type", "").startswith("application/json"):
        return []
    return body_errors(response.json(), path, request["REQUEST_METHOD"], response.status_code)
