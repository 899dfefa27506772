/**
 * Who is calling the agent host, for its rate limit: the verified Web Bot Auth agent (`agent:<key directory>`), else
 * the address (`ip:<address>`, honouring PATCHBAY_TRUST_PROXY through Koa's `ctx.ip`).
 *
 * Verifying a signature may need the agent's key directory, an outbound fetch. That fetch is counted first against
 * the caller's address, in the same bucket as its unsigned requests: a flood of signed requests from one address
 * (new key ids, new directory URLs) makes at most the address's budget of fetches, and is refused with 429 before any
 * fetch past it. Requests whose key is cached, or whose directory is being fetched already, cost no fetch and are
 * not counted there. A verified request is then counted in its agent's own bucket by the caller.
 */
import type Koa from "koa";
import type { RateLimiter } from "../gate/rate-limit.js";
import type { KeyDirectoryClient } from "./signatures/fetch-key-directory.js";
import { verifyAgentRequest } from "./signatures/verify-agent-request.js";

export interface ClientIdentity {
  limiter: RateLimiter;
  directories: KeyDirectoryClient;
}

/** The rate-limit subject of a request on the agent host; throws 401 for a signed request that does not verify. */
export async function identifyAgentClient(ctx: Koa.Context, deps: ClientIdentity): Promise<string> {
  const address = `ip:${ctx.ip}`;
  const verified = await verifyAgentRequest({ method: ctx.method, url: `${ctx.protocol}://${ctx.host}${ctx.url}`, headers: ctx.headers }, deps.directories, async () => {
    await deps.limiter.consume(address);
  });
  if (!verified) return address;
  ctx.state.log?.info({ agent: verified.agent, keyid: verified.keyid }, "web bot auth: verified agent");
  return `agent:${verified.agent}`;
}
