"""The house rule of the API (README.md, "How it is built"): every answer's body comes from
the output serializer its schema names, `Serializer(...).data`, so that what
a client receives is what the schema says, field by field. A body built by
hand (a dict or a list handed straight to `Response`) may differ from the
schema unnoticed; only error bodies, which league.api.errors words, and the
replay of a stored answer are built so, each named below."""
import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "league" / "api"

# module:function -> why its body is not a serializer's.
ALLOWED = {
    "idempotency:once_per_key.write": "an answer stored when first given, given again unchanged",
}


def _error(body: ast.expr) -> bool:
    """An error body: {"error": ..., ...} (league.api.errors)."""
    return isinstance(body, ast.Dict) and any(isinstance(key, ast.Constant) and key.value == "error"
                                              for key in body.keys)


def _serialized(body: ast.expr, helpers: set[str]) -> bool:
    """`Serializer(...).data`, or a call of a helper of the module that
    returns nothing else."""
    if isinstance(body, ast.Attribute) and body.attr == "data" and isinstance(body.value, ast.Call):
        return True
    return isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id in helpers


def _helpers(tree: ast.Module) -> set[str]:
    """The module's functions whose every return is a serialized body."""
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    helpers: set[str] = set()
    while True:
        found = {function.name for function in functions
                 if (returns := [node.value for node in ast.walk(function) if isinstance(node, ast.Return)])
                 and all(value is not None and _serialized(value, helpers) for value in returns)}
        if found == helpers:
            return helpers
        helpers = found


def _functions(nodes: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef]]:
    """Each function and method, by its qualified name (a view's `CupsApi.get`)."""
    for node in nodes:
        if isinstance(node, ast.FunctionDef):
            yield prefix + node.name, node
            yield from _functions(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node.body, f"{prefix}{node.name}.")


def _answers(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef, ast.Call]]:
    """Each `Response(...)` call, with the innermost function it is in."""
    found: dict[ast.Call, tuple[str, ast.FunctionDef]] = {}
    for name, function in _functions(tree.body):  # outer functions first: the inner ones name their own calls
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Response":
                found[node] = (name, function)
    for call, (name, function) in found.items():
        yield name, function, call


def _serialized_names(function: ast.FunctionDef, helpers: set[str]) -> set[str]:
    """The function's local names given only serialized bodies (`data =
    Output(...).data`, then `Response(data)` once a header is worked out of it)."""
    given: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    given.setdefault(target.id, []).append(node.value)
    return {name for name, values in given.items() if all(_serialized(value, helpers) for value in values)}


def hand_built(source: str, module: str) -> list[tuple[str, str]]:
    """Where `source` answers a body that no serializer made: the function
    (module:function) and the place in words."""
    tree = ast.parse(source)
    helpers = _helpers(tree)
    found = []
    for function, node, call in _answers(tree):
        body = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "data"), None)
        if body is None or _serialized(body, helpers) or _error(body):
            continue
        if isinstance(body, ast.Name) and body.id in _serialized_names(node, helpers):
            continue
        where = f"{module}:{function}"
        if where not in ALLOWED:
            found.append((where, f"league/api/{module}.py:{call.lineno} ({where}): {ast.unparse(body)[:80]}"))
    return found


def _api_hand_built() -> list[tuple[str, str]]:
    return [found for path in sorted(API.glob("*.py")) for found in hand_built(path.read_text(), path.stem)]


def test_every_answer_of_the_api_comes_from_its_output_serializer() -> None:
    found = [place for _, place in _api_hand_built()]
    assert found == [], "answer through the output serializer the schema names:\n" + "\n".join(found)


CAUGHT = [
    "return Response({'ties': ties})",
    "return Response([tie_view(tie) for tie in ties])",
    "return Response(data={'ties': ties}, status=201)",
    "return Response(reply)",
    "return Response({'error': 'no', 'ties': ties} if late else {'ties': ties})",
    "return Response(_tie(tie_id))\ndef _tie(tie_id):\n    return tie_view(tie_get(tie_id))",
    "reply = TieOutput(tie).data; reply = {'ties': reply}; return Response(reply)",
]
PASSED = [
    "return Response(TieOutput(tie).data)",
    "return Response(status=204)",
    "return Response({'error': 'no such tie', 'problems': problems}, status=422)",
    "return Response(_tie(tie_id))\ndef _tie(tie_id):\n    return TieOutput(tie_get(tie_id)).data",
    "data = TieOutput(tie).data; return Response(data, headers={'ETag': tag(data)})",
]


@pytest.mark.parametrize("answer", CAUGHT)
def test_the_rule_finds_a_body_built_by_hand(answer: str) -> None:
    view, _, helper = answer.partition("\n")
    source = f"def get(request):\n    {view}\n{helper}"
    assert hand_built(source, "cups"), source


@pytest.mark.parametrize("answer", PASSED)
def test_the_rule_passes_a_body_from_a_serializer(answer: str) -> None:
    view, _, helper = answer.partition("\n")
    assert hand_built(f"def get(request):\n    {view}\n{helper}", "cups") == []
