/**
 * A tool run with an argument the tool does not take is refused, naming it and the inputs the tool takes: the app's
 * request is built from the known inputs only, so a typo (`titel`) would otherwise vanish without a trace.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { toolByHttp } from "../helpers/tools.js";

let server: TestServer;
let key: string;
let createIssue: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.newAccount()).key;
  createIssue = toolByHttp(server.service.services.catalog, "github", "POST", "/repos/{owner}/{repo}/issues").name;
});
afterAll(() => server?.stop());

const run = (tool: string, args: Record<string, unknown>) => server.call("POST", `/api/v1/tools/${tool}/run`, { key, body: { arguments: args } });

describe("unknown tool arguments", () => {
  it("rejects a misspelt argument with 400, naming it, the likely meant one and the tool's inputs", async () => {
    const res = await run(createIssue, { owner: "octo", repo: "hello", title: "x", titel: "y" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message).toContain(`arguments.titel is not an input of ${createIssue}`);
    expect(res.body.error.message).toContain("Did you mean title?");
    expect(res.body.error.message).toMatch(/takes: owner, repo, .*title/);
  });

  it("names every unknown argument at once", async () => {
    const res = await run(createIssue, { owner: "octo", repo: "hello", title: "x", colour: "red", zzz: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("arguments.colour, arguments.zzz are not inputs of");
  });

  it("lets known arguments through to the next check (here: no connection to GitHub yet)", async () => {
    const res = await run(createIssue, { owner: "octo", repo: "hello", title: "x" });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("app_not_connected");
  });
});
