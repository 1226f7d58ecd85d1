"""``python -m services.sessions.gyms``: set a gym up for the Client AI Workout V2 module.

Works directly on the sessions storage with the same ``KINETIC_*`` settings as the service
(``KINETIC_DATA_DIR``, ``KINETIC_DATABASE_URL``, ``KINETIC_SESSIONS_DB_SCHEMA``) and migrates it
first. Every command prints the stored record as one JSON object (the GymAdminService message,
snake_case fields). Bad input exits with status 2 and one line on stderr; a missing or conflicting
record with status 1.

    python -m services.sessions.gyms create-company --name "Gym Noord" --mcp on \\
        --module client_ai_workout_v2 --write-tools on
    python -m services.sessions.gyms update-company --company-id <id> --mcp off
    python -m services.sessions.gyms create-coach --company-id <id> --name "Coach Sam"
    python -m services.sessions.gyms create-client --account-id <account> --name Ada --consent on \\
        --company-id <id> --ai-access on
    python -m services.sessions.gyms set-consent --client-id <id> --granted off
    python -m services.sessions.gyms set-relationship --client-id <id> --company-id <id> --ai-access on
    python -m services.sessions.gyms create-exercise --company-id <id> --catalog-id barbell-bench-press \\
        --name-en "Bench Press" --name-nl Bankdrukken
    python -m services.sessions.gyms create-plan --json '{"coach_id": "...", "client_id": "...", ...}'
    python -m services.sessions.gyms set-plan-status --plan-id <id> --status Inactive
    python -m services.sessions.gyms set-preset --json '{"exercise_id": "...", "scope": "company", ...}'
    python -m services.sessions.gyms set-equipment --client-id <id> --item dumbbells=2 --item pull_up_bar
    python -m services.sessions.gyms ensure-demo-gym --account-id <account>   # make run's demo gym
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

import services.sessions
from kinetic.errors import DomainError, InvalidArgument
from kinetic.sessions.v1 import gyms_pb2
from kinetic.settings import ServiceSettings
from kinetic.storage import engine_for, upgrade
from services.sessions.gyms.adapters.repository import get_company
from services.sessions.gyms.bootstrap import GymModule, build_gym_module
from services.sessions.gyms.domain.equipment import EquipmentItem
from services.sessions.gyms.domain.model import ClientMcpPolicy, Localized
from services.sessions.gyms.entrypoints import pb
from services.sessions.gyms.service_layer.demo import ensure_demo_gym

MIGRATIONS = Path(services.sessions.__file__).parent / "migrations"
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
ON_OFF = ("on", "off")


def _on(value: str | None) -> bool:
    return value == "on"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m services.sessions.gyms",
        description="Set a gym up for the Client AI Workout V2 module (companies, clients, plans).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    company = commands.add_parser("create-company", help="add a company")
    company.add_argument("--name", required=True)
    company.add_argument("--mcp", choices=ON_OFF, default="off", help="the MCP integration feature")
    company.add_argument(
        "--module", dest="modules", action="append", default=[], help="allowed module; repeatable"
    )
    company.add_argument("--write-tools", choices=ON_OFF, default="off", help="allow write tools")

    update = commands.add_parser("update-company", help="change a company's name, feature or policy")
    update.add_argument("--company-id", required=True)
    update.add_argument("--name")
    update.add_argument("--mcp", choices=ON_OFF)
    update.add_argument("--module", dest="modules", action="append", help="replaces the allowed modules")
    update.add_argument("--no-modules", action="store_true", help="allow no module at all")
    update.add_argument("--write-tools", choices=ON_OFF)

    coach = commands.add_parser("create-coach", help="add a coach to a company")
    coach.add_argument("--company-id", required=True)
    coach.add_argument("--name", required=True)

    client = commands.add_parser("create-client", help="link a Kinetic account to a new client")
    client.add_argument("--account-id", required=True)
    client.add_argument("--name", required=True)
    client.add_argument("--consent", choices=ON_OFF, default="off", help="health-data consent")
    client.add_argument("--company-id", help="also link the client to this company")
    client.add_argument(
        "--ai-access", choices=ON_OFF, default="off", help="client AI access (with --company-id)"
    )

    consent = commands.add_parser("set-consent", help="record a client's health-data consent")
    consent.add_argument("--client-id", required=True)
    consent.add_argument("--granted", choices=ON_OFF, required=True)

    relationship = commands.add_parser("set-relationship", help="link a client to its company; AI access")
    relationship.add_argument("--client-id", required=True)
    relationship.add_argument("--company-id", required=True)
    relationship.add_argument("--ai-access", choices=ON_OFF, required=True)

    exercise = commands.add_parser("create-exercise", help="add a company exercise or a client's own")
    owner = exercise.add_mutually_exclusive_group(required=True)
    owner.add_argument("--company-id")
    owner.add_argument("--owner-client-id")
    exercise.add_argument("--catalog-id", default="", help="Kinetic catalog slug, e.g. barbell-bench-press")
    exercise.add_argument("--name-en", required=True)
    exercise.add_argument("--name-nl", required=True)
    exercise.add_argument("--instructions-en", default="")
    exercise.add_argument("--instructions-nl", default="")
    exercise.add_argument(
        "--not-allowlisted", action="store_true", help="keep it off the client AI allowlist"
    )

    plan = commands.add_parser(
        "create-plan", help="assign a plan (WorkoutPlan JSON) from a coach to a client"
    )
    plan.add_argument("--json", required=True, help="a WorkoutPlan object, or @file.json")

    status = commands.add_parser("set-plan-status", help="change a plan's status")
    status.add_argument("--plan-id", required=True)
    status.add_argument("--status", required=True, help="Active, Inactive or Draft")

    preset = commands.add_parser("set-preset", help="create or replace a machine preset (MachinePreset JSON)")
    preset.add_argument("--json", required=True, help="a MachinePreset object, or @file.json")

    equipment = commands.add_parser("set-equipment", help="replace a client's home-equipment profile")
    equipment.add_argument("--client-id", required=True)
    equipment.add_argument("--item", dest="items", action="append", default=[], help="KEY or KEY=QUANTITY")

    demo = commands.add_parser("ensure-demo-gym", help="create or reuse the demo gym for an account")
    demo.add_argument("--account-id", required=True)
    demo.add_argument("--client-name", default="Demo Athlete")
    return parser


def _message(text: str, message: Message, flag: str = "--json") -> Any:
    raw = Path(text[1:]).read_text(encoding="utf-8") if text.startswith("@") else text
    try:
        return json_format.Parse(raw, message)
    except json_format.ParseError as exc:
        raise InvalidArgument.for_field(flag, f"is not a valid {type(message).__name__}: {exc}") from exc


def _items(values: Sequence[str]) -> list[EquipmentItem]:
    items = []
    for value in values:
        key, _, quantity = value.partition("=")
        if quantity and not quantity.isdigit():
            raise InvalidArgument.for_field(
                "--item", f"{value!r}: the quantity after '=' must be a whole number"
            )
        items.append(EquipmentItem(key, int(quantity) if quantity else 1))
    return items


def _dict(message: Message) -> dict[str, Any]:
    return dict(json_format.MessageToDict(message, preserving_proto_field_name=True))


def _run(gyms: GymModule, engine: Engine, args: argparse.Namespace) -> dict[str, Any]:
    admin = gyms.admin
    if args.command == "create-company":
        policy = ClientMcpPolicy(tuple(args.modules), _on(args.write_tools))
        return _dict(pb.company_pb(admin.create_company(args.name, _on(args.mcp), policy)))
    if args.command == "update-company":
        mask = []
        if args.name is not None:
            mask.append("name")
        if args.mcp is not None:
            mask.append("mcp_integration_enabled")
        if args.modules is not None or args.no_modules or args.write_tools is not None:
            mask.append("client_mcp_policy")
        with engine.connect() as conn:  # the policy flags not given keep their current values
            current = get_company(conn, args.company_id.lower())
        old = current.policy if current else ClientMcpPolicy()
        modules = (
            ()
            if args.no_modules
            else tuple(args.modules)
            if args.modules is not None
            else old.allowed_modules
        )
        writes = _on(args.write_tools) if args.write_tools is not None else old.write_tools_allowed
        company = admin.update_company(
            args.company_id,
            mask,
            name=args.name or "",
            mcp_integration_enabled=_on(args.mcp),
            policy=ClientMcpPolicy(modules, writes),
        )
        return _dict(pb.company_pb(company))
    if args.command == "create-coach":
        return _dict(pb.coach_pb(admin.create_coach(args.company_id, args.name)))
    if args.command == "create-client":
        client = admin.create_client(args.account_id, args.name, _on(args.consent))
        result = _dict(pb.client_pb(client))
        if args.company_id:
            relationship = admin.set_relationship(client.id, args.company_id, _on(args.ai_access))
            result["relationship"] = asdict(relationship)
        return result
    if args.command == "set-consent":
        client = admin.update_client(
            args.client_id, ["health_data_consent"], health_data_consent=_on(args.granted)
        )
        return _dict(pb.client_pb(client))
    if args.command == "set-relationship":
        return asdict(admin.set_relationship(args.client_id, args.company_id, _on(args.ai_access)))
    if args.command == "create-exercise":
        exercise = admin.create_exercise(
            company_id=args.company_id or "",
            owner_client_id=args.owner_client_id or "",
            catalog_exercise_id=args.catalog_id,
            name=Localized(args.name_en, args.name_nl),
            instructions=Localized(args.instructions_en, args.instructions_nl),
            allowlisted=not args.not_allowlisted,
        )
        return _dict(pb.exercise_pb(exercise))
    if args.command == "create-plan":
        p = _message(args.json, gyms_pb2.WorkoutPlan())
        plan = admin.create_plan(
            coach_id=p.coach_id,
            client_id=p.client_id,
            name=pb.localized(p.name),
            description=pb.localized(p.description),
            status=p.status or "Active",
            is_wod=p.is_wod,
            days=pb.new_days(p),
        )
        return _dict(pb.plan_pb(plan))
    if args.command == "set-plan-status":
        return _dict(pb.plan_pb(admin.set_plan_status(args.plan_id, args.status)))
    if args.command == "set-preset":
        p = _message(args.json, gyms_pb2.MachinePreset())
        preset = admin.set_machine_preset(p.exercise_id, p.scope, pb.setup_fields(p), p.coach_id)
        return _dict(pb.preset_pb(preset))
    if args.command == "set-equipment":
        items = admin.set_equipment_profile(args.client_id, _items(args.items))
        return {"client_id": args.client_id.lower(), "items": [asdict(item) for item in items]}
    demo = ensure_demo_gym(engine, admin, args.account_id, args.client_name)
    return asdict(demo)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit status."""
    args = _parser().parse_args(argv)  # exits 2 with usage on a malformed command line
    try:
        settings = ServiceSettings.from_env("sessions")
        engine = engine_for(settings)
        try:
            upgrade(engine, MIGRATIONS)
            result = _run(build_gym_module(engine), engine, args)
        finally:
            engine.dispose()
    except (InvalidArgument, ValueError, OSError) as exc:
        # ValueError: a malformed setting; OSError: an unreadable @file. Both are bad input.
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except DomainError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return EXIT_FAILED
    except SQLAlchemyError as exc:
        print(f"error: storage unavailable: {str(exc).splitlines()[0]}", file=sys.stderr)
        return EXIT_FAILED
    print(json.dumps(result, sort_keys=True))
    return 0
