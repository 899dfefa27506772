/**
 * Recognises the apps a task names: app ids ("googlecalendar", "aws s3"), curated names and aliases ("Google
 * Calendar"), short names ("gcal", "gh", "o365"), brand names of a provider's family of apps ("Twilio" → every
 * twilio.com app, "HubSpot" → every hubapi.com app), in any case, and with a typo ("gmial", "jria", "slck": one edit
 * for names of up to 7 letters, two for longer ones). A name that is also an everyday word (Box, Slack, Zoom, Square,
 * Teams) counts when it is capitalised mid-sentence or stands where an app stands: after in / on / to / with / via /
 * from / using ("in slack", "on my notion"), or before one of the app's own nouns ("zoom meeting", "box folder").
 * Apps that are well known but not in the catalog ("Dropbox", "Linear") are recognised the same way and reported as
 * unknown; product words ("pull request", "tweet", "droplet") imply an app when none is named.
 */
import { CURATED_APPS, PROVIDER_BRANDS } from "../curated.js";
import { providerSlug } from "../build/app-ids.js";
import { AMBIGUOUS_SHORT, KNOWN_ELSEWHERE, KNOWN_ELSEWHERE_SHORT, PRODUCT_PAIRS, PRODUCT_WORDS, SHORT_NAMES, SUITE_MEMBERS } from "./app-words.js";
import { oneSlipAway, SYNONYMS, VERB_PHRASES, VERBS } from "./lexicon.js";
import { isStopWord } from "./analyze.js";

/** Words before a product's name that say whose platform it is ("Cloud Run", "Azure Functions"), not a place's name. */
const PLATFORM_WORDS = new Set(["cloud", "google", "microsoft", "azure", "amazon", "aws", "apple", "meta", "adobe", "zoho", "atlassian", "oracle", "ibm", "salesforce"]);

/** Brand names that are also everyday words; recognised only when capitalised or in an app's place. */
const COMMON_WORDS = new Set([
  "box", "slack", "zoom", "square", "notion", "linear", "front", "monday", "medium", "plaid", "buffer", "shop",
  "basecamp", "apple", "amazon", "google", "microsoft", "outlook", "teams", "office",
  "drive", "docs", "sheets", "tasks", "calendar", "mail", "mux", "lob", "segment", "sentry", "ably",
  "circle", "launch", "dark", "event", "events", "files", "file", "api", "data", "app", "apps", "open",
  "news", "weather", "books", "search", "maps", "time", "world", "people", "health", "jobs", "music", "video", "keep",
  "forms", "chat", "contacts", "meet", "home",
]);

/** Days of the week (an app may be named after one), and the words that make one a time around it. */
const WEEKDAYS = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
/** Words of when ("a zoom tmrw 10am"). */
const SOON = /^(today|tonight|tomorrow|tmrw|tmr|tmrrw|2morrow|\d{1,2}(:\d\d)?(am|pm)?)$/;
const TIME_BEFORE = new Set(["next", "this", "last", "every", "until", "till", "by", "before", "after", "since", "from", "for", "on", "each", "coming"]);
const TIME_AFTER = /^(at|morning|afternoon|evening|night|noon|midnight|am|pm|\d.*|next|this|the|from|to|until|through|thru|and|or|standup|meeting|call)$/;

/** Words at the end of an app's display name that only say it is an API. */
const API_WORDS = /^(api|apis|endpoints?|rest|json|xml|service|services|v\d+(\.\d+)?)$/;

/** Words after which an app is where the task's work happens ("in 1password", "to slack", "via buffer"). */
const WORK_PLACE = new Set(["in", "into", "on", "onto", "to", "via", "using", "through", "thru", "inside", "from", "with"]);
/** Words after which a brand stands in an app's place ("in slack", "via zoom", "from my box"). */
const APP_PLACE = new Set(["in", "on", "to", "into", "onto", "with", "via", "from", "using", "through", "thru", "inside", "at", "over"]);
/** Words that are verbs in the lexicon but after a name make a phrase of their own ("zoom in", "box up"). */
const PLACE_OR_PARTICLE = new Set(["in", "up", "out", "on", "off", "down", "over", "like", "what", "which", "who", "how", "when", "new", "open", "post", "text", "message", "email", "call", "order", "file", "book", "tag", "label", "comment", "review", "rate", "request", "test", "end", "set", "check", "see", "look", "view", "show", "display"]);
/** Words that may follow an app's name at the end of a task ("... for slack please"). */
const TAIL_WORDS = new Set(["please", "pls", "plz", "thanks", "thx", "now", "asap", "today"]);
/** Words that open a noun phrase: after "to <verb>", the verb's object ("to change the value"). */
const DETERMINERS = new Set(["the", "a", "an", "my", "our", "your", "this", "that", "these", "those", "all", "every", "some", "its", "their"]);
const POSSESSIVE = new Set(["my", "our", "your", "their", "his", "her", "the", "company", "team"]);
/** Words before an app we do not know ("in Frobly"); not "to", "from" or "with", which name people as often. */
const UNKNOWN_PLACE = new Set(["in", "on", "via", "using", "into", "inside"]);
/** Nouns that follow any app's name ("a Linear issue", "my Airtable base"). */
const GENERIC_PRODUCT_NOUNS = new Set(
  ("issue issues ticket tickets task tasks board boards page pages project projects base bases table tables record records lead leads deal deals " +
    "contact contacts channel channels server servers workspace workspaces account accounts store shop inbox calendar meeting meetings " +
    "doc docs document documents file files folder folders invoice invoices incident incidents repo repos list lists card cards note " +
    "notes notebook event events message messages chat chats org site app database pipeline campaign campaigns form forms " +
    "survey order orders product products customer customers story stories space spaces drive bucket dashboard status link links " +
    "timer timers job jobs build builds tracker " +
    "profile post posts video videos playlist slot booking bookings recording call calls thread threads notification notifications " +
    "reminder reminders standup standups webinar webinars huddle sync settings audience audiences subscriber subscribers envelope " +
    "envelopes sheet spreadsheet droplet droplets error errors alert alerts deploy deploys deployment deployments item items").split(" "),
);

