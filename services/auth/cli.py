"""``python -m services.auth.cli``: manage accounts and API keys directly in the auth storage.

Reads the same ``KINETIC_*`` settings as the service (``kinetic.settings``: ``KINETIC_DATA_DIR``,
``KINETIC_DATABASE_URL``, ``KINETIC_AUTH_DB_SCHEMA``, the ``KINETIC_DEMO_*`` values) and migrates
the storage first, so it works before the service ever ran.
Bad input exits with status 2 and one line on stderr; a missing or duplicate record with status 1.

    python -m services.auth.cli create-account --email ada@example.com --password '...' \\
        --display-name Ada --time-zone Europe/Amsterdam --units metric
    python -m services.auth.cli create-api-key --email ada@example.com --name laptop --scope training
    python -m services.auth.cli revoke-api-key --email ada@example.com --key-id <uuid>
    python -m services.auth.cli ensure-demo --json   # the run command's demo account and key
    python -m services.auth.cli set-plan-tier --email ada@example.com --tier pro [--status active]
    python -m services.auth.cli register-client --client-id my-app --name "My App" \\
        --redirect-uri https://my.app/oauth/callback [--redirect-uri ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict

from kinetic.cli import run_command
from kinetic.settings import ServiceSettings
from services.auth.bootstrap import AuthApp, prepare
from services.auth.domain.accounts import ACCOUNT_STATUSES, PLAN_TIERS
from services.auth.domain.api_keys import KEY_SCOPES, validate_name, validate_scopes
from services.auth.entrypoints.demo import ensure_demo


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m services.auth.cli", description="Manage accounts and API keys in the auth storage."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    create = commands.add_parser("create-account", help="register an account")
    create.add_argument("--email", required=True)
    create.add_argument("--password", required=True, help="at least 10 characters")
    create.add_argument("--display-name", required=True)
    create.add_argument("--time-zone", default="UTC", help="IANA name, e.g. Europe/Amsterdam")
    create.add_argument("--units", default="metric", choices=["metric", "imperial"])

    key = commands.add_parser("create-api-key", help="make an API key and print its secret once")
    key.add_argument("--email", required=True, help="the owner's email")
    key.add_argument("--name", required=True, help="a label, 1 to 100 characters")
    key.add_argument(
        "--scope",
        dest="scopes",
        action="append",
        required=True,
        help=f"repeatable; one of {', '.join(KEY_SCOPES)}",
    )

    revoke = commands.add_parser("revoke-api-key", help="revoke one of an account's API keys")
    revoke.add_argument("--email", required=True, help="the owner's email")
    revoke.add_argument("--key-id", required=True)

    client = commands.add_parser("register-client", help="register a static public OAuth client")
    client.add_argument("--client-id", required=True, help="1 to 100 letters, digits, '.', '_' or '-'")
    client.add_argument("--name", required=True, help="shown on the approval page: Approve <name>")
    client.add_argument(
        "--redirect-uri",
        dest="redirect_uris",
        action="append",
        required=True,
        help="repeatable; https, or http on a loopback address (any port matches)",
    )

    plan = commands.add_parser(
        "set-plan-tier",
        help="choose an account's plan tier (and status); running services see it within a second",
    )
    plan.add_argument("--email", required=True, help="the account's email")
    plan.add_argument("--tier", required=True, choices=list(PLAN_TIERS))
    plan.add_argument("--status", choices=list(ACCOUNT_STATUSES), help="unchanged when left out")

    demo = commands.add_parser("ensure-demo", help="create or reuse the demo account and API key")
    demo.add_argument("--json", action="store_true", help="print the credentials as one JSON object")
    return parser


def _run(app: AuthApp, args: argparse.Namespace, settings: ServiceSettings) -> None:
    if args.command == "create-account":
        account = app.accounts.create_account(
            args.email, args.password, args.display_name, args.time_zone, args.units
        )
        print(account.account_id)
        print(f"created account {account.email} ({account.time_zone}, {account.units})", file=sys.stderr)
    elif args.command == "create-api-key":
        # Check the key's own fields first: a typo in a scope should not read as a missing account.
        validate_name(args.name)
        validate_scopes(args.scopes)
        account = app.accounts.find_account_by_email(args.email)
        created = app.api_keys.create_api_key(account.account_id, args.name, args.scopes)
        # The secret alone on stdout, so scripts can capture it; it is never shown again.
        print(created.secret)
        print(
            f"created API key {created.api_key.key_id} ({created.api_key.prefix}...) for {account.email} "
            f"with scopes {' '.join(created.api_key.scopes)}; store the secret now, it is not kept",
            file=sys.stderr,
        )
    elif args.command == "revoke-api-key":
        account = app.accounts.find_account_by_email(args.email)
        key = app.api_keys.revoke_api_key(account.account_id, args.key_id)
        print(f"revoked API key {key.key_id} ({key.prefix}...) of {account.email}", file=sys.stderr)
    elif args.command == "register-client":
        registered = app.clients.register_static_client(args.client_id, args.name, args.redirect_uris)
        print(registered.client_id)
        print(
            f"registered client {registered.client_id} ({registered.client_name}) with redirect URIs "
            f"{' '.join(registered.redirect_uris)}",
            file=sys.stderr,
        )
    elif args.command == "set-plan-tier":
        account = app.accounts.find_account_by_email(args.email)
        # Through the use case, so the change enters the revocation log and edges apply it at once.
        updated = app.accounts.update_account(
            account.account_id, plan_tier=args.tier, account_status=args.status
        )
        print(
            f"{updated.email} is on the {updated.plan_tier} plan, status {updated.account_status}",
            file=sys.stderr,
        )
    elif args.command == "ensure-demo":
        credentials, warnings = ensure_demo(app, settings.data_dir, settings.auth.demo)
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
        if args.json:
            print(json.dumps(asdict(credentials)))
        else:
            print(f"KINETIC_DEMO_EMAIL={credentials.email}")
            print(f"KINETIC_DEMO_PASSWORD={credentials.password}")
            print(f"KINETIC_DEMO_API_KEY={credentials.api_key}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit status."""
    args = _parser().parse_args(argv)  # exits 2 with usage on a malformed command line

    def command() -> None:
        settings = ServiceSettings.from_env("auth")
        app = prepare(settings)
        _run(app, args, settings)

    return run_command(command)


if __name__ == "__main__":
    sys.exit(main())
