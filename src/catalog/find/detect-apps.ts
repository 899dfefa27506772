/**
 * Recognises the apps a task names: app ids ("googlecalendar", "aws s3"), curated names and aliases ("Google
 * Calendar", "gcal"), and brand names of a provider's family of apps ("Twilio" → every twilio.com app, "HubSpot" →
 * every hubapi.com app). A name that is also a common word (Box, Slack, Zoom, Square) counts only when written with a
 * capital letter.
 */
import { CURATED_APPS, PROVIDER_BRANDS } from "../curated.js";
import { providerSlug } from "../build/app-ids.js";

/** Brand names that are also everyday words; recognised only when capitalised in the task. */
const COMMON_WORDS = new Set([
  "box", "slack", "zoom", "square", "notion", "linear", "front", "monday", "medium", "plaid", "buffer", "shop", "stripe",
  "twitter", "discord", "basecamp", "mailchimp", "apple", "amazon", "google", "microsoft", "outlook", "teams", "office",
  "drive", "docs", "sheets", "tasks", "calendar", "mail", "telegram", "mux", "lob", "segment", "sentry", "ably", "sendgrid",
  "vimeo", "giphy", "circle", "launch", "dark", "event", "events", "files", "file", "api", "data", "app", "apps", "open",
  "news", "weather", "books", "search", "maps", "time", "world", "people", "health", "jobs", "music", "video",
]);

export interface AppRef {
  id: string;
  provider: string;
}

interface Alias {
  /** App ids with the strength of the name for each (3 curated name, 2 app id, 1 brand of a provider family). */
  apps: Map<string, number>;
  /** Require a capitalised occurrence in the task. */
  capitalised: boolean;
}

export interface DetectedApps {
  /** App ids named in the task, most specific first (a brand adds its whole family). */
  apps: string[];
  /** The apps named most specifically (the curated app for "Twilio", not every twilio.com app). */
  primary: Set<string>;
  /** The words of the task that named them (to leave out of the search terms). */
  words: Set<string>;
  /** What matched, for reasons: `"Google Calendar" → googlecalendar`. */
  matches: { text: string; apps: string[] }[];
}

const MAX_PHRASE = 4;

function norm(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9.]+/).map((w) => w.replace(/^\.+|\.+$/g, "")).filter(Boolean);
}

export class AppDetector {
  private readonly aliases = new Map<string, Alias>();

  constructor(apps: AppRef[], commonTerm: (word: string) => boolean) {
    const byProvider = new Map<string, string[]>();
    for (const a of apps) byProvider.set(a.provider, [...(byProvider.get(a.provider) ?? []), a.id]);
    const known = new Set(apps.map((a) => a.id));
    const add = (phrase: string, ids: string[], strength: number) => {
      const words = norm(phrase);
      if (words.length === 0 || words.length > MAX_PHRASE) return;
      const key = words.join(" ");
      const single = words.length === 1;
      const capitalised = single && (COMMON_WORDS.has(key) || (strength < 3 && commonTerm(key)) || key.length <= 2);
      const alias = this.aliases.get(key) ?? { apps: new Map<string, number>(), capitalised };
      if (strength >= Math.max(0, ...alias.apps.values())) alias.capitalised = capitalised;
      for (const id of ids) alias.apps.set(id, Math.max(strength, alias.apps.get(id) ?? 0));
      this.aliases.set(key, alias);
    };
    for (const [provider, ids] of byProvider) {
      const brand = Object.hasOwn(PROVIDER_BRANDS, provider) ? PROVIDER_BRANDS[provider] : undefined;
      const family = [...ids].sort();
      if (brand) for (const name of [brand.name, ...(brand.aliases ?? [])]) add(name, family, 1);
      add(providerSlug(provider), family, 1);
    }
    for (const a of apps) {
      add(a.id.replace(/_/g, " "), [a.id], 2);
      if (a.id.includes("_")) add(a.id, [a.id], 2);
      // AWS and Google service names are brands of their own ("S3", "BigQuery", "DynamoDB").
      const service = /^(aws|google)_([a-z0-9]+)$/.exec(a.id)?.[2];
      if (service && service.length >= 2 && !commonTerm(service)) add(service, [a.id], 2);
    }
    for (const c of CURATED_APPS) {
      if (!known.has(c.id)) continue;
      for (const name of [c.name, c.id, ...(c.aliases ?? [])]) add(name, [c.id], 3);
    }
  }

  detect(task: string): DetectedApps {
    const raw = task.split(/[^A-Za-z0-9.]+/).map((w) => w.replace(/^\.+|\.+$/g, "")).filter(Boolean);
    const lower = raw.map((w) => w.toLowerCase());
    const found: { start: number; end: number; alias: Alias; text: string }[] = [];
    for (let i = 0; i < lower.length; i++) {
      for (let n = Math.min(MAX_PHRASE, lower.length - i); n >= 1; n--) {
        const key = lower.slice(i, i + n).join(" ");
        const alias = this.aliases.get(key);
        if (!alias) continue;
        if (alias.capitalised && !/[A-Z]/.test(raw[i]!)) continue;
        found.push({ start: i, end: i + n, alias, text: raw.slice(i, i + n).join(" ") });
        break;
      }
    }
    // Keep the longest, strongest matches; a phrase inside a longer one does not count.
    const strength = (a: Alias) => Math.max(...a.apps.values());
    found.sort((a, b) => b.end - b.start - (a.end - a.start) || strength(b.alias) - strength(a.alias));
    // A curated name outranks an app id that is also a word of the task ("the README of the GitHub repository").
    const top = Math.max(0, ...found.map((f) => strength(f.alias)));
    const kept = found.filter((f) => strength(f.alias) === top || strength(f.alias) === 1);
    const taken = new Set<number>();
    const apps: string[] = [];
    const primary = new Set<string>();
    const words = new Set<string>();
    const matches: DetectedApps["matches"] = [];
    for (const f of kept) {
      let overlap = false;
      for (let k = f.start; k < f.end; k++) if (taken.has(k)) overlap = true;
      if (overlap) continue;
      for (let k = f.start; k < f.end; k++) {
        taken.add(k);
        words.add(lower[k]!);
      }
      const ranked = [...f.alias.apps].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
      const best = ranked[0]![1];
      for (const [id, st] of ranked) {
        if (apps.includes(id)) continue;
        apps.push(id);
        if (st === best) primary.add(id);
      }
      matches.push({ text: f.text, apps: ranked.filter(([, st]) => st === best).map(([id]) => id) });
    }
    return { apps, primary, words, matches };
  }
}
