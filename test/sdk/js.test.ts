/**
 * The built JavaScript client (sdk/js/dist, as published) against a live server, its webhook verification, and
 * its package: ESM, CommonJS and types, with no dependencies.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSdk, distDir, sdkDir } from "../../scripts/sdk-build.js";
import { withSdkDist } from "../helpers/sdk-dist-lock.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

type Sdk = typeof import("../../sdk/js/src/index.js");

let sdk: Sdk;
let server: TestServer;
let patchbay: InstanceType<Sdk["Patchbay"]>;
/** Two TypeScript compiler runs: ~10 s on an idle machine, much more on 2 busy cores; no timing is asserted. */
const TYPE_CHECK_TIMEOUT_MS = 300_000;
/** Any tool name: the run test answers from a stub. */
const TOOL = "GITHUB_GET_THE_AUTHENTICATED_USER";

beforeAll(async () => {
  await withSdkDist(async () => {
    const sizes = await buildSdk();
    console.log(sizes.map((s) => `${s.file}: ${s.bytes} B raw, ${s.gzipBytes} B gzip`).join("; "));
    sdk = (await import(pathToFileURL(join(distDir, "index.mjs")).href)) as Sdk;
  });
  server = await startTestServer();
  patchbay = new sdk.Patchbay({ apiKey: (await server.newAccount()).key, baseUrl: server.url });
});
afterAll(() => server?.stop());

/** The PatchbayError a call rejects with (fails if it resolves or throws something else). */
async function failure(pending: Promise<unknown>) {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(sdk.PatchbayError);
  return error as InstanceType<Sdk["PatchbayError"]>;
}

describe("errors", () => {
  it("rejects a bad key with a PatchbayError: unauthorized, 401, a request id", async () => {
    const error = await failure(new sdk.Patchbay({ apiKey: "patchbay_sk_not_a_real_key", baseUrl: server.url }).me());
    expect(error).toMatchObject({ name: "PatchbayError", code: "unauthorized", status: 401 });
    expect(error.requestId).toMatch(/\S/);
    expect(error.message).toMatch(/\S/);
  });

  it("rejects a call without a key with unauthorized", async () => {
    expect(await failure(new sdk.Patchbay({ baseUrl: server.url }).apps.list())).toMatchObject({ code: "unauthorized", status: 401 });
  });

  it("answers not_found for an unknown app and an unknown tool", async () => {
    expect(await failure(patchbay.apps.get("no_such_app_anywhere"))).toMatchObject({ code: "not_found", status: 404 });
    expect(await failure(patchbay.tools.get("NO_SUCH_TOOL_ANYWHERE"))).toMatchObject({ status: 404 });
  });

  it("refuses to run a tool or call an app that is not connected: app_not_connected", async () => {
    const tool = (await patchbay.tools.list({ app: "github", limit: 200 })).find((t) => !(t.inputSchema.required as string[] | undefined)?.length);
    expect(await failure(patchbay.tools.run(tool!.name, {}))).toMatchObject({ code: "app_not_connected", status: 409 });
    expect(await failure(patchbay.request("github", { method: "GET", path: "/user" }))).toMatchObject({ code: "app_not_connected" });
  });

  it("answers not_found for deleting an unknown connection", async () => {
    expect(await failure(patchbay.connections.delete("conn_unknown"))).toMatchObject({ code: "not_found", status: 404 });
  });

  it("surfaces a 501 not_implemented answer (an operation not built yet)", async () => {
    const fake: typeof fetch = async () =>
      Response.json({ error: { code: "not_implemented", message: "Not built yet.", requestId: "req_1" } }, { status: 501 });
    const error = await failure(new sdk.Patchbay({ apiKey: "k", baseUrl: server.url, fetch: fake }).triggers.list());
    expect(error).toMatchObject({ code: "not_implemented", status: 501, message: "Not built yet.", requestId: "req_1" });
  });

  it("surfaces the live server's 501s, while some operations are not built", async () => {
    const candidates = [() => patchbay.triggers.list(), () => patchbay.customConnectors.list(), () => patchbay.triggers.types({ app: "github" })];
    for (const call of candidates) {
      const outcome = await call().then(() => undefined, (e: unknown) => e);
      if (outcome instanceof sdk.PatchbayError && outcome.status === 501) {
        expect(outcome.code).toBe("not_implemented");
        expect(outcome.requestId).toMatch(/\S/);
        return;
      }
      if (outcome) throw outcome;
    }
    console.log("every candidate operation is built: no live 501 left to check");
  });

  it("reports an answer that is not a Patchbay error body as unexpected_response", async () => {
    const fake: typeof fetch = async () => new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html", "x-request-id": "req_proxy" } });
    expect(await failure(new sdk.Patchbay({ apiKey: "k", baseUrl: server.url, fetch: fake }).me())).toMatchObject({
      code: "unexpected_response",
      status: 502,
      requestId: "req_proxy",
    });
  });

  it("reports an unreachable service as network_error", async () => {
    expect(await failure(new sdk.Patchbay({ apiKey: "k", baseUrl: "http://127.0.0.1:9" }).me())).toMatchObject({ code: "network_error", status: 0 });
  });
});

