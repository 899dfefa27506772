/**
 * Configuration from the environment, with defaults for the embedded setup (SQLite, no other server).
 * A bad value stops start-up with a message that names the variable.
 */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface Config {
  port: number;
  host: string;
  /** `file:<path>` (SQLite) or `postgresql://...`. */
  databaseUrl: string;
  /** Set: rate limits (and later job queues) go through Redis, shared by every instance. */
  redisUrl: string | null;
  /** Prefix of every Redis key, so that several deployments can share one Redis. */
  redisPrefix: string;
  /** Where users and clients reach the service, without a trailing slash. */
  baseUrl: string;
  /** Where the agent endpoints and purchasing are served. */
  agentUrl: string;
  /** False when the base URL is the default one, which then follows the port actually bound (PORT=0). */
  baseUrlGiven: boolean;
  agentUrlGiven: boolean;
  dataDir: string;
  catalogDir: string;
  /** The server secret, when given in the environment; else it is read from (or created in) the data dir. */
  secret: string | null;
  logLevel: string;
  /** Requests per minute per key on the REST API. */
  rateLimitPerMinute: number;
  /** Requests per second per client on the agent endpoints (PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND, default 1). */
  agentRequestsPerSecond: number;
  /** A JSON file of operator app settings applied on start (see src/domain/apps-config-file.ts). */
  appsConfigFile: string | null;
  /** Behind a reverse proxy: client addresses (rate limits of anonymous calls) come from X-Forwarded-For. */
  trustProxy: boolean;
  /** Events: seconds to wait before the 2nd and the 3rd delivery attempt (PATCHBAY_DELIVERY_RETRY_DELAYS). */
  deliveryRetryDelays: [number, number];
  /** Events: how long one delivery attempt may take, in milliseconds. */
  deliveryTimeoutMs: number;
  /** Events: how often polling triggers list their app's items, in milliseconds. */
  pollIntervalMs: number;
  /** How long start-up waits for the database to answer before giving up (PATCHBAY_DATABASE_TIMEOUT_SECONDS), in milliseconds. */
  databaseTimeoutMs: number;
  /** Outbound requests to user-given URLs may reach loopback, private and link-local addresses (tests, private setups). */
  allowPrivateNetwork: boolean;
  /** How long a connected app has to send its whole answer to a call, in milliseconds (PATCHBAY_UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: number;
  /** tools.find ranks on a thread of its own (PATCHBAY_FIND_THREAD; default true on a machine with 2 cores or more). */
  findThread: boolean;
  /** Purchasing (src/commerce/): Stripe when its secret key is set, else the local test-mode processor stand-in. */
  commerce: CommerceConfig;
}

