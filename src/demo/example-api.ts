/**
 * The example app of `npm run demo`: a small task list API on loopback, so that a newcomer can connect, find, run,
 * and receive events without any outside account. It publishes its OpenAPI description (`/openapi.json`), signs in
 * with OAuth 2.0 (authorization code with PKCE S256, refresh tokens) or an API key (`X-Api-Key`), and sends a
 * webhook event to every subscribed URL when a task is created or changed. State is in memory; nothing is real.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ExampleApi {
  url: string;
  /** The API key the API-key sign-in accepts. */
  apiKey: string;
  /** The OAuth client registered with the example's authorization server. */
  oauthClient: { clientId: string; clientSecret: string };
  /** The description as served at `/openapi.json`. */
  description: Record<string, unknown>;
  /** Webhook events sent so far (status of the POST to each subscriber). */
  sent: { url: string; type: string; status: number | string }[];
  stop(): Promise<void>;
}

interface Task {
  id: string;
  title: string;
  done: boolean;
  createdAt: string;
}

const ACCESS_TOKEN_SECONDS = 3600;

export function exampleDescription(url: string): Record<string, unknown> {
  const task = {
    type: "object",
    required: ["id", "title", "done", "createdAt"],
    properties: {
      id: { type: "string", description: "The task's id, e.g. task_1." },
      title: { type: "string", description: "What is to be done." },
      done: { type: "boolean", description: "Whether it is done." },
      createdAt: { type: "string", format: "date-time" },
    },
  };
  const taskId = { name: "taskId", in: "path", required: true, description: "The task's id, e.g. task_1.", schema: { type: "string" } };
  return {
    openapi: "3.0.3",
    info: {
      title: "Example Tasks",
      version: "1.0.0",
      description: "The example app that ships with Patchbay's demo (npm run demo): a task list on this machine, with OAuth 2.0 and API-key sign-in and webhook events. Not a real service.",
    },
    servers: [{ url }],
    externalDocs: { url: `${url}/openapi.json` },
    security: [{ oauth: ["tasks"] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        oauth: { type: "oauth2", flows: { authorizationCode: { authorizationUrl: `${url}/oauth/authorize`, tokenUrl: `${url}/oauth/token`, scopes: { tasks: "Read and change your tasks" } } } },
        apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
      },
    },
    paths: {
      "/me": { get: { operationId: "getMe", summary: "Get the signed-in user.", responses: { "200": { description: "The user." } } } },
      "/tasks": {
        get: { operationId: "listTasks", summary: "List my tasks.", responses: { "200": { description: "The tasks.", content: { "application/json": { schema: { type: "array", items: task } } } } } },
        post: {
          operationId: "createTask",
          summary: "Create a task.",
          requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["title"], properties: { title: { type: "string", description: "What is to be done." } } } } } },
          responses: { "201": { description: "The new task.", content: { "application/json": { schema: task } } } },
        },
      },
      "/tasks/{taskId}": {
        get: { operationId: "getTask", summary: "Get a task.", parameters: [taskId], responses: { "200": { description: "The task." } } },
        patch: {
          operationId: "updateTask",
          summary: "Mark a task done or rename it.",
          parameters: [taskId],
          requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { title: { type: "string" }, done: { type: "boolean" } } } } } },
          responses: { "200": { description: "The task." } },
        },
      },
      "/webhooks": {
        post: {
          operationId: "subscribeWebhook",
          summary: "Subscribe a URL to task events (task.created, task.updated): each is POSTed to it as JSON.",
          requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["url"], properties: { url: { type: "string", description: "Where to send the events, e.g. a Patchbay trigger's inboundUrl." } } } } } },
          responses: { "201": { description: "The subscription." } },
        },
      },
    },
  };
}

