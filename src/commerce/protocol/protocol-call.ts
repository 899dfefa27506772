/**
 * The rules of a UCP or ACP call around the domain action: the protocol's required headers (UCP-Agent; API-Version),
 * Idempotency-Key on every call that changes something, payment material refused with a message, and the session
 * written in the protocol's shape.
 */
import type { Services } from "../../services.js";
import { ACP_VERSION } from "../../agent/discovery/acp-discovery.js";
import { commerceOf, TEST_MODE_NOTICE } from "../commerce.js";
import { refusedPayments, type RefusedPayment } from "../refuse-payment.js";
import type { CheckoutRecord } from "../store/checkout-sessions.js";
import { acpSession } from "./acp-session.js";
import { ucpSession } from "./ucp-session.js";
import { CommerceError } from "./commerce-error.js";
import { idempotent } from "./idempotency.js";

export type Protocol = "ucp" | "acp";
type Headers = Record<string, string | string[] | undefined> | undefined;

export interface ProtocolAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

const one = (headers: Headers, name: string) => {
  const v = headers?.[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
};

export function checkProtocolHeaders(protocol: Protocol, headers: Headers, writes: boolean): void {
  if (protocol === "acp") {
    const version = one(headers, "api-version");
    if (!version) throw new CommerceError(400, "api_version_required", `Send the API-Version header: this server speaks ACP ${ACP_VERSION}.`, { supportedVersions: [ACP_VERSION] });
    if (version !== ACP_VERSION) throw new CommerceError(400, "unsupported_api_version", `API-Version ${version} is not supported: this server speaks ACP ${ACP_VERSION}.`, { supportedVersions: [ACP_VERSION] });
  } else {
    const agent = one(headers, "ucp-agent");
    if (!agent) throw new CommerceError(400, "ucp_agent_required", 'Send the UCP-Agent header with your profile: UCP-Agent: profile="https://your-agent.example/.well-known/ucp".');
    if (!/(^|[;,\s])profile="https?:\/\/[^"\s]+"/.test(agent)) throw new CommerceError(400, "invalid_ucp_agent", 'The UCP-Agent header must name your profile as an RFC 8941 dictionary: profile="https://your-agent.example/.well-known/ucp".');
  }
  if (writes && !one(headers, "idempotency-key")) {
    throw new CommerceError(400, "idempotency_key_required", "Idempotency-Key header is required on every call that changes a checkout session (a new UUID per operation).", { param: "$.headers.Idempotency-Key" });
  }
}

/** A session in the protocol's shape, with what was refused and the test-mode notice. */
export function sessionBody(services: Services, protocol: Protocol, session: CheckoutRecord, refused: RefusedPayment[] = []): Record<string, unknown> {
  const testMode = commerceOf(services).processor.mode === "test" ? TEST_MODE_NOTICE : null;
  const view = protocol === "ucp" ? ucpSession : acpSession;
  return view(session, services.config.agentUrl, { refused, testMode });
}

/** A read: headers checked, the session shown. */
export async function readCall(services: Services, protocol: Protocol, headers: Headers, act: () => Promise<CheckoutRecord>): Promise<ProtocolAnswer> {
  checkProtocolHeaders(protocol, headers, false);
  return { status: 200, body: sessionBody(services, protocol, await act(), refusedPayments(headers, undefined)), headers: {} };
}

/** A call that changes something: headers checked, then once per Idempotency-Key. */
export async function writeCall(
  services: Services,
  call: { protocol: Protocol; operation: string; sessionId: string | null; headers: Headers; body: unknown; status: number },
  act: () => Promise<CheckoutRecord>,
): Promise<ProtocolAnswer> {
  checkProtocolHeaders(call.protocol, call.headers, true);
  const key = one(call.headers, "idempotency-key")!;
  const answer = await idempotent(
    services,
    { scope: `${call.protocol} ${call.operation} ${call.sessionId ?? "-"}`, key, body: call.body, conflictStatus: call.protocol === "acp" ? 422 : 409 },
    async () => ({ status: call.status, body: sessionBody(services, call.protocol, await act(), refusedPayments(call.headers, call.body)) }),
  );
  return { status: answer.status, body: answer.body as Record<string, unknown>, headers: { "Idempotency-Key": key, ...(answer.replayed ? { "Idempotent-Replayed": "true" } : {}) } };
}
