"""The one table mapping the client's methods to the contract's operations.

Each entry: operationId -> (HTTP method, path under the base URL, the client attribute that calls it).
A test reads ``generated/openapi.json`` and fails when a REST operation under ``/api/v1`` is missing here, or
when its method or path differ; another calls each attribute and checks it sends that operation.
"""
from typing import Dict, NamedTuple


class Operation(NamedTuple):
    method: str
    path: str
    attribute: str


OPERATIONS: Dict[str, Operation] = {
    "listCatalog": Operation("GET", "/api/v1/catalog", "catalog.list"),
    "listApps": Operation("GET", "/api/v1/apps", "apps.list"),
    "getApp": Operation("GET", "/api/v1/apps/{app}", "apps.get"),
    "connectApp": Operation("POST", "/api/v1/apps/{app}/connect", "apps.connect"),
    "requestApp": Operation("POST", "/api/v1/apps/{app}/request", "request"),
    "listConnections": Operation("GET", "/api/v1/connections", "connections.list"),
    "deleteConnection": Operation("DELETE", "/api/v1/connections/{id}", "connections.delete"),
    "listTools": Operation("GET", "/api/v1/tools", "tools.list"),
    "findTools": Operation("POST", "/api/v1/tools/find", "tools.find"),
    "getTool": Operation("GET", "/api/v1/tools/{tool}", "tools.get"),
    "runTool": Operation("POST", "/api/v1/tools/{tool}/run", "tools.run"),
    "listCustomConnectors": Operation("GET", "/api/v1/custom-connectors", "custom_connectors.list"),
    "createCustomConnector": Operation("POST", "/api/v1/custom-connectors", "custom_connectors.create"),
    "deleteCustomConnector": Operation("DELETE", "/api/v1/custom-connectors/{id}", "custom_connectors.delete"),
    "refreshCustomConnector": Operation("POST", "/api/v1/custom-connectors/{id}/refresh", "custom_connectors.refresh"),
    "listTriggerTypes": Operation("GET", "/api/v1/triggers/types", "triggers.types"),
    "createTrigger": Operation("POST", "/api/v1/triggers", "triggers.create"),
    "listTriggers": Operation("GET", "/api/v1/triggers", "triggers.list"),
    "updateTrigger": Operation("PATCH", "/api/v1/triggers/{id}", "triggers.update"),
    "deleteTrigger": Operation("DELETE", "/api/v1/triggers/{id}", "triggers.delete"),
    "listEvents": Operation("GET", "/api/v1/events", "events.list"),
    "redeliverEvent": Operation("POST", "/api/v1/events/{id}/redeliver", "events.redeliver"),
    "listRuns": Operation("GET", "/api/v1/runs", "runs.list"),
    "getMe": Operation("GET", "/api/v1/me", "me"),
}
