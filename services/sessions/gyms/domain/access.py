"""The gates of a client AI module, checked in seed 002's order, each failing with its own reason.

Who can change what: the company's administrator turns the MCP integration feature on and sets the
client MCP policy (modules, write tools); the gym (a coach or administrator) turns client AI access
on for the relationship; the client grants health-data consent. Each message says which.
"""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from kinetic.errors import DomainError
from services.sessions.gyms.domain.model import Client, Company, Relationship

NOT_A_CLIENT = "NOT_A_CLIENT"
FEATURE_DISABLED = "FEATURE_DISABLED"
CLIENT_AI_ACCESS_DISABLED = "CLIENT_AI_ACCESS_DISABLED"
MODULE_NOT_ALLOWED = "MODULE_NOT_ALLOWED"
WRITE_TOOLS_NOT_ALLOWED = "WRITE_TOOLS_NOT_ALLOWED"
HEALTH_DATA_CONSENT_REQUIRED = "HEALTH_DATA_CONSENT_REQUIRED"


class AccessDenied(DomainError):
    """A gate the caller cannot pass by retrying (PERMISSION_DENIED)."""

    code = grpc.StatusCode.PERMISSION_DENIED
    default_reason = "PERMISSION_DENIED"


class AccessPrecondition(DomainError):
    """A gate that opens once someone changes a setting (FAILED_PRECONDITION)."""

    code = grpc.StatusCode.FAILED_PRECONDITION
    default_reason = "FAILED_PRECONDITION"


@dataclass(frozen=True)
class ClientContext:
    """The subject of a client AI call: the account's client and that client's company."""

    client: Client
    company: Company
    relationship: Relationship


def not_a_client(account_id: str) -> AccessDenied:
    """The account is no gym's client (or its client has no company)."""
    return AccessDenied(
        "This Kinetic account is not a client of any gym, so there are no gym plans to read. The gym's "
        "staff can link the account to a client (the gyms CLI: create-client).",
        reason=NOT_A_CLIENT,
        metadata={"account_id": account_id},
    )


def check_gates(context: ClientContext, module: str, write: bool) -> None:
    """Raise the first failing gate of ``module`` for ``context``; return when every gate passes.

    Every client AI module reads the client's training, which is health data (seed 002: sensitivity
    health, consent healthDataConsent), so consent is a gate of every module.
    """
    company, client = context.company, context.client
    metadata = {"module": module, "company_id": company.id, "client_id": client.id}
    if not company.mcp_integration_enabled:
        raise AccessPrecondition(
            f"The MCP integration feature is turned off for {company.name}. The company's administrator "
            "can turn it on (the gyms CLI: update-company --mcp on).",
            reason=FEATURE_DISABLED,
            metadata={**metadata, "changed_by": "company_administrator"},
        )
    if not context.relationship.client_ai_access_enabled:
        raise AccessDenied(
            f"Client AI access is turned off for this client at {company.name}. The gym can turn it on "
            "for the client (the gyms CLI: set-relationship --ai-access on).",
            reason=CLIENT_AI_ACCESS_DISABLED,
            metadata={**metadata, "changed_by": "gym"},
        )
    if module not in company.policy.allowed_modules:
        raise AccessDenied(
            f"{company.name}'s client MCP policy does not allow the module {module!r}. The company's "
            "administrator can add it to the policy's allowed modules (the gyms CLI: "
            "update-company --module).",
            reason=MODULE_NOT_ALLOWED,
            metadata={**metadata, "changed_by": "company_administrator"},
        )
    if write and not company.policy.write_tools_allowed:
        raise AccessDenied(
            f"{company.name}'s client MCP policy allows reading only; write tools (start, log, complete) "
            "are not allowed. The company's administrator can allow them (the gyms CLI: update-company "
            "--write-tools on).",
            reason=WRITE_TOOLS_NOT_ALLOWED,
            metadata={**metadata, "changed_by": "company_administrator"},
        )
    if not client.health_data_consent:
        raise AccessPrecondition(
            f"The module {module!r} reads and writes health data and needs the client's health-data "
            "consent, which has not been granted. The client can grant it (recorded by the gym with the "
            "gyms CLI: set-consent --granted on).",
            reason=HEALTH_DATA_CONSENT_REQUIRED,
            metadata={**metadata, "changed_by": "client"},
        )
