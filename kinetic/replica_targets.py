"""The targets a service may be dialled at: one address, a DNS name, or a list of replicas.

A target is one address (``127.0.0.1:50152``), a DNS name gRPC resolves to every replica
(``dns:///training.kinetic.svc:50152``, a headless Service in Kubernetes), or a comma-separated
list of IP addresses and ports (``127.0.0.1:50152,127.0.0.1:50252``), which becomes gRPC's
``ipv4:``/``ipv6:`` target. Kept apart from ``kinetic.channel_policy`` so settings can check a
target without importing every service's generated code.
"""

from __future__ import annotations

import ipaddress


def is_address_list(target: str) -> bool:
    """Whether ``target`` names several replicas by address (``a:p,b:p``)."""
    return "," in target


def list_problem(target: str) -> str | None:
    """What is wrong with an address list, or None: every entry an IP literal and port, one family."""
    families = set()
    for entry in target.split(","):
        host, _, port = entry.strip().rpartition(":")
        host = host.strip("[]")
        try:
            families.add(ipaddress.ip_address(host).version)
        except ValueError:
            return f"{entry!r} is not an IP address and port; name replicas by IP, or give one DNS name (dns:///host:port)"
        if not port.isdigit() or not 0 < int(port) < 65536:
            return f"{entry!r} has no port 1-65535"
    if len(families) > 1:
        return "mixes IPv4 and IPv6 addresses"
    return None


def grpc_target(target: str) -> str:
    """The target gRPC dials for a Kinetic target: an address list becomes ``ipv4:``/``ipv6:``."""
    if not is_address_list(target):
        return target
    entries = [entry.strip() for entry in target.split(",")]
    family = "ipv6" if entries[0].startswith("[") else "ipv4"
    return f"{family}:{','.join(entries)}"
