"""The OpenAPI schema and its browsable docs."""


def test_the_schema_describes_the_write_endpoints(anonymous, db):
    response = anonymous.get("/api/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    paths = schema["paths"]
    for path in ("/api/games", "/api/games/{game_id}/moves", "/api/games/{game_id}/undo",
                 "/api/games/{game_id}/hands/{hand}/shown", "/api/games/import", "/api/auth/token"):
        assert path in paths, path
    move = paths["/api/games/{game_id}/moves"]["post"]
    assert {"201", "409", "422"} <= set(move["responses"])
    assert any(parameter["name"] == "Idempotency-Key" for parameter in move["parameters"])


def test_the_docs_are_served_without_a_cdn(anonymous, db):
    response = anonymous.get("/api/docs")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
    assert b"cdn.jsdelivr" not in response.content