export interface CommerceConfig {
  /** STRIPE_SECRET_KEY: set, offers and checkouts come from Stripe. Never logged. */
  stripeSecretKey: string | null;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the Stripe webhook endpoint (`whsec_...`), required with the key. */
  stripeWebhookSecret: string | null;
  /** PATCHBAY_STRIPE_API_URL: another Stripe API address (a stand-in in tests); default Stripe's own. */
  stripeApiUrl: string | null;
  /** SMTP_URL: set, the e-mail outbox (receipts) is sent through this server (`smtp://user:pass@host:port`, `smtps://...`). */
  smtpUrl: string | null;
  /** PATCHBAY_MAIL_FROM: the sender of the store's e-mails. */
  mailFrom: string;
  /** Seconds the offers read from the processor are kept (PATCHBAY_OFFERS_TTL_SECONDS, default 60). */
  offersTtlMs: number;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

/** `data/` in the install (beside package.json), wherever the service or the CLI is started from. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL("../data", import.meta.url));

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, "PORT", 3000, 0, 65535);
  const host = env.HOST?.trim() || "0.0.0.0";
  // Not the working directory: the CLI run from elsewhere must find the server's database and secret.
  const dataDir = resolve(env.PATCHBAY_DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const databaseUrl = env.DATABASE_URL?.trim() || `file:${resolve(dataDir, "patchbay.db")}`;
  if (!/^(file:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL", `must be file:<path> (SQLite) or postgresql://... (PostgreSQL), got '${redactUrl(databaseUrl)}'`);
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\/.+/.test(redisUrl)) {
    throw new ConfigError("REDIS_URL", `must be redis://host:port or rediss://..., got '${redactUrl(redisUrl)}'`);
  }
  const redisPrefix = env.PATCHBAY_REDIS_PREFIX?.trim() || "patchbay";
  if (!/^[A-Za-z0-9:_-]{1,100}$/.test(redisPrefix)) throw new ConfigError("PATCHBAY_REDIS_PREFIX", `must be 1-100 letters, digits, ':', '_' or '-', got '${redisPrefix}'`);
  const baseUrl = httpUrl(env, "PATCHBAY_BASE_URL", `http://localhost:${port}`);
  const agentUrl = httpUrl(env, "PATCHBAY_AGENT_URL", baseUrl);
  const secret = env.PATCHBAY_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) {
    throw new ConfigError("PATCHBAY_SECRET", "must be at least 32 characters (e.g. `openssl rand -base64 32`)");
  }
  const logLevel = env.LOG_LEVEL?.trim() || "info";
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}, got '${logLevel}'`);
  return {
    port,
    host,
    databaseUrl,
    redisUrl,
    redisPrefix,
    baseUrl,
    agentUrl,
    baseUrlGiven: Boolean(env.PATCHBAY_BASE_URL?.trim()),
    agentUrlGiven: Boolean(env.PATCHBAY_AGENT_URL?.trim()),
    dataDir,
    catalogDir: resolve(env.PATCHBAY_CATALOG_DIR?.trim() || resolve(dataDir, "catalog")),
    secret,
    logLevel,
    rateLimitPerMinute: integer(env, "PATCHBAY_RATE_LIMIT_PER_MINUTE", 120, 1, 1_000_000),
    agentRequestsPerSecond: integer(env, "PATCHBAY_AGENT_RATE_LIMIT_PER_SECOND", 1, 1, 1_000_000),
    appsConfigFile: env.PATCHBAY_APPS_CONFIG?.trim() ? resolve(env.PATCHBAY_APPS_CONFIG.trim()) : null,
    trustProxy: flag(env, "PATCHBAY_TRUST_PROXY"),
    deliveryRetryDelays: retryDelays(env, "PATCHBAY_DELIVERY_RETRY_DELAYS", [10, 60]),
    deliveryTimeoutMs: seconds(env, "PATCHBAY_DELIVERY_TIMEOUT_SECONDS", 10, 0.1, 300) * 1000,
    pollIntervalMs: seconds(env, "PATCHBAY_POLL_INTERVAL_SECONDS", 60, 0.1, 86_400) * 1000,
    allowPrivateNetwork: flag(env, "PATCHBAY_ALLOW_PRIVATE_NETWORK"),
    databaseTimeoutMs: seconds(env, "PATCHBAY_DATABASE_TIMEOUT_SECONDS", 10, 0.1, 600) * 1000,
    upstreamTimeoutMs: integer(env, "PATCHBAY_UPSTREAM_TIMEOUT_MS", 30_000, 100, 600_000),
    findThread: env.PATCHBAY_FIND_THREAD?.trim() ? flag(env, "PATCHBAY_FIND_THREAD") : availableParallelism() > 1,
    commerce: commerceConfig(env, baseUrl),
  };
}

function commerceConfig(env: NodeJS.ProcessEnv, baseUrl: string): CommerceConfig {
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  if (stripeSecretKey && !/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(stripeSecretKey)) throw new ConfigError("STRIPE_SECRET_KEY", "must be a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_...)");
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (stripeSecretKey && !stripeWebhookSecret) throw new ConfigError("STRIPE_WEBHOOK_SECRET", "must be set with STRIPE_SECRET_KEY: the signing secret (whsec_...) of the webhook endpoint <base URL>/commerce/webhook, so that orders are confirmed only by signed events");
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/.+/.test(smtpUrl)) throw new ConfigError("SMTP_URL", `must be smtp://user:password@host:port or smtps://..., got '${redactUrl(smtpUrl)}'`);
  return {
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiUrl: env.PATCHBAY_STRIPE_API_URL?.trim() ? httpUrl(env, "PATCHBAY_STRIPE_API_URL", "") : null,
    smtpUrl,
    mailFrom: env.PATCHBAY_MAIL_FROM?.trim() || `Patchbay <store@${new URL(baseUrl).hostname}>`,
    offersTtlMs: seconds(env, "PATCHBAY_OFFERS_TTL_SECONDS", 60, 0, 86_400) * 1000,
  };
}

/** A number of seconds (fractions allowed, for tests). */
function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || n < min || n > max) throw new ConfigError(name, `must be a number of seconds from ${min} to ${max}, got '${raw}'`);
  return n;
}

/** Two delays in seconds, comma-separated: before the 2nd and before the 3rd attempt. */
function retryDelays(env: NodeJS.ProcessEnv, name: string, fallback: [number, number]): [number, number] {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const parts = raw.split(",").map((p) => p.trim());
  const n = parts.map(Number);
  if (parts.length !== 2 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p)) || n.some((x) => x > 86_400)) {
    throw new ConfigError(name, `must be two numbers of seconds (0-86400), comma-separated, e.g. '10,60', got '${raw}'`);
  }
  return [n[0]!, n[1]!];
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw || raw === "false" || raw === "0") return false;
  if (raw === "true" || raw === "1") return true;
  throw new ConfigError(name, `must be true or false, got '${env[name]}'`);
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw new ConfigError(name, `must be an integer from ${min} to ${max}, got '${raw}'`);
  return n;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got '${raw}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(name, `must be an http(s) URL, got '${raw}'`);
  return raw.replace(/\/+$/, "");
}

/** A URL with its password replaced, for messages. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
  }
}
