"""kinetic.settings: every variable parsed, defaults, and bad values refused naming the variable."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from kinetic.settings import (
    AuthSettings,
    DemoSettings,
    ObservabilitySettings,
    PurgeSettings,
    ServiceSettings,
    SettingsError,
    TlsSettings,
    TracingSettings,
    load_settings,
    load_settings_or_exit,
)

README = Path(__file__).resolve().parents[3] / "README.md"
API_KEY = "rf_" + "ab" * 32


def test_defaults_when_nothing_is_set():
    settings = load_settings({})
    assert settings.data_dir == Path("./var")
    assert settings.database_url is None
    assert settings.public_url == "http://127.0.0.1:8080"
    assert settings.listen_host == "127.0.0.1"
    assert settings.ports == {"auth": 50151, "training": 50152, "sessions": 50153, "analytics": 50154}
    assert settings.targets == {name: f"127.0.0.1:{port}" for name, port in settings.ports.items()}
    assert settings.database_schemas == {name: name for name in settings.ports}
    edge = settings.edge
    assert (edge.host, edge.port, edge.public_url, edge.targets) == (
        "127.0.0.1",
        8080,
        "http://127.0.0.1:8080",
        settings.targets,
    )
    assert (edge.redis_url, edge.trusted_proxy_hops, edge.module) == (None, 0, "edge")
    assert (edge.header_timeout_seconds, edge.body_timeout_seconds, edge.max_connections_per_address) == (
        10,
        30,
        128,
    )
    assert edge.allowed_origins == ("https://muse.ai", "https://agent.meta.ai")
    assert (edge.plangen_per_hour, edge.plan_link_secret) == (10, "")  # seed 004's ten an hour
    assert settings.auth == AuthSettings(
        cimd_allowed_hosts=("muse.ai",),
        purge=PurgeSettings(interval_seconds=3600, grace_seconds=86400),
        demo=DemoSettings(email=None, password=None, api_key=None),
    )
    assert settings.tracing == TracingSettings(exporter=None, service_name=None)


def test_empty_values_mean_the_default():
    env = {
        "KINETIC_EDGE_PORT": "",
        "KINETIC_DATA_DIR": " ",
        "KINETIC_REDIS_URL": "",
        "KINETIC_DEMO_EMAIL": "",
    }
    assert load_settings(env) == load_settings({})


def test_every_kinetic_variable_is_read():
    settings = load_settings(
        {
            "KINETIC_EDGE_PORT": "9000",
            "KINETIC_EDGE_HOST": "0.0.0.0",
            "KINETIC_DATA_DIR": "/data",
            "KINETIC_DATABASE_URL": "postgresql://kinetic@db:5432/kinetic",
            "KINETIC_LISTEN_HOST": "0.0.0.0",
            "KINETIC_AUTH_PORT": "6001",
            "KINETIC_TRAINING_PORT": " 6002 ",
            "KINETIC_SESSIONS_TARGET": "sessions:50153",
            "KINETIC_ANALYTICS_DB_SCHEMA": "analytics_blue",
            "KINETIC_REDIS_URL": "redis://redis:6379/0",
            "KINETIC_TRUSTED_PROXY_HOPS": "2",
            "KINETIC_CIMD_ALLOWED_HOSTS": " Muse.ai, app.example ,",
            "KINETIC_AUTH_PURGE_INTERVAL_SECONDS": "0",
            "KINETIC_AUTH_PURGE_GRACE_SECONDS": "600",
            "KINETIC_DEMO_EMAIL": "ada@example.com",
            "KINETIC_DEMO_PASSWORD": "correct horse battery",
            "KINETIC_DEMO_API_KEY": API_KEY,
            "KINETIC_EDGE_MODULE": "benchmarks.bench_edge",
            "KINETIC_EDGE_HEADER_TIMEOUT_SECONDS": "4",
            "KINETIC_EDGE_BODY_TIMEOUT_SECONDS": "60",
            "KINETIC_EDGE_MAX_CONNECTIONS_PER_ADDRESS": "0",
            "KINETIC_EDGE_ALLOWED_ORIGINS": " https://App.example/, http://10.0.0.5:3000",
            "KINETIC_PLANGEN_PER_HOUR": "500",
            "KINETIC_PLAN_LINK_SECRET": "links-secret",
        }
    )
    assert settings.public_url == "http://127.0.0.1:9000", "the default public URL follows the edge port"
    assert (settings.edge.host, settings.edge.port) == ("0.0.0.0", 9000)
    assert settings.data_dir == Path("/data")
    assert settings.database_url == "postgresql://kinetic@db:5432/kinetic"
    assert settings.listen_host == "0.0.0.0"
    assert settings.ports["auth"] == 6001
    assert settings.targets == {
        "auth": "127.0.0.1:6001",
        "training": "127.0.0.1:6002",
        "sessions": "sessions:50153",
        "analytics": "127.0.0.1:50154",
    }
    assert settings.database_schemas["analytics"] == "analytics_blue"
    assert settings.edge.redis_url == "redis://redis:6379/0"
    assert settings.edge.trusted_proxy_hops == 2
    assert (settings.edge.plangen_per_hour, settings.edge.plan_link_secret) == (500, "links-secret")
    assert settings.edge.module == "benchmarks.bench_edge"
    assert (settings.edge.header_timeout_seconds, settings.edge.body_timeout_seconds) == (4, 60)
    assert settings.edge.max_connections_per_address == 0
    assert settings.edge.allowed_origins == ("https://app.example", "http://10.0.0.5:3000")
    assert settings.auth.cimd_allowed_hosts == ("muse.ai", "app.example")
    assert settings.auth.purge == PurgeSettings(interval_seconds=0, grace_seconds=600)
    assert settings.auth.demo == DemoSettings("ada@example.com", "correct horse battery", API_KEY)


def test_without_a_tls_directory_every_process_runs_plaintext_with_no_health_port():
    settings = load_settings({})
    assert settings.tls is None and settings.edge.tls is None
    assert all(settings.service(name).tls is None for name in settings.ports)
    assert all(settings.service(name).health_port is None for name in settings.ports)


def test_a_tls_directory_gives_every_process_its_files_and_each_service_a_health_port(tmp_path):
    for name in ("tls.crt", "tls.key", "ca.crt"):
        (tmp_path / name).write_text("pem")
    settings = load_settings({"KINETIC_TLS_DIR": str(tmp_path), "KINETIC_TRAINING_HEALTH_PORT": "7000"})
    expected = TlsSettings(tmp_path / "tls.crt", tmp_path / "tls.key", tmp_path / "ca.crt")
    assert settings.edge.tls == expected
    assert {name: settings.service(name).tls for name in settings.ports} == dict.fromkeys(
        settings.ports, expected
    )
    assert {name: settings.service(name).health_port for name in settings.ports} == {
        "auth": 50161,
        "training": 7000,
        "sessions": 50163,
        "analytics": 50164,
    }


def test_a_tls_directory_missing_a_file_is_refused_naming_it(tmp_path):
    (tmp_path / "tls.crt").write_text("pem")
    with pytest.raises(SettingsError) as refused:
        load_settings({"KINETIC_TLS_DIR": str(tmp_path)})
    assert refused.value.problems == [
        "KINETIC_TLS_DIR: must be a directory holding tls.crt, tls.key, ca.crt; missing tls.key, ca.crt"
        f" (got {str(tmp_path)!r})"
    ]


def test_public_url_loses_its_trailing_slash():
    assert (
        load_settings({"KINETIC_PUBLIC_URL": "https://kinetic.example/"}).public_url
        == "https://kinetic.example"
    )


def test_cimd_hosts_set_but_empty_allow_none():
    assert load_settings({"KINETIC_CIMD_ALLOWED_HOSTS": ""}).auth.cimd_allowed_hosts == ()


def test_allowed_origins_set_but_empty_allow_only_the_edge_and_loopback():
    assert load_settings({"KINETIC_EDGE_ALLOWED_ORIGINS": ""}).edge.allowed_origins == ()


def test_a_service_gets_the_shared_values_and_its_own():
    env = {"KINETIC_PUBLIC_URL": "https://kinetic.example", "KINETIC_SESSIONS_PORT": "7003"}
    sessions = ServiceSettings.from_env("sessions", env)
    assert (sessions.service, sessions.port, sessions.database_schema) == ("sessions", 7003, "sessions")
    assert sessions.issuer == "https://kinetic.example"
    assert sessions.targets["training"] == "127.0.0.1:50152"
    assert sessions == load_settings(env).service("sessions")
    with pytest.raises(ValueError, match="unknown service 'billing'"):
        load_settings({}).service("billing")


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, TracingSettings(exporter=None)),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4317"}, TracingSettings(exporter="otlp")),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://collector:4317"}, TracingSettings(exporter="otlp")),
        ({"OTEL_TRACES_EXPORTER": "console"}, TracingSettings(exporter="console")),
        ({"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"}, TracingSettings()),
        ({"OTEL_SDK_DISABLED": "TRUE", "OTEL_TRACES_EXPORTER": "console"}, TracingSettings(exporter=None)),
        ({"OTEL_SERVICE_NAME": "kinetic-edge"}, TracingSettings(service_name="kinetic-edge")),
    ],
)
def test_tracing_is_on_only_with_somewhere_to_send_spans(env, expected):
    assert load_settings(env).tracing == expected


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, ObservabilitySettings()),
        ({"KINETIC_EDGE_METRICS_PORT": "9464"}, ObservabilitySettings(metrics_ports={"edge": 9464})),
        (
            {"KINETIC_AUTH_METRICS_PORT": "9464", "KINETIC_SESSIONS_METRICS_PORT": "9465"},
            ObservabilitySettings(metrics_ports={"auth": 9464, "sessions": 9465}),
        ),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"}, ObservabilitySettings(metrics_exporter="otlp")),
        (
            {"OTEL_EXPORTER_OTLP_METRICS_ENDPOINT": "http://c:4317"},
            ObservabilitySettings(metrics_exporter="otlp"),
        ),
        (
            {"OTEL_METRICS_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"},
            ObservabilitySettings(),
        ),
        (
            {"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"},
            ObservabilitySettings(),
        ),
        ({"KINETIC_LOG_FORMAT": "JSON"}, ObservabilitySettings(log_format="json")),
    ],
)
def test_metrics_are_served_or_exported_only_when_asked_and_logs_are_text_by_default(env, expected):
    observability = load_settings(env).observability
    assert observability == expected
    assert observability.metrics_port("training") == expected.metrics_ports.get("training")


@pytest.mark.parametrize(
    ("name", "value", "what"),
    [
        ("KINETIC_EDGE_PORT", "abc", "must be a port number 1-65535 (got 'abc')"),
        ("KINETIC_EDGE_PORT", "0", "must be a port number 1-65535 (got '0')"),
        ("KINETIC_AUTH_PORT", "65536", "must be a port number 1-65535 (got '65536')"),
        ("KINETIC_ANALYTICS_PORT", "-1", "must be a port number"),
        ("KINETIC_PUBLIC_URL", "kinetic.example", "must be an http(s) origin"),
        ("KINETIC_PUBLIC_URL", "ftp://kinetic.example", "must be an http(s) origin"),
        (
            "KINETIC_PUBLIC_URL",
            "https://kinetic.example/mcp",
            "must be an http(s) origin",
        ),
        ("KINETIC_PUBLIC_URL", "https://kinetic.example?x=1", "must have no query"),
        ("KINETIC_TRAINING_TARGET", "training 50152", "must be a gRPC target"),
        ("KINETIC_SESSIONS_DB_SCHEMA", "Sessions-1", "must be a schema name"),
        ("KINETIC_DATABASE_URL", "mysql://db/kinetic", "must be a PostgreSQL URL"),
        ("KINETIC_REDIS_URL", "localhost:6379", "must be a Redis URL"),
        ("KINETIC_TRUSTED_PROXY_HOPS", "-1", "must be a whole number 0-32"),
        ("KINETIC_TRUSTED_PROXY_HOPS", "one", "must be a whole number 0-32"),
        ("KINETIC_PLANGEN_PER_HOUR", "0", "must be a whole number 1-1000000"),
        ("KINETIC_PLANGEN_PER_HOUR", "ten", "must be a whole number 1-1000000"),
        ("KINETIC_CIMD_ALLOWED_HOSTS", "https://muse.ai", "must be host names"),
        ("KINETIC_EDGE_HEADER_TIMEOUT_SECONDS", "0", "must be a whole number of seconds 1-3600"),
        ("KINETIC_EDGE_BODY_TIMEOUT_SECONDS", "2.5", "must be a whole number of seconds 1-3600"),
        (
            "KINETIC_EDGE_MAX_CONNECTIONS_PER_ADDRESS",
            "-3",
            "must be a whole number 0-1000000 (0: no cap)",
        ),
        (
            "KINETIC_AUTH_PURGE_INTERVAL_SECONDS",
            "1.5",
            "must be a whole",
        ),
        ("KINETIC_AUTH_PURGE_GRACE_SECONDS", "hourly", "must be a whole"),
        ("KINETIC_DEMO_EMAIL", "demo", "must be an email address"),
        ("KINETIC_EDGE_ALLOWED_ORIGINS", "https://app.example/path", "must be origins separated"),
        ("KINETIC_EDGE_ALLOWED_ORIGINS", "app.example", "must be origins separated"),
        ("KINETIC_DEMO_API_KEY", "rf_short", "must be 'rf_' followed by 64"),
        ("OTEL_SDK_DISABLED", "yes", "must be true or false"),
        ("OTEL_TRACES_EXPORTER", "zipkin", "Kinetic supports otlp, console, none"),
        ("OTEL_METRICS_EXPORTER", "prometheus", "Kinetic supports otlp, console, none"),
        ("KINETIC_EDGE_METRICS_PORT", "0", "must be a port number 1-65535"),
        ("KINETIC_TRAINING_METRICS_PORT", "nine", "must be a port number 1-65535"),
        ("KINETIC_LOG_FORMAT", "xml", "must be text or json"),
    ],
)
def test_a_bad_value_is_refused_naming_the_variable(name, value, what):
    with pytest.raises(SettingsError) as refused:
        load_settings({name: value})
    assert len(refused.value.problems) == 1
    assert refused.value.problems[0].startswith(f"{name}: {what}"), refused.value.problems


def test_secrets_are_not_echoed_in_errors():
    with pytest.raises(SettingsError) as refused:
        load_settings(
            {"KINETIC_DATABASE_URL": "mysql://u:hunter2@db/k", "KINETIC_DEMO_API_KEY": "rf_hunter2"}
        )
    assert "hunter2" not in str(refused.value)
    assert len(refused.value.problems) == 2


def test_every_bad_variable_is_reported_at_once():
    with pytest.raises(SettingsError) as refused:
        load_settings(
            {"KINETIC_EDGE_PORT": "abc", "KINETIC_TRUSTED_PROXY_HOPS": "-1", "OTEL_SDK_DISABLED": "1"}
        )
    assert [problem.split(":")[0] for problem in refused.value.problems] == [
        "KINETIC_EDGE_PORT",
        "KINETIC_TRUSTED_PROXY_HOPS",
        "OTEL_SDK_DISABLED",
    ]


def test_an_entry_point_exits_with_status_2_and_names_the_variable(capsys):
    with pytest.raises(SystemExit) as exited:
        load_settings_or_exit("edge", {"KINETIC_EDGE_PORT": "abc"})
    assert exited.value.code == 2
    assert "KINETIC_EDGE_PORT: must be a port number 1-65535 (got 'abc')" in capsys.readouterr().err


class _Recording(Mapping[str, str]):
    """An empty environment that remembers every name asked for."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.asked.add(name)
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        self.asked.add(str(name))
        return False

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def test_the_readme_documents_every_kinetic_variable_the_loader_reads():
    recording = _Recording()
    load_settings(recording)
    documented = README.read_text()
    names = {
        re.sub(
            r"^KINETIC_(AUTH|TRAINING|SESSIONS|ANALYTICS)_(PORT|TARGET|DB_SCHEMA|METRICS_PORT|HEALTH_PORT)$",
            r"KINETIC_<SERVICE>_\2",
            name,
        )
        for name in recording.asked
        if name.startswith("KINETIC_")
    }
    assert len(names) >= 15
    missing = sorted(name for name in names if f"`{name}`" not in documented)
    assert not missing, f"README.md's Settings table lacks {missing}"