export interface AppRef {
  id: string;
  provider: string;
  /** The app's display name ("Oxford Dictionaries", "setlist.fm"), when known: read as the app id is. */
  name?: string;
}

interface Alias {
  /** App ids with the strength of the name for each (3 curated name, 2.5 short name, 2 app id, 1 provider brand). */
  apps: Map<string, number>;
  /** An everyday word too: needs a capital letter or an app's place in the task. */
  ambiguous: boolean;
  /** The name of an app that is not in the catalog (apps is empty). */
  elsewhere?: string;
}

export interface UnknownApp {
  /** The app's usual name ("Dropbox"). */
  name: string;
  /** As written in the task. */
  text: string;
}

export interface DetectedApps {
  /** App ids named in the task, most specific first (a brand adds its whole family). */
  apps: string[];
  /** The apps named most specifically (the curated app for "Twilio", not every twilio.com app). */
  primary: Set<string>;
  /** The words of the task that named them (to leave out of the search terms). */
  words: Set<string>;
  /** What matched, for reasons: `"Google Calendar" → googlecalendar`. `text` as written in the task. */
  matches: { text: string; apps: string[]; corrected?: string; strength: number }[];
  /** Apps named in the task that are not in the catalog. */
  unknown: UnknownApp[];
  /** Apps implied by product words when none is named, with a weight (0..1). */
  implied: Map<string, number>;
}

export interface DetectorHelpers {
  /** A common word of the catalog's texts (a brand that is one needs a capital or an app's place). */
  commonTerm: (word: string) => boolean;
  /** A word most of whose uses in the catalog are in these apps' own tools ("ebay" in eBay's): their name, not a word. */
  ownWord?: (word: string, ids: string[]) => boolean;
  /** A word the catalog knows well (not corrected as a typo). */
  knownWord: (word: string) => boolean;
  /** A word the catalog's texts use at all (not taken for the name of an app we do not know). */
  seenWord?: (word: string) => boolean;
  /** Nouns (stems) the tools of these apps act on most, for "zoom meeting" and "box folder". */
  productNouns?: (apps: string[]) => Set<string>;
  /** Stem of a word, as the index stems. */
  stem?: (word: string) => string;
  /** The catalog word a word is a typo of, or null (an unseen word that is a typo is not the name of an app). */
  typoOf?: (word: string) => string | null;
}

/** Words after which "to" opens an infinitive, not a place ("it would take to drive", "I want to zoom in"). */
const INFINITIVE_BEFORE = new Set(["take", "takes", "took", "want", "wants", "need", "needs", "have", "has", "going", "like", "able", "try", "trying", "how", "used", "ought", "about"]);

/** Orders after which "to X" puts something into X ("add a feature request to Frobly", "save this to Frobly"). */
const INTO_VERBS = new Set(["add", "save", "upload", "import", "sync", "attach", "publish", "push", "clip", "bookmark", "archive"]);

const MAX_PHRASE = 4;

/** PRODUCT_WORDS with each phrase normalised once, as it is looked for in a task (" pull request "). */
const PRODUCT_PHRASES: [string, [string, number][], string][] = Object.entries(PRODUCT_WORDS).map(([phrase, targets]) => [` ${norm(phrase).join(" ")} `, targets, norm(phrase)[0] ?? ""]);
/** The places in PRODUCT_PHRASES of the phrases starting with each word (a task's words pick the few to test). */
const PHRASES_BY_FIRST = new Map<string, number[]>();
PRODUCT_PHRASES.forEach(([, , first], i) => {
  const places = PHRASES_BY_FIRST.get(first);
  if (places) places.push(i);
  else PHRASES_BY_FIRST.set(first, [i]);
});

function norm(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9.]+/).map((w) => w.replace(/^\.+|\.+$/g, "")).filter(Boolean);
}

/** A word's first letter and its other letters that are not vowels ("airtable" → "artbl"). */
const consonants = (word: string) => word[0] + word.slice(1).replace(/[aeiou]/g, "");

/** Whether one letter left out, added or two swapped make this word an order's verb ("cpy" → copy, "updaet" → update). */
function verbWithSlip(word: string): boolean {
  if (word.length < 3 || word.length > 10 || Object.hasOwn(VERBS, word)) return false;
  for (const w of oneSlipAway(word)) if (w.length >= 4 && Object.hasOwn(VERBS, w) && VERBS[w]!.intent !== null) return true;
  return false;
}

/** Damerau-Levenshtein distance (adjacent transpositions count one), stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Whether `word` is `target` with two neighbouring letters swapped. */
function swapped(word: string, target: string): boolean {
  if (word.length !== target.length) return false;
  let i = 0;
  while (i < word.length && word[i] === target[i]) i++;
  return i < word.length - 1 && word[i] === target[i + 1] && word[i + 1] === target[i] && word.slice(i + 2) === target.slice(i + 2);
}

/** Whether `word` is `target` with letters left out. */
function omits(word: string, target: string): boolean {
  let k = 0;
  for (const c of target) if (c === word[k]) k++;
  return k === word.length && word.length < target.length;
}

/** Edits allowed for a typo of a word of this length. */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

export class AppDetector {
  private readonly aliases = new Map<string, Alias>();
  /**
   * Single words of well-known names (curated, short names, brands, apps elsewhere, app ids), for typo correction,
   * by first letter (a typo keeps its first letter).
   */
  private readonly typoTargetsByLetter = new Map<string, string[]>();
  /** Typo targets that are only an app's id or display name (not curated): a typo of one counts in an app's place only. */
  private readonly weakTypoTargets = new Set<string>();
  private readonly helpers: DetectorHelpers;
  private readonly nounCache = new Map<string, Set<string>>();
  /** First words of the names of several words. */
  private readonly phraseStarts = new Set<string>();
  /** App ids of 4 or 5 letters, read from a typo only when two neighbouring letters are swapped. */
  private readonly swapTargets = new Set<string>();

