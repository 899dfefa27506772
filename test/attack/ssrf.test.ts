/**
 * SSRF table: every spelling of an internal address (test/attack/ssrf-spellings.ts), through every door that takes a
 * user-given URL. An IP literal must be refused when the URL is given (400); a name that cannot be judged then may
 * pass, but its request must never reach the loopback receiver (which listens on :: so 127.0.0.1, ::1 and mapped
 * forms all arrive). PATCHBAY_ALLOW_PRIVATE_NETWORK is left unset.
 *
 * Doors: createTrigger `webhookUrl` and its deliveries; the app-call door (POST /apps/{app}/request to an app whose
 * base URL the operator set, as `patchbay app configure --base-url` does).
 */
import http from "node:http";
import { isIP } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { configureApp } from "../../src/domain/app-settings.js";
import { attackEnv, CONNECTED_APP, connectApp, startTestServer, startUpstream } from "./support/attack-server.js";
import { ssrfSpellings, type Spelling } from "./ssrf-spellings.js";

interface Receiver {
  port: number;
  hits: { url: string; host: string | undefined; from: string | undefined }[];
  close(): Promise<void>;
}

async function startLoopbackReceiver(): Promise<Receiver> {
  const hits: Receiver["hits"] = [];
  const server = http.createServer((req, res) => {
    hits.push({ url: req.url!, host: req.headers.host, from: req.socket.remoteAddress });
    res.end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "::", () => r()));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}

/** Whether a URL's host is an IP literal once parsed as a browser would (such a URL can always be judged when given). */
function isIpLiteral(url: string): boolean {
  try {
    return isIP(new URL(url).hostname.replace(/^\[(.*)\]$/, "$1")) !== 0;
  } catch {
    return false;
  }
}

let server: TestServer;
let receiver: Receiver;
let key: string;
let spellings: Spelling[];

