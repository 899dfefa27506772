import { describe, expect, it } from "vitest";
import { compileOperation, describeFromPath } from "../../src/catalog/build/compile-operation.js";
import { ToolNamer, actionWords } from "../../src/catalog/build/tool-names.js";
import { ruleAppId, providerSlug } from "../../src/catalog/build/app-ids.js";
import { authMethods } from "../../src/catalog/build/auth-methods.js";
import { toolRequest } from "../../src/calls/tool-request.js";
import type { CatalogTool } from "../../src/catalog/types.js";

const doc = {
  components: {
    schemas: {
      Node: { type: "object", properties: { name: { type: "string" }, child: { $ref: "#/components/schemas/Node" } } },
      Base: { type: "object", properties: { id: { type: "string", readOnly: true }, title: { type: "string" } }, required: ["title"] },
      Pet: { allOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { tag: { type: "string", nullable: true } } }] },
    },
    parameters: { Limit: { name: "limit", in: "query", schema: { type: "integer", format: "int32", minimum: 1 } } },
  },
};
const ctx = { doc, skipParams: new Set(["api_key"]), oauthSchemes: new Set(["oauth"]) };

describe("compiling an operation into a tool", () => {
  it("merges path, query and JSON body inputs into one object schema and records where each goes", () => {
    const op = {
      parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }, { $ref: "#/components/parameters/Limit" }, { name: "api_key", in: "header", schema: { type: "string" } }],
      requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
      security: [{ oauth: ["pets:write"] }],
    };
    const tool = compileOperation("put", "/pets/{petId}", {}, op, ctx);
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        petId: { type: "string" },
        limit: { type: "integer", format: "int32", minimum: 1 },
        title: { type: "string" },
        tag: { type: "string" },
      },
      required: ["petId", "title"],
    });
    expect(tool.http).toEqual({
      method: "PUT",
      path: "/pets/{petId}",
      params: [
        { name: "petId", in: "path", key: "petId" },
        { name: "limit", in: "query", key: "limit" },
        { name: "title", in: "body", key: "title" },
        { name: "tag", in: "body", key: "tag" },
      ],
      bodyMode: "merged",
      contentType: "application/json",
    });
    expect(tool.scopes).toEqual(["pets:write"]);
  });

  it("cuts $ref cycles and leaves no $ref", () => {
    const tool = compileOperation("post", "/nodes", {}, { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } } }, ctx);
    expect(JSON.stringify(tool.inputSchema)).not.toContain("$ref");
    expect((tool.inputSchema.properties as any).child).toEqual({ type: "object" });
  });

  it("renames inputs whose names clash or are not valid property names, keeping the original as key", () => {
    const op = {
      parameters: [{ name: "name", in: "query", schema: { type: "string" } }, { name: "$filter", in: "query", schema: { type: "string" } }],
      requestBody: { content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } } },
    };
    const tool = compileOperation("post", "/things", {}, op, ctx);
    expect(tool.http.params).toEqual([
      { name: "name", in: "query", key: "name" },
      { name: "filter", in: "query", key: "$filter" },
      { name: "body_name", in: "body", key: "name" },
    ]);
  });

  it("puts a body that is not an object under a `body` property", () => {
    const op = { requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } } };
    const tool = compileOperation("put", "/files/{id}/content", {}, op, ctx);
    expect(tool.http.bodyMode).toBe("property");
    expect(tool.http.params.at(-1)).toEqual({ name: "body", in: "body", key: "body" });
    expect(tool.inputSchema.required).toEqual(["id", "body"].filter((k) => k in (tool.inputSchema.properties as object)));
  });

  it("makes a path template variable the description does not declare a required path input, even inside a segment", () => {
    const item = { parameters: [{ name: "drive-id", in: "path", required: true, schema: { type: "string" } }] };
    const op = { requestBody: { content: { "application/json": { schema: { type: "object", properties: { values: { type: "array" } } } } } } };
    const path = "/drives/{drive-id}/worksheets/{sheet}/range(address='{address}')";
    const tool = compileOperation("patch", path, item, op, ctx);
    expect(tool.inputSchema.required).toEqual(["drive-id", "sheet", "address"]);
    expect((tool.inputSchema.properties as any).address).toEqual({ type: "string" });
    expect(tool.http.params.filter((p) => p.in === "path")).toEqual([
      { name: "drive-id", in: "path", key: "drive-id" },
      { name: "sheet", in: "path", key: "sheet" },
      { name: "address", in: "path", key: "address" },
    ]);
    const request = toolRequest({ name: "T", app: "excel", ...tool } as unknown as CatalogTool, { "drive-id": "d1", sheet: "S", address: "A1:C3", values: [[1]] });
    expect(request.path).toBe("/drives/d1/worksheets/S/range(address='A1%3AC3')");
  });

  it("declares a variable once when the description declares it, and ignores a GraphQL path's fragment", () => {
    const declared = compileOperation("get", "/items/{id}", {}, { parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }] }, ctx);
    expect(declared.inputSchema).toEqual({ type: "object", properties: { id: { type: "integer" } }, required: ["id"] });
    const graphql = compileOperation("post", "/graphql#{weird}", {}, {}, ctx);
    expect(graphql.inputSchema).toEqual({ type: "object", properties: {} });
  });

  it("writes a plain description from the method and path when the description has none", () => {
    expect(describeFromPath("GET", "/repos/{owner}/{repo}/issues")).toBe("List issues of a repo.");
    expect(describeFromPath("DELETE", "/repos/{owner}/{repo}")).toBe("Delete the repo.");
  });
});