describe("account, apps and the catalog", () => {
  it("me() is the account behind the key", async () => {
    const me = await patchbay.me();
    expect(me.id).toMatch(/^acct_/);
    expect(me.key.permissions).toContain("read");
  });

  it("apps.list returns an array with a non-enumerable nextCursor that fetches the next page", async () => {
    const first = await patchbay.apps.list({ limit: 2 });
    expect(Array.isArray(first)).toBe(true);
    expect(first).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(Object.keys(first)).not.toContain("nextCursor");
    const second = await patchbay.apps.list({ limit: 2, cursor: first.nextCursor! });
    expect(second.map((a) => a.id)).not.toEqual(first.map((a) => a.id));
  });

  it("apps.search and apps.get give the account's connection status", async () => {
    expect((await patchbay.apps.search("github")).map((a) => a.id)).toContain("github");
    expect(await patchbay.apps.get("github")).toMatchObject({ id: "github", connectionStatus: "not_connected" });
  });

  it("apps.connect answers a sign-in link", async () => {
    const link = await patchbay.apps.connect("github");
    expect(link).toMatchObject({ app: "github", url: expect.stringMatching(/^https?:\/\//) });
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now());
  });

  it("catalog.list needs no key", async () => {
    const apps = await new sdk.Patchbay({ baseUrl: server.url }).catalog.list({ search: "github", limit: 5 });
    expect(apps.map((a) => a.id)).toContain("github");
  });

  it("connections.list and runs.list return arrays", async () => {
    expect(await patchbay.connections.list()).toEqual([]);
    expect(Array.isArray(await patchbay.runs.list())).toBe(true);
  });
});

describe("tools", () => {
  it("lists an app's tools, gets one, finds them by task", async () => {
    const tools = await patchbay.tools.list({ app: "github", limit: 3 });
    expect(tools).toHaveLength(3);
    expect(tools.every((t) => t.app === "github")).toBe(true);
    expect(await patchbay.tools.get(tools[0]!.name)).toMatchObject({ name: tools[0]!.name, inputSchema: { type: "object" } });
    const { tools: found } = await patchbay.tools.find("create an issue on github", { app: "github", limit: 5 });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(5);
    expect(found.every((t) => t.name.startsWith("GITHUB_"))).toBe(true);
  });

  it("builds every tool of an app as OpenAI and Anthropic definitions", async () => {
    const { toolCount } = await patchbay.apps.get("github");
    const openai = await patchbay.tools.definitions({ app: "github", format: "openai" });
    const anthropic = await patchbay.tools.definitions({ app: "github", format: "anthropic" });
    expect(openai).toHaveLength(toolCount);
    expect(anthropic).toHaveLength(toolCount);
    for (const d of openai) {
      expect(Object.keys(d).sort()).toEqual(["function", "type"]);
      expect(d.type).toBe("function");
      expect(Object.keys(d.function).sort()).toEqual(["description", "name", "parameters"]);
      expect(d.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(d.function.parameters.type).toBe("object");
    }
    for (const d of anthropic) {
      expect(Object.keys(d).sort()).toEqual(["description", "input_schema", "name"]);
      expect(d.input_schema.type).toBe("object");
    }
    expect(anthropic.map((d) => d.name)).toEqual(openai.map((d) => d.function.name));
    expect(new Set(openai.map((d) => d.function.name)).size).toBe(toolCount);
  });

  it("rejects a bad limit and a call with neither app nor task", async () => {
    await expect(patchbay.tools.definitions({ app: "github", format: "openai", limit: 0 })).rejects.toThrow(/limit must be a whole number/);
    await expect(patchbay.tools.definitions({ format: "openai" })).rejects.toThrow(/Give app .* or task/);
  });

  it("keeps at most `limit` definitions and says so: total and truncated", async () => {
    const { toolCount } = await patchbay.apps.get("github");
    const some = await patchbay.tools.definitions({ app: "github", format: "openai", limit: 128 });
    expect(some).toHaveLength(128);
    expect([some.total, some.truncated]).toEqual([toolCount, true]);
    expect(Object.keys(some)).toHaveLength(128); // total and truncated do not show up as entries
  });

  it("picks the best tools for a task with `task`", async () => {
    const best = await patchbay.tools.definitions({ app: "github", format: "anthropic", task: "create an issue", limit: 5 });
    expect(best.length).toBeLessThanOrEqual(5);
    expect(best.map((d) => d.name)).toContain("GITHUB_ISSUES_CREATE");
    const all = await patchbay.tools.definitions({ app: "github", format: "openai" });
    expect([all.total, all.truncated]).toEqual([all.length, false]);
  });

  it("rejects an unknown definition format", async () => {
    await expect(patchbay.tools.definitions({ app: "github", format: "gemini" as "openai" })).rejects.toThrow(/Unknown tool definition format/);
  });

  it("tools.find sends the text as `task`", async () => {
    let sent: unknown;
    const spy: typeof fetch = async (input) => {
      sent = await (input as Request).json();
      return Response.json({ tools: [] });
    };
    await new sdk.Patchbay({ apiKey: "k", baseUrl: server.url, fetch: spy }).tools.find("send an email", { limit: 2 });
    expect(sent).toEqual({ task: "send an email", limit: 2 });
  });

  it("tools.run sends arguments, connection and the Idempotency-Key header", async () => {
    let request: Request | undefined;
    let body: unknown;
    const spy: typeof fetch = async (input) => {
      request = input as Request;
      body = await request.clone().json();
      return Response.json({});
    };
    await new sdk.Patchbay({ apiKey: "patchbay_sk_x", baseUrl: server.url, fetch: spy }).tools.run(TOOL, { a: 1 }, { connection: "conn_1", idempotencyKey: "once" });
    expect(request!.url).toBe(`${server.url}/api/v1/tools/${TOOL}/run`);
    expect(request!.headers.get("idempotency-key")).toBe("once");
    expect(request!.headers.get("authorization")).toBe("Bearer patchbay_sk_x");
    expect(body).toEqual({ arguments: { a: 1 }, connection: "conn_1" });
  });
});

describe("webhooks.verify", () => {
  const secret = "whsec_test_secret";
  const body = JSON.stringify({ id: "evt_1", type: "webhook", payload: { hello: "world" } });
  const rejection = async (raw: string | Uint8Array, headers: Record<string, string> | Headers, key = secret, opts?: { toleranceSeconds?: number }) => {
    const error = await failure(sdk.webhooks.verify(raw, headers, key, opts));
    expect(error.code).toBe("invalid_signature");
    return error;
  };

  it("rejects a tampered body", async () => {
    await rejection(body.replace("world", "w0rld"), await sdk.webhooks.sign(body, secret));
  });

  it("rejects the wrong secret", async () => {
    await rejection(body, await sdk.webhooks.sign(body, "another secret"));
  });

  it("rejects a timestamp older than 5 minutes", async () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    expect((await rejection(body, await sdk.webhooks.sign(body, secret, { timestamp: old }))).message).toMatch(/old/);
  });

  it("rejects a timestamp more than 5 minutes in the future", async () => {
    // 330, not 301: a second boundary crossed before verify runs would bring 301 back to 300 (accepted).
    const future = Math.floor(Date.now() / 1000) + 330;
    expect((await rejection(body, await sdk.webhooks.sign(body, secret, { timestamp: future }))).message).toMatch(/future/);
  });

  it("rejects malformed or missing headers", async () => {
    const good = await sdk.webhooks.sign(body, secret);
    const sig = good["x-patchbay-signature"]!;
    const cases: Record<string, Record<string, string>> = {
      "no signature": { "x-patchbay-timestamp": good["x-patchbay-timestamp"]! },
      "no timestamp": { "x-patchbay-signature": sig },
      "no sha256= prefix": { ...good, "x-patchbay-signature": sig.slice(7) },
      "uppercase hex": { ...good, "x-patchbay-signature": `sha256=${sig.slice(7).toUpperCase()}` },
      "short signature": { ...good, "x-patchbay-signature": sig.slice(0, -2) },
      "timestamp not a number": { ...good, "x-patchbay-timestamp": "soon" },
      "two signatures": { ...good, "X-Patchbay-Signature": sig },
    };
    for (const headers of Object.values(cases)) await rejection(body, headers);
    await rejection(body, good, "");
  });

  it("accepts a good delivery and returns the parsed event", async () => {
    const headers = await sdk.webhooks.sign(body, secret, { eventId: "evt_1" });
    expect(await sdk.webhooks.verify(body, headers, secret)).toEqual(JSON.parse(body));
  });

  it("accepts a Headers object, Node-style headers in any case, and a Buffer body", async () => {
    const signed = await sdk.webhooks.sign(body, secret);
    expect(await sdk.webhooks.verify(body, new Headers(signed), secret)).toMatchObject({ id: "evt_1" });
    const nodeStyle = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toUpperCase(), [v]]));
    expect(await sdk.webhooks.verify(Buffer.from(body), nodeStyle, secret)).toMatchObject({ id: "evt_1" });
  });

  it("honours toleranceSeconds", async () => {
    const headers = await sdk.webhooks.sign(body, secret, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    await rejection(body, headers);
    expect(await sdk.webhooks.verify(body, headers, secret, { toleranceSeconds: 900 })).toMatchObject({ id: "evt_1" });
  });

  it("signs as the service does: sha256= + hex HMAC-SHA256(secret, timestamp.body)", async () => {
    const { createHmac } = await import("node:crypto");
    const headers = await sdk.webhooks.sign("{}", "s", { timestamp: 1_700_000_000 });
    expect(headers["x-patchbay-signature"]).toBe(`sha256=${createHmac("sha256", "s").update("1700000000.{}").digest("hex")}`);
  });
});