export async function startExampleApi(opts: { port?: number } = {}): Promise<ExampleApi> {
  const apiKey = `example_key_${randomBytes(12).toString("hex")}`;
  const oauthClient = { clientId: "patchbay-demo", clientSecret: randomBytes(24).toString("hex") };
  const codes = new Map<string, { challenge: string; redirectUri: string; expires: number }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const tasks: Task[] = [];
  const subscribers: string[] = [];
  const sent: ExampleApi["sent"] = [];
  let url = "";

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const issueTokens = () => {
    const access = `example_at_${randomBytes(16).toString("hex")}`;
    const refresh = `example_rt_${randomBytes(16).toString("hex")}`;
    accessTokens.set(access, Date.now() + ACCESS_TOKEN_SECONDS * 1000);
    refreshTokens.add(refresh);
    return { access_token: access, token_type: "Bearer", expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refresh, scope: "tasks" };
  };
  const signedIn = (req: IncomingMessage) => {
    if (req.headers["x-api-key"] === apiKey) return true;
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    return Boolean(bearer && (accessTokens.get(bearer) ?? 0) > Date.now());
  };
  const emit = (type: string, task: Task) => {
    for (const target of subscribers) {
      fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type, task, sentAt: new Date().toISOString() }) }).then(
        (r) => sent.push({ url: target, type, status: r.status }),
        (e: Error) => sent.push({ url: target, type, status: e.message }),
      );
    }
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const at = new URL(req.url ?? "/", url);
    const body = (): Record<string, unknown> => {
      if (String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw));
      try {
        const parsed = JSON.parse(raw || "{}");
        return parsed && typeof parsed === "object" ? parsed : {};
      } catch {
        return {};
      }
    };
    const route = `${req.method} ${at.pathname}`;

    if (route === "GET /openapi.json") return json(res, 200, exampleDescription(url));
    if (route === "GET /oauth/authorize") {
      // The example's sign-in approves at once: there is one demo user. A real provider shows a consent page here.
      const q = at.searchParams;
      const redirectUri = q.get("redirect_uri") ?? "";
      if (q.get("client_id") !== oauthClient.clientId || !/^https?:\/\//.test(redirectUri)) return json(res, 400, { error: "invalid_request" });
      if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return json(res, 400, { error: "invalid_request", error_description: "PKCE S256 is required" });
      const code = randomBytes(16).toString("hex");
      codes.set(code, { challenge: q.get("code_challenge")!, redirectUri, expires: Date.now() + 60_000 });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      if (q.get("state")) back.searchParams.set("state", q.get("state")!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (route === "POST /oauth/token") {
      const form = body();
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const [id, secret] = basic ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent) : [form.client_id, form.client_secret];
      if (id !== oauthClient.clientId || secret !== oauthClient.clientSecret) return json(res, 401, { error: "invalid_client" });
      if (form.grant_type === "authorization_code") {
        const grant = codes.get(String(form.code));
        codes.delete(String(form.code));
        const challenge = createHash("sha256").update(String(form.code_verifier ?? "")).digest("base64url");
        if (!grant || grant.expires < Date.now() || grant.redirectUri !== form.redirect_uri || grant.challenge !== challenge) return json(res, 400, { error: "invalid_grant" });
        return json(res, 200, issueTokens());
      }
      if (form.grant_type === "refresh_token") {
        if (!refreshTokens.delete(String(form.refresh_token))) return json(res, 400, { error: "invalid_grant" });
        return json(res, 200, issueTokens());
      }
      return json(res, 400, { error: "unsupported_grant_type" });
    }
    if (!signedIn(req)) return json(res, 401, { error: "unauthorized", message: "Send a bearer token from /oauth/token or the X-Api-Key header." });
    if (route === "GET /me") return json(res, 200, { login: "ada", name: "Ada Example", email: "ada@example.invalid" });
    if (route === "GET /tasks") return json(res, 200, tasks);
    if (route === "POST /tasks") {
      const title = body().title;
      if (typeof title !== "string" || !title) return json(res, 400, { error: "title is required" });
      const task = { id: `task_${tasks.length + 1}`, title, done: false, createdAt: new Date().toISOString() };
      tasks.push(task);
      emit("task.created", task);
      return json(res, 201, task);
    }
    if (route === "POST /webhooks") {
      const target = body().url;
      if (typeof target !== "string" || !/^https?:\/\//.test(target)) return json(res, 400, { error: "url must be an http(s) URL" });
      subscribers.push(target);
      return json(res, 201, { url: target, events: ["task.created", "task.updated"] });
    }
    const one = /^\/tasks\/([^/]+)$/.exec(at.pathname);
    const task = one ? tasks.find((t) => t.id === decodeURIComponent(one[1]!)) : undefined;
    if (one && !task) return json(res, 404, { error: "no such task" });
    if (task && req.method === "GET") return json(res, 200, task);
    if (task && req.method === "PATCH") {
      const change = body();
      if (typeof change.title === "string") task.title = change.title;
      if (typeof change.done === "boolean") task.done = change.done;
      emit("task.updated", task);
      return json(res, 200, task);
    }
    json(res, 404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    oauthClient,
    description: exampleDescription(url),
    sent,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
