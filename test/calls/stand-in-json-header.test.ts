/**
 * The provider stand-in (test/fixtures/providers) with a header declared as JSON content, as Dropbox declares
 * Dropbox-API-Arg on its content endpoints: the header's text is parsed and checked against the declared schema, so
 * a tool that sends it right passes and one that sends something else is refused with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiStandIn, type ApiStandIn } from "../fixtures/providers/index.js";

let standIn: ApiStandIn;
beforeAll(async () => {
  standIn = await startApiStandIn({
    description: {
      openapi: "3.0.3",
      info: { title: "content", version: "1" },
      servers: [{ url: "/2" }],
      paths: {
        "/files/upload": {
          post: {
            operationId: "upload",
            parameters: [
              {
                name: "Dropbox-API-Arg",
                in: "header",
                required: true,
                content: { "application/json": { schema: { type: "object", required: ["path"], properties: { path: { type: "string" }, mode: { type: "string", enum: ["add", "overwrite"] } } } } },
              },
            ],
            responses: { "200": { description: "ok", content: { "application/json": { example: { id: "id:1" } } } } },
          },
        },
      },
    },
    auth: { type: "none" },
  });
});
afterAll(() => standIn?.stop());

const upload = (arg: string) => fetch(`${standIn.url}/2/files/upload`, { method: "POST", headers: { "Dropbox-API-Arg": arg } });

describe("a header declared as application/json content", () => {
  it("accepts JSON text that fits the schema", async () => {
    const res = await upload(JSON.stringify({ path: "/a.txt", mode: "add" }));
    expect(res.status).toBe(200);
    expect(standIn.requests.at(-1)).toMatchObject({ status: 200, operationId: "upload" });
  });

  it("refuses JSON that does not fit the schema, and text that is not JSON, saying why", async () => {
    const wrong = await upload(JSON.stringify({ mode: "append" }));
    expect(wrong.status).toBe(400);
    expect(standIn.requests.at(-1)!.problems!.map((p) => p.message).join("; ")).toMatch(/"path" is required/);
    const mode = await upload(JSON.stringify({ path: "/a.txt", mode: "append" }));
    expect(mode.status).toBe(400);
    expect(standIn.requests.at(-1)!.problems!.map((p) => `${p.in}: ${p.message}`).join("; ")).toMatch(/^header: .*mode/);
    const text = await upload("path=/a.txt");
    expect(text.status).toBe(400);
    expect(standIn.requests.at(-1)!.problems!.map((p) => p.message)).toContain("header Dropbox-API-Arg is declared as application/json and is not valid JSON");
  });
});