describe("the package", () => {
  it("is @patchbay/sdk 1.0.0 with no dependencies, and exports import, require and types", async () => {
    const pkg = JSON.parse(await readFile(join(sdkDir, "package.json"), "utf8"));
    expect(pkg).toMatchObject({ name: "@patchbay/sdk", version: "1.0.0" });
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", import: "./dist/index.mjs", require: "./dist/index.cjs" });
    expect(sdk.VERSION).toBe("1.0.0");
  });

  it("loads with require() and offers the same API", async () => {
    const cjs = await withSdkDist(async () => createRequire(import.meta.url)(join(distDir, "index.cjs")) as Sdk);
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(sdk).sort());
    const me = await new cjs.Patchbay({ apiKey: (await server.newAccount()).key, baseUrl: server.url }).me();
    expect(me.id).toMatch(/^acct_/);
  });

  it("type-checks a consumer, as ESM and as CommonJS, and every example of the README", async () => {
    const dir = await mkdtemp(join(tmpdir(), "patchbay-sdk-types-"));
    try {
      await mkdir(join(dir, "node_modules/@patchbay"), { recursive: true });
      await symlink(sdkDir, join(dir, "node_modules/@patchbay/sdk"), "dir");
      const consumer = `import { Patchbay, PatchbayError, webhooks, type Page, type Tool, type OpenAIToolDefinition } from "@patchbay/sdk";
const p = new Patchbay({ apiKey: "k" });
export async function f(): Promise<[Page<Tool>, OpenAIToolDefinition[], string | null, boolean]> {
  const tools = await p.tools.list({ app: "github" });
  const defs = await p.tools.definitions({ app: "github", format: "openai" });
  const { url } = await p.apps.connect("github");
  const e = new PatchbayError("not_found", "x", { status: 404 });
  await webhooks.verify("{}", new Headers(), "s");
  return [tools, defs, tools.nextCursor ?? url, e.status === 404];
}
// @ts-expect-error: the find body field is typed
p.tools.find("x", { nope: 1 });
`;
      await writeFile(join(dir, "esm.mts"), consumer);
      await writeFile(join(dir, "cjs.cts"), consumer);
      const readme = await readFile(join(sdkDir, "README.md"), "utf8");
      const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
      expect(examples.length).toBeGreaterThanOrEqual(5);
      for (const [i, code] of examples.entries()) await writeFile(join(dir, `readme-${i}.mts`), `${code}\nexport {};\n`);
      const tsc = join(process.cwd(), "node_modules/typescript/bin/tsc");
      const common = ["--noEmit", "--strict", "--skipLibCheck", "false", "--skipDefaultLibCheck", "--target", "ES2022", "--lib", "ES2022,DOM,DOM.Iterable"];
      const compile = (extra: string[], files: string[]) =>
        execFileSync(process.execPath, [tsc, ...common, ...extra, ...files.map((f) => join(dir, f))], { cwd: dir, stdio: "pipe" });
      // Two compiler runs, not one per file: each run loads the DOM and ES libraries again (seconds on a busy machine);
      // the SDK's own .d.ts files are checked (skipLibCheck false), TypeScript's bundled lib files are not.
      // Under NodeNext, .mts compiles as ESM and .cts as CommonJS in the same run.
      const nodeTypes = ["--types", "node", "--typeRoots", join(process.cwd(), "node_modules/@types")];
      compile(["--module", "NodeNext", "--moduleResolution", "NodeNext", ...nodeTypes], ["esm.mts", "cjs.cts", ...examples.map((_, i) => `readme-${i}.mts`)]);
      compile(["--module", "ESNext", "--moduleResolution", "Bundler"], ["esm.mts"]);
    } catch (error) {
      throw new Error(String((error as { stdout?: Buffer }).stdout ?? error));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, TYPE_CHECK_TIMEOUT_MS);
});

describe("installing from the repository", () => {
  // In this file, not its own: the install's `prepare` rebuilds sdk/js/dist, which the tests above load.
  it("npm install <repo>/sdk/js in a fresh project builds dist (prepare) and gives ESM, CommonJS and types", async () => {
    const project = await mkdtemp(join(tmpdir(), "patchbay-sdk-install-"));
    try {
      await writeFile(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
      await withSdkDist(async () => {
        await rm(distDir, { recursive: true, force: true }); // as on a fresh clone: only `prepare` can make it
        execFileSync("npm", ["install", sdkDir, "--no-audit", "--no-fund", "--offline"], { cwd: project, stdio: "pipe" });
      });
      const installed = join(project, "node_modules/@patchbay/sdk");
      for (const file of ["index.mjs", "index.cjs", "index.d.ts"]) expect((await readFile(join(installed, "dist", file), "utf8")).length).toBeGreaterThan(0);
      const esm = execFileSync(process.execPath, ["--input-type=module", "-e", 'import { VERSION, Patchbay } from "@patchbay/sdk"; console.log(VERSION, typeof Patchbay)'], { cwd: project, encoding: "utf8" });
      const cjs = execFileSync(process.execPath, ["-e", 'const { VERSION, webhooks } = require("@patchbay/sdk"); console.log(VERSION, typeof webhooks.verify)'], { cwd: project, encoding: "utf8" });
      expect([esm.trim(), cjs.trim()]).toEqual(["1.0.0 function", "1.0.0 function"]);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }, TYPE_CHECK_TIMEOUT_MS);
});
