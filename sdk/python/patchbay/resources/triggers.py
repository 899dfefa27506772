from typing import Any, Dict, Literal, Optional

from .._http import Page, Resource, compact
from ..types import Deleted, Event, Trigger, TriggerCreated, TriggerTypes


class Triggers(Resource):
    """Triggers deliver events from connected apps (or any sender, for a generic webhook) to a webhook."""

    def types(self, app: str) -> TriggerTypes:
        """The event kinds an app can send: ``{"triggers": [...]}``."""
        return self._t.call("listTriggerTypes", query={"app": app})

    def create(self, type: Optional[str] = None, webhook_url: Optional[str] = None,
               config: Optional[Dict[str, Any]] = None, connection: Optional[str] = None,
               source: Optional[Literal["webhook"]] = None, name: Optional[str] = None) -> TriggerCreated:
        """Watches an app, ``create(type=..., webhook_url=..., config=None)``, or opens a generic inbound webhook,
        ``create(source="webhook", name=..., webhook_url=None)``.

        Keep the answer's ``signingSecret``: it verifies deliveries and is shown once.
        """
        if source is not None:
            if type is not None or config is not None or connection is not None:
                raise ValueError('A generic webhook trigger (source="webhook") takes name and webhook_url only.')
            body = compact(source=source, name=name, webhookUrl=webhook_url)
        else:
            if type is None or webhook_url is None:
                raise ValueError('Give type and webhook_url, or source="webhook" and name.')
            body = compact(type=type, webhookUrl=webhook_url, config=config, connection=connection)
        return self._t.call("createTrigger", body=body)

    def list(self, limit: Optional[int] = None, cursor: Optional[str] = None) -> "Page[Trigger]":
        """The account's triggers; a ``Page`` (see ``next_cursor``)."""
        return self._t.call("listTriggers", query=compact(limit=limit, cursor=cursor), page=True)

    def update(self, id: str, webhook_url: Optional[str] = None, enabled: Optional[bool] = None,
               name: Optional[str] = None) -> Trigger:
        """Changes where the trigger delivers, pauses (``enabled=False``) or resumes it, or renames a generic webhook
        trigger. While paused, events are still stored (as ``skipped``) but not delivered; resuming does not replay them.
        """
        body = compact(webhookUrl=webhook_url, enabled=enabled, name=name)
        if not body:
            raise ValueError("Give webhook_url, enabled or name.")
        return self._t.call("updateTrigger", path={"id": id}, body=body)

    def delete(self, id: str) -> Deleted:
        """Stops watching."""
        return self._t.call("deleteTrigger", path={"id": id})


class Events(Resource):
    """Events received by the account's triggers."""

    def list(self, trigger: str, limit: Optional[int] = None) -> "Page[Event]":
        """A trigger's last events (up to 50) with the outcome of each delivery."""
        return self._t.call("listEvents", query=compact(trigger=trigger, limit=limit), page=True)

    def redeliver(self, id: str) -> Event:
        """Sends a stored event again to the trigger's current webhook URL: a new round of up to 3 attempts, numbered
        on from the event's last attempt. Answers the event (202: queued)."""
        return self._t.call("redeliverEvent", path={"id": id})
