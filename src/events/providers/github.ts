/**
 * GitHub: a repository webhook registered through the account's connection (POST /repos/{owner}/{repo}/hooks) with a
 * secret of its own; requests are checked with GitHub's `X-Hub-Signature-256` (HMAC-SHA256 of the body) and their
 * `X-GitHub-Event`. Removed with DELETE /repos/{owner}/{repo}/hooks/{hook_id}.
 */
import { ApiError } from "../../errors.js";
import { base62 } from "../../crypto/random.js";
import { safeEqual } from "../../crypto/secrets.js";
import { badSignature, headerOf, hmacHex } from "../signature.js";
import type { WebhookProvider, WebhookType } from "../types/trigger-type.js";
import { callProvider } from "./call-provider.js";
import { eventOf, ignored } from "./received.js";
import { parseJsonBody } from "./parse-json.js";
import { githubExamples } from "./github-examples.js";

const enc = encodeURIComponent;
const hooksPath = (registration: Record<string, unknown>) => `/repos/${enc(String(registration.owner))}/${enc(String(registration.repo))}/hooks`;

export const githubProvider: WebhookProvider = {
  app: "github",
  needsConnection: true,

  async register({ services, accountId, connectionId, type, config, inboundUrl }) {
    const secret = base62(40);
    const where = { owner: String(config.owner), repo: String(config.repo) };
    const answer = await callProvider(services, accountId, "github", {
      method: "POST",
      path: hooksPath(where),
      body: { name: "web", active: true, events: [type.event.split(".")[0]], config: { url: inboundUrl, content_type: "json", secret, insecure_ssl: "0" } },
      connection: connectionId ?? undefined,
    }, `register a webhook on ${where.owner}/${where.repo}`);
    const hookId = (answer.body as { id?: unknown } | null)?.id;
    if (typeof hookId !== "number" && typeof hookId !== "string") throw new ApiError("upstream_error", "GitHub registered the webhook but its answer has no hook id.");
    return { registration: { ...where, hookId }, secret };
  },

  async remove({ services, accountId, connectionId, registration }) {
    try {
      await callProvider(services, accountId, "github", { method: "DELETE", path: `${hooksPath(registration)}/${enc(String(registration.hookId))}`, connection: connectionId ?? undefined }, "remove the webhook");
    } catch (err) {
      if (!(err instanceof ApiError && err.upstreamStatus === 404)) throw err; // already gone
    }
  },

  receive(req, type, secret, config) {
    const signature = headerOf(req.headers, "x-hub-signature-256");
    if (!signature) throw badSignature("GitHub", "X-Hub-Signature-256 is missing");
    if (!safeEqual(`sha256=${hmacHex(secret, req.rawBody)}`, signature)) throw badSignature("GitHub", "X-Hub-Signature-256 does not match the body");
    const event = headerOf(req.headers, "x-github-event");
    const body = parseJsonBody("GitHub", req.rawBody);
    if (event === "ping") return ignored("ping");
    const [name, action] = type.event.split(".");
    if (event !== name || (action && body.action !== action)) return ignored(`${event}${body.action ? `.${body.action}` : ""} is not ${type.event}`);
    if (config.branch && body.ref !== `refs/heads/${config.branch}`) return ignored(`${String(body.ref)} is not refs/heads/${config.branch}`);
    return eventOf(body);
  },
};

const repoConfig = (extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: {
    owner: { type: "string", minLength: 1, maxLength: 100, description: "The account that owns the repository, e.g. `octocat`." },
    repo: { type: "string", minLength: 1, maxLength: 100, description: "The repository's name, e.g. `hello-world`." },
    ...extra,
  },
  required: ["owner", "repo"],
  additionalProperties: false,
});

const type = (id: string, event: string, name: string, description: string, configSchema = repoConfig()): WebhookType => ({
  id, app: "github", name, description, delivery: "webhook", configSchema, examplePayload: githubExamples[event], event, provider: githubProvider,
});

export const githubTypes: WebhookType[] = [
  type("github.push", "push", "New push", "Commits are pushed to the repository (optionally: to one branch).",
    repoConfig({ branch: { type: "string", minLength: 1, maxLength: 255, description: "Only pushes to this branch, e.g. `main`." } })),
  type("github.issues.opened", "issues.opened", "New issue", "An issue is opened in the repository."),
  type("github.pull_request.opened", "pull_request.opened", "New pull request", "A pull request is opened in the repository."),
  type("github.issue_comment.created", "issue_comment.created", "New issue comment", "Someone comments on an issue or pull request of the repository."),
];