beforeAll(async () => {
  receiver = await startLoopbackReceiver();
  server = await startTestServer({ ...attackEnv, PATCHBAY_DELIVERY_RETRY_DELAYS: "0,0", PATCHBAY_DELIVERY_TIMEOUT_SECONDS: "1", PATCHBAY_UPSTREAM_TIMEOUT_MS: "2000" });
  const account = await server.newAccount();
  key = account.key;
  await connectApp(server, account.accountId, CONNECTED_APP, "https://example.com");
  spellings = ssrfSpellings(receiver.port);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

interface Verdict {
  spelling: Spelling;
  outcome: "refused" | "passed-then-blocked" | "REACHED" | "NOT REFUSED";
  detail: string;
}

function table(door: string, verdicts: Verdict[]) {
  const refused = verdicts.filter((v) => v.outcome === "refused").length;
  console.log(`SSRF: ${refused} spellings refused / ${verdicts.length} tried (door: ${door}); ${verdicts.filter((v) => v.outcome === "passed-then-blocked").length} names passed at creation but never reached loopback`);
  for (const v of verdicts.filter((x) => x.outcome !== "refused")) console.log(`  ${v.outcome.padEnd(20)} ${v.spelling.name.padEnd(44)} ${v.detail}`);
}

describe("SSRF table", () => {
  it("runs with PATCHBAY_ALLOW_PRIVATE_NETWORK unset, over at least 40 spellings", () => {
    expect(server.service.services.config.allowPrivateNetwork).toBe(false);
    expect(spellings.length).toBeGreaterThanOrEqual(40);
  });

  it("door createTrigger webhookUrl: refuses every internal spelling at creation, or its delivery never reaches loopback", async () => {
    const verdicts: Verdict[] = [];
    const pending: { spelling: Spelling; trigger: string; hitsBefore: number }[] = [];
    for (const spelling of spellings) {
      const res = await server.call("POST", "/api/v1/triggers", { key, body: { source: "webhook", name: "ssrf", webhookUrl: spelling.url } }).catch((err: Error) => ({ status: -1, body: { error: { message: err.message } } }));
      if (res.status === 400) {
        verdicts.push({ spelling, outcome: "refused", detail: "" });
        continue;
      }
      if (res.status !== 201) {
        verdicts.push({ spelling, outcome: "NOT REFUSED", detail: `createTrigger answered ${res.status}: ${JSON.stringify(res.body).slice(0, 160)}` });
        continue;
      }
      const trigger = (res.body as { trigger: { id: string; inboundUrl: string } }).trigger;
      expect((await fetch(trigger.inboundUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
      pending.push({ spelling, trigger: trigger.id, hitsBefore: receiver.hits.length });
    }
    // Wait for every delivery of a trigger that was accepted to finish (or 20 s), then look at the receiver.
    const deadline = Date.now() + 20_000;
    for (const p of pending) {
      let delivery: { status: string; attempts: { error: string | null }[] } | undefined;
      do {
        delivery = (await server.call("GET", `/api/v1/events?trigger=${p.trigger}`, { key })).body[0]?.delivery;
        if (delivery && delivery.status !== "pending") break;
        await new Promise((r) => setTimeout(r, 100));
      } while (Date.now() < deadline);
      const reached = receiver.hits.length > 0;
      const judgedAtCreation = isIpLiteral(p.spelling.url);
      verdicts.push({
        spelling: p.spelling,
        outcome: reached ? "REACHED" : judgedAtCreation ? "NOT REFUSED" : "passed-then-blocked",
        detail: `created (201); delivery ${delivery?.status ?? "?"}: ${delivery?.attempts.at(-1)?.error ?? ""}`.slice(0, 200),
      });
    }
    table("createTrigger webhookUrl + deliveries", verdicts);
    expect(receiver.hits, "requests that reached the loopback receiver").toEqual([]);
    expect(verdicts.filter((v) => v.outcome === "REACHED" || v.outcome === "NOT REFUSED").map((v) => `${v.spelling.name}: ${v.outcome} ${v.detail}`)).toEqual([]);
  }, 120_000);

  it("door requestApp (app base URL set by the operator): no user-given path or query leaves the base URL for an internal address", async () => {
    // The operator's own address is trusted by design (`patchbay app configure --base-url` allows that host, even a
    // private one); what the caller gives (path, query) must never lead anywhere else, in any spelling.
    const operatorUpstream = await startUpstream();
    const { db, secrets } = server.service.services;
    await configureApp(db, secrets, CONNECTED_APP, { baseUrl: `${operatorUpstream.url}/base` });
    const verdicts: Verdict[] = [];
    let keptUnderBase = 0;
    try {
      for (const spelling of spellings) {
        const rest = spelling.url.replace(/^[a-z]+:/i, ""); // "//host:port/ssrf"
        const host = rest.slice(2);
        const attempts: { path: string; query?: Record<string, string> }[] = [
          { path: rest },
          { path: `/@${host}` },
          { path: `/%2f%2f${host}` },
          { path: `/..//..//${host}` },
          { path: `/\\${host}` },
          { path: "/", query: { url: spelling.url } },
        ];
        let worst: Verdict = { spelling, outcome: "refused", detail: "" };
        for (const a of attempts) {
          const before = receiver.hits.length;
          const under = operatorUpstream.hits.length;
          const res = await server.call("POST", `/api/v1/apps/${CONNECTED_APP}/request`, { key, body: { method: "GET", ...a } }).catch((err: Error) => ({ status: -1, body: err.message }));
          if (receiver.hits.length > before) worst = { spelling, outcome: "REACHED", detail: `path ${a.path}: ${res.status}` };
          else if (res.status >= 500 || res.status < 0) worst = worst.outcome === "REACHED" ? worst : { spelling, outcome: "NOT REFUSED", detail: `path ${a.path}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}` };
          else if (operatorUpstream.hits.length > under) keptUnderBase++;
        }
        verdicts.push(worst);
      }
    } finally {
      await operatorUpstream.stop();
    }
    table("requestApp path/query (app base URL set by the operator)", verdicts);
    console.log(`  (${keptUnderBase} of ${spellings.length * 6} calls stayed under the operator's base URL; the rest were refused with a 4xx)`);
    expect(receiver.hits, "requests that reached the loopback receiver").toEqual([]);
    expect(verdicts.filter((v) => v.outcome !== "refused").map((v) => `${v.spelling.name}: ${v.outcome} ${v.detail}`)).toEqual([]);
  }, 300_000);
});