  /** The catalog's app ids. */
  private readonly knownApps: Set<string>;

  constructor(apps: AppRef[], helpers: DetectorHelpers | ((word: string) => boolean)) {
    this.helpers = typeof helpers === "function" ? { commonTerm: helpers, knownWord: helpers } : helpers;
    const { commonTerm } = this.helpers;
    const byProvider = new Map<string, string[]>();
    for (const a of apps) byProvider.set(a.provider, [...(byProvider.get(a.provider) ?? []), a.id]);
    const known = (this.knownApps = new Set(apps.map((a) => a.id)));
    const typo = new Set<string>();
    const add = (phrase: string, ids: string[], strength: number, opts: { ambiguous?: boolean; typo?: boolean } = {}) => {
      const words = norm(phrase);
      if (words.length === 0 || words.length > MAX_PHRASE) return;
      const key = words.join(" ");
      const single = words.length === 1;
      const named = () => [...new Set([...(this.aliases.get(key)?.apps.keys() ?? []), ...ids])];
      // (A verb of the lexicon too, "transcribe", "track": the order's verb unless in an app's place.)
      const ambiguous = opts.ambiguous ?? (single && (COMMON_WORDS.has(key) || (strength < 3 && (commonTerm(key) || Object.hasOwn(VERBS, key)) && !this.helpers.ownWord?.(key, named())) || key.length <= 2));
      const alias = this.aliases.get(key) ?? { apps: new Map<string, number>(), ambiguous };
      if (strength >= Math.max(0, ...alias.apps.values())) alias.ambiguous = ambiguous;
      for (const id of ids) alias.apps.set(id, Math.max(strength, alias.apps.get(id) ?? 0));
      this.aliases.set(key, alias);
      if (opts.typo) for (const w of words) if (w.length >= 4) typo.add(w);
    };
    /** A word of everyday language, not a name. */
    const everydayWord = (w: string) => COMMON_WORDS.has(w) || commonTerm(w) || isStopWord(w);
    for (const [provider, ids] of byProvider) {
      const brand = Object.hasOwn(PROVIDER_BRANDS, provider) ? PROVIDER_BRANDS[provider] : undefined;
      const family = [...ids].sort();
      if (brand) for (const name of [brand.name, ...(brand.aliases ?? [])]) add(name, family, 1, { typo: true });
      // (A provider's slug of everyday words, "payments service" of payments.service.gov.uk, only in an app's place.)
      const slug = providerSlug(provider);
      const slugWords = norm(slug);
      add(slug, family, 1, slugWords.length > 1 && slugWords.every(everydayWord) ? { ambiguous: true } : {});
      // A provider known by a test environment's host ("ote-godaddy.com"): also by its own name ("godaddy").
      const bare = /^(?:ote|sandbox|test|dev|staging|api)[_ ]([a-z0-9]{4,})$/.exec(slug)?.[1];
      if (bare) add(bare, family, 1, { typo: true });
    }
    const weakTypo = new Set<string>();
    for (const a of apps) {
      add(a.id.replace(/_/g, " "), [a.id], 2);
      if (a.id.includes("_")) add(a.id, [a.id], 2);
      /** Reads `key` as this app's name, unless it already names something. */
      const addNew = (key: string, opts: { ambiguous?: boolean } = {}) => {
        if (!this.aliases.has(key)) add(key, [a.id], 2, opts);
      };
      // The display name as the id is read ("oxford dictionaries", "mandrill", "setlist.fm"), and written as one word
      // ("helpscout"); a name made only of everyday words ("Account", "Background Removal") is not read as a name.
      const name = (a.name ?? "").replace(/\([^)]*\)/g, " ");
      // Without the words that only say it is an API ("YNAB API Endpoints" → ynab, "Clearbit API" → clearbit).
      const nameWords = norm(name);
      while (nameWords.length > 1 && API_WORDS.test(nameWords[nameWords.length - 1]!)) nameWords.pop();
      const everyday = nameWords.every((w) => everydayWord(w) || w.length <= 2);
      // A name that starts with a family's brand ("HubSpot Marketing", "Google Cloud Storage") is left to the brand,
      // which searches the whole family and ranks the member the task's words name.
      const familyName = nameWords.length > 1 && (this.aliases.get(nameWords[0]!)?.apps.size ?? 0) > 1;
      const readable = !everyday && !familyName; // (an empty name is "everyday": every word of none is)
      if (readable && nameWords.length <= MAX_PHRASE) {
        addNew(nameWords.join(" "));
        // A name ending in a plural, also in the singular ("Oxford Dictionaries" → "oxford dictionary").
        const last = nameWords[nameWords.length - 1]!;
        if (nameWords.length > 1 && /[^s]s$/.test(last)) addNew([...nameWords.slice(0, -1), last.endsWith("ies") ? `${last.slice(0, -3)}y` : last.slice(0, -1)].join(" "));
        const joined = nameWords.join("");
        if (nameWords.length > 1 && joined.length >= 6) addNew(joined, { ambiguous: commonTerm(joined) });
      }
      // A family member's own name without the brand ("Amazon CloudWatch" → cloudwatch, "AWS Cost Explorer" → cost
      // explorer; everyday words only in an app's place: "in cost explorer"). The brand may be said another way than
      // the family is named by ("Amazon" of AWS, whose brand is "Amazon Web Services").
      const brand = Object.hasOwn(PROVIDER_BRANDS, a.provider) ? PROVIDER_BRANDS[a.provider] : undefined;
      const brandWords = new Set([brand?.name, ...(brand?.aliases ?? [])].flatMap((n) => (n ? norm(n) : [])));
      if (familyName || (nameWords.length > 1 && brandWords.has(nameWords[0]!) && (byProvider.get(a.provider)?.length ?? 0) > 1)) {
        // (The whole name is as good: "google cloud storage", "amazon cloudwatch logs".)
        if (nameWords.length <= MAX_PHRASE) addNew(nameWords.join(" "));
        const rest = nameWords.slice(1).filter((w) => !API_WORDS.test(w));
        if (rest.length > 1 && rest.length <= MAX_PHRASE) addNew(rest.join(" "), { ambiguous: rest.every(everydayWord) });
        // (One short word, "Vonage SMS", or a word of the lexicon, "Amazon Connect", is a kind of thing, not a name.)
        else if (rest.length === 1 && rest[0]!.length >= 5 && !everydayWord(rest[0]!) && !Object.hasOwn(VERBS, rest[0]!) && !Object.hasOwn(SYNONYMS, rest[0]!)) addNew(rest[0]!);
      }
      // Without a last word of everyday language ("Visual Crossing Weather" → visual crossing), when what is left is
      // a name of its own.
      if (readable && nameWords.length > 2 && commonTerm(nameWords[nameWords.length - 1]!)) {
        const rest = nameWords.slice(0, -1);
        if (!rest.every(everydayWord)) addNew(rest.join(" "));
      }
      // A one-word id as its web address ("polygon.io", "cal.com"): a name even when the word is an everyday one.
      if (/^[a-z0-9]{3,}$/.test(a.id)) for (const tld of ["io", "com", "ai"]) addNew(`${a.id}.${tld}`, { ambiguous: false });
      // Typos of an app's one-word id or name of 6 letters or more ("pincone", "mandril"), read in an app's place.
      for (const w of new Set([a.id, ...(nameWords.length === 1 ? nameWords : [])])) {
        if (/^[a-z]{6,}$/.test(w) && !commonTerm(w)) weakTypo.add(w);
        // Shorter ones only with two letters swapped ("otka" → okta), the typo a short name allows.
        else if (/^[a-z]{4,5}$/.test(w) && !commonTerm(w) && !isStopWord(w)) this.swapTargets.add(w);
      }
      // AWS and Google service names are brands of their own ("S3", "BigQuery", "DynamoDB").
      // (Without a version: "sesv2" is SES.)
      const service = /^(aws|google)_([a-z0-9]+?)(?:v\d+)?$/.exec(a.id)?.[2];
      // (An abbreviation the catalog's texts use often, "ec2", "sqs", counts in an app's place or before its nouns.)
      // (Not "pi", which tasks use for the number: "integrate from 0 to pi"; nor "sql", a language: Cloud SQL is "cloud sql".)
      // (With its brand before it, a service's name is a name whatever the word: "Amazon SES v2", "AWS SNS".)
      if (service && a.id.startsWith("aws_")) for (const brandName of ["amazon", "aws"]) addNew(`${brandName} ${service}`);
      if (service && service.length >= 2 && service !== "pi" && service !== "sql") {
        if (!commonTerm(service)) add(service, [a.id], 2);
        // (Not a word of the lexicon: "SMS" is a text message, not AWS Server Migration Service.)
        // (Nor a plural of a common word: "ids" of Google's IDS.)
        else if ((/\d/.test(service) || (service.length <= 4 && !/[aeiou].*[aeiou]/.test(service))) && !Object.hasOwn(SYNONYMS, service) && !(service.endsWith("s") && commonTerm(service.slice(0, -1)))) addNew(service, { ambiguous: true });
      }
    }
    for (const c of CURATED_APPS) {
      if (!known.has(c.id)) continue;
      for (const name of [c.name, c.id, ...(c.aliases ?? [])]) add(name, [c.id], 3, { typo: true });
    }
    for (const [id, names] of Object.entries(SHORT_NAMES)) {
      if (!known.has(id)) continue;
      // A curated name wins: when a product becomes an app of its own ("outlook"), its name names that app only.
      for (const name of names) {
        if ([...(this.aliases.get(norm(name).join(" "))?.apps.values() ?? [])].some((st) => st >= 3)) continue;
        add(name, [id], 2.5, { typo: name.length >= 4, ...(AMBIGUOUS_SHORT.has(name) || name.length <= 2 || COMMON_WORDS.has(name) ? { ambiguous: true } : {}) });
      }
    }
    for (const name of KNOWN_ELSEWHERE) {
      const words = norm(name);
      const key = words.join(" ");
      if (this.aliases.has(key) || words.length > MAX_PHRASE) continue;
      const single = words.length === 1;
      this.aliases.set(key, { apps: new Map(), ambiguous: single && (COMMON_WORDS.has(key) || commonTerm(key)), elsewhere: name });
      for (const w of words) if (w.length >= 5 && single) typo.add(w);
      // Written as one word ("helpscout", "pagerduty" is already one).
      const joined = words.join("");
      if (!single && joined.length >= 6 && !this.aliases.has(joined)) this.aliases.set(joined, { apps: new Map(), ambiguous: commonTerm(joined), elsewhere: name });
    }
    for (const [short, name] of Object.entries(KNOWN_ELSEWHERE_SHORT)) {
      const key = norm(short).join(" ");
      if (!this.aliases.has(key)) this.aliases.set(key, { apps: new Map(), ambiguous: commonTerm(key), elsewhere: name });
      if (key.length >= 5) typo.add(key);
    }
    for (const w of weakTypo) if (!typo.has(w)) (this.weakTypoTargets.add(w), typo.add(w));
    for (const t of [...typo].sort()) {
      const list = this.typoTargetsByLetter.get(t[0]!);
      if (list) list.push(t);
      else this.typoTargetsByLetter.set(t[0]!, [t]);
    }
    for (const key of this.aliases.keys()) if (key.includes(" ")) this.phraseStarts.add(key.slice(0, key.indexOf(" ")));
  }

  /** The nouns of these apps' tools (cached), for "zoom meeting". */
  private nounsOf(ids: string[]): Set<string> {
    if (!this.helpers.productNouns || ids.length === 0) return new Set();
    const key = ids.slice(0, 8).join(",");
    let set = this.nounCache.get(key);
    if (!set) {
      set = this.helpers.productNouns(ids.slice(0, 8));
      this.nounCache.set(key, set);
    }
    return set;
  }

  /** The well-known name a typo stands for ("gmial" → gmail), or undefined. */
  private correct(word: string): string | undefined {
    const max = allowedEdits(word.length);
    // Small words of the language are never typos of a name ("from" is not "fromm").
    if (max === 0 || this.aliases.has(word) || this.helpers.knownWord(word) || isStopWord(word)) return undefined;
    let best: string | undefined;
    let bestDistance = max + 1;
    for (const target of this.typoTargetsByLetter.get(word[0]!) ?? []) {
      if (Math.abs(target.length - word.length) > max) continue;
      const cap = Math.min(max, allowedEdits(target.length));
      const d = editDistance(word, target, cap);
      // At the same distance, a name the word only misses letters of ("gmal" → gmail, not gcal): the commonest typo.
      if (d <= cap && (d < bestDistance || (d === bestDistance && best !== undefined && !omits(word, best) && omits(word, target)))) (best = target), (bestDistance = d);
    }
    // (A word of a name spelt right, "overflow" of "stack overflow", is no typo.)
    if (bestDistance === 0) return undefined;
    // A letter typed twice ("trelllo", "gittea", "asanna"): the name once that letter is typed once.
    if (bestDistance > max || best === undefined) {
      for (let i = 1; i < word.length; i++) {
        if (word[i] !== word[i - 1]) continue;
        const once = word.slice(0, i) + word.slice(i + 1);
        const alias = once.length >= 4 ? this.aliases.get(once) : undefined;
        if (alias && !alias.ambiguous && !alias.elsewhere) return once;
      }
    }
    if (bestDistance <= max) return best;
    if (word.length <= 5) for (const target of this.swapTargets) if (swapped(word, target)) return target;
    // A name written without its vowels ("airtbl", "slck", "dscrd"): the one name it is the consonants of.
    if (word.length >= 4) {
      const bare = consonants(word);
      const fits = (this.typoTargetsByLetter.get(word[0]!) ?? []).filter((t) => t.length >= 5 && t.length > word.length && consonants(t) === bare);
      if (fits.length === 1) return fits[0];
    }
    return undefined;
  }

  /** Whether this text is one of the names the detector reads ("cal.com", "polygon.io"). */
  isName(text: string): boolean {
    const key = norm(text).join(" ");
    const alias = this.aliases.get(key);
    if (alias !== undefined && !alias.ambiguous) return true;
    // With a typo in the name ("mondy.com" for monday.com).
    const [, label, tld] = /^([a-z0-9]+)\.([a-z]+)$/.exec(key) ?? [];
    const fixed = label && label.length >= 4 ? this.correct(label) : undefined;
    return fixed !== undefined && (this.aliases.has(`${fixed}.${tld}`) || this.aliases.has(fixed));
  }

  detect(task: string): DetectedApps {
    const raw: string[] = [];
    const sentenceStart: boolean[] = [];
    /** Whether a colon follows the word ("slack: post the notes"). */
    const colonAfter: boolean[] = [];
    /** Whether a hyphen joins the word to the one before ("to-do", "check-in"): a part of a compound word. */
    const joinedBefore: boolean[] = [];
    /** Punctuation or a value set aside before the word ("sheet: 2025-02-03 | Uber"): a name does not run on across it. */
    const brokenBefore: boolean[] = [];
    const re = /[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*/g;
    let m: RegExpExecArray | null;
    let lastEnd = 0;
    while ((m = re.exec(task))) {
      const between = task.slice(lastEnd, m.index);
      sentenceStart.push(raw.length === 0 || /[.!?:;]\s*$/.test(between) || /\n/.test(between));
      joinedBefore.push(raw.length > 0 && between === "-");
      brokenBefore.push(raw.length > 0 && (/[^\s\w'’-]/.test(between) || /\s{3,}/.test(between)));
      raw.push(m[0]);
      lastEnd = m.index + m[0].length;
      // (or a dash: "gmial - i binned the email ...")
      colonAfter.push(/^\s*(?::|\s[-–—]\s)/.test(task.slice(lastEnd)));
    }
    const lower = raw.map((w) => w.toLowerCase());
    // Typos of well-known names ("gmial", "notoin"), read as the name.
    const corrected = new Map<number, string>();
    const words = lower.map((w, i) => {
      if (/\d/.test(w) || w.length < 4) return w;
      const fix = this.correct(w);
      if (fix) corrected.set(i, fix);
      return fix ?? w;
    });
    const stemOf = this.helpers.stem ?? ((w: string) => w);
    const inPlace = (i: number, end: number, alias: Alias, typoed: boolean): boolean => {
      const prev = words[i - 1];
      const prev2 = words[i - 2];
      const next = words[end];
      const capital = /^[A-Z]/.test(raw[i]!) && (!sentenceStart[i] || /^[A-Z0-9.]+$/.test(raw[i]!)) && raw[i]!.length > 1;
      // A day's name said as a time ("for Monday at 9", "next monday", "monday morning") is not the app of that name.
      if (end === i + 1 && WEEKDAYS.has(words[i]!) && ((prev !== undefined && TIME_BEFORE.has(prev)) || (next !== undefined && TIME_AFTER.test(next)))) return false;
      // An everyday word before "item" or "id" names a kind of thing ("the drive item id 01BY…": Graph's driveItem).
      if (alias.ambiguous && !capital && next !== undefined && /^(?:items?|ids?)$/.test(next)) return false;
      // An everyday word that ends a place's or a person's name ("Union Square", "Times Square"): the name's, not the
      // app's (a word before it that names an app is the app's brand: "Microsoft Teams" is matched whole).
      if (capital && alias.ambiguous && end === i + 1 && i > 0 && !brokenBefore[i] && /^[A-Z][a-z]/.test(raw[i - 1]!) && !sentenceStart[i - 1] && !this.aliases.has(words[i - 1]!) && !PLATFORM_WORDS.has(words[i - 1]!)) return false;
      // (An everyday word in capitals is an acronym of the trade, not a brand: "through the Engine API".)
      if (capital && !typoed && !(alias.ambiguous && end === i + 1 && /^[A-Z]{2,}$/.test(raw[i]!) && COMMON_WORDS.has(words[i]!))) return true;
      // The end of a compound word is not a name in its place ("my to-do list" is not DigitalOcean's).
      if (joinedBefore[i]) return false;
      // The app as the task's label: "slack: remind me at 5", "zoom: list my meetings", "notoin: ...", or first and
      // followed by the order's verb ("slak search for ...", "gsheets wipe the values").
      if (i === 0 && colonAfter[end - 1]) return true;
      // ... or first and followed by "new" or "a" and a thing of the app ("square new customer leo park").
      if (i === 0 && (next === "new" || next === "a") && words[end + 1] !== undefined && !alias.elsewhere && this.nounsOf([...alias.apps.keys()]).has(stemOf(words[end + 1]!))) return true;
      // ... or first and followed by a question ("yt how many subs does she have", "ig what did i post").
      if (i === 0 && next !== undefined && /^(what|whats|how|who|which|when|where|why)$/.test(next) && words[i] !== "do" && !Object.hasOwn(VERBS, words[i]!)) return true;
      // (A typo is no everyday word: "pincone show me ..." is Pinecone before its verb.)
      if (i === 0 && next !== undefined && Object.hasOwn(VERBS, next) && (!PLACE_OR_PARTICLE.has(next) || typoed)) return true;
      // Not an order's verb after "to" ("I want to change the value ...", "how to box up the files").
      // ("how to do", "things to do" in lower case: the verb, not DigitalOcean.)
      // ("how long would it take to drive from SFO", "I need to box up the files": after a verb that takes one.)
      const infinitive = prev === "to" && end === i + 1 && ((Object.hasOwn(VERBS, words[i]!) && next !== undefined && DETERMINERS.has(next)) || raw[i] === "do" || (prev2 !== undefined && INFINITIVE_BEFORE.has(prev2)));
      if (prev !== undefined && APP_PLACE.has(prev) && !infinitive) return true;
      if (prev !== undefined && POSSESSIVE.has(prev) && prev2 !== undefined && APP_PLACE.has(prev2)) return true;
      // A well-known app after "my" or "our" ("pause my slack notifications"), or after a possessive ("monday's zoom").
      const curated = alias.elsewhere !== undefined || Math.max(0, ...alias.apps.values()) >= 2.5;
      if (curated && (prev === "my" || prev === "our" || prev === "s")) return true;
      // A well-known app said as the thing to make ("set up a zoom for tomorrow", "schedule a zoom with ana"): after
      // "a" that follows a verb of making, and before a small word or the end.
      if (curated && (prev === "a" || prev === "an") && (next === undefined || isStopWord(next) || WEEKDAYS.has(next) || SOON.test(next)) && words.slice(Math.max(0, i - 4), i - 1).some((w, k, before) => VERBS[w]?.intent === "create" || VERB_PHRASES[`${w} ${before[k + 1]}`]?.intent === "create")) return true;
      // A well-known app said last after a verb of using it ("... check outlook", "... use notion").
      if (curated && (prev === "check" || prev === "use" || prev === "ask" || prev === "open") && (next === undefined || TAIL_WORDS.has(next))) return true;
      // A well-known app after "for" that ends the task ("delete the message for slack", "a new card for trello please").
      if (curated && prev === "for" && (next === undefined || TAIL_WORDS.has(next))) return true;
      // (Not a small word of the language: "how do i ..." is not DigitalOcean's users.)
      if (next !== undefined && !isStopWord(next)) {
        if (GENERIC_PRODUCT_NOUNS.has(next)) return true;
        if (!alias.elsewhere && this.nounsOf([...alias.apps.keys()]).has(stemOf(next))) return true;
        // Or the everyday word for one of them ("this outlook email": the app's messages).
        const nouns = alias.elsewhere ? null : this.nounsOf([...alias.apps.keys()]);
        if (nouns && Object.hasOwn(SYNONYMS, next) && SYNONYMS[next]!.some((x) => nouns.has(stemOf(x)))) return true;
      }
      // What is searched, between a verb of searching and what for ("search notion for the onboarding doc", "serach
      // slack for ...").
      if (next === "for" && prev !== undefined && (VERBS[prev]?.intent === "search" || (prev.length >= 5 && VERBS[this.helpers.typoOf?.(prev) ?? ""]?.intent === "search"))) return true;
      // The possessive of the app ("slack's reminders").
      if (next === "s" && /'s/.test(raw[end] ?? "")) return true;
      return false;
    };
    const found: { start: number; end: number; alias: Alias; text: string; corrected?: string; weak?: boolean }[] = [];
    const strength = (a: Alias) => (a.elsewhere ? 2.5 : Math.max(...a.apps.values()));
    for (let i = 0; i < words.length; i++) {
      // Phrases of several words only from a word that starts one (most words start none).
      const longest = this.phraseStarts.has(words[i]!) ? Math.min(MAX_PHRASE, words.length - i) : 1;
      // A one-word name written as two words ("Deutsche Bahn", "listen notes"), tried before the words alone.
      // (A short second word too after a longer first: "circle ci".)
      const split = i + 1 < words.length && words[i]!.length >= 3 && (words[i + 1]!.length >= 3 || (words[i]!.length >= 4 && words[i + 1]!.length === 2)) ? this.aliases.get(words[i]! + words[i + 1]!) : undefined;
      if (split && !split.ambiguous && !split.elsewhere && !isStopWord(words[i + 1]!)) {
        found.push({ start: i, end: i + 2, alias: split, text: raw.slice(i, i + 2).join(" ") });
        continue;
      }
      for (let n = longest; n >= 1; n--) {
        const key = n === 1 ? words[i]! : words.slice(i, i + n).join(" ");
        const alias = this.aliases.get(key);
        if (!alias) continue;
        let typoed = false;
        for (let k = i; k < i + n; k++) if (corrected.has(k)) typoed = true;
        // A well-known name with a typo is read only in an app's place, or when it is not an everyday word.
        const weakTypo = typoed && n === 1 && this.weakTypoTargets.has(key);
        // An app known only by its id, said in lower case right after the app the task opens with, where the order's
        // verb stands, is that verb with a slip ("gdrive cpy the proposal doc": copy, not the cpy app).
        if (n === 1 && !typoed && strength(alias) === 1 && i > 0 && /^[a-z]/.test(raw[i]!) && found.some((f) => f.start === 0 && f.end === i) && verbWithSlip(key)) continue;
        const weak = alias.ambiguous || weakTypo || (typoed && n === 1 && key.length < 6);
        if (weak && !inPlace(i, i + n, alias, typoed)) continue;
        found.push({ start: i, end: i + n, alias, text: raw.slice(i, i + n).join(" "), ...(typoed ? { corrected: key } : {}), ...(weak ? { weak } : {}) });
        break;
      }
    }
    // Keep the longest, strongest matches; a phrase inside a longer one does not count.
    found.sort((a, b) => b.end - b.start - (a.end - a.start) || strength(b.alias) - strength(a.alias) || a.start - b.start);
    // A brand of a family said beside a member's own name ("on AWS ... in cost explorer"): the member, not the family.
    const member = (f: (typeof found)[number]) => !f.alias.elsewhere && f.alias.apps.size === 1 && strength(f.alias) >= 2;
    const brandOfMember = (f: (typeof found)[number]) => f.alias.apps.size > 1 && strength(f.alias) === 1 && found.some((o) => o !== f && member(o) && f.alias.apps.has([...o.alias.apps.keys()][0]!));
    // A word that names an app only in an app's place, said again after another app's name that holds it ("onedrive item
    // … in drive b!xYz"), is that app's ("the drive" of OneDrive), not the app it names alone.
    const echo = (f: (typeof found)[number]) => f.weak === true && found.some((o) => o !== f && !o.weak && o.text.toLowerCase().replace(/\s+/g, "").includes(f.text.toLowerCase()));
    // A curated name outranks an app id that is also a word of the task ("the README of the GitHub repository").
    // (Not a word that only echoes a longer name: "teams" of "msft teams" does not outrank it.)
    const top = Math.max(0, ...found.filter((f) => !echo(f)).map((f) => strength(f.alias)));
    // (A curated name before a thing of its app, "a buffer post", "my buffer queue", is that app's thing, whoever's page it goes to.)
    const thingOfApp = (f: (typeof found)[number]) => {
      const next = words[f.end];
      return next !== undefined && (GENERIC_PRODUCT_NOUNS.has(next) || (!f.alias.elsewhere && this.nounsOf([...f.alias.apps.keys()]).has(stemOf(next))));
    };
    const kept = found.filter((f) => !brandOfMember(f) && !echo(f) && (strength(f.alias) === top || strength(f.alias) === 1 || f.alias.elsewhere || top < 3 || (strength(f.alias) >= 2.5 && f.start > 0 && (WORK_PLACE.has(words[f.start - 1]!) || thingOfApp(f)))));
    const taken = new Set<number>();
    const apps: string[] = [];
    const primary = new Set<string>();
    const used = new Set<string>();
    const matches: DetectedApps["matches"] = [];
    const unknown: UnknownApp[] = [];
    for (const f of kept) {
      let overlap = false;
      for (let k = f.start; k < f.end; k++) if (taken.has(k)) overlap = true;
      if (overlap) continue;
      for (let k = f.start; k < f.end; k++) {
        taken.add(k);
        used.add(lower[k]!);
      }
      if (f.alias.elsewhere) {
        unknown.push({ name: f.alias.elsewhere, text: f.text });
        continue;
      }
      const ranked = [...f.alias.apps].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
      const best = ranked[0]![1];
      for (const [id, st] of ranked) {
        if (apps.includes(id)) continue;
        apps.push(id);
        if (st === best) primary.add(id);
      }
      matches.push({ text: f.text, apps: ranked.filter(([, st]) => st === best).map(([id]) => id), strength: best, ...(f.corrected ? { corrected: f.corrected } : {}) });
    }
    // A name the catalog has never seen, standing where an app stands ("in Frobly", "a Frobly ticket", "to my Frobly
    // Reader"), is an app we do not have: said in a notice rather than answered silently with another app's tools. The
    // strongest place wins ("log hours on the Atlas project in Clockify": Clockify); capitalised words that follow
    // belong to the name ("Readwise Reader").
    const unseen = (i: number): boolean => {
      const w = words[i]!;
      if (taken.has(i) || corrected.has(i) || w.length < 4 || !/^[a-z]{3,}\d*$/.test(w) || isStopWord(w)) return false;
      if ((this.helpers.seenWord ?? this.helpers.knownWord)(w)) return false;
      return !(/^[a-z]/.test(raw[i]!) && this.helpers.typoOf?.(w));
    };
    const capitalised = (i: number) => /^[A-Z]/.test(raw[i] ?? "") && !sentenceStart[i];
    const nameAt = (i: number, from = i): { name: string; text: string; end: number } => {
      let end = i + 1;
      while (end < words.length && end - i < 3 && capitalised(end) && !brokenBefore[end] && !isStopWord(words[end]!) && !GENERIC_PRODUCT_NOUNS.has(words[end]!) && !taken.has(end)) end++;
      const text = raw.slice(from, end).join(" ");
      const name = raw.slice(from, end).map((w) => (/^[A-Z]/.test(w) ? w : `${w[0]!.toUpperCase()}${w.slice(1)}`)).join(" ");
      return { name, text, end };
    };
    if (apps.length === 0 && unknown.length === 0) {
      let best: { rank: number; i: number } | null = null;
      const verb = words.find((w) => Object.hasOwn(VERBS, w));
      for (let i = 0; i < words.length; i++) {
        if (!unseen(i)) continue;
        const prev = words[i - 1];
        const prev2 = words[i - 2];
        const next = words[i + 1];
        const place = prev !== undefined && UNKNOWN_PLACE.has(prev);
        // "to my Frobly", "save this to Frobly" (the last words of the task, capitalised): where the thing goes.
        const intoMine = (prev === "my" || prev === "our") && prev2 === "to";
        const intoEnd = prev === "to" && capitalised(i) && nameAt(i).end >= words.length && verb !== undefined && INTO_VERBS.has(verb);
        const possessive = (prev === "my" || prev === "our") && next !== undefined && GENERIC_PRODUCT_NOUNS.has(next);
        // "a Frobly ticket", "the Frobly board"; in lower case only after "a" ("the workshop ticket", "the veritasium
        // channel" are things of the task, not apps).
        const beforeNoun = next !== undefined && GENERIC_PRODUCT_NOUNS.has(next) && (prev === "a" || prev === "an" || (prev === "the" && /^[A-Z]/.test(raw[i]!)) || capitalised(i));
        const rank = place || intoMine || intoEnd ? 3 : possessive ? 2 : beforeNoun ? 1 : 0;
        if (rank > (best?.rank ?? 0)) best = { rank, i };
      }
      if (best) {
        const { name, text } = nameAt(best.i);
        unknown.push({ name, text });
      }
    }
    // A product of a brand we know that the catalog does not have ("my Zoho Bigin pipeline", "Google Frobnicator"): the
    // brand's name followed by a capitalised word the catalog has never seen.
    if (unknown.length === 0) {
      for (let k = 0; k < matches.length; k++) {
        const f = kept.find((x) => x.text === matches[k]!.text && !x.alias.elsewhere);
        if (!f || f.end >= words.length || !capitalised(f.end) || brokenBefore[f.end]) continue;
        // After a product's own name (a curated app), only with a product noun or nothing after: "the gmail Kevin sent"
        // names a person, "my Zoho Bigin pipeline" a product.
        const after = words[f.end + 1];
        if (matches[k]!.strength >= 3 && after !== undefined && !GENERIC_PRODUCT_NOUNS.has(after)) continue;
        if (!unseen(f.end)) continue;
        const { name, text } = nameAt(f.end, f.start);
        unknown.push({ name, text });
        for (const id of matches[k]!.apps) primary.delete(id);
        const drop = new Set(f.alias.apps.keys());
        for (let j = apps.length - 1; j >= 0; j--) if (drop.has(apps[j]!)) apps.splice(j, 1);
        matches.splice(k, 1);
        break;
      }
    }
    // Two apps, one where the task's work happens ("in 1password", "to slack", "slack: ...") and one that only says
    // which thing ("the aws root creds", "our twitter profile"): the task is the first one's.
    if (matches.length > 1) {
      const at = matches.map((m) => kept.find((x) => x.text === m.text && !x.alias.elsewhere));
      const where = at.map((f) => f !== undefined && ((f.start > 0 && WORK_PLACE.has(words[f.start - 1]!)) || (f.start === 0 && colonAfter[f.end - 1] === true)));
      if (where.some(Boolean) && !where.every(Boolean)) {
        for (let k = matches.length - 1; k >= 0; k--) {
          if (where[k]) continue;
          const drop = new Set(at[k]?.alias.apps.keys() ?? matches[k]!.apps);
          if (matches.some((m, j) => where[j] && m.apps.some((id) => drop.has(id)))) continue;
          for (const id of drop) primary.delete(id);
          for (let j = apps.length - 1; j >= 0; j--) if (drop.has(apps[j]!)) apps.splice(j, 1);
          for (const w of norm(matches[k]!.text)) used.delete(w);
          matches.splice(k, 1);
        }
      }
    }
    // A suite's name with a member app's things names that member ("o365 send mail": Outlook).
    for (const m of matches) {
      const said = m.text.toLowerCase().replace(/\s+/g, " ");
      const suite = SUITE_MEMBERS.find((x) => x.names.includes(said));
      const member = suite?.members.find(([id, things]) => this.knownApps.has(id) && things.some((t) => words.includes(t)))?.[0];
      if (!member || m.apps.includes(member)) continue;
      for (const id of m.apps) primary.delete(id);
      primary.add(member);
      apps.unshift(member);
      m.apps = [member];
    }
    const implied = new Map<string, number>();
    {
      const text = ` ${words.join(" ")} `;
      const present = new Set(words);
      // Several product words of one app add up ("star the thread ... my label": Gmail), as independent evidence.
      const evidence = (targets: [string, number][]) => {
        for (const [id, w] of targets) implied.set(id, 1 - (1 - w) * (1 - (implied.get(id) ?? 0)));
      };
      // (Only the phrases whose first word is in the text, in their own order: the evidence adds up the same way.)
      const candidates: number[] = [];
      for (const w of present) for (const i of PHRASES_BY_FIRST.get(w) ?? []) candidates.push(i);
      candidates.sort((a, b) => a - b);
      for (const i of candidates) {
        const [phrase, targets] = PRODUCT_PHRASES[i]!;
        if (text.includes(phrase)) evidence(targets);
      }
      for (const [firsts, seconds, targets] of PRODUCT_PAIRS) if (firsts.some((w) => present.has(w)) && seconds.some((w) => present.has(w))) evidence(targets);
    }
    return { apps, primary, words: used, matches, unknown, implied };
  }

  /** The catalog apps whose names a search text names (exact, alias or typo), strongest first, for GET /apps. */
  namedApps(text: string): string[] {
    const key = norm(text).join(" ");
    const direct = this.aliases.get(key) ?? (() => {
      const fix = key.includes(" ") ? undefined : this.correct(key);
      return fix ? this.aliases.get(fix) : undefined;
    })();
    if (!direct) return [];
    return [...direct.apps].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([id]) => id);
  }
}