describe("naming tools and apps", () => {
  it("names tools <APP>_<ACTION> from the operationId without repeating the app", () => {
    const namer = new ToolNamer("googlecalendar");
    expect(namer.name(actionWords("calendar.events.insert", "POST", "/calendars/{calendarId}/events", "googlecalendar"))).toBe("GOOGLECALENDAR_EVENTS_INSERT");
    expect(namer.name(actionWords(undefined, "GET", "/users/me/calendarList", "googlecalendar"))).toBe("GOOGLECALENDAR_LIST_USERS_ME_CALENDAR_LIST");
  });

  it("keeps names unique and within 64 characters, deterministically", () => {
    const a = new ToolNamer("azure_network");
    const long = "virtual network gateway connections list connected vpn client health for the resource group and subscription".split(" ");
    const first = a.name(long);
    const second = a.name(long);
    expect(first.length).toBeLessThanOrEqual(64);
    expect(second).not.toBe(first);
    expect(new ToolNamer("azure_network").name(long)).toBe(first);
  });

  it("derives readable app ids from providers and services", () => {
    expect(ruleAppId("amazonaws.com", "s3")).toBe("aws_s3");
    expect(ruleAppId("azure.com", "network-applicationGateway")).toBe("azure_network");
    expect(ruleAppId("googleapis.com", "bigquery")).toBe("google_bigquery");
    expect(ruleAppId("twilio.com", "twilio_chat_v2")).toBe("twilio_chat");
    expect(providerSlug("apisetu.gov.in")).toBe("apisetu");
  });

  it("reads sign-in methods from the security schemes the description uses", () => {
    const methods = authMethods(
      {
        security: [{ key: [] }],
        paths: { "/x": { get: { security: [{ oauth: ["read"] }] } } },
        components: {
          securitySchemes: {
            key: { type: "apiKey", in: "header", name: "X-Key" },
            oauth: { type: "oauth2", flows: { authorizationCode: { authorizationUrl: "/authorize", tokenUrl: "https://id.example.com/token", scopes: { read: "", write: "" } } } },
            unused: { type: "http", scheme: "basic" },
          },
        },
      },
      "https://api.example.com/v1",
    );
    expect(methods).toEqual([
      // An API key is a one-field credential form: the field says where the value goes.
      { type: "apiKey", in: "header", name: "X-Key", fields: [{ name: "key", label: "API key", placement: { in: "header", name: "X-Key" } }] },
      { type: "oauth2", authorizeUrl: "https://api.example.com/authorize", tokenUrl: "https://id.example.com/token", scopes: ["read", "write"], defaultScopes: [] },
    ]);
    expect(authMethods({ paths: {} }, "https://x")).toEqual([{ type: "none" }]);
  });
});
