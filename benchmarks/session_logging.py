"""``make bench``: logging one set through the edge's Client AI profile, on SQLite and on PostgreSQL.

Per database: starts Kinetic as ``make run`` does (each service and the edge in its own process; the
edge via ``benchmarks.bench_edge`` so the Client AI budget of 300 per minute does not cut the run
short), creates eight accounts with OAuth access tokens for ``/mcp/client-ai``, sets up one gym
through the sessions service's GymAdminService (each account a consenting client with AI access and
its own plan), starts each account's plan-day sessions through the edge, then drives
``client_ai_log_my_workout_performance`` with one set per call at 1 caller (one account) and at 8
(one per account). Prints p50, p99, calls/s and the servers' CPU per call, then the SQL statements
and PostgreSQL round trips one logged set costs the sessions service (``session_statements``: the
gate and LogPerformance, counted by an SQLAlchemy event listener and libpq's trace).

``--against <git ref>`` measures that commit's tree too, alternating with this one (``--rounds``
times each, PostgreSQL unless ``--database`` says otherwise), and prints them side by side with the
ratios the targets of issue 33 ask for: calls/s at 8 callers at least 2.5 times the ref's, and the
sessions service's CPU at most 2 ms per set (decision 0119).

Every call is a real write (``replayed: false``): a caller fills its sessions exercise by exercise
with set numbers 1-4, and only after the last slot of its last session does it come back to the
first with a different weight. See docs/decisions/0022-session-logging-benchmark.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import grpc

from benchmarks import session_statements
from benchmarks.http_load import LoadResult, tool_call_body
from benchmarks.move_load import exchange
from benchmarks.processes import (
    free_ports,
    kinetic_env,
    log_tails,
    process_cpu_seconds,
    start_kinetic,
    stop_kinetic,
    wait_ready,
)
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.sessions.v1 import gyms_pb2 as g
from kinetic.sessions.v1 import gyms_pb2_grpc
from kinetic.settings import SERVICE_NAMES
from kinetic.storage import drop_schema, make_engine
from services.sessions.gyms.service_layer.demo import DEMO_EXERCISES

CLIENT_AI_PATH = "/mcp/client-ai"
MODULE = "client_ai_workout_v2"
LOG_TOOL = "client_ai_log_my_workout_performance"
START_TOOL = "client_ai_start_or_resume_my_workout_session"
POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"
CALLERS = (1, 8)
# Measured calls per run, by number of callers; warm-up calls per account (all eight at once).
CALLS = {1: 300, 8: 640}
WARMUP_CALLS = 30
# The processes a log call runs through: the edge, the token check in auth, the write in sessions.
MEASURED = ("edge", "sessions", "auth")


@dataclass(frozen=True)
class Shape:
    """The gym and the slots a caller logs into: sessions x exercises x set numbers."""

    accounts: int = max(CALLERS)
    exercises: int = 10  # at most len(DEMO_EXERCISES): their catalog slugs are borrowed
    sets_per_exercise: int = 4  # a performance of four sets, as a real workout has
    plan_days: int = 12  # one active session per plan day, so at most this many sessions

    @property
    def slots_per_session(self) -> int:
        return self.exercises * self.sets_per_exercise

    def sessions_for(self, calls: int) -> int:
        """Sessions a caller needs so that ``calls`` logs are all new sets (capped at the plan)."""
        return max(1, min(self.plan_days, math.ceil(calls / self.slots_per_session)))


@dataclass
class Caller:
    """One client's account, its token, its open sessions, and how many sets it has logged."""

    account_id: str
    token: str
    plan_id: str
    day_ids: list[str]
    exercise_ids: list[str]
    shape: Shape
    session_ids: list[str] = field(default_factory=list)
    logged: int = 0

    def next_arguments(self) -> dict[str, Any]:
        """The next set: a new (session, exercise, set number) slot, or a new weight for an old one.

        Slots run set number first, then exercise, then session, as a workout is logged. After
        the last slot the caller starts over with every weight 0.5 kg higher, so the call still
        changes the stored set (a replay would write nothing and measure nothing).
        """
        shape = self.shape
        capacity = len(self.session_ids) * shape.slots_per_session
        lap, slot = divmod(self.logged, capacity)
        session, rest = divmod(slot, shape.slots_per_session)
        exercise, set_index = divmod(rest, shape.sets_per_exercise)
        self.logged += 1
        return {
            "sessionId": self.session_ids[session],
            "exerciseId": self.exercise_ids[exercise],
            "sets": [
                {
                    "setNumber": set_index + 1,
                    "weight": 60 + 2.5 * set_index + 0.5 * lap,
                    "reps": 8,
                    "rpe": 8,
                    "completed": True,
                }
            ],
        }


