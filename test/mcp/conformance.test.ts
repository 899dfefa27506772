/** The official MCP conformance suite (pinned, run on Node 22 from the npm registry) against the real server. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
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
  it.each(["server-initialize", "ping", "tools-list", "dns-rebinding-protection"])("passes %s", async (scenario) => {
    // The suite cannot send headers, so it uses the URL form of the endpoint.
    const url = `${server.url.replace("127.0.0.1", "localhost")}/mcp/k/${key}`;
    // Asynchronously: the server under test runs in this process.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(nodeBinary(NODE_22), [cli, "server", "--url", url, "--scenario", scenario], { timeout: 120_000 });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (status) => resolve({ status, stdout, stderr }));
    });
    const output = `${run.stdout}\n${run.stderr}`;
    console.log(`conformance ${scenario}: exit ${run.status}\n${output.split("\n").filter((l) => /pass|fail|✓|✗|error/i.test(l)).slice(0, 20).join("\n")}`);
    expect(run.status, output).toBe(0);
  });
});
