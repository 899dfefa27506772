/** The official MCP conformance suite (pinned, run on Node 22 from the npm registry) against the real server. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { rootDir } from "../../src/db/paths.js";
import { nodeBinary } from "../helpers/node-binary.js";

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ key } = await server.newAccount());
});
afterAll(() => server?.stop());

const NODE_22 = "22.23.3";
const cli = join(rootDir, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

describe("MCP conformance suite", () => {
  it.each(["server-initialize", "ping", "tools-list", "dns-rebinding-protection"])("passes %s", (scenario) => {
    // The suite cannot send headers, so it uses the URL form of the endpoint.
    const url = `${server.url.replace("127.0.0.1", "localhost")}/mcp/k/${key}`;
    const run = spawnSync(nodeBinary(NODE_22), [cli, "server", "--url", url, "--scenario", scenario], { encoding: "utf8", timeout: 120_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    console.log(`conformance ${scenario}: exit ${run.status}\n${output.split("\n").filter((l) => /pass|fail|✓|✗|error/i.test(l)).slice(0, 20).join("\n")}`);
    expect(run.status, output).toBe(0);
  });
});