# --- setup -------------------------------------------------------------------------------------


def _text(en: str, nl: str) -> g.LocalizedText:
    return g.LocalizedText(en=en, nl=nl)


async def new_account(auth: auth_pb2_grpc.AuthServiceStub, mcp_url: str, n: int) -> tuple[str, str]:
    """A new account and an OAuth-style access token for the Client AI resource."""
    created = await auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=f"logger{n}-{uuid.uuid4().hex[:8]}@bench.kinetic.test",
            password="bench password 1",
            display_name=f"Logger {n}",
            time_zone="UTC",
        )
    )
    account_id = str(created.account.account_id)
    token = await auth.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account_id, audience=mcp_url, scopes=["client_ai"], ttl_seconds=3600
        )
    )
    return account_id, str(token.access_token)


async def open_gym(
    admin: gyms_pb2_grpc.GymAdminServiceStub, accounts: Sequence[tuple[str, str]], shape: Shape
) -> list[Caller]:
    """One gym with every gate open; each account a client with its own plan of ``plan_days`` days."""
    policy = g.ClientMcpPolicy(allowed_modules=[MODULE], write_tools_allowed=True)
    company = (
        await admin.CreateCompany(
            g.CreateCompanyRequest(
                company=g.Company(name="Bench Gym", mcp_integration_enabled=True, client_mcp_policy=policy)
            )
        )
    ).company
    coach = (
        await admin.CreateCoach(g.CreateCoachRequest(coach=g.Coach(company_id=company.id, name="Coach")))
    ).coach
    exercise_ids = []
    for demo in DEMO_EXERCISES[: shape.exercises]:
        created = await admin.CreateExercise(
            g.CreateExerciseRequest(
                exercise=g.GymExercise(
                    company_id=company.id,
                    catalog_exercise_id=demo.slug,
                    name=_text(demo.name.en, demo.name.nl),
                    allowlisted=True,
                )
            )
        )
        exercise_ids.append(str(created.exercise.id))
    callers = []
    for n, (account_id, token) in enumerate(accounts):
        client = (
            await admin.CreateClient(
                g.CreateClientRequest(
                    client=g.Client(account_id=account_id, name=f"Logger {n}", health_data_consent=True)
                )
            )
        ).client
        await admin.SetClientRelationship(
            g.SetClientRelationshipRequest(
                relationship=g.ClientRelationship(
                    client_id=client.id, company_id=company.id, client_ai_access_enabled=True
                )
            )
        )
        days = [
            g.WorkoutPlanDay(
                name=_text(f"Day {d}", f"Dag {d}"),
                visible=True,
                exercises=[
                    g.WorkoutPlanExercise(exercise_id=exercise_ids[d % shape.exercises], target_sets=4)
                ],
            )
            for d in range(shape.plan_days)
        ]
        plan = (
            await admin.CreatePlan(
                g.CreatePlanRequest(
                    plan=g.WorkoutPlan(
                        company_id=company.id,
                        coach_id=coach.id,
                        client_id=client.id,
                        name=_text("Bench plan", "Benchplan"),
                        status="Active",
                        days=days,
                    )
                )
            )
        ).plan
        day_ids = [str(day.id) for day in plan.days]
        callers.append(Caller(account_id, token, str(plan.id), day_ids, exercise_ids, shape))
    return callers


