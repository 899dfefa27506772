/**
 * A signed request can cost a key-directory fetch: the fetch is counted against the caller's address first (the same
 * budget as its unsigned requests), so that a flood of signed requests cannot make us fetch at its own pace; once
 * the key is cached, a verified agent is counted in its own bucket only. Requests waiting for the same directory
 * share one fetch. The agent host's anonymous /mcp identifies its clients the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { newEd25519Key, serveDirectory, signedHeaders, type TestAgent } from "./test-agent.js";

let server: TestServer;
let key: JsonWebKey;
const directories: TestAgent[] = [];
beforeAll(async () => {
  key = newEd25519Key();
  for (let i = 0; i < 5; i++) directories.push(await serveDirectory([key]));
  server = await startTestServer({ PATCHBAY_ALLOW_PRIVATE_NETWORK: "true", PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND: "1", PATCHBAY_TRUST_PROXY: "true" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  for (const d of directories) await d.close();
});

const site = () => `${server.url}/agent/site.json`;
const get = (headers: Record<string, string>) => server.call("GET", "/agent/site.json", { key: null, headers });
const fetches = (ds: TestAgent[]) => ds.reduce((n, d) => n + d.fetches, 0);

describe("key-directory fetches of signed requests", () => {
  it("are counted against the address before fetching: a burst naming new directories makes one fetch, the rest 429", async () => {
    const burst = directories.slice(0, 4);
    const headers = await Promise.all(burst.map(async (d) => ({ ...(await signedHeaders(site(), key, `sig1="${d.origin}"`)), "x-forwarded-for": "192.0.2.1" })));
    const answers = await Promise.all(headers.map(get)); // together: one second
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.status === 429)) expect(refused.body.error.code).toBe("rate_limited");
    expect(fetches(burst)).toBe(1);
  });

  it("are shared by requests waiting for the same directory", async () => {
    const directory = directories[4]!;
    const headers = await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ ...(await signedHeaders(site(), key, `sig1="${directory.origin}"`)), "x-forwarded-for": `192.0.2.${10 + i}` })));
    await Promise.all(headers.map(get));
    expect(directory.fetches).toBe(1);
  });

  it("leave a verified agent with a cached key in its own bucket, apart from its address", async () => {
    const directory = await serveDirectory([key]);
    try {
      const address = { "x-forwarded-for": "192.0.2.30" };
      const signed = async () => ({ ...(await signedHeaders(site(), key, `sig1="${directory.origin}"`)), ...address });
      expect((await get(await signed())).status).toBe(200); // fetches the directory, counted against the address
      await sleep(1100); // the next second: both budgets full again
      const [anonymous, agent] = await Promise.all([get(address), get(await signed())]);
      expect([anonymous.status, agent.status]).toEqual([200, 200]);
      expect(directory.fetches).toBe(1);
    } finally {
      await directory.close();
    }
  });
});

describe("the agent host's /mcp without a key", () => {
  const callTool = (headers: Record<string, string>) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_apps", arguments: { limit: 1 } } }),
    });

  it("counts a verified agent's tool calls in the agent's bucket, whatever its address", async () => {
    const directory = await serveDirectory([key]);
    try {
      const signed = async (address: string) => ({ ...(await signedHeaders(`${server.url}/mcp`, key, `sig1="${directory.origin}"`)), "x-forwarded-for": address });
      expect((await callTool(await signed("192.0.2.40"))).status).toBe(200); // fetches the directory
      await sleep(1100); // the next second: every budget full again
      const [a, b, anonymous] = await Promise.all([callTool(await signed("192.0.2.41")), callTool(await signed("192.0.2.42")), callTool({ "x-forwarded-for": "192.0.2.41" })]);
      expect([a.status, b.status].sort()).toEqual([200, 429]);
      expect(anonymous.status).toBe(200);
    } finally {
      await directory.close();
    }
  });

  it("refuses a signature that does not verify with 401, not an anonymous session", async () => {
    const res = await callTool({ ...(await signedHeaders(`${server.url}/mcp`, newEd25519Key(), `sig1="${directories[0]!.origin}"`)), "x-forwarded-for": "192.0.2.50" });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatchObject({ code: "unauthorized", message: expect.stringContaining("Web Bot Auth") });
  });
});
