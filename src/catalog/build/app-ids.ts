/**
 * App ids from description sources, by general rules: `stripe.com` → `stripe`; `googleapis.com:bigquery` →
 * `google_bigquery`; `amazonaws.com:s3` → `aws_s3`; `azure.com:network-applicationGateway` → `azure_network`
 * (one app per Azure service); `twilio.com:twilio_chat_v2` → `twilio_chat` (versions of a service share an id
 * and are merged). Curated sources (src/catalog/curated.ts) take their curated id.
 */
import { slug, words } from "./text.js";

const SECOND_LEVEL = new Set(["co", "com", "gov", "ac", "org", "net", "edu", "gob", "go", "or", "ne"]);
const HOSTING = new Set(["appspot", "herokuapp", "github", "azurewebsites", "netlify", "vercel"]);
const PREFIXES = new Set(["www", "api", "apis", "developer", "developers"]);

/** `apisetu.gov.in` → `apisetu`, `6-dot-authentiqio.appspot.com` → `6_dot_authentiqio`. */
export function providerSlug(provider: string): string {
  const labels = provider.toLowerCase().split(".");
  if (labels.length > 1) labels.pop();
  if (labels.length > 1 && SECOND_LEVEL.has(labels[labels.length - 1]!)) labels.pop();
  if (labels.length > 1 && HOSTING.has(labels[labels.length - 1]!)) labels.pop();
  while (labels.length > 1 && PREFIXES.has(labels[0]!)) labels.shift();
  return slug(labels.join(" ")) || "app";
}

/** A service name without its version suffix: `twilio_chat_v2` → `twilio_chat`, `application.v2` → `application`. */
export function serviceWithoutVersion(service: string): string {
  return service.replace(/[-_.\s]?v\d+(\.\d+)*$/i, "") || service;
}

/** The version a service name or info.version carries, for ordering newest first. */
export function versionRank(service: string | null, version: string): number[] {
  const fromService = service ? /v(\d+(?:\.\d+)*)$/i.exec(service)?.[1] : undefined;
  const nums = (s: string) => (s.match(/\d+/g) ?? []).slice(0, 4).map(Number);
  return [...(fromService ? nums(fromService) : [0]), ...nums(version)];
}

export function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const AZURE_RENAMES: Record<string, string> = { azsadmin: "stack_admin" };

/** The id a description gets when no curated entry claims it. */
export function ruleAppId(provider: string, service: string | null): string {
  if (provider === "googleapis.com" && service) return `google_${slug(service)}`;
  if (provider === "amazonaws.com" && service) {
    const w = words(service);
    if (w[0] === "aws" && w.length > 1) w.shift();
    return `aws_${w.join("_")}`;
  }
  if (provider === "azure.com" && service) {
    const first = slug(service.split("-")[0]!);
    return `azure_${AZURE_RENAMES[first] ?? first}`;
  }
  const base = providerSlug(provider);
  if (!service) return base;
  let rest = words(serviceWithoutVersion(service));
  const baseWords = base.split("_");
  if (rest.slice(0, baseWords.length).join("_") === base && rest.length > baseWords.length) rest = rest.slice(baseWords.length);
  return rest.length ? `${base}_${rest.join("_")}` : base;
}