async def call_tool(url: str, token: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One tool call on its own connection (setup and checks, outside the measurements)."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    body = tool_call_body(tool, arguments, 1)
    head = (
        f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    try:
        payload = await exchange(reader, writer, head.encode() + body)
    finally:
        writer.close()
    result: dict[str, Any] = json.loads(payload)["result"]["structuredContent"]
    return result


async def start_sessions(url: str, caller: Caller, count: int) -> None:
    """Start ``count`` plan-day sessions for ``caller`` through the edge."""
    for day_id in caller.day_ids[:count]:
        started = await call_tool(
            url, caller.token, START_TOOL, {"planId": caller.plan_id, "planMomentId": day_id}
        )
        caller.session_ids.append(str(started["session"]["id"]))


async def prepare(
    url: str,
    auth: auth_pb2_grpc.AuthServiceStub,
    admin: gyms_pb2_grpc.GymAdminServiceStub,
    shape: Shape,
    planned_calls: Sequence[int],
) -> list[Caller]:
    """Accounts, tokens, the gym and each caller's sessions; ``planned_calls[n]``: caller n's logs."""
    accounts = [await new_account(auth, url, n) for n in range(shape.accounts)]
    callers = await open_gym(admin, accounts, shape)
    for caller, calls in zip(callers, planned_calls, strict=True):
        await start_sessions(url, caller, shape.sessions_for(calls))
    return callers


# --- the load ----------------------------------------------------------------------------------


async def _one_caller(url: str, caller: Caller, calls: int, out: list[float]) -> None:
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    head = (
        f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAuthorization: Bearer {caller.token}\r\n"
        "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
    )
    try:
        for index in range(calls):
            body = tool_call_body(LOG_TOOL, caller.next_arguments(), index)
            request = f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body
            started = time.perf_counter()
            payload = await exchange(reader, writer, request)
            out.append((time.perf_counter() - started) * 1000)
            if b'"replayed":false' not in payload:  # a replay writes nothing: not what is measured
                raise RuntimeError(f"not a new write: {payload[:300]!r}")
    finally:
        writer.close()


async def run_logs(url: str, callers: Sequence[Caller], calls: int) -> LoadResult:
    """``calls`` one-set logs spread over ``callers``, each on its own keep-alive connection."""
    latencies: list[float] = []
    per_caller = max(1, calls // len(callers))
    started = time.perf_counter()
    await asyncio.gather(*(_one_caller(url, caller, per_caller, latencies) for caller in callers))
    return LoadResult(len(callers), latencies, time.perf_counter() - started)


def planned_calls(shape: Shape, calls: dict[int, int], warmup: int) -> list[int]:
    """Logs each caller will send: the warm-up, its share of each run (caller 0 runs alone too)."""
    return [warmup + sum(calls[n] // n for n in CALLERS if index < n) for index in range(shape.accounts)]


Probe = Callable[[], dict[str, float]]
Figures = dict[int, tuple[LoadResult, dict[str, float]]]


def _no_probe() -> dict[str, float]:
    return {}


async def measure(
    url: str, callers: Sequence[Caller], calls: dict[int, int], warmup: int, cpu: Probe = _no_probe
) -> Figures:
    """Warm up every caller, then each run: its result and each server's CPU milliseconds per call."""
    await run_logs(url, callers, warmup * len(callers))
    results: Figures = {}
    for n in CALLERS:
        before = cpu()
        result = await run_logs(url, callers[:n], calls[n])
        after = cpu()
        count = len(result.latencies_ms)
        results[n] = (result, {name: (after[name] - before[name]) * 1000 / count for name in after})
    return results


# --- one database ------------------------------------------------------------------------------


def _pg_schemas(run_id: str) -> dict[str, str]:
    return {name: f"bench_{run_id}_{name}" for name in SERVICE_NAMES}


def _drop_schemas(schemas: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, schema in schemas.items():
            engine = make_engine(name, data_dir=Path(tmp), database_url=POSTGRES_URL, schema=schema)
            try:
                drop_schema(engine, schema)
            finally:
                engine.dispose()


async def _setup_and_measure(url: str, ports: dict[str, int], shape: Shape, cpu: Probe) -> Figures:
    async with (
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['auth']}") as auth_channel,
        grpc.aio.insecure_channel(f"127.0.0.1:{ports['sessions']}") as sessions_channel,
    ):
        callers = await prepare(
            url,
            auth_pb2_grpc.AuthServiceStub(auth_channel),
            gyms_pb2_grpc.GymAdminServiceStub(sessions_channel),
            shape,
            planned_calls(shape, CALLS, WARMUP_CALLS),
        )
    return await measure(url, callers, CALLS, WARMUP_CALLS, cpu)


def run_database(database: str, shape: Shape) -> Figures:
    """Start Kinetic on ``database`` (sqlite or postgresql), measure, stop, clean up."""
    run_id = uuid.uuid4().hex[:8]
    schemas = _pg_schemas(run_id) if database == "postgresql" else {}
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-sessions-") as tmp:
        data_dir = Path(tmp)
        ports = free_ports()
        env = kinetic_env(data_dir, ports)
        if schemas:
            env["KINETIC_DATABASE_URL"] = POSTGRES_URL
            env |= {f"KINETIC_{name.upper()}_DB_SCHEMA": schema for name, schema in schemas.items()}
        url = f"http://127.0.0.1:{ports['edge']}{CLIENT_AI_PATH}"
        processes = start_kinetic(env, data_dir)
        try:
            wait_ready(f"http://127.0.0.1:{ports['edge']}/readyz", processes)
            servers = {name: processes[name].pid for name in MEASURED}
            results = asyncio.run(
                _setup_and_measure(
                    url,
                    ports,
                    shape,
                    lambda: {name: process_cpu_seconds([pid]) for name, pid in servers.items()},
                )
            )
        except BaseException:
            stop_kinetic(processes)
            log_tails(data_dir)
            raise
        finally:
            stop_kinetic(processes)
            if schemas:
                _drop_schemas(schemas)
    return results


def report(figures: dict[str, Figures]) -> None:
    """The table: latency and throughput, then CPU per call, all servers and each of them."""
    print(
        f"\n{'database':<12}{'callers':>8}{'calls':>7}{'p50 ms':>9}{'p99 ms':>9}{'calls/s':>9}"
        f"{'CPU ms/call':>13}" + "".join(f"{name:>10}" for name in MEASURED)
    )
    for database, runs in figures.items():
        for callers, (result, cpu_ms) in runs.items():
            print(
                f"{database:<12}{callers:>8}{len(result.latencies_ms):>7}{result.p50:>9.2f}"
                f"{result.p99:>9.2f}{result.calls_per_second:>9.0f}{sum(cpu_ms.values()):>13.2f}"
                + "".join(f"{cpu_ms.get(name, 0.0):>10.2f}" for name in MEASURED)
            )
    print("CPU: user + system time of the server processes per call (docs/decisions/0022).")


def as_json(figures: dict[str, Figures], statements: dict[str, session_statements.Figures]) -> dict[str, Any]:
    """What ``--json`` writes: per database and callers the latencies' figures and CPU per call,
    and the statements and round trips per set (gate plus log)."""
    return {
        database: {
            "runs": {
                str(callers): {
                    "calls": len(result.latencies_ms),
                    "p50": result.p50,
                    "p99": result.p99,
                    "calls_per_second": result.calls_per_second,
                    "cpu_ms": cpu_ms,
                }
                for callers, (result, cpu_ms) in runs.items()
            },
            "statements": statements[database].gate_statements + statements[database].log_statements,
            "wire": statements[database].gate_wire + statements[database].log_wire,
        }
        for database, runs in figures.items()
    }


def report_statements(statements: dict[str, session_statements.Figures]) -> None:
    """Per logged set: the gate and LogPerformance together, as the sessions service runs them."""
    print(f"\n{'database':<12}{'statements/set':>16}{'round trips/set':>17}")
    for database, f in statements.items():
        wire = f"{f.gate_wire + f.log_wire:.1f}" if database == "postgresql" else "-"
        print(f"{database:<12}{f.gate_statements + f.log_statements:>16.1f}{wire:>17}")
    print(
        "Per set: the module gate + LogPerformance in one process (python -m benchmarks.session_statements)."
    )


# --- two trees side by side ------------------------------------------------------------------

TARGET_THROUGHPUT_RATIO = 2.5  # calls/s at 8 callers on PostgreSQL, against the tree of issue 33
TARGET_SESSIONS_CPU_MS = 2.0  # the sessions service's CPU per logged set


def _median(values: list[float]) -> float:
    return statistics.median(values)


def side_by_side(ref: str, databases: Sequence[str], rounds: int) -> dict[str, list[dict[str, Any]]]:
    """Each database: ``rounds`` runs of the tree at ``ref`` and of this tree, in turns."""
    from benchmarks.two_trees import HERE, load_average, run_in_tree, worktree

    script = Path(__file__).resolve()
    args = [arg for database in databases for arg in ("--database", database)]
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    with worktree(ref) as before:
        for round_number in range(rounds):
            for label, tree in (("before", before), ("after", HERE)):
                load = load_average()
                figures = run_in_tree(tree, script, args)
                runs[label].append({"figures": figures, "load": f"{load} -> {load_average()}"})
                print(f"round {round_number + 1} {label}: done (load average {runs[label][-1]['load']})")
    return runs


def report_side_by_side(ref: str, runs: dict[str, list[dict[str, Any]]]) -> None:
    """Each run's figures, before and after in turns, then medians, ratios and the targets."""
    databases = list(runs["before"][0]["figures"])
    print(
        f"\nbefore: {ref}; after: this tree. Runs in turns, each its own Kinetic; "
        "load average at start -> end."
    )
    print(
        f"\n{'database':<12}{'tree':<8}{'run':>4}{'callers':>8}{'p50 ms':>9}{'p99 ms':>9}{'calls/s':>9}"
        f"{'CPU ms/set':>12}{'edge':>7}{'sessions':>10}{'auth':>7}{'stmts':>7}{'trips':>7}   load"
    )
    for database in databases:
        for round_number in range(len(runs["before"])):
            for label in ("before", "after"):
                run = runs[label][round_number]
                figures = run["figures"][database]
                for callers, r in figures["runs"].items():
                    cpu = r["cpu_ms"]
                    print(
                        f"{database:<12}{label:<8}{round_number + 1:>4}{callers:>8}"
                        f"{r['p50']:>9.2f}{r['p99']:>9.2f}"
                        f"{r['calls_per_second']:>9.0f}{sum(cpu.values()):>12.2f}{cpu['edge']:>7.2f}"
                        f"{cpu['sessions']:>10.2f}{cpu['auth']:>7.2f}{figures['statements']:>7.1f}"
                        f"{figures['wire']:>7.1f}   {run['load']}"
                    )
    print("\nMedians over the runs (before -> after):")
    for database in databases:
        for callers in runs["before"][0]["figures"][database]["runs"]:
            picked = {
                label: [run["figures"][database]["runs"][callers] for run in runs[label]]
                for label in ("before", "after")
            }
            rate = [_median([r["calls_per_second"] for r in picked[label]]) for label in ("before", "after")]
            p50 = [_median([r["p50"] for r in picked[label]]) for label in ("before", "after")]
            sessions = [
                _median([r["cpu_ms"]["sessions"] for r in picked[label]]) for label in ("before", "after")
            ]
            print(
                f"  {database} {callers} callers: calls/s {rate[0]:.0f} -> {rate[1]:.0f} "
                f"({rate[1] / rate[0]:.2f}x), p50 {p50[0]:.1f} -> {p50[1]:.1f} ms, "
                f"sessions CPU {sessions[0]:.2f} -> {sessions[1]:.2f} ms/set"
            )
            if database == "postgresql" and callers == str(max(CALLERS)):
                ratio_ok = rate[1] / rate[0] >= TARGET_THROUGHPUT_RATIO
                cpu_ok = sessions[1] <= TARGET_SESSIONS_CPU_MS
                per_set = {label: runs[label][0]["figures"][database] for label in ("before", "after")}
                print(
                    f"  target calls/s at {callers} callers >= {TARGET_THROUGHPUT_RATIO}x: "
                    f"{'PASS' if ratio_ok else 'FAIL'} ({rate[1] / rate[0]:.2f}x); "
                    f"sessions CPU <= {TARGET_SESSIONS_CPU_MS} ms/set: {'PASS' if cpu_ok else 'FAIL'} "
                    f"({sessions[1]:.2f} ms)"
                )
                print(
                    "  per set, before -> after: SQL statements "
                    f"{per_set['before']['statements']:.1f} -> {per_set['after']['statements']:.1f}, "
                    f"round trips {per_set['before']['wire']:.1f} -> {per_set['after']['wire']:.1f}"
                )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure on each database asked for; print the tables (or, with ``--against``, both trees)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.session_logging", description=__doc__)
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgresql"),
        action="append",
        help="default: both, in turn (with --against: postgresql)",
    )
    parser.add_argument("--against", metavar="GIT_REF", help="also measure this commit's tree, in turns")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each tree with --against (default 2)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.against:
        runs = side_by_side(args.against, args.database or ["postgresql"], args.rounds)
        report_side_by_side(args.against, runs)
        return 0
    shape = Shape()
    databases = args.database or ("sqlite", "postgresql")
    figures = {database: run_database(database, shape) for database in databases}
    statements = {database: session_statements.run_database(database) for database in databases}
    report(figures)
    report_statements(statements)
    if args.json:
        args.json.write_text(json.dumps(as_json(figures, statements)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
