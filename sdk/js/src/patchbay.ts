import { getMe, requestApp } from "../../../generated/client/index.js";
import type { RequestAppData } from "../../../generated/client/index.js";
import { call } from "./call.js";
import type { Context } from "./resources/context.js";
import { appsResource, catalogResource } from "./resources/apps.js";
import { connectionsResource } from "./resources/connections.js";
import { customConnectorsResource } from "./resources/custom-connectors.js";
import { runsResource } from "./resources/runs.js";
import { toolsResource } from "./resources/tools.js";
import { eventsResource, triggersResource } from "./resources/triggers.js";
import { webhooks } from "./webhooks/index.js";

export const VERSION = "1.0.0";

export interface PatchbayOptions {
  /** The key (`patchbay_sk_…`), from the developer page. Every call but `catalog.list` needs it. */
  apiKey?: string;
  /** The service's address, without `/api/v1`. Default `http://localhost:3000`. */
  baseUrl?: string;
  /** A fetch to use instead of the global one (for tests, proxies or older runtimes). */
  fetch?: typeof fetch;
}

/** Browsers refuse a script-set User-Agent; everywhere else the client names itself. */
const isBrowser = typeof (globalThis as { document?: unknown }).document !== "undefined";
const defaultHeaders: Record<string, string> = isBrowser ? {} : { "User-Agent": `patchbay-js/${VERSION}` };

/**
 * The Patchbay client: one key, every connected app.
 *
 * ```ts
 * const patchbay = new Patchbay({ apiKey: process.env.PATCHBAY_API_KEY });
 * const { tools } = await patchbay.tools.find("star a repo on GitHub");
 * ```
 *
 * Every method returns a promise and rejects with a `PatchbayError`. List methods resolve to an array carrying
 * a non-enumerable `nextCursor` (the `Patchbay-Next-Cursor` header; `null` on the last page): pass it back as
 * `cursor` for the next page.
 */
export class Patchbay {
  readonly apps;
  readonly catalog;
  readonly connections;
  readonly tools;
  readonly customConnectors;
  readonly triggers;
  readonly events;
  readonly runs;
  /** The same as the package's `webhooks` export. */
  readonly webhooks = webhooks;
  readonly #context: Context;

  constructor(options: PatchbayOptions = {}) {
    this.#context = {
      settings: {
        baseUrl: (options.baseUrl ?? "http://localhost:3000").replace(/\/+$/, ""),
        auth: options.apiKey,
        fetch: options.fetch,
        headers: defaultHeaders,
      },
    };
    this.apps = appsResource(this.#context);
    this.catalog = catalogResource(this.#context);
    this.connections = connectionsResource(this.#context);
    this.tools = toolsResource(this.#context);
    this.customConnectors = customConnectorsResource(this.#context);
    this.triggers = triggersResource(this.#context);
    this.events = eventsResource(this.#context);
    this.runs = runsResource(this.#context);
  }

  /** The account behind the key, and the key's permissions. */
  me() {
    return call(getMe(this.#context.settings));
  }

  /**
   * Calls any endpoint of a connected app's own API with the account's credentials:
   * `request("github", { method: "GET", path: "/user/repos", query: { per_page: 5 } })`.
   * Resolves to the app's answer (`status`, `headers`, `body`) whatever its status.
   */
  request(app: string, body: RequestAppData["body"]) {
    return call(requestApp({ ...this.#context.settings, path: { app }, body }));
  }
}
