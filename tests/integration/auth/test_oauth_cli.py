"""``python -m services.auth.cli register-client`` in a subprocess, on a SQLite store."""

from __future__ import annotations

from kinetic.settings import ServiceSettings
from services.auth.bootstrap import prepare
from tests.integration.auth.test_auth_cli import cli


def test_register_client_then_it_resolves(tmp_path):
    done = cli(
        tmp_path,
        "register-client",
        "--client-id",
        "desk-app",
        "--name",
        "Desk App",
        "--redirect-uri",
        "https://desk.example/oauth/callback",
        "--redirect-uri",
        "http://127.0.0.1/callback",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "desk-app\n"
    assert "Desk App" in done.stderr

    app = prepare(ServiceSettings.from_env("auth", {"KINETIC_DATA_DIR": str(tmp_path)}))
    client = app.clients.get_client("desk-app")
    assert (client.client_name, client.kind) == ("Desk App", "static")
    assert client.redirect_uris == ("https://desk.example/oauth/callback", "http://127.0.0.1/callback")

    again = cli(
        tmp_path,
        "register-client",
        "--client-id",
        "desk-app",
        "--name",
        "X",
        "--redirect-uri",
        "https://x.example/cb",
    )
    assert again.returncode == 1 and "exists" in again.stderr


def test_register_client_refuses_bad_input(tmp_path):
    bad_uri = cli(
        tmp_path,
        "register-client",
        "--client-id",
        "a",
        "--name",
        "A",
        "--redirect-uri",
        "http://a.example/cb",
    )
    assert bad_uri.returncode == 2 and "redirect_uri" in bad_uri.stderr
    bad_id = cli(
        tmp_path,
        "register-client",
        "--client-id",
        "https://a.example/c",
        "--name",
        "A",
        "--redirect-uri",
        "https://a.example/cb",
    )
    assert bad_id.returncode == 2 and "client_id" in bad_id.stderr
    missing = cli(tmp_path, "register-client", "--client-id", "a", "--name", "A")
    assert missing.returncode == 2 and "--redirect-uri" in missing.stderr
