/**
 * tools.find: recognise the app a task names and keep to it, score tools with BM25 over their names, paths,
 * descriptions and parameters, then re-rank the best candidates by what the task asks (create / read / list /
 * update / delete / search, and the verb itself) against what each tool does (its name and HTTP method), and by the
 * task's nouns against the resource the tool acts on (the last segments of its path and name).
 */
import type { CatalogApp, CatalogTool, FindOptions, ToolMatch } from "../types.js";
import type { FindAnswer, FindNotice, FoundTool } from "./answer.js";
import { readFileSync } from "node:fs";
import { CURATED_APPS } from "../curated.js";
import { isStopWord, stem, terms } from "./analyze.js";
import { AppDetector, type DetectedApps } from "./detect-apps.js";
import { ABBREVIATIONS, NAME_VERBS, oneSlipAway, SYNONYMS, VERB_PHRASES, VERBS, type Intent } from "./lexicon.js";
import { INTENTS } from "./name-verbs.js";
import { readTask, type ReadTask } from "./read-task.js";
import { prepareTask, type Prepared, type Value } from "./values.js";
import { FLAG_BULK, FLAG_PAIR_PATH, FLAG_DEPRECATED, FLAG_ITEM_PATH, METHODS, type SearchIndex } from "./search-index.js";

/** Below this many tools an index is searched whole, common terms included. */
const SMALL_INDEX = 1000;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
const CANDIDATES = 200;
/**
 * A search of the whole catalog (no app named) re-ranks as many... (50, not 100: over every find set, 2,685 tasks, the
 * same or better at rank 1 and in the first five, and a no-app find costs 27 % less CPU: the re-ranker was its most.)
 */
const OPEN_CANDIDATES = 50;
/** ...of those whose text score is at least this share of the best. */
const OPEN_MIN_SHARE = 0.3;
/** A search of a named app that matches fewer of its tools than this also re-ranks the app's other tools. */
const FEW_MATCHES = 5;
/**
 * The apps a no-app task implies are searched again for their own best tools: this many of them. (The best 100 by text,
 * 50 for the implied apps, hold the answer as often as the best 200 did on every task set; the re-ranker is most of
 * a find's time.)
 */
const IMPLIED_CANDIDATES = 50;
/** Operation keys remembered per kind of find (collapse); past this many, forgotten and made again. */
const OPERATION_KEYS = 20_000;
/** A connected app's tool goes first when its score is at least this share of the catalog's best... */
const RELEVANT = 0.85;
/** ...and its text match at least this share. */
const MIN_TEXT = 0.2;

/**
 * The hand-set weights of the re-ranking signals (BM25 is scaled to 0..1 among the candidates): the starting point of
 * `scripts/find-train.ts`, which fits them on queries it writes from the catalog's own operations and stores the
 * result in `find-weights.json` (loaded below; its weights replace these).
 */
export const HAND_WEIGHTS = {
  /** A tool of an app the task's product words imply ("pull request" → GitHub), times the word's weight. */
  implied: 0.5,
  /** A tool of a curated (widely used) app, when the task names no app. */
  popular: 0.05,
  bm25: 0.6, intent: 0.3, createOnItem: 0.1, verb: 0.25, nouns: 0.25, resource: 0.15, resourceMiss: 0.1, coverage: 0.3, extra: 0.03,
  meta: 0.15, bulk: 0.15, depth: 0.05, inputs: 0.04, scope: 0.08, deprecated: 0.2,
  /** A tool of the app the task names, before the rest of its family. */
  primary: 0.1,
  /**
   * A family member the task names only by the family's brand ("send an SMS via Twilio" is not Twilio Super SIM's):
   * none of the words that set its id apart from the named app's is in the task.
   */
  unnamedMember: 0.3,
  /**
   * The tool works inside a thing the task names as a place ("add a column to the tasks table": a path through
   * `/tables/{id}/...` whose resource is something else), rather than making or removing that thing itself.
   */
  container: 0.15,
  /** A tool that reads one item by its id, for a task that names no item and looks for things or for the current one. */
  needsItem: 0.15,
  /** A tool whose path takes an owner/name pair (`/repos/{owner}/{repo}/...`), for a task that names one (`vercel/next.js`). */
  pairFits: 0.3,
};
export type WeightName = keyof typeof HAND_WEIGHTS;

/** The signals a candidate is scored on, in the order of its feature vector (each weighted by WEIGHTS[name]). */
export const FEATURES: WeightName[] = [
  "bm25", "intent", "createOnItem", "verb", "nouns", "resource", "resourceMiss", "coverage", "extra", "meta", "deprecated",
  "bulk", "scope", "depth", "inputs", "primary", "unnamedMember", "implied", "popular", "container", "needsItem", "pairFits",
];
const F = Object.fromEntries(FEATURES.map((f, i) => [f, i])) as Record<WeightName, number>;

/** The learned weights (`find-weights.json`, written by scripts/find-train.ts), over the hand-set ones. */
function loadWeights(): Record<WeightName, number> {
  const weights = { ...HAND_WEIGHTS };
  try {
    const file = JSON.parse(readFileSync(new URL("./find-weights.json", import.meta.url), "utf8")) as { weights?: Record<string, number> };
    for (const [k, v] of Object.entries(file.weights ?? {})) if (Object.hasOwn(weights, k) && Number.isFinite(v)) weights[k as WeightName] = v;
  } catch {
    // No learned weights: the hand-set ones.
  }
  return weights;
}
export const WEIGHTS: Record<WeightName, number> = loadWeights();
/** WEIGHTS as a vector in FEATURES order. */
const W = Float64Array.from(FEATURES, (f) => WEIGHTS[f]);

/** Words that make a tool about something beside the thing itself (its settings, its admin, a template of it, ...). */
const META_WORDS = [
  "setting", "settings", "config", "configuration", "template", "admin", "audit", "policy", "protection", "restriction",
  "metadata", "schema", "statistic", "stats", "analytics", "report", "metric", "dashboard", "bulk", "batch", "legacy", "deprecated", "preview", "beta", "test", "sandbox",
];

/** Bits of a term that hold for every query (createAnswerFinder's termBits). */
const T_VERB = 1;
const T_META = 2;
const T_BULK = 4;
const T_STRUCTURAL = 8;
/** Bits of a tool (toolBits). */
const D_SOLE_BULK = 1;
const D_UPSERT = 2;
const D_SEARCH_NAMED = 4;
/** Bits of a term in the query being ranked (queryBits): which of its QueryIds sets hold it. */
const Q_NOUN = 1;
const Q_ALL = 2;
const Q_EXACT = 4;
const Q_RESOURCE = 8;
const Q_CONTEXT = 16;
const Q_PLACE = 32;
const Q_VERB = 64;

interface QueryIds {
  /** The verb's specific operation words ("archive", "assign"); generic ones are read as intent. */
  verbs: number[];
  /** Longer words starting with those (assign → assignee). */
  verbExpansions: number[];
  nouns: { word: string; ids: number[]; weight: number }[];
  /** Every term id of the task's nouns and their synonyms. */
  all: Set<number>;
  /** The nouns' own terms (no synonyms). */
  exact: Set<number>;
  /** Terms that may name the tool's resource, with the weight of the noun (or verb) they come from. */
  resource: Map<number, number>;
  /** Words of the named apps (`/gmail/v1/...`, `/linode/instances`), which a path may carry without narrowing it. */
  context: Set<number>;
  /** Terms of the nouns the task names as a place the object goes into or leaves (ReadTask nouns' `place`). */
  places: Set<number>;
  /** The same, one list of terms per place noun (a tool inside more of them is more inside: an issue's labels, not the repo's). */
  placeGroups: number[][];
  /** The own terms of the task's objects (nouns of weight 1 that are not places). */
  objectTerms: number[];
  /** The task has an object of its own beside its places (a noun of weight 1 that is not a place). */
  hasObject: boolean;
  /** For each term of the nouns: pairs of (noun index, factor: 1 for the noun's own term, 0.8 for another). */
  nounTerms: Map<number, number[]>;
  /**
   * The verb's words that are also a word of the thing's name ("merge MR !57": merge of merge request), unless the
   * verb itself was read as a noun: a tool name holding such a word once holds it as the thing's.
   */
  verbsInThing: Set<number>;
}

/** How well a tool doing `tool` answers a task asking for `task` (rows: task intent). */
const FIT: Record<Intent, Record<Intent, number>> = {
  create: { create: 1, update: 0.2, read: -1, list: -1, search: -1, delete: -1.5 },
  read: { read: 1, list: 0.6, search: 0.4, update: -1, create: -1, delete: -1.5 },
  list: { list: 1, search: 0.4, read: -0.3, update: -1, create: -1, delete: -1.5 },
  search: { search: 1, list: 0.4, read: -0.3, update: -1, create: -1, delete: -1.5 },
  update: { update: 1, create: 0.2, delete: -1, read: -1, list: -1, search: -1 },
  delete: { delete: 1, update: -0.5, create: -1, read: -1.5, list: -1.5, search: -1.5 },
};

/** tools.find over an index: the matches only (see createAnswerFinder for the notice too). */
export function createFinder(index: SearchIndex, apps: CatalogApp[], readTool: (i: number) => CatalogTool) {
  const answer = createAnswerFinder(index, apps, readTool);
  return (task: string, opts: FindOptions = {}): ToolMatch[] => answer(task, opts).matches;
}

/** The words a value stands for in the task, read as a qualifier ("#general" is a channel, "PROJ-412" an issue). */
/** Search operators that only one product's search takes (its documented query syntax). */
const SEARCH_SYNTAX: [RegExp, string][] = [
  [/(?:^|\s)type:(?:ticket|user|organization|group)\b/i, "zendesk"],
  [/(?:^|\s)(?:has:attachment|is:unread|is:starred|in:inbox|in:sent|newer_than:\d|older_than:\d)/i, "gmail"],
  [/(?:^|\s)is:(?:pr|issue)\b/i, "github"],
];

/** A branch name by the prefixes teams give them ("feature/login", "hotfix/cache-ttl", "release/2024.06"). */
const BRANCH_SLUG = /^(?:feature|feat|hotfix|bugfix|fix|release|chore|topic|refactor|docs|dev|experiment|wip)\/[\w.-]+$/i;

const VALUE_HINTS: Partial<Record<Value["kind"], { words: string; app?: [string, number] }>> = {
  channel: { words: "in channel", app: ["slack", 0.5] },
  key: { words: "on issue", app: ["jira", 0.7] },
  slug: { words: "in repository", app: ["github", 0.4] },
  range: { words: "values in range", app: ["googlesheets", 0.5] },
  timezone: { words: "in timezone" },
};

/** Words that name an issue tracker's item: a key beside one of them ("ticket WEB-88", "PROJ-412 bug") is an issue's. */
const ISSUE_WORDS = /^(issue|issues|ticket|tickets|bug|bugs|story|stories|task|tasks|epic|epics|subtask|card|item|key|incident|defect|request|jira)$/i;

/**
 * Whether a key-shaped code ("BIO-101") is named as a thing of another kind by the noun right beside it ("the BIO-101
 * course", "course BIO-101", "flight LH-400"), not an issue's key.
 */
function keyOfAnotherKind(task: string, key: string): boolean {
  const at = task.indexOf(key);
  if (at < 0) return false;
  const next = /^\s+([a-z]+)\b/i.exec(task.slice(at + key.length))?.[1];
  // (A word before it counts only after a small word: "in course BIO-101"; "transition SCRUM-88" is the order's verb.)
  const before = /(?:^|\s)(the|a|an|in|for|of|on|my|our|to|from)\s+([a-z]+)\s+$/i.exec(task.slice(0, at));
  const prev = before?.[2];
  const kindWord = (w: string | undefined) => w !== undefined && w.length >= 3 && !isStopWord(w.toLowerCase()) && !ISSUE_WORDS.test(w) && !Object.hasOwn(VERBS, w.toLowerCase()) && !/^(is|was|are|were|has|had|and|or|to|in|on|for|with|from|by|as|at|of|status|now|please|done)$/i.test(w);
  return kindWord(next) || kindWord(prev);
}

/**
 * Ids whose shape says whose they are (Stripe's cus_ / ch_ / sub_ objects, Airtable's app / tbl / rec, PayPal's invoices,
 * Salesforce's records): [shape, app, weight, and what kind of thing such an id is, when its shape says so].
 */
const ID_SHAPES: [RegExp, string, number, ((id: string) => string | undefined)?][] = [
  [/^(?:cus|ch|sub|pi|price|prod|inv|in|pm|re|evt|acct|seti|cs|txn|tr|po|plan|si|ii|cn|sub_sched)_[A-Za-z0-9]{8,}$/, "stripe", 0.8, (id) => STRIPE_OBJECTS[id.slice(0, id.lastIndexOf("_"))]],
  // (Airtable's are 14 characters after the prefix; written shorter in examples and notes, with a digit among them.)
  [/^(?:app|tbl|rec|fld|viw)(?=[A-Za-z]*\d)[A-Za-z0-9]{8,14}$/, "airtable", 1],
  [/^INV2(?:-[A-Z0-9]{4}){4}$/, "paypal", 0.8],
  [/^(?:001|003|005|006|00Q|00T|00U|500|701|800)[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?$/, "salesforce", 1],
  [/^(?:i|ami|vol|snap|sg|subnet|vpc|eni|igw|rtb|nat|eipalloc|lt)-[0-9a-f]{8,17}$/, "aws_ec2", 1, (id) => EC2_OBJECTS[id.slice(0, id.indexOf("-"))]],
  // A Google Cloud zone ("us-central1-a", "europe-west4-b"): Compute Engine's.
  [/^(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-[a-z]+\d-[a-c]$/, "google_compute", 0.6],
  // Sentry's short issue ids: the project's slug in capitals and a base-36 counter ("CHECKOUT-WEB-3F1"; a Jira key ends in digits only).
  [/^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-(?=[0-9A-Z]*[A-Z])(?=[0-9A-Z]*[0-9])[0-9A-Z]{2,}$/, "sentry", 0.7],
  // Exchange's item ids through Microsoft Graph (a message's "AAMkAGI2…"): Outlook's.
  [/^AAMk[A-Za-z0-9]{6,}$/, "outlook", 0.8],
  // Okta's user ids ("00u1abcd2EFGH…"; Salesforce's user prefix is "005", its "00U" an event).
  [/^00u[A-Za-z0-9]{10,}$/, "okta", 0.8],
  // Plaid's tokens name their kind and environment ("public-sandbox-…", "access-production-…").
  [/^(?:public|access|link|processor)-(?:sandbox|development|production)-[0-9a-f-]{6,}$/, "plaid", 1],
  // Twilio's resource SIDs: two letters of the kind and 32 hex digits (SM… a message, CA… a call, AC… an account).
  [/^(?:SM|MM|CA|AC|PN|RE|CF|MG)[0-9a-f]{32}$/, "twilio", 1, (id) => TWILIO_OBJECTS[id.slice(0, 2)]],
  // Twilio Verify's services (VA…).
  [/^VA[0-9a-f]{32}$/, "twilio_verify", 1],
  // A Microsoft Teams chat or channel ("19:8a0b…@thread.v2").
  [/^19:[\w-]+@thread\.(?:v2|tacv2|skype)$/, "microsoft_teams", 1],
  // Vercel's deployment ids ("dpl_8Fz3kQ1mN2pX").
  [/^dpl_[A-Za-z0-9]{8,}$/, "vercel", 1],
  // ServiceNow's record numbers: an incident INC0012345, a request RITM…, a change CHG…, a problem PRB….
  [/^(?:INC|RITM|REQ|CHG|PRB|SCTASK)\d{7}$/, "servicenow", 1],
  // A CloudFront distribution's id ("E2QWRUHEXAMPLE").
  [/^E[A-Z0-9]{12,13}$/, "aws_cloudfront", 0.8],
  // A London stop's NaPTAN code ("940GZZLUOXC", Oxford Circus): Transport for London's.
  [/^940G[A-Z0-9]{5,}$/, "tfl", 1],
  // A Telegram supergroup's or channel's chat id ("-1001234567890").
  [/^-100\d{9,13}$/, "telegram", 1],
  // Slack's ids: a channel (C0…, a private one G0…, a DM D0…) or a user (U0…, W0…), capitals and digits.
  [/^[CGDUW]0(?=[A-Z0-9]*[A-Z])[A-Z0-9]{7,10}$/, "slack", 0.6],
  // A book's ISBN-13 (978… or 979…), whole or with its hyphens: a book database's.
  [/^97[89](?:\d{10}|(?:-\d+){3}-\d)$/, "isbndb", 0.8, () => "book isbn"],
];

/**
 * Web addresses of apps' own pages, read from a link the task gives (without its scheme and "www."): the app a link
 * implies when the task names none ("docs.google.com/spreadsheets/d/…" is a Google Sheet, kept in Google Drive). At
 * weight 1 the page is one only that app serves (a workspace's ticket, task or document), which names the app as its
 * ids do; a link people pass around as content (a video, a profile, a post, a booking page) only implies it.
 */
const WEB_PAGES: [RegExp, [string, number][]][] = [
  // (A Google document lives in Drive, where it is shared, moved and copied.)
  [/^docs\.google\.com\/spreadsheets\b/i, [["googlesheets", 1], ["googledrive", 1]]],
  [/^docs\.google\.com\/document\b/i, [["googledocs", 1], ["googledrive", 1]]],
  [/^docs\.google\.com\/presentation\b/i, [["googleslides", 1], ["googledrive", 1]]],
  [/^docs\.google\.com\/forms\b/i, [["googleforms", 1]]],
  [/^drive\.google\.com\b/i, [["googledrive", 1]]],
  [/^calendar\.google\.com\b/i, [["googlecalendar", 1]]],
  [/^meet\.google\.com\b/i, [["googlemeet", 1]]],
  [/^mail\.google\.com\b/i, [["gmail", 1]]],
  [/^github\.com\b/i, [["github", 1]]],
  [/^(?:[\w-]+\.)?gitlab\.com\b/i, [["gitlab", 1]]],
  [/^[\w-]+\.slack\.com\b/i, [["slack", 1]]],
  [/^(?:[\w-]+\.)?atlassian\.net\/wiki\b/i, [["confluence", 1]]],
  [/^[\w-]+\.atlassian\.net\b/i, [["jira", 0.6]]],
  [/^(?:[\w-]+\.)?notion\.(?:so|site)\b/i, [["notion", 1]]],
  [/^trello\.com\b/i, [["trello", 1]]],
  [/^(?:[\w-]+\.)?zoom\.us\b/i, [["zoom", 0.8]]],
  [/^calendly\.com\b/i, [["calendly", 0.8]]],
  [/^(?:youtube\.com|youtu\.be)\b/i, [["youtube", 0.8]]],
  [/^(?:twitter\.com|x\.com)\//i, [["twitter", 0.8]]],
  [/^linkedin\.com\b/i, [["linkedin", 0.8]]],
  [/^(?:dropbox\.com|db\.tt)\b/i, [["dropbox", 1]]],
  [/^figma\.com\b/i, [["figma", 1]]],
  [/^airtable\.com\b/i, [["airtable", 1]]],
  [/^instagram\.com\b/i, [["instagram", 0.8]]],
  [/^reddit\.com\b/i, [["reddit", 0.8]]],
  [/^open\.spotify\.com\b/i, [["spotify", 0.8]]],
  [/^[\w-]+-my\.sharepoint\.com\b/i, [["one_drive", 1]]],
  [/^(?:[\w-]+\.)?sharepoint\.com\b/i, [["share_point", 1], ["one_drive", 0.5]]],
  [/^(?:app\.)?box\.com\b/i, [["box", 1]]],
  [/^miro\.com\/app\b/i, [["miro", 1]]],
  [/^canva\.com\/design\b/i, [["canva", 1]]],
  [/^app\.shortcut\.com\b/i, [["shortcut", 1]]],
  [/^[\w-]+\.freshdesk\.com\b/i, [["freshdesk", 1]]],
  [/^[\w-]+\.bamboohr\.com\b/i, [["bamboohr", 1]]],
  [/^[\w-]+\.service-now\.com\b/i, [["servicenow", 1]]],
  [/^(?:[a-z]{2,3}\.)?(?:m\.)?wikipedia\.org\b/i, [["wikimedia", 0.8]]],
  // An organisation's own tenant on an app's domain ("acme.okta.com", "acme.zendesk.com", "acme.myshopify.com").
  [/^[\w-]+\.(?:okta|oktapreview)\.com\b/i, [["okta", 1]]],
  [/^[\w-]+\.zendesk\.com\b/i, [["zendesk", 1]]],
  [/^[\w-]+\.myshopify\.com\b/i, [["shopify", 1]]],
  [/^[\w-]+\.(?:my\.)?salesforce\.com\b/i, [["salesforce", 1]]],
  // A mailbox's provider ("my @gmail.com inbox"): a hint only (mail from or to such an address is no order to the app).
  [/^gmail\.com$/i, [["gmail", 0.8]]],
  [/^(?:outlook|hotmail|live)\.com$/i, [["outlook", 0.6]]],
  [/^cal\.com\/[\w-]+/i, [["cal", 1]]],
  [/^(?:1drv\.ms|onedrive\.live\.com)\b/i, [["one_drive", 1]]],
  [/^(?:[\w-]+\.)?myshopify\.com\b/i, [["shopify", 1]]],
  [/^(?:[\w-]+\.)?zendesk\.com\b/i, [["zendesk", 1]]],
  [/^dashboard\.stripe\.com\b/i, [["stripe", 1]]],
  [/^app\.hubspot\.com\b/i, [["hubspot", 1]]],
  [/^(?:[\w-]+\.)?(?:lightning\.force|my\.salesforce)\.com\b/i, [["salesforce", 1]]],
  [/^(?:[\w-]+\.)?sentry\.io\b/i, [["sentry", 1]]],
  [/^(?:[\w-]+\.)?typeform\.com\b/i, [["typeform", 1]]],
  [/^(?:[\w-]+\.)?mailchimp\.com\b/i, [["mailchimp", 0.6]]],
  [/^(?:[\w-]+\.)?monday\.com\b/i, [["monday", 1]]],
  [/^teams\.microsoft\.com\b/i, [["microsoft_teams", 1]]],
  [/^admin\.shopify\.com\b/i, [["shopify", 1]]],
  [/^(?:[\w-]+\.)?instructure\.com\b/i, [["canvas", 1]]],
  [/^app\.asana\.com\b/i, [["asana", 1]]],
  [/^app\.intercom\.com\b/i, [["intercom", 1]]],
  [/^(?:[\w-]+\.)?facebook\.com\b/i, [["facebook", 1]]],
  [/^[\w-]+\.vercel\.app\b/i, [["vercel", 1]]],
  [/^[\w-]+\.netlify\.app\b/i, [["netlify", 1]]],
  [/^classroom\.google\.com\b/i, [["google_classroom", 1]]],
  [/^search\.google\.com\/search-console\b/i, [["google_searchconsole", 1]]],
  [/^(?:[\w-]+\.)?pagerduty\.com\b/i, [["pagerduty", 1]]],
  [/^(?:[\w-]+\.)?hubspot\.com\b/i, [["hubspot", 0.6]]],
  [/^(?:[\w-]+\.)?webflow\.(?:com|io)\b/i, [["webflow", 0.6]]],
  [/^(?:[\w-]+\.)?clickup\.com\b/i, [["clickup", 1]]],
  // Cloud resources by their address: an object store's scheme, an AWS service endpoint (aws_<service>, below), a
  // deployed app's host, a Google Cloud resource name.
  [/^gs:\/\//i, [["google_storage", 1]]],
  [/^s3:\/\//i, [["aws_s3", 1]]],
  [/^op:\/\//i, [["1password_connect", 1]]],
  [/^[\w-]+\.s3[.-](?:[\w-]+\.)?amazonaws\.com\b/i, [["aws_s3", 1]]],
  [/^[\w.-]+\.amplifyapp\.com\b/i, [["aws_amplify", 1]]],
  [/^[\w-]+\.vault\.azure\.net\b/i, [["azure_keyvault_2", 1], ["azure_keyvault", 1]]],
  [/^[\w-]+\.blob\.core\.windows\.net\b/i, [["azure_storage_blob", 1]]],
  [/^[\w-]+\.cloudfunctions\.net\b/i, [["google_cloudfunctions", 1]]],
  [/^[\w-]+\.a\.run\.app\b|^[\w-]+-[a-z0-9]+-[a-z]{2}\.a\.run\.app\b/i, [["google_run", 1]]],
  [/^hub\.docker\.com\b/i, [["docker_hub", 1]]],
  [/^projects\/[\w-]+\/(?:topics|subscriptions|snapshots)\//i, [["google_pubsub", 1]]],
  // A Google Chat space by its resource name ("spaces/AAAAq2Lm9Xk").
  [/^spaces\/[\w-]{6,}$/, [["google_chat", 1]]],
  // A Discourse forum's topic ("forum.acme.dev/t/upgrade-guide/1234").
  [/^[\w.-]+\/t\/[\w-]+\/\d+/i, [["discourse", 0.6]]],
];

/** The apps a link's address is a page of (WEB_PAGES), or an AWS service's endpoint ("sqs.us-east-1.amazonaws.com/…"). */
function pageApps(address: string): [string, number][] | undefined {
  const page = WEB_PAGES.find(([at]) => at.test(address));
  if (page) return page[1];
  // An AWS resource name says its service ("arn:aws:lambda:…" is AWS Lambda's, "arn:aws:sns:…" SNS's).
  const owner = /^arn:aws[\w-]*:([a-z0-9-]+):/i.exec(address)?.[1]?.toLowerCase().replace(/-/g, "");
  if (owner) return [[`aws_${owner}`, 1]];
  const service = /^([a-z0-9-]+)\.(?:[a-z]{2}(?:-[a-z]+)+-\d\.)?amazonaws\.com\b/i.exec(address)?.[1]?.toLowerCase().replace(/-/g, "");
  return service ? [[`aws_${service}`, 1]] : undefined;
}

/** How an app not named by its name was named (the reasons say so); a page's keeper is searched, not ranked first. */
const NAMED_BY = { link: "a link to its page", keeper: "a link to a page it keeps", notation: "a notation of its own", resource: "the name of one of its resources", file: "a file of its own" } as const;

/** A Trello card moved to another board, or a list's cards moved (not a card to another list). */
const TRELLO_TO_BOARD = /\bto\s+(?:another\s+|a\s+different\s+|(?:the|my|our)\s+(?:(?!(?:list|column|on|in)\b)[\w'’-]+\s+){0,3})board\b|\b(?:lists?|columns?)\s+to\b|\bmove\s+all\b/i;

/** What is done to Buffer posts already queued (or their slots), not a new post: "bump it to the top", "share update 5f1a… now". */
const BUFFER_NOT_NEW = /\b(?:top|reorder|shuffle|move|bump|slots?|times?|queued|waiting|pending|pause|resume|delete|remove|now|immediately)\b|\b[0-9a-f]{10,}\b/i;

/**
 * Words of a task that an app calls otherwise, read as the app's own when it is named: each rule applies when the task
 * matches `when` (if given) and not `unless`.
 */
const APP_WORDS: Record<string, [RegExp, { as: string; when?: RegExp; unless?: RegExp }][]> = {
  docker_hub: [[/\bimages?\b/gi, { as: "repos", unless: /\bdigests?\b|sha256:|\bimages?\s+repo/i }]],
  bufferapp: [
    // (Queueing or scheduling a new post there is creating a status update; the queue's order and its slots are others.)
    [/\b(?:queue|schedule|add|put|post|share|publish)(?:\s+up)?\s+(?:(?:a|an|this|these|the\s+following|it)\s+)?(?:(?:new|linkedin|twitter|x|facebook|instagram)\s+)?(?:(?:post|tweet|update)s?\b)?/i, { as: "create new status updates ", unless: BUFFER_NOT_NEW }],
    // (The profiles a new post goes to are its parameters, not the thing to change.)
    [/\b(?:for|on|to)\s+(?:our|the|my)\s+(?:[\w-]+\s+)?(?:and\s+[\w-]+\s+)?(?:profiles?|pages?|accounts?)\b/gi, { as: "", when: /\b(?:queue|schedule|post|share|publish|add|put)\b/i, unless: BUFFER_NOT_NEW }],
    [/\b(?:posts?|tweets?)\b(?!\s+(?:time|times|schedule))/gi, { as: "status update" }],
  ],
  // (Meta's Graph API pauses, resumes or archives a campaign, an ad set or an ad by updating that object's status.)
  metaads: [[/\b(?:pause|resume|unpause|activate|reactivate|stop|archive)\s+(?:the\s+|this\s+|that\s+)?(?:ad\s*sets?|campaigns?|ads?)\b/gi, { as: "update the object status" }]],
  // (Notion adds text, to-dos or bullets to a page as blocks appended to its children.)
  notion: [[/\b(?:add|append|put|write|insert|drop|tack|stick|paste|jot)\b(?=[^.;]*?\b(?:to|on|onto|in|into|under|at)\s+(?:the\s+(?:bottom|end|top)\s+of\s+)?(?:my\s+|the\s+|this\s+|our\s+|that\s+)?(?:[\w'’-]+\s+){0,3}?(?:notion\s+)?page\b)(?![^.;]*\bpages?\s+(?:to|in|into)\b(?!\s+notion\b))/i, { as: "append block children", unless: /\bcomments?\b|\b(?:an?|new)\s+(?:sub-?)?pages?\b/i }],
    // (Notes put on a page that way are its text, not comments on it.)
    [/(?<=\bappend block children\b[^.;]*?)\bnotes?\b/gi, { as: "text" }]],
  // (Gmail sorts mail as it comes, skips the inbox, labels it or blocks a sender by a filter, under its settings.)
  gmail: [
    [/\b(?:filters?|rules?)\b/i, { as: "settings filter" }],
    // (A label is put on or taken off a message by modifying the message; a new label is made under labels.)
    [/\b(?:add|put|apply|stick|remove|take\s+off)\s+(?:the\s+)?(?:label\s+)?(?:['"‘“][^'"’”]+['"’”]\s+|[\w-]+\s+)?label(?:\s+[\w-]+)?\s+(?:to|on|onto|from)\b/i, { as: "modify the message labels:", unless: /\b(?:filters?|rules?|automatically|new\s+label|create)\b/i }],
    [/\b(?:automatically|from\s+now\s+on|(?:should\s+)?skip(?:s|ping)?\s+(?:the|my)\s+inbox|block\s+(?:the\s+)?sender)\b/i, { as: "$& with a settings filter", unless: /\b(?:filters?|rules?)\b/i }],
  ],
  // (LaunchDarkly turns a flag on or off in an environment by a change to the flag; whether it is on is read from it.)
  launchdarkly: [
    [/\b(?:turn(?:ed)?|switch(?:ed)?|flip(?:ped)?)\s+(?:it\s+|the\s+)?(?:on|off)\b|\b(?:kill|enable|disable|toggle|roll\s+out)\b/i, { as: "update patch", unless: /^\s*(?:is|are|was|were)\b/i }],
    [/^\s*(?:is|are|was|were)\b/i, { as: "get the feature flag: is" }],
  ],
  // (Logging or recording a line in a sheet is appending a row of values to it.)
  googlesheets: [[/^(\W*(?:please\s+)?)(?:log|record|track|jot\s+down|note\s+down|note)\b(?!\s+(?:in|into)\s+(?:to|with)\b)/i, { as: "$1append a row", unless: /\b(?:logs|login|log\s+in\s+to)\b/i }]],
  // (ElevenLabs makes audio from text by text to speech: "an mp3 of my intro", "this text into voice", "a voiceover".)
  elevenlabs: [[/\b(?:an?\s+)?(?:mp3|wav|audio(?:\s+file)?|voice[\s-]?over|narration)\b|\b(?:into|to)\s+(?:a\s+)?(?:voice|speech|audio)\b/i, { as: "text to speech", unless: /\bspeech[\s-]+to[\s-]+text\b|\btranscri|\bclone|\bdesign|\bdub|\bsound\s+effects?\b|\bisolat/i }]],
  // (Google Classroom posts to a course's stream as announcements.)
  google_classroom: [[/\b(?:post|announce|share|tell)\b(?=[^.;]*\b(?:course|class|stream)\b)/i, { as: "create an announcement", unless: /\b(?:assignments?|coursework|materials?|questions?|grades?|submissions?)\b/i }]],
  // (Trello moves a card to another list by setting the card's list; to another board, its board.)
  trello: [
    [/\bmove\b(?!\s+all\b)/i, { as: "update card list:", unless: TRELLO_TO_BOARD }],
    [/\b(?:on|in)\s+(?:the|our|my)\s+(?:[\w'’-]+\s+){0,3}?board\b/gi, { as: "", when: /\bmove\b/i, unless: TRELLO_TO_BOARD }],
  ],
  // (Vercel gives a deployment's build logs and output as its events.)
  vercel: [[/\b(?:build\s+)?(?:logs?|output)\b/gi, { as: "deployment events" }]],
  // (Apollo looks one person up by e-mail, name and company, or LinkedIn URL by enriching that person.)
  apollo: [[/\b(?:look\s+up|lookup|find|get|pull|fetch|check)\b/i, { as: "enrich a person, look up", when: /@/, unless: /\b(?:companies|organizations|accounts|people|leads|contacts|sequences?)\b/i }]],
  // (DocuSign sends a document, or one made from a template, for signature as an envelope.)
  docusign: [[/\b(send|sent|email|resend)\b/i, { as: "$1 an envelope:", unless: /\benvelopes?\b|\b(?:create|make|new|edit|update|delete|list)\s+(?:an?\s+|the\s+)?templates?\b|\breminders?\b/i }]],
  // (Zendesk adds a comment, public or internal, by updating the ticket with it.)
  zendesk: [[/\b(?:add|leave|drop|post|put|write|comment)\s+(?:on\s+)?(?:an?\s+|the\s+)?(?:internal\s+|private\s+|public\s+)?(?:notes?|comments?|replies|reply)?\b/gi, { as: "update the ticket with a comment", unless: /\b(?:list|show|get|read|fetch|all)\b/i }]],
};

/** The parts of a workbook a task may change in it. */
const WORKBOOK_PARTS = /\b(?:rows?|tables?|worksheets?|sheets?|cells?|ranges?|columns?|formulas?)\b/i;

/** Notations only one app uses, and what they stand for: [shape, key, words, app]. */
const WRITTEN_FOR_ONE_APP: [RegExp, string, string, string][] = [
  [/(?:^|\s)!\d+\b/, "gitlab-mr", "merge request", "gitlab"],
  [/\b(?:avg|sum|min|max|count|p\d\d):[a-z_][\w.]*[{(]/i, "datadog-query", "monitor metric", "datadog"],
  [/\bsc-domain:[\w.-]+/i, "sc-domain", "site", "google_searchconsole"],
  // LinkedIn's URNs ("urn:li:share:7123…", "urn:li:person:abc").
  [/\burn:li:[a-zA-Z]+:[\w-]+/, "linkedin-urn", "", "linkedin"],
  // Salesforce's SOQL: its objects after FROM, its date literals ("FROM Opportunity WHERE CloseDate = THIS_QUARTER").
  [/\bFROM\s+(?:Opportunity|Account|Contact|Lead|Case|Campaign|OpportunityLineItem)\b(?=[\s\S]*\bWHERE\b|\s*$)|\b(?:THIS|LAST|NEXT)_(?:FISCAL_)?(?:QUARTER|MONTH|WEEK|YEAR)\b|\bLAST_N_DAYS:\d+/, "soql", "query", "salesforce"],
  // InfluxDB's line protocol: a measurement, its tags and its fields ("cpu,host=web01 usage_idle=87.5").
  [/(?:^|\s)[A-Za-z_][\w-]*(?:,[\w-]+=[\w.-]+)+\s+[\w-]+=[\d.]+[a-z]?(?:,[\w-]+=[\w."-]+)*(?=\s|$)/, "line-protocol", "points line protocol", "influxdata"],
  // OpenAI's model names ("text-embedding-3-small", "gpt-4o-mini", "whisper-1", "dall-e-3", "tts-1-hd").
  [/\b(?:text-embedding-(?:3-small|3-large|ada-002)|gpt-(?:3\.5|4|4o|4\.1|5)(?:-[\w.]+)?|whisper-1|dall-e-[23]|tts-1(?:-hd)?|o[134]-mini)\b/i, "openai-model", "", "openai"],
  // A BigQuery table written as it is in its SQL (`project.dataset.table`).
  [/`[a-z][\w-]*\.[\w]+\.[\w$*]+`/i, "bigquery-table", "query job", "googlebigquery"],
  // Datadog's log search syntax ("service:checkout status:error").
  [/\b(?:service|status|host|env|source):[\w.-]+\s+(?:service|status|host|env|source|@[\w.]+):[\w.-]+/i, "datadog-logs", "logs", "datadog"],
];

/** Words that make a #tag a hashtag of a post, not a chat channel. */
const HASHTAG_CONTEXT = /\b(tweet\w*|twitter|hashtags?|instagram|insta|tiktok|trending|mastodon|toots?|threads app|bluesky)\b/i;

/** Words that make an owner/name slug an image's repository ("library/nginx image"), not a code repository. */
const IMAGE_CONTEXT = /\b(image|images|docker|container|containers)\b/i;

/** Things an app makes when asked for one (a link, a token, an invite): "get me a link" creates one. */
const MADE_ON_ASKING = /^(link|links|url|token|key|invite|invitation|code|password|passcode|shared link|upload link)$/;

/** Verbs of saying something to someone. */
const SAYING = new Set(["write", "tell", "say", "announce", "inform", "notify", "post", "shout"]);
/** What is said rather than made when put in a chat place ("drop a note in #releases", "post the release notes"). */
const SAID_THINGS = /^(note|notes|update|updates|announcement|announcements|memo|heads-up|shoutout|shout-out|reminder|summary|recap|changelog)$/;
/** Places and groups something is said to ("the marketing team", "the general channel", "everyone"). */
const AUDIENCES = /^(team|teams|channel|channels|group|groups|chat|chats|room|rooms|thread|everyone|everybody|people|general|server|guild|workspace|space|members?|staff|crew|squad)$/;

/** What a Stripe id's prefix says it is ("sub_1Pq…" is a subscription): said where the task says only the id. */
const STRIPE_OBJECTS: Record<string, string> = {
  cus: "customer", ch: "charge", sub: "subscription", pi: "payment intent", price: "price", prod: "product", in: "invoice",
  inv: "invoice", pm: "payment method", re: "refund", evt: "event", acct: "account", seti: "setup intent", cs: "checkout session",
  txn: "balance transaction", tr: "transfer", po: "payout", plan: "plan", si: "subscription item", ii: "invoice item", cn: "credit note",
};

/** What an EC2 id's prefix says it is ("i-0abc…" is an instance). */
const EC2_OBJECTS: Record<string, string> = {
  i: "instance", ami: "image", vol: "volume", snap: "snapshot", sg: "security group", subnet: "subnet", vpc: "vpc", eni: "network interface",
  igw: "internet gateway", rtb: "route table", nat: "nat gateway", eipalloc: "address", lt: "launch template",
};

/** What a Twilio SID's two letters say it is ("SM…" is a message). */
const TWILIO_OBJECTS: Record<string, string> = { SM: "message", MM: "message", CA: "call", AC: "account", PN: "phone number", RE: "recording", CF: "conference", MG: "messaging service" };

/** App ids whose tools are near-duplicates of another app's (`microsoft_graph_beta` copies `microsoft_graph`). */
function familyOf(app: string): string {
  return app.replace(/_beta$/, "");
}

/**
 * The same operation reached another way: `/users/{id}/messages` is `/me/messages`, a message in a mail folder is the
 * message, a calendar's event is the event; parameter names do not matter.
 */
export function duplicateKey(app: string, method: string, path: string): string {
  const p = path
    .toLowerCase()
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/^\/(v1\.0|beta)(?=\/)/, "")
    .replace(/\/users\/\{\}(?=\/|$)/g, "/me")
    .replace(/\/(mailfolders|calendars|calendargroups|childfolders)\/\{\}(?=\/)/g, "")
    .replace(/\/calendar(?=\/events)/g, "");
  return `${familyOf(app)} ${method} ${p}`;
}

/** A word of the task implies the apps whose tools use it (impliedByTerms) when at most this many apps do... */
const MAX_WORD_APPS = 3;
/** ...and it is a word of at least this many tools and at most this many. */
const MIN_WORD_TOOLS = 1;
const MAX_WORD_TOOLS = 400;
/** The implied weight of a word all of whose tools are one app's. */
const WORD_IMPLIES = 0.5;

/** Verbs that put a thing somewhere ("add this video to my playlist"). */
const PUTTING = new Set(["add", "put", "throw", "insert", "save", "append", "move", "pin", "attach", "drop", "stick", "copy", "include"]);
/** Verbs done to a thing that exists ("like the latest tweet", "star the email"). */
const RESPONDING = new Set(["like", "love", "star", "upvote", "downvote", "react", "pin", "follow", "bookmark", "favorite", "favourite", "vote", "retweet", "repost", "boost", "ack", "acknowledge", "approve", "flag"]);
/** The name of a query language (SQL, JQL, Confluence's CQL, Salesforce's SOQL, PostHog's HogQL, ...). */
const QUERY_LANGUAGE = /\b(?:sql|jql|cql|soql|sosl|hogql|kql|promql|logql|spl|n1ql|sparql|cypher|gaql|graphql)\b/i;
/** A query written out: `select ... from ...`, or field conditions joined by AND / OR with ORDER BY. */
const QUERY_TEXT = /\b(?:select|SELECT)\s+.+?\s+(?:from|FROM)\s+\w+|\w+\s*(?:=|!=|~)\s*\S+\s+(?:AND|OR)\s+\w+\s*(?:=|!=|~|IN\b)|\bORDER\s+BY\b/;
/** Verbs that end a subscription. */
const ENDING = new Set(["stop", "cancel", "end", "terminate", "kill"]);
/** A yes / no question about what has happened ("has ... been", "did ... yet"). */
const YES_NO = /^\s*(?:so\s+|hey\s+)?(has|have|had|did|was|were)\s/i;
/**
 * Verbs that are also the things they make ("reply", "a reply"), or that name the state they leave ("unsubscribe":
 * GET /unsubscribed lists who did): in a reading tool's name, the thing or the state, not the order.
 */
const THING_VERBS = new Set(["reply", "comment", "note", "message", "post", "review", "invite", "tag", "label", "star", "like", "answer", "vote", "react", "pin", "mention", "bookmark", "flag", "unsubscribe", "archive", "block", "mute", "ban", "suspend", "trash"]);
/** Verbs that set a thing in a state when it exists ("put ticket 8812 in solved", "make PROJ-7 high priority"). */
const SETTING = new Set(["put", "set", "make", "get"]);
/** Values that name one existing item right after its noun ("ticket 8812", "case 5003000000D8cuI"; a quoted name may be a new thing's or one to put somewhere). */
const ITEM_NAMES = new Set<Value["kind"]>(["id", "key", "number"]);
/** Values that say a thing exists when written right after it ("the record 8f3c…", "the person ana@acme.io"). */
const EXISTING_NAMES = new Set<Value["kind"]>(["id", "key", "number", "email", "quote", "url"]);

/** Operation words the task asks for without saying them ("search", "query"): read as its verb's, at 0.6. */
function addVerbWords(q: ReadTask, words: string[]): void {
  for (const word of words) {
    const s = stem(word);
    if (!q.specificVerbTerms.includes(s)) q.specificVerbTerms.push(s), q.terms.push({ term: s, weight: 0.6, from: word, kind: "verb" });
  }
}

/** The task's object (a noun of weight 1 that is not a place) is followed by a value naming its item. */
/** `text` with `words` said right after the first occurrence of the verb's word (unchanged when the verb is not in it). */
function afterVerb(text: string, verb: string, words: string): string {
  return text.replace(new RegExp(`\\b${escapeRegExp(verb)}\\b`, "i"), `$& ${words}`);
}

/** Whether a value (an address, an id) is what follows the verb ("add https://youtu.be/… to ..."). */
function startsWithValue(task: string, verb: string, values: Value[]): boolean {
  const m = new RegExp(`\\b${escapeRegExp(verb)}\\s+(?:the\\s+|this\\s+)?`, "i").exec(task);
  if (!m) return false;
  const rest = task.slice(m.index + m[0].length);
  return values.some((v) => (v.kind === "url" || v.kind === "id" || v.kind === "key") && rest.startsWith(v.text));
}

function namesItsItem(task: string, q: ReadTask, values: Value[], kinds: Set<Value["kind"]> = ITEM_NAMES): boolean {
  const lower = task.toLowerCase();
  return q.nouns.some((n) => {
    if (n.weight < 1 || n.place) return false;
    return values.some((v) => {
      if (!kinds.has(v.kind) || /^[$€£]/.test(v.text)) return false;
      const at = lower.indexOf(v.text.toLowerCase());
      return at > 0 && new RegExp(`\\b${escapeRegExp(n.word)}\\s+(?:no\\.?\\s*|number\\s+|#)?$`).test(lower.slice(0, at));
    });
  });
}
/** A length of time worked ("3h 30m", "2 hours", "45 min"). */
const DURATION = /\b\d+(?:\.\d+)?\s?(?:h|hrs?|hours?)\b|\b\d+\s?(?:m|mins?|minutes?)\b/i;
/** Values that name one item (for `noItem`). */
const ITEM_VALUES = new Set<Value["kind"]>(["id", "key", "number", "quote", "url", "email", "slug", "file", "handle", "phone"]);
/** Words that ask for what is current rather than a given item. */
const CURRENT = /\b(today'?s?|tonight'?s?|latest|newest|current(ly)?|right now|rn|recent(ly)?|most recent|last night|this (week|morning|month)|yesterday'?s?)\b/i;

/** The words a question whether something exists opens with ("is there", "any ..."): read-task's verb when it finds no other. */
const EXISTENCE_WORDS = new Set(["is", "are", "do", "does", "any", "anything"]);

const CURATED_IDS = new Set(CURATED_APPS.map((c) => c.id));

/** What a thing is more broadly, for apps that do not use the word itself (see `broaden`). */
const BROADER: Record<string, string[]> = {
  meeting: ["event"], meetings: ["event"], call: ["event"], appointment: ["event"],
  todo: ["task"], "to-do": ["task"], todos: ["task"], ticket: ["issue"], tickets: ["issue"], bug: ["issue"], bugs: ["issue"],
  mail: ["message"], email: ["message"], emails: ["message"], text: ["message"], texts: ["message"], sms: ["message"],
  song: ["track"], songs: ["track"], tab: ["sheet", "worksheet"], tabs: ["sheet", "worksheet"], sheet: ["worksheet"], sheets: ["worksheet"], folder: ["file"], folders: ["file"],
};

/** What a well-known app's name means when said as a thing ("a zoom", "a webex"). */
const NAME_AS_THING: Record<string, string> = { zoom: "meeting", webex: "meeting", microsoft_teams: "meeting", googlemeet: "meeting", typeform: "form", jotform: "form" };

/** What an app that is a list of one kind of thing keeps ("add 'buy milk' to todoist" adds a task). */
const APP_THING: Record<string, string> = { todoist: "task", google_keep: "note", trello: "card", asana: "task" };
/** Words of when, which are no thing to act on. */
const TIME_NOUNS = /^(today|tonight|tomorrow|tmrw|tmr|morning|evening|afternoon|week|weekend|month|p\d)$/;

/** Nouns that end an app's name and may be what the task is about ("google calendar", "outlook calendar"). */
const NAME_NOUNS = new Set(["calendar", "calendars", "drive", "sheet", "sheets", "spreadsheet", "doc", "docs", "document", "tasks", "contacts", "form", "forms", "inbox", "chat"]);

/** The words of an app's name that name the app, without a last word that is one of NAME_NOUNS ("google tasks" → google). */
function withoutNounTail(text: string): string {
  const words = text.split(/\s+/);
  return words.length > 1 && NAME_NOUNS.has(words[words.length - 1]!.toLowerCase()) ? words.slice(0, -1).join(" ") : text;
}

/** Shortenings people type ("mtg", "msg", "creat"), written out. */
function expandAbbreviations(text: string): string {
  // "w/ quickchart", "w/o the header": with, without.
  text = text.replace(/(?<![\w/])w\/o(?=\s)/gi, "without").replace(/(?<![\w/])w\/(?=\s)/gi, "with");
  // Not a part of a domain ("cal.com", "app.asana.com").
  return text.replace(/(?<![\w.])[A-Za-z]+(?![\w]|\.[A-Za-z])/g, (w) => {
    const lower = w.toLowerCase();
    return Object.hasOwn(ABBREVIATIONS, lower) ? ABBREVIATIONS[lower]! : w;
  });
}

/**
 * An app's name as written, without a last word that is one of NAME_NOUNS when the name is itself the object ("create
 * a new google calendar", "make a google sheet") or the place ("put renew passport on my google tasks"): that word
 * stays in the task.
 */
function keepNounTail(task: string, text: string): string {
  const words = text.split(/\s+/);
  if (words.length < 2 || !NAME_NOUNS.has(words[words.length - 1]!.toLowerCase())) return text;
  const tail = words[words.length - 1]!.toLowerCase();
  // (As a place only a name of the items it holds: "my google tasks", "my google contacts"; "my google drive" is the app.)
  const before = tail === "tasks" || tail === "contacts" ? "a|an|new|another|(?:on|to|in|into|onto)\\s+(?:my|our|the)" : "a|an|new|another";
  return saidAfter(task, text, before) ? words.slice(0, -1).join(" ") : text;
}

/** `text` as a RegExp that matches it literally. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether the task says `name` (an app's name as written) right after one of `openers` ("a google calendar"). */
function saidAfter(task: string, name: string, openers: string): boolean {
  const escaped = escapeRegExp(name).replace(/\s+/g, "\\s+");
  return new RegExp(`\\b(${openers})\\s+${escaped}\\b`, "i").test(task);
}

export function createAnswerFinder(index: SearchIndex, apps: CatalogApp[], readTool: (i: number) => CatalogTool) {
  const n = index.method.length;
  const appNumber = new Map(index.apps.map((a, i) => [a.id, i]));
  /** Words an API names a collection's members by ("playlistItems", "list entries", "group members"). */
  const memberTerms = new Set(["item", "entry", "member", "element", "row", "record", "value"].map((w) => index.vocab.get(stem(w))).filter((t): t is number => t !== undefined));
  const df = (t: number) => index.postingOffsets[t + 1]! - index.postingOffsets[t]!;
  const dfOf = (word: string) => {
    const t = index.vocab.get(stem(word));
    return t === undefined ? 0 : df(t);
  };
  // Each app's nouns: the resources its tools act on most (for "zoom meeting", "box folder").
  const appNouns = (ids: string[]): Set<string> => {
    const counts = new Map<number, number>();
    for (const id of ids) {
      const a = appNumber.get(id);
      if (a === undefined) continue;
      for (let doc = appFromOf(a); doc < appToOf(a); doc++) {
        if (index.appOf[doc] !== a) continue;
        for (let i = index.resourceOffsets[doc]!; i < index.resourceOffsets[doc + 1]!; i++) {
          const t = index.resourceTerms[i]!;
          counts.set(t, (counts.get(t) ?? 0) + 1);
        }
        // An API of actions on one path (EC2's `GET /?Action=StopInstances`) says what it acts on only in its names.
        if (index.resourceOffsets[doc] === index.resourceOffsets[doc + 1] && index.pathOffsets[doc] === index.pathOffsets[doc + 1]) {
          for (let i = index.nameOffsets[doc]!; i < index.nameOffsets[doc + 1]!; i++) {
            const t = index.nameTerms[i]!;
            if (!verbIntent.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
          }
        }
      }
    }
    return new Set([...counts].sort((x, y) => y[1] - x[1]).slice(0, 40).map(([t]) => index.words[t]!));
  };
  const nameOf = new Map(apps.map((a) => [a.id, a.name]));
  // Each app's tools, when they sit side by side (they do in the catalog and in a custom-tools index): a search kept to
  // a few apps then reads only their stretch of each posting list (postings are in tool order).
  const appFrom = new Uint32Array(index.apps.length).fill(n);
  const appTo = new Uint32Array(index.apps.length);
  let contiguous = true;
  for (let doc = 0; doc < n; doc++) {
    const a = index.appOf[doc]!;
    if (appTo[a]! > 0 && appTo[a] !== doc) contiguous = false;
    if (appFrom[a] === n) appFrom[a] = doc;
    appTo[a] = doc + 1;
  }
  /** The share of a word's tools that belong to these apps ("ebay" is common only in eBay's own tools). */
  const ownShare = (word: string, ids: string[]): number => {
    const t = index.vocab.get(stem(word));
    if (t === undefined) return 0;
    const start = index.postingOffsets[t]!;
    const end = index.postingOffsets[t + 1]!;
    if (end === start) return 0;
    let own = 0;
    for (const id of ids) {
      const a = appNumber.get(id);
      if (a === undefined) continue;
      if (contiguous) own += firstAtOrAfter(start, end, appTo[a]!) - firstAtOrAfter(start, end, appFrom[a]!);
      else for (let k = start; k < end; k++) if (index.appOf[index.postingDocs[k]!] === a) own++;
    }
    return own / (end - start);
  };
  const detector = new AppDetector(index.apps.map((a) => ({ ...a, name: nameOf.get(a.id) })), {
    commonTerm: (word) => dfOf(word) >= 30,
    ownWord: (word, ids) => ownShare(word, ids) >= 0.5,
    knownWord: (word) => dfOf(word) >= 3,
    seenWord: (word) => dfOf(word) > 0 || index.vocab.has(word),
    typoOf: (word) => (word.length >= 5 && word.length <= 12 ? spell(word) : null),
    productNouns: appNouns,
    stem,
  });
  const verbIntent = new Map<number, Intent>();
  for (const [intent, stems] of Object.entries(NAME_VERBS) as [Intent, string[]][]) {
    for (const s of stems) {
      const t = index.vocab.get(stem(s));
      if (t !== undefined) verbIntent.set(t, intent);
    }
  }
  const methodWords = new Set(["get", "post", "put", "patch", "delete"].map((w) => index.vocab.get(stem(w))).filter((t): t is number => t !== undefined));
  // A verb that begins a noun of the path is the noun's, not the action (`MERGE_REQUESTS_CREATE` on `/merge_requests`
  // creates; `POST_MESSAGES_SEND`-like names keep their verb): the name's next verb says what the tool does.
  // What the sets of words and tools below hold, as bits per term and per tool: rerank reads them for every term of a
  // candidate (a typed array read instead of a hash look-up; most of a tool's terms are in none of them).
  const termBits = new Uint8Array(index.words.length);
  for (const t of verbIntent.keys()) termBits[t]! |= T_VERB;
  const toolBits = new Uint8Array(n);
  /** Per tool, the intent (INTENTS index + 1) a later verb of its name gives it; 0 for none. */
  const nounVerbCode = new Uint8Array(n);
  for (let doc = 0; doc < n; doc++) {
    if (index.intent[doc] === 0) continue;
    const name = index.nameTerms.subarray(index.nameOffsets[doc]!, index.nameOffsets[doc + 1]!);
    const path = index.pathTerms.subarray(index.pathOffsets[doc]!, index.pathOffsets[doc + 1]!);
    const first = name.findIndex((t) => verbIntent.has(t) && !methodWords.has(t));
    if (first < 0 || first + 1 >= name.length) continue;
    const [t, u] = [name[first]!, name[first + 1]!];
    let compound = false;
    for (let i = 0; i + 1 < path.length && !compound; i++) compound = path[i] === t && path[i + 1] === u;
    if (!compound) continue;
    // Only a later verb the HTTP method agrees with (`/search-members`, `:batchClearByDataFilter` keep theirs).
    const method = METHODS[index.method[doc]!];
    const agrees: Record<Intent, string[]> = { create: ["POST"], update: ["PUT", "PATCH"], delete: ["DELETE"], read: ["GET"], list: ["GET"], search: [] };
    for (let k = first + 2; k < name.length; k++) {
      const intent = verbIntent.get(name[k]!);
      if (!intent || methodWords.has(name[k]!)) continue;
      if (agrees[intent].includes(method!)) nounVerbCode[doc] = INTENTS.indexOf(intent) + 1;
      break;
    }
  }
  // A method's word in the name of an operation with another method is its verb after all: RPC-style APIs POST to
  // `/chat.delete` (CHAT_DELETE) and `/transactions/get` (TRANSACTIONS_GET), which the index's name reading leaves out
  // as a repeat of the method.
  const deleteWord = index.vocab.get(stem("delete"));
  const getWord = index.vocab.get(stem("get"));
  for (let doc = 0; doc < n; doc++) {
    if (index.intent[doc] !== 0 || nounVerbCode[doc] !== 0) continue;
    const method = METHODS[index.method[doc]!];
    if (method !== "POST" && method !== "PUT" && method !== "PATCH") continue;
    for (let i = index.nameOffsets[doc]!; i < index.nameOffsets[doc + 1]!; i++) {
      const t = index.nameTerms[i]!;
      if (t === deleteWord) nounVerbCode[doc] = INTENTS.indexOf("delete") + 1;
      else if (t === getWord) nounVerbCode[doc] = INTENTS.indexOf("read") + 1;
      else continue;
      break;
    }
  }
  for (const w of META_WORDS) {
    const t = index.vocab.get(stem(w));
    if (t !== undefined) termBits[t]! |= T_META;
  }
  // A batch or bulk tool is a variant only when the app also has the single one (`values:batchGet` beside
  // `values/{range}`); when it is the app's only way to do the thing (`documents/{id}:batchUpdate`), it is not penalised.
  const bulkTerms = new Set(["batch", "bulk", "all"].map((w) => index.vocab.get(stem(w))).filter((t): t is number => t !== undefined));
  for (const t of bulkTerms) termBits[t]! |= T_BULK;
  {
    const nameOf = (doc: number) => index.nameTerms.subarray(index.nameOffsets[doc]!, index.nameOffsets[doc + 1]!);
    const bulkDocs: number[] = [];
    const bulkApps = new Set<number>();
    for (let doc = 0; doc < n; doc++) {
      if (nameOf(doc).some((t) => bulkTerms.has(t))) bulkDocs.push(doc), bulkApps.add(index.appOf[doc]!);
    }
    // The single version: a tool of the same app whose name words are all among the bulk tool's other name words.
    const singles = new Map<number, Set<number>[]>();
    for (let doc = 0; doc < n; doc++) {
      const app = index.appOf[doc]!;
      if (!bulkApps.has(app) || nameOf(doc).some((t) => bulkTerms.has(t))) continue;
      const list = singles.get(app) ?? [];
      list.push(new Set(nameOf(doc)));
      singles.set(app, list);
    }
    const batch = index.vocab.get(stem("batch"));
    for (const doc of bulkDocs) {
      // Only "batch" tools (Google's `:batchUpdate`); "bulk" and "all" name a different job (bulk sending, all items).
      if (batch === undefined || !nameOf(doc).includes(batch)) continue;
      const own = new Set(Array.from(nameOf(doc)).filter((t) => !bulkTerms.has(t)));
      const hasSingle = (singles.get(index.appOf[doc]!) ?? []).some((other) => other.size > 0 && [...other].every((t) => own.has(t)));
      if (!hasSingle) toolBits[doc]! |= D_SOLE_BULK;
    }
  }
  // "create or update", "add or replace" in a name (`CREATE_OR_UPDATE_FILE_CONTENTS`): the tool does both.
  for (let doc = 0; doc < n; doc++) {
    if (nounVerbCode[doc] !== 0) continue;
    const name = index.nameTerms.subarray(index.nameOffsets[doc]!, index.nameOffsets[doc + 1]!);
    for (let k = 0; k + 1 < name.length; k++) {
      if (methodWords.has(name[k]!) || methodWords.has(name[k + 1]!)) continue;
      const a = verbIntent.get(name[k]!);
      const b = verbIntent.get(name[k + 1]!);
      if ((a === "create" && b === "update") || (a === "update" && b === "create")) toolBits[doc]! |= D_UPSERT;
    }
  }
  // A GET whose name says search after the verb the catalog gave it ("LIST_SEARCH" for GET /search) searches.
  const searchTerm = index.vocab.get(stem("search"));
  if (searchTerm !== undefined) {
    for (let doc = 0; doc < n; doc++) {
      if (METHODS[index.method[doc]!] !== "GET") continue;
      const name = index.nameTerms.subarray(index.nameOffsets[doc]!, index.nameOffsets[doc + 1]!);
      if (name.includes(searchTerm)) toolBits[doc]! |= D_SEARCH_NAMED;
    }
  }
  /** Path words that only version or group an API (`/rest/api/3`, `/v2`). */
  index.words.forEach((w, t) => {
    if (/^(v\d+[a-z0-9]*|api|apis|rest|json|xml)$/.test(w)) termBits[t]! |= T_STRUCTURAL;
  });
  /** Per term, which of the query's sets hold it (Q_ bits), for the query `maskFor` (set by useQueryMask). */
  const queryBits = new Uint8Array(index.words.length);
  let maskFor: QueryIds | null = null;
  let masked: number[] = [];
  function useQueryMask(q: QueryIds): void {
    if (maskFor === q) return;
    for (const t of masked) queryBits[t] = 0;
    masked = [];
    const mark = (t: number, bit: number) => {
      if (queryBits[t] === 0) masked.push(t);
      queryBits[t]! |= bit;
    };
    for (const t of q.nounTerms.keys()) mark(t, Q_NOUN);
    for (const t of q.all) mark(t, Q_ALL);
    for (const t of q.exact) mark(t, Q_EXACT);
    for (const t of q.resource.keys()) mark(t, Q_RESOURCE);
    for (const t of q.context) mark(t, Q_CONTEXT);
    for (const t of q.places) mark(t, Q_PLACE);
    for (const t of q.verbs) mark(t, Q_VERB);
    maskFor = q;
  }
  function appFromOf(a: number): number {
    return contiguous ? appFrom[a]! : 0;
  }
  function appToOf(a: number): number {
    return contiguous ? appTo[a]! : n;
  }
  const scores = new Float32Array(n);
  const touched = new Uint32Array(n);
  const allowed = new Uint8Array(index.apps.length);
  /** Retired apps (`deprecated`): their tools are left out unless the call asks for them or names the app. */
  const retired = new Set(apps.filter((a) => a.deprecated).map((a) => a.id));
  let showRetired = false;
  /** Conversions the task asks for, from one thing to another ("text to speech"): [from, to] term ids. */
  let conversions: [number, number][] = [];

  // Sorted vocabulary for prefix look-ups: a stem of 5+ letters also matches words up to 3 letters longer
  // (assign → assignee, archiv → archived), which the light stemmer leaves apart.
  const sorted = index.words.map((w, i) => [w, i] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const expansions = new Map<string, number[]>();
  function expand(term: string): number[] {
    if (term.length < 5) return [];
    const cached = expansions.get(term);
    if (cached) return cached;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]![0] < term) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let k = lo; k < sorted.length && sorted[k]![0].startsWith(term); k++) {
      const w = sorted[k]![0];
      if (w !== term && w.length <= term.length + 3) out.push(sorted[k]![1]);
    }
    if (expansions.size > 10_000) expansions.clear();
    expansions.set(term, out);
    return out;
  }

  /**
   * What a tool does: a GET only reads (list, get or search, by its name and whether the path names one item), a
   * DELETE deletes, and other methods do what the verb in their name says, else what the method usually means.
   */
  /**
   * What a tool does: a GET only reads (search when its name says so, else one item or a list by its path), a DELETE
   * deletes, and other methods do what the verb in their name says, else what the method usually means.
   */
  function toolIntent(doc: number): { intent: Intent; from: "name" | "method" } {
    const code = nounVerbCode[doc] || index.intent[doc]!;
    const named = code > 0 ? INTENTS[code - 1] : undefined;
    const method = METHODS[index.method[doc]!];
    const item = (index.flags[doc]! & FLAG_ITEM_PATH) !== 0;
    if (method === "GET" || method === "HEAD") {
      if (named === "search" || toolBits[doc]! & D_SEARCH_NAMED) return { intent: "search", from: "name" };
      return { intent: item ? "read" : "list", from: "method" };
    }
    if (method === "DELETE") return { intent: "delete", from: "method" };
    if (named === "list" || named === "read") return { intent: "search", from: "name" };
    if (named) return { intent: named, from: "name" };
    // POST to a collection creates; POST to one item (Stripe, Slack-style APIs) changes it.
    return { intent: method === "POST" && !item ? "create" : "update", from: "method" };
  }

  /** Whether `t` is among the terms `list[from..to)`: a plain loop (no subarray per test; this runs ~10^5 times a find). */
  function within(list: Uint32Array, from: number, to: number, t: number): boolean {
    for (let i = from; i < to; i++) if (list[i] === t) return true;
    return false;
  }

  /** A word that makes a tool about something beside the thing itself, which the task does not ask for. */
  function isMeta(t: number, q: QueryIds, bulkAllowed: boolean): boolean {
    return (termBits[t]! & T_META) !== 0 && (queryBits[t]! & Q_ALL) === 0 && !(bulkAllowed && (termBits[t]! & T_BULK) !== 0);
  }

  /**
   * The re-ranked score of a candidate; with `reasons`, the signals that moved it are pushed there in words (only
   * the tools returned are explained, the 200 candidates are only scored).
   */
  /** The signals of the candidate being scored (FEATURES order), and the score they make. */
  const features = new Float64Array(FEATURES.length);
  const dot = (f: Float64Array) => {
    let x = 0;
    for (let i = 0; i < f.length; i++) x += W[i]! * f[i]!;
    return x;
  };

  /** Raises each noun's best (see rerank) by the terms `list[from..to)` worth `v` where they stand. */
  function markNouns(nounTerms: Map<number, number[]>, best: Float64Array, list: Uint32Array, from: number, to: number, v: number): void {
    for (let i = from; i < to; i++) {
      if ((queryBits[list[i]!]! & Q_NOUN) === 0) continue;
      const hits = nounTerms.get(list[i]!);
      if (hits === undefined) continue;
      for (let h = 0; h < hits.length; h += 2) {
        const x = v * hits[h + 1]!;
        if (x > best[hits[h]!]!) best[hits[h]!] = x;
      }
    }
  }

  /** Scratch for rerank: each noun's best match in the tool. */
  let nounBest = new Float64Array(16);

  function rerank(doc: number, bm: number, task: ReadTask, q: QueryIds, reasons: string[] | null, out: Float64Array = features): number {
    // A tool scored again for the same query (a whole-catalog search, then the implied apps' search): its signals
    // but the text score are as before (the score is recomputed from them, in the same order, so it is the same).
    if (memoFor !== q) (memoFor = q), memoAt.clear();
    const at = reasons === null ? memoAt.get(doc) : undefined;
    if (at !== undefined) {
      for (let i = 0; i < out.length; i++) out[i] = memo[at + i]!;
      out[F.bm25] = bm;
      return dot(out);
    }
    const score = signals(doc, bm, task, q, reasons, out);
    if (reasons === null && memoAt.size < MEMO_TOOLS) {
      const start = memoAt.size * out.length;
      for (let i = 0; i < out.length; i++) memo[start + i] = out[i]!;
      memoAt.set(doc, start);
    }
    return score;
  }
  /** The signals of the tools re-ranked for the query `memoFor`, FEATURES.length apiece, from each tool's place in `memo`. */
  const MEMO_TOOLS = 4 * CANDIDATES;
  const memo = new Float64Array(MEMO_TOOLS * FEATURES.length);
  const memoAt = new Map<number, number>();
  let memoFor: QueryIds | null = null;

  /** rerank's work: the candidate's signals into `out`, and the score they make. */
  function signals(doc: number, bm: number, task: ReadTask, q: QueryIds, reasons: string[] | null, out: Float64Array): number {
    useQueryMask(q);
    out.fill(0);
    out[F.bm25] = bm;
    const ti = toolIntent(doc);
    const method = METHODS[index.method[doc]!]!;
    const item = (index.flags[doc]! & FLAG_ITEM_PATH) !== 0;
    if (task.intent) {
      const fit = toolBits[doc]! & D_UPSERT && (task.intent === "create" || task.intent === "update") ? 1 : FIT[task.intent][ti.intent];
      out[F.intent] = fit;
      if (fit > 0.5 && reasons) reasons.push(`action: ${task.intent} (${method}${ti.from === "name" ? ", name" : ""})`);
      // Creating something new rarely names an existing item in the path.
      if ((task.intent === "create" || task.newObject) && item && method !== "GET" && method !== "DELETE") out[F.createOnItem] = -1;
    }
    const { nameTerms, nameOffsets, resourceTerms, resourceOffsets, pathTerms, pathOffsets, summaryTerms, summaryOffsets } = index;
    const name0 = nameOffsets[doc]!;
    const name1 = nameOffsets[doc + 1]!;
    const res0 = resourceOffsets[doc]!;
    const res1 = resourceOffsets[doc + 1]!;
    const path0 = pathOffsets[doc]!;
    const path1 = pathOffsets[doc + 1]!;
    const sum0 = summaryOffsets[doc]!;
    const sum1 = summaryOffsets[doc + 1]!;
    let verbHit = 0;
    for (let k = 0; k < q.verbs.length; k++) {
      const v = q.verbs[k]!;
      if (!within(nameTerms, name0, name1, v)) continue;
      // The verb's word as part of the thing's name ("merge MR !57": merge_requests/update) is not the verb's own tool
      // (merge_requests/merge) unless the name says it again.
      const inThing = q.verbsInThing.has(v);
      let times = 0;
      if (inThing) for (let i = name0; i < name1; i++) if (nameTerms[i] === v) times++;
      verbHit = Math.max(verbHit, (k === 0 ? 1 : 0.6) * (inThing && times < 2 ? 0.5 : 1));
    }
    // A verb of making or removing found in a reading tool's name is that tool's thing ("reply in the thread":
    // not conversations.replies, which reads a thread's replies).
    if (verbHit > 0 && method === "GET" && (task.intent === "create" || task.intent === "delete" || task.intent === "update") && THING_VERBS.has(task.verb?.word ?? "")) verbHit *= 0.3;
    if (verbHit === 0) for (const t of q.verbExpansions) if (within(nameTerms, name0, name1, t)) verbHit = 0.5;
    if (verbHit === 0) {
      // Summaries start with the verb ("Upload a file", "Adds a story to a task").
      const opening = Math.min(sum0 + 2, sum1);
      for (let k = 0; k < q.verbs.length; k++) {
        if (within(summaryTerms, sum0, opening, q.verbs[k]!)) verbHit = Math.max(verbHit, k === 0 ? 0.8 : 0.5);
      }
    }
    if (verbHit > 0) {
      out[F.verb] = verbHit;
      if (reasons) reasons.push(`verb: ${task.verb?.word ?? index.words[q.verbs[0]!]}`);
    }
    let nounScore = 0;
    const matched: string[] = [];
    let nounWeight = 0;
    // Each noun's best place in the tool (its resource 1, name 0.7, path 0.5, summary 0.35; a synonym 0.8 of that):
    // one pass over the tool's terms, each looked up among the query's (not every noun term searched in every field).
    const best = nounBest.length >= q.nouns.length ? nounBest : (nounBest = new Float64Array(q.nouns.length * 2));
    best.fill(0, 0, q.nouns.length);
    if (q.nounTerms.size > 0) {
      markNouns(q.nounTerms, best, resourceTerms, res0, res1, 1);
      markNouns(q.nounTerms, best, nameTerms, name0, name1, 0.7);
      markNouns(q.nounTerms, best, pathTerms, path0, path1, 0.5);
      markNouns(q.nounTerms, best, summaryTerms, sum0, sum1, 0.35);
    }
    for (let i = 0; i < q.nouns.length; i++) {
      const noun = q.nouns[i]!;
      nounWeight += noun.weight;
      if (best[i]! > 0 && reasons) matched.push(noun.word);
      nounScore += best[i]! * noun.weight;
    }
    if (nounWeight > 0) out[F.nouns] = nounScore / Math.sqrt(nounWeight);
    if (matched.length && reasons) reasons.push(`matches: ${matched.join(", ")}`);
    // The resource the tool acts on should be something the task talks about (its object more than a qualifier).
    if (res1 > res0 && (q.nouns.length > 0 || q.verbs.length > 0)) {
      let hit = 0;
      let via = -1;
      // Making or removing something in a place: the place itself is not what to make or remove.
      const intoPlace = (task.intent === "create" || task.intent === "delete") && q.hasObject && q.places.size > 0;
      for (let i = res0; i < res1; i++) {
        const t = resourceTerms[i]!;
        const bits = queryBits[t]!;
        if (intoPlace && bits & Q_PLACE) continue;
        const w = bits & Q_RESOURCE ? q.resource.get(t)! : 0;
        if (w > hit) (hit = w), (via = t);
      }
      // The place's items ("add this video to my playlist": /playlistItems, "add a row to the table": its entries).
      if (intoPlace && hit < 1) {
        let member = -1;
        let ofPlace = false;
        for (let i = res0; i < res1; i++) {
          const t = resourceTerms[i]!;
          if (memberTerms.has(t)) member = t;
          if (q.places.has(t)) ofPlace = true;
        }
        for (let i = name0; i < name1 && !ofPlace; i++) ofPlace = q.places.has(nameTerms[i]!);
        if (member >= 0 && ofPlace) (hit = 1), (via = member);
      }
      let inPlace = false;
      if (intoPlace) {
        // Through the place to something else (`/tables/{id}/fields` for a column of a table).
        let inside = 0;
        for (const group of q.placeGroups) {
          for (let i = path0; i < path1; i++) {
            const t = pathTerms[i]!;
            if (group.includes(t) && !within(resourceTerms, res0, res1, t)) {
              inside++;
              break;
            }
          }
        }
        inPlace = inside > 0;
        if (inside > 0) {
          out[F.container] = inside / q.placeGroups.length;
          if (reasons) reasons.push("inside the place named");
        }
      }
      // A variant of the object made with something the task names ("send the email using our template":
      // POST /email/withTemplate): the object in the tool's name, what it is done with as its resource.
      if (hit >= 0.4 && hit < 1 && q.objectTerms.length > 0 && !q.places.has(via)) {
        for (const t of q.objectTerms) if (within(nameTerms, name0, name1, t) && !within(resourceTerms, res0, res1, t)) hit = 1;
      }
      // Putting a thing at hand somewhere ("add this video to my playlist"): a tool that makes a new one is half of it.
      if (task.existingObject && intoPlace && PUTTING.has(task.verb?.word ?? "") && !inPlace && q.objectTerms.includes(via)) hit = 0;
      // Liking, starring, upvoting a thing is done to one that exists: a tool that makes a new one is not it.
      if (RESPONDING.has(task.verb?.word ?? "") && verbHit === 0 && ti.intent === "create" && q.objectTerms.includes(via)) hit = 0;
      if (hit > 0) {
        out[F.resource] = hit;
        if (reasons) reasons.push(`resource: ${index.words[via]}`);
      } else if (!(task.intent === "search" && ti.intent === "search")) out[F.resourceMiss] = -1;
    }
    // Name words the task does not mention make a tool more specific than asked.
    let nameNouns = 0;
    let covered = 0;
    for (let i = name0; i < name1; i++) {
      const t = nameTerms[i]!;
      if (termBits[t]! & T_VERB) continue;
      nameNouns++;
      // (A word of the order's own verb counts as asked: "associate ..." asks for ASSOCIATIONS_CREATE.)
      const bits = queryBits[t]!;
      covered += bits & Q_EXACT ? 1 : bits & Q_VERB ? 0.75 : bits & Q_ALL ? 0.5 : 0;
    }
    if (nameNouns > 0) (out[F.coverage] = covered / nameNouns), (out[F.extra] = -Math.max(0, nameNouns - covered - 1));
    // Settings, templates, admin and the like change what a tool is about; only when the task asks for them (the
    // name's words, then the path's; the path's alone when the name has none).
    const bulkAllowed = (toolBits[doc]! & D_SOLE_BULK) !== 0 || task.bulk;
    let meta = -1;
    for (let i = name0; i < name1 && meta < 0; i++) if (isMeta(nameTerms[i]!, q, bulkAllowed)) meta = nameTerms[i]!;
    for (let i = path0; i < path1 && meta < 0; i++) if (isMeta(pathTerms[i]!, q, bulkAllowed)) meta = pathTerms[i]!;
    if (meta >= 0) {
      out[F.meta] = -1;
      if (reasons) reasons.push(`penalty: about ${index.words[meta]}`);
    }
    // A conversion the other way round ("text to speech" asked, SPEECH_TO_TEXT offered).
    for (const [from, to] of conversions) {
      let at = -1;
      for (let i = name0; i < name1 && at < 0; i++) if (nameTerms[i] === to) at = i;
      if (at >= 0 && within(nameTerms, at + 1, name1, from)) {
        out[F.meta] -= 3; // (as wrong as another action: it does the opposite)
        if (reasons) reasons.push(`penalty: ${index.words[to]} to ${index.words[from]}, the other way round`);
      }
    }
    if (task.noItem && item && method === "GET") out[F.needsItem] = -1;
    if (task.ownerName && index.flags[doc]! & FLAG_PAIR_PATH) {
      out[F.pairFits] = 1;
      if (reasons) reasons.push("takes the owner/name the task gives");
    }
    if (index.flags[doc]! & FLAG_DEPRECATED) out[F.deprecated] = -1;
    if (index.flags[doc]! & FLAG_BULK && !task.bulk && !(toolBits[doc]! & D_SOLE_BULK)) out[F.bulk] = -1;
    // Path words the task does not mention narrow the tool to something else (`/lists/{id}/followers` for "who
    // follows me", `/customers/{id}/subscriptions` for "the active subscriptions").
    let scope = 0;
    for (let i = path0; i < path1; i++) {
      const t = pathTerms[i]!;
      if ((queryBits[t]! & (Q_ALL | Q_CONTEXT | Q_RESOURCE)) === 0 && (termBits[t]! & T_STRUCTURAL) === 0 && !within(resourceTerms, res0, res1, t)) scope++;
    }
    out[F.scope] = -Math.min(3, scope);
    // Deeper paths and more required inputs: a more specific tool than the task may need.
    out[F.depth] = -Math.max(0, path1 - path0 - 2);
    out[F.inputs] = -Math.min(3, Math.max(0, index.required[doc]! - 1));
    return dot(out);
  }

  // Sorting re-ranked tools: by score, then the earlier tool. The scores are copied into a typed array and positions
  // sorted: a comparator reading `score` off each object made a new heap number per read (~17 kB a find, measured).
  let rankScores = new Float64Array(2 * CANDIDATES);
  let rankDocs = new Uint32Array(2 * CANDIDATES);
  const byRank = (a: number, b: number) => (rankScores[a]! > rankScores[b]! ? -1 : rankScores[a]! < rankScores[b]! ? 1 : rankDocs[a]! - rankDocs[b]!);
  /** `list` sorted best first (in place), as `list.sort((a, b) => b.score - a.score || a.doc - b.doc)`. */
  function sortRanked(list: Ranked[]): Ranked[] {
    const size = list.length;
    if (size > rankScores.length) (rankScores = new Float64Array(size)), (rankDocs = new Uint32Array(size));
    const order: number[] = [];
    for (let i = 0; i < size; i++) {
      rankScores[i] = list[i]!.score;
      rankDocs[i] = list[i]!.doc;
      order.push(i);
    }
    order.sort(byRank);
    const copy = list.slice();
    for (let i = 0; i < size; i++) list[i] = copy[order[i]!]!;
    return list;
  }

  interface Ranked {
    doc: number;
    score: number;
    /** BM25 before scaling, comparable between searches of the same task. */
    bm25: number;
    /** BM25 scaled to the search's best, as the re-ranker read it. */
    scaled: number;
    app: string;
    /** The candidate's signals (FEATURES order), kept only while tracing for scripts/find-train.ts. */
    features?: Float64Array;
  }
  /** While tracing (`candidates`), every candidate scored, with its signals. */
  let tracing: Ranked[] | null = null;

  /** The candidates' bounded min-heap (offerTouched): tools and their text scores, the worst kept at the root. */
  const heapDocs = new Uint32Array(CANDIDATES);
  const heapScores = new Float64Array(CANDIDATES);
  /** The candidates kept (endCandidates), best first: the tools and their text scores. */
  const candidateDocs = new Uint32Array(CANDIDATES);
  const candidateScores = new Float64Array(CANDIDATES);
  /**
   * Positions in the heap, best first (a comparator made once; it answers -1, 1 or a difference of tool numbers:
   * small integers, where a difference of scores was a new heap number for every comparison of every sort).
   */
  const byHeapRank = (a: number, b: number) =>
    heapScores[a]! > heapScores[b]! ? -1 : heapScores[a]! < heapScores[b]! ? 1 : heapDocs[a]! - heapDocs[b]!;
  /** Tool `doc` with text score `score` ranks below tool `otherDoc` with `otherScore`: a lower score, or the same and a later tool. */
  const below = (score: number, doc: number, otherScore: number, otherDoc: number) => score < otherScore || (score === otherScore && doc > otherDoc);

  /**
   * The best candidates by text score (then the earlier tool), kept in a bounded min-heap as touched tools are offered
   * (offerTouched), among those scoring at least `floorShare` of the best; endCandidates puts the `cap` best in
   * candidateDocs and candidateScores, best first. A no-app search touches ten thousand tools or more: each is read
   * once, its score reset as it is read, and most are turned away by one comparison (sorting them all, or a pass for
   * the best score and another to reset, each cost about as much as the heap). The best `cap` of those above the floor
   * are the best `cap` of all, cut at the floor, and the floor is a share of the best so far at least: a tool below
   * it then stays below it.
   */
  let heapSize = 0;
  let heapCap = 0;
  let heapShare = 0;
  let heapBest = -Infinity;
  let heapLeast = -Infinity;

  function startCandidates(cap: number, floorShare: number): void {
    heapSize = 0;
    heapCap = cap;
    heapShare = floorShare;
    heapBest = -Infinity;
    heapLeast = -Infinity;
  }

  /** Offers touched[0..count) to the heap, and sets their scores back to 0. */
  function offerTouched(count: number): void {
    const cap = heapCap;
    let size = heapSize;
    let max = heapBest;
    let least = heapLeast;
    for (let i = 0; i < count; i++) {
      const doc = touched[i]!;
      const score = scores[doc]!;
      scores[doc] = 0;
      if (score > max) (max = score), (least = heapShare * max);
      if (score < least) continue;
      if (size < cap) {
        let k = size++;
        while (k > 0) {
          const parent = (k - 1) >> 1;
          if (!below(score, doc, heapScores[parent]!, heapDocs[parent]!)) break;
          heapDocs[k] = heapDocs[parent]!;
          heapScores[k] = heapScores[parent]!;
          k = parent;
        }
        heapDocs[k] = doc;
        heapScores[k] = score;
      } else if (below(heapScores[0]!, heapDocs[0]!, score, doc)) {
        let k = 0;
        for (;;) {
          const left = 2 * k + 1;
          if (left >= size) break;
          const right = left + 1;
          const child = right < size && below(heapScores[right]!, heapDocs[right]!, heapScores[left]!, heapDocs[left]!) ? right : left;
          if (!below(heapScores[child]!, heapDocs[child]!, score, doc)) break;
          heapDocs[k] = heapDocs[child]!;
          heapScores[k] = heapScores[child]!;
          k = child;
        }
        heapDocs[k] = doc;
        heapScores[k] = score;
      }
    }
    heapSize = size;
    heapBest = max;
    heapLeast = least;
  }

  /** The candidates kept, best first, into candidateDocs and candidateScores; answers how many. */
  function endCandidates(): number {
    const floor = heapShare * heapBest;
    const order: number[] = [];
    for (let i = 0; i < heapSize; i++) if (heapScores[i]! >= floor) order.push(i);
    order.sort(byHeapRank);
    for (let i = 0; i < order.length; i++) {
      candidateDocs[i] = heapDocs[order[i]!]!;
      candidateScores[i] = heapScores[order[i]!]!;
    }
    return order.length;
  }

  /**
   * A search of the whole catalog: the postings of each term (by tool) are added up a block of tools at a time, and
   * each block's touched tools offered to the heap. A block's scores (32 kB) stay in the processor's nearest cache
   * while every term adds to them, where the whole catalog's (470 kB) did not. Each tool's terms still add up in the
   * order of the terms, so every score is the same to the last bit.
   */
  function scoreWholeCatalog(weighted: { id: number; weight: number }[], cap: number, floorShare: number): void {
    const { postingDocs, postingScores, postingOffsets } = index;
    if (weighted.length > cursorAt.length) {
      cursorAt = new Uint32Array(weighted.length);
      cursorEnd = new Uint32Array(weighted.length);
      cursorWeight = new Float64Array(weighted.length);
    }
    let terms = 0;
    for (const { id: t, weight } of weighted) {
      // Very common terms only rank within an app (they would touch most of the catalog otherwise); a small index
      // (an account's custom tools) has no such terms to skip.
      if (n > SMALL_INDEX && df(t) > n / 8) continue;
      cursorAt[terms] = postingOffsets[t]!;
      cursorEnd[terms] = postingOffsets[t + 1]!;
      cursorWeight[terms] = weight;
      terms++;
    }
    startCandidates(cap, floorShare);
    for (let from = 0; from < n; from += BLOCK) {
      const to = from + BLOCK;
      let count = 0;
      for (let i = 0; i < terms; i++) {
        const weight = cursorWeight[i]!;
        const end = cursorEnd[i]!;
        let k = cursorAt[i]!;
        for (; k < end; k++) {
          const doc = postingDocs[k]!;
          if (doc >= to) break;
          if (scores[doc] === 0) touched[count++] = doc;
          scores[doc] += weight * postingScores[k]!;
        }
        cursorAt[i] = k;
      }
      if (count > 0) offerTouched(count);
    }
  }
  /** scoreWholeCatalog's block of tools, and each term's place in its postings. */
  const BLOCK = 8192;
  let cursorAt = new Uint32Array(32);
  let cursorEnd = new Uint32Array(32);
  let cursorWeight = new Float64Array(32);

  /** The first position in postings [from, to) whose tool is `doc` or after it (binary search). */
  function firstAtOrAfter(from: number, to: number, doc: number): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (index.postingDocs[mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** BM25 over the allowed apps (all when `apps` is null), then the re-ranker over the best candidates. */
  /**
   * Whether `app` is a member of a named app's family that the task does not name itself: its id's own words (those
   * not in a primary app's id: `twilio_supersim` beside `twilio` → supersim) are not among the task's words.
   */
  function unnamedMember(app: string, primary: Set<string>, taskStems: Set<string>): boolean {
    if (primary.size === 0) return false;
    const primaryWords = new Set([...primary].flatMap((p) => p.split("_")));
    const prefix = [...primary].some((p) => app.startsWith(`${p.split("_")[0]}_`) || app.startsWith(p));
    if (!prefix) return false;
    const own = app.split("_").filter((w) => !primaryWords.has(w) && !/^(v?\d+|api)$/.test(w));
    return own.length > 0 && !own.some((w) => taskStems.has(stem(w)) || taskStems.has(w));
  }

  function search(q: ReadTask, qids: QueryIds, weighted: { id: number; weight: number }[], apps: string[] | null, primary: Set<string>, taskStems: Set<string> = new Set(), guests: Set<string> = new Set(), cap = apps === null ? OPEN_CANDIDATES : CANDIDATES): Ranked[] {
    const restrict = apps !== null;
    allowed.fill(0);
    for (const a of apps ?? []) allowed[appNumber.get(a)!] = 1;
    let count = 0;
    const ranges = restrict && contiguous ? [...new Set(apps.map((a) => appNumber.get(a)!))] : null;
    // (The arrays in locals: the loops below are the find's hottest, and read them once per posting otherwise.)
    const { postingDocs, postingScores, appOf } = index;
    if (!restrict) scoreWholeCatalog(weighted, Math.min(cap, CANDIDATES), OPEN_MIN_SHARE);
    else startCandidates(Math.min(cap, CANDIDATES), 0);
    for (const { id: t, weight } of restrict ? weighted : []) {
      // (A whole-catalog search has added its postings up already, in scoreWholeCatalog.)
      const start = index.postingOffsets[t]!;
      const end = index.postingOffsets[t + 1]!;
      if (ranges) {
        for (const a of ranges) {
          const to = appTo[a]!;
          for (let k = firstAtOrAfter(start, end, appFrom[a]!); k < end && postingDocs[k]! < to; k++) {
            const doc = postingDocs[k]!;
            if (scores[doc] === 0) touched[count++] = doc;
            scores[doc] += weight * postingScores[k]!;
          }
        }
      } else {
        for (let k = start; k < end; k++) {
          const doc = postingDocs[k]!;
          if (!allowed[appOf[doc]!]) continue;
          if (scores[doc] === 0) touched[count++] = doc;
          scores[doc] += weight * postingScores[k]!;
        }
      }
    }
    // The app the task names has no tool, or few, with the task's words ("jot down in google keep", "ask perplexity
    // what changed ..."): its other tools are still candidates, ranked by what the task asks for (each with the same
    // small text score).
    if (count < FEW_MATCHES && ranges && primary.size > 0) {
      for (const a of ranges) {
        if (!primary.has(index.apps[a]!.id)) continue;
        for (let doc = appFrom[a]!; doc < appTo[a]! && count < CANDIDATES; doc++) {
          if (scores[doc] !== 0) continue;
          touched[count++] = doc;
          scores[doc] = 1e-6;
        }
      }
    }
    if (count > 0) offerTouched(count);
    const found = endCandidates();
    const max = found > 0 ? candidateScores[0]! : 1;
    /** Whether each candidate's app is an unnamed family member or a guest (once per app, not per candidate). */
    const members = new Map<string, boolean>();
    // A whole-catalog search re-ranks only the candidates whose text score is a fair share of the best's.
    const floor = restrict ? 0 : OPEN_MIN_SHARE * max;
    let kept = found;
    while (kept > 1 && candidateScores[kept - 1]! < floor) kept--;
    // A loop, not slice/map/filter: those built arrays whose kind of elements varied with the answer (none, or
    // objects), and each new kind undid the compiled search (measured: ~70 deoptimizations in 8 s of finds).
    const shown: Ranked[] = [];
    for (let i = 0; i < kept; i++) {
      const doc = candidateDocs[i]!;
      const text = candidateScores[i]!;
      const scaled = text / max;
      const score = rerank(doc, scaled, q, qids, null);
      const app = index.apps[index.appOf[doc]!]!.id;
      let unnamed = members.get(app);
      if (unnamed === undefined) members.set(app, (unnamed = guests.has(app) || unnamedMember(app, primary, taskStems)));
      const family = primary.has(app) ? F.primary : unnamed ? F.unnamedMember : -1;
      const r: Ranked = { doc, score: score + (family === F.primary ? W[F.primary]! : family >= 0 ? -W[F.unnamedMember]! : 0), bm25: text, scaled, app };
      if (tracing) {
        r.features = Float64Array.from(features);
        if (family >= 0) r.features[family] = family === F.primary ? 1 : -1;
      }
      if (showRetired || !retired.has(app)) shown.push(r);
    }
    return sortRanked(shown);
  }

  function queryIds(q: ReadTask, appWords: string[] = []): { qids: QueryIds; weighted: { id: number; weight: number }[] } {
    const weighted: { id: number; weight: number }[] = [];
    for (const term of q.terms) {
      const t = index.vocab.get(term.term);
      if (t !== undefined) weighted.push({ id: t, weight: term.weight });
      if (term.kind !== "verb") for (const x of expand(term.term)) weighted.push({ id: x, weight: term.weight * 0.5 });
    }
    const lookup = (t: string) => index.vocab.get(t);
    const nouns = [...q.nouns];
    for (const c of q.compounds) {
      const t = lookup(c.stem);
      if (t === undefined) continue;
      weighted.push({ id: t, weight: c.weight });
      nouns.push({ word: c.word, stems: [c.stem], weight: c.weight });
    }
    const defined = (i: number | undefined): i is number => i !== undefined;
    const qids: QueryIds = {
      verbs: q.specificVerbTerms.map(lookup).filter(defined),
      verbExpansions: q.specificVerbTerms.flatMap((t) => expand(t)),
      nouns: nouns.map((x) => ({ word: x.word, ids: [...x.stems.map(lookup).filter(defined), ...expand(x.stems[0]!)], weight: x.weight })),
      all: new Set(),
      exact: new Set(),
      resource: new Map(),
      context: new Set(appWords.flatMap((w) => terms(w)).map(lookup).filter(defined)),
      places: new Set(),
      placeGroups: [],
      objectTerms: [],
      nounTerms: new Map(),
      hasObject: nouns.some((x) => x.weight >= 1 && !x.place),
      verbsInThing: new Set(),
    };
    qids.nouns.forEach((x, i) => {
      x.ids.forEach((t, k) => {
        const factor = k === 0 ? 1 : 0.8;
        const hits = qids.nounTerms.get(t) ?? [];
        let at = -1;
        for (let h = 0; h < hits.length; h += 2) if (hits[h] === i) at = h;
        if (at < 0) hits.push(i, factor);
        else hits[at + 1] = Math.max(hits[at + 1]!, factor);
        qids.nounTerms.set(t, hits);
      });
    });
    const resourceWeight = (t: number, w: number) => qids.resource.set(t, Math.max(w, qids.resource.get(t) ?? 0));
    nouns.forEach((noun, i) => {
      const x = qids.nouns[i]!;
      x.ids.forEach((id, k) => {
        qids.all.add(id);
        resourceWeight(id, x.weight * (k === 0 ? 1 : 0.8));
      });
      const own = lookup(noun.stems[0]!);
      if (own !== undefined) qids.exact.add(own);
      if (own !== undefined && noun.weight >= 1 && !noun.place) qids.objectTerms.push(own);
      if (noun.place) {
        for (const id of x.ids) qids.places.add(id);
        if (x.ids.length) qids.placeGroups.push(x.ids);
      }
    });
    for (const s of q.specificVerbTerms) {
      const t = lookup(s);
      if (t !== undefined) resourceWeight(t, 0.8);
      for (const e of expand(s)) resourceWeight(e, 0.7);
    }
    if (!q.nouns.some((x) => x.word === q.verb?.word)) for (const v of qids.verbs) if (qids.exact.has(v)) qids.verbsInThing.add(v);
    return { qids, weighted };
  }

  /**
   * A word the index does not know, read as the nearest common word it does ("mesage" → message, "delte" → delete):
   * one edit for words of 5 to 7 letters, the most used candidate wins. Capitalised words (names) are left alone.
   * `swapsOnly`: only two neighbouring letters swapped back ("lsit" → list), for words so short that any other edit
   * is too loose.
   */
  const spellings = new Map<string, string | null>();
  /** At most this many tools hold a word read as a slip anyway, when the word it slips from is SLIP_RATIO times as common. */
  const RARE_SLIP_DF = 3;
  const SLIP_RATIO = 200;
  const LETTERS = "abcdefghijklmnopqrstuvwxyz";
  function spell(word: string, swapsOnly = false): string | null {
    const key = swapsOnly ? `~${word}` : word;
    const cached = spellings.get(key);
    if (cached !== undefined) return cached;
    let best: string | null = null;
    let bestDf = 50;
    const consider = (w: string) => {
      // (A word of the lexicon counts as common however rarely the catalog says it: "remidn" is "remind".)
      const d = Math.max(dfOf(w), Object.hasOwn(VERBS, w) || Object.hasOwn(SYNONYMS, w) ? 51 : 0);
      if (d > bestDf) (best = w), (bestDf = d);
    };
    for (let i = 0; i <= word.length; i++) {
      if (!swapsOnly && i < word.length) consider(word.slice(0, i) + word.slice(i + 1));
      if (i < word.length - 1) consider(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
      if (swapsOnly) continue;
      for (const c of LETTERS) {
        if (i < word.length && c !== word[i]) consider(word.slice(0, i) + c + word.slice(i + 1));
        consider(word.slice(0, i) + c + word.slice(i));
      }
    }
    if (spellings.size > 10_000) spellings.clear();
    spellings.set(key, best);
    return best;
  }

  /**
   * The order's verb with a slip ("delte the file", "sned a mail", "viod the label"): the first word, when it is no
   * verb and a letter left out, added or two swapped make it one. (Not a changed letter: "last week's" is no "list".)
   */
  function verbSlip(text: string, appWords: Set<string>): string {
    // (After the app named first too: "gdrive cpy the proposal doc", "jira: clsoe PAY-12".)
    const app = /^(\W*)([a-z0-9]+)(\s*:?\s+)(?=[a-z])/i.exec(text);
    // (Not a word the catalog uses: "ebay orders from this week" are orders.)
    const after = app && appWords.has(app[2]!.toLowerCase()) ? /^[a-z]+/i.exec(text.slice(app[0].length))?.[0].toLowerCase() : undefined;
    if (after !== undefined && dfOf(stem(after)) <= 5) return app![0] + verbSlip(text.slice(app![0].length), appWords);
    // (Three letters too, when one letter left out makes the verb: "snd", "pst".)
    return text.replace(/^(\W*(?:please\s+|pls\s+|plz\s+)?)([a-z]{4,10}\b|[a-z]{3}(?=\s))/i, (all, lead: string, w: string) => {
      const lower = w.toLowerCase();
      if (appWords.has(lower) || VERBS[lower] || isStopWord(lower) || Object.hasOwn(SYNONYMS, lower)) return all;
      // (A word the catalog holds as it is written, "tick off", is a word; "delte" only shares its stem with "delta".)
      if (stem(lower) === lower && dfOf(lower) > 0 && lower.length > 3) return all;
      let verbs = [...oneSlipAway(lower)].filter((x) => x.length >= 4 && VERBS[x] && VERBS[x]!.intent !== null && (lower.length > 3 || x.length === 4));
      // Of two, the one with a double letter typed once ("asign": assign, not sign; "comit": commit).
      if (verbs.length > 1) verbs = verbs.filter((x) => x.length === lower.length + 1 && [...x].some((c, i) => c === x[i + 1] && x.slice(0, i) + x.slice(i + 1) === lower));
      return verbs.length === 1 ? `${lead}${verbs[0]}` : all;
    });
  }

  /** The task with abbreviations written out and typos of ordinary words corrected. */
  function normaliseWords(text: string, appWords: Set<string>): string {
    text = verbSlip(text, appWords);
    return text.replace(/[A-Za-z][A-Za-z']*/g, (w) => {
      const lower = w.toLowerCase();
      if (appWords.has(lower) || lower.length < 4 || lower.length > 12 || /[A-Z]/.test(w.slice(1)) || /^[A-Z]/.test(w) || lower.includes("'")) return w;
      if (isStopWord(lower) || VERBS[lower] || Object.hasOwn(SYNONYMS, lower)) return w;
      const df = dfOf(lower);
      if (df === 0) return spell(lower, lower.length === 4) ?? w;
      // A word a few tools' texts hold only by a slip of their own ("delte", "objetc") is still the slip of a common
      // word when that word is hundreds of times as common.
      if (df > RARE_SLIP_DF || lower.length < 5) return w;
      const fix = spell(lower);
      return fix !== null && dfOf(fix) >= SLIP_RATIO * df ? fix : w;
    });
  }

  /** Whether any tool of these apps carries the term. */
  function inApps(term: string, ids: string[]): boolean {
    const t = index.vocab.get(term);
    if (t === undefined) return false;
    const start = index.postingOffsets[t]!;
    const end = index.postingOffsets[t + 1]!;
    for (const id of ids) {
      const a = appNumber.get(id);
      if (a === undefined) continue;
      if (!contiguous) return end > start;
      const k = firstAtOrAfter(start, end, appFrom[a]!);
      if (k < end && index.postingDocs[k]! < appTo[a]!) return true;
    }
    return false;
  }

  /**
   * A noun the named apps never use, read as the broader thing they do use (a meeting on Google Calendar is an event,
   * a to-do in Google Tasks a task): BROADER's words join the object (not a qualifier), a little weaker.
   */
  function broaden(q: ReadTask, ids: string[]): void {
    for (const noun of q.nouns) {
      const wider = BROADER[noun.word] ?? BROADER[noun.stems[0]!];
      if (!wider || noun.weight < 1 || noun.stems.some((s) => inApps(s, ids))) continue;
      for (const w of wider) {
        const s = stem(w);
        if (noun.stems.includes(s) || !inApps(s, ids)) continue;
        noun.stems.push(s);
        q.terms.push({ term: s, weight: 0.6 * noun.weight, from: noun.word, kind: "synonym" });
      }
    }
  }

  /**
   * Apps a task's own words imply when it names none, read from the catalog: a word of the task (its object or a
   * qualifier) that the tools of at most MAX_WORD_APPS apps use ("supergroup", "guild", "jql") points to those apps,
   * the more the larger their share of its tools; several such words add up. Weights stay below the strength that
   * would outrank a named app (see strongImplied).
   */
  function impliedByTerms(q: ReadTask, implied: Map<string, number>): void {
    const counts = new Map<number, number>();
    for (const noun of q.nouns) {
      if (noun.weight < 0.5) continue;
      const t = index.vocab.get(noun.stems[0]!);
      if (t === undefined) continue;
      const start = index.postingOffsets[t]!;
      const end = index.postingOffsets[t + 1]!;
      if (end - start < MIN_WORD_TOOLS || end - start > MAX_WORD_TOOLS) continue;
      counts.clear();
      for (let k = start; k < end && counts.size <= MAX_WORD_APPS; k++) {
        const a = index.appOf[index.postingDocs[k]!]!;
        counts.set(a, (counts.get(a) ?? 0) + 1);
      }
      if (counts.size > MAX_WORD_APPS) continue;
      for (const [a, c] of counts) {
        const share = c / (end - start);
        if (share < 0.5) continue;
        const id = index.apps[a]!.id;
        const w = WORD_IMPLIES * share * Math.min(1, noun.weight);
        implied.set(id, 1 - (1 - w) * (1 - (implied.get(id) ?? 0)));
      }
    }
  }

  /** A notice for the apps the task names that are not in the catalog, with the catalog's nearest apps. */
  function unknownNotice(detected: DetectedApps, ranked: Ranked[]): FindNotice | null {
    if (detected.unknown.length === 0) return null;
    const name = detected.unknown.map((u) => u.name).join(", ");
    const nearest: string[] = [];
    for (const r of ranked) {
      if (nearest.length >= 3) break;
      if (!nearest.includes(r.app)) nearest.push(r.app);
    }
    const one = detected.unknown.length === 1;
    return {
      code: "app_not_in_catalog",
      app: name,
      message: `${name} ${one ? "is" : "are"} not in the catalog${nearest.length ? `; the tools below are from the nearest apps: ${nearest.join(", ")}` : ""}.`,
      nearestApps: nearest,
    };
  }

  /**
   * Each tool's operation key as collapse makes it, remembered (a find re-reads the same few hundred tools' records
   * and ran five replacements on each path): by provider when no app is named, by app when one is.
   */
  const operationKeys = [new Map<number, string>(), new Map<number, string>()] as const;
  /** Near-duplicates (the same operation by another path or in a beta copy) fold into the first of them. */
  function collapse(ranked: Ranked[], limit: number, named: string[] = []): { first: Ranked; variants: Ranked[] }[] {
    const groups: { first: Ranked; variants: Ranked[] }[] = [];
    const byKey = new Map<string, { first: Ranked; variants: Ranked[] }>();
    const keys = operationKeys[named.length === 0 ? 0 : 1]!;
    for (const r of ranked) {
      let key = keys.get(r.doc);
      if (key === undefined) {
        const tool = readTool(r.doc);
        // Named GraphQL operations share one endpoint (`POST /graphql`): each is an operation of its own.
        // A custom MCP tool has no HTTP operation: its name is its identity too.
        // Apps of one provider that copy each other's operations (Microsoft Graph and its Outlook, OneDrive, Teams apps)
        // fold the same way, unless the task names one of them (then it keeps its own).
        const family = named.length === 0 ? index.apps[index.appOf[r.doc]!]!.provider : r.app;
        // So do the actions of an API on one path (EC2's `POST /?Action=StopInstances`), by their names without the
        // method (its GET and POST forms of one action fold).
        const onePath = tool.http && /^\/?$/.test(tool.http.path.split("?")[0]!);
        key = !tool.http || tool.http.graphql ? `${r.app} ${tool.name}` : onePath ? `${r.app} ${tool.name.replace(/(^|_)(?:GET|POST|PUT|PATCH|DELETE)(?=_)/, "")}` : duplicateKey(family, METHODS[index.method[r.doc]!]!, tool.http.path);
        if (keys.size >= OPERATION_KEYS) keys.clear();
        keys.set(r.doc, key);
      }
      const group = byKey.get(key);
      if (group) {
        if (group.variants.length < 5) group.variants.push(r);
        continue;
      }
      // Only the tools up to the limit's last group are read (each read is a record from disk).
      if (groups.length >= limit) break;
      const created = { first: r, variants: [] as Ranked[] };
      byKey.set(key, created);
      groups.push(created);
    }
    // The simplest of the same operation stands for it: the app itself before its beta copy, then the path with the
    // fewest inputs (`/me/videos` before `/users/{user_id}/videos`); it keeps the group's best score.
    const params = (r: Ranked) => (readTool(r.doc).http.path.match(/\{/g) ?? []).length;
    const rank = (r: Ranked) => (familyOf(r.app) !== r.app ? 100 : 0) + params(r);
    return groups.map((g) => {
      const all = [g.first, ...g.variants];
      const best = all.reduce((a, b) => (rank(b) < rank(a) ? b : a));
      if (best === g.first) return g;
      return { first: { ...best, score: g.first.score }, variants: all.filter((r) => r !== best) };
    });
  }

  /** A domain that is an app's name ("cal.com", "polygon.io") is that app's name, not a value: put back. */
  function restoreNames(source: string, prepared: Prepared): Prepared {
    let text = prepared.text;
    const values = prepared.values.filter((v) => {
      const at = source.indexOf(v.text);
      // A domain that is an app's name ("cal.com"), or a number that ends one ("office 365", "microsoft 365").
      const wordBefore = v.kind === "number" && at > 0 ? /([A-Za-z]+)\s+$/.exec(source.slice(0, at))?.[1] : undefined;
      const name = v.kind === "domain" ? v.text : wordBefore !== undefined ? `${wordBefore} ${v.text}` : undefined;
      if (name === undefined || !detector.isName(name)) return true;
      if (at < 0 || text.slice(at, at + v.text.length).trim() !== "") return true;
      text = `${text.slice(0, at)}${v.text}${text.slice(at + v.text.length)}`;
      return false;
    });
    return { text, values };
  }

  /** The conversions a text asks for ("text to speech", "pdf to word"): each pair of index terms, from and to. */
  function conversionsIn(text: string): [number, number][] {
    const found: [number, number][] = [];
    for (const m of text.matchAll(/\b([a-z]{3,})[\s-]+(?:to|into)[\s-]+([a-z]{3,})\b/gi)) {
      const from = index.vocab.get(stem(m[1]!.toLowerCase()));
      const to = index.vocab.get(stem(m[2]!.toLowerCase()));
      // (Things, not a verb and where it goes: "reply to message X" converts nothing.)
      if (from !== undefined && to !== undefined && from !== to && (!Object.hasOwn(VERBS, m[1]!.toLowerCase()) || m[1]!.toLowerCase() === "text")) found.push([from, to]);
    }
    return found;
  }

  function findTools(task: string, opts: FindOptions = {}): FindAnswer {
    const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(opts.limit ?? DEFAULT_LIMIT)));
    const explicit = opts.app !== undefined;
    showRetired = opts.includeDeprecated === true || explicit;
    // Slack's slash command ("/remind me to submit my timesheet every friday"): its reminders.
    const source = task.replace(/^\s*\/remind\b/i, "slack remind");
    const prepared = restoreNames(source, prepareTask(source));
    // Shortenings written out first ("a zoom mtg": the meeting says where the app stands).
    prepared.text = expandAbbreviations(prepared.text);
    conversions = conversionsIn(`${prepared.text}${/\b(?:aloud|out\s+loud)\b/i.test(task) ? " text to speech" : ""}`);
    const detected: DetectedApps = explicit
      ? { apps: [opts.app!], primary: new Set([opts.app!]), words: new Set(), matches: [], unknown: [], implied: new Map() }
      : detector.detect(prepared.text);
    const named = detected.apps.filter((a) => appNumber.has(a));
    if (explicit && named.length === 0) return { matches: [], notice: null };
    const connected = new Set((opts.connectedApps ?? []).filter((a) => appNumber.has(a)));
    // Values stand for what they are ("#general" is a channel); the app a value implies counts when none is named.
    const implied = new Map(detected.implied);
    let text = prepared.text;
    const hinted = new Set<string>();
    /** Says once what a kind of value stands for, and the app it implies when the task names none. */
    const hint = (key: string, words: string, app?: [string, number]) => {
      if (!hinted.has(key) && words) text += ` ${words}`;
      hinted.add(key);
      if (app && named.length === 0) implied.set(app[0], Math.max(app[1], implied.get(app[0]) ?? 0));
    };
    /** Apps whose own id shapes the task's values have (an Airtable base id), with that id: as good as named when none is. */
    const idApps = new Map<string, string>();
    /** How each of them was named, when not by an id (NAMED_BY). */
    const namedBy = new Map<string, string>();
    for (const v of prepared.values) {
      const shaped = v.kind === "id" ? ID_SHAPES.find(([shape]) => shape.test(v.text)) : undefined;
      // A file name stands where it is written, as the file ("update README.md on branch x" updates a file).
      const at = v.kind === "file" ? task.indexOf(v.text) : -1;
      if (at >= 0 && text.slice(at, at + v.text.length).trim() === "" && v.text.length >= 4) {
        // (A PDF, a Word file, a sheet: a document, as messaging apps call what is not a picture or a video.)
        // (A picture is a photo, as messaging apps call it; other apps' image, a synonym.)
        const kind = /\.(?:pdf|docx?|xlsx?|pptx?|odt|rtf|txt|csv)$/i.test(v.text) && v.text.length >= "document file".length ? "document file" : /\.(?:png|jpe?g|gif|webp|heic)$/i.test(v.text) ? "photo" : "file";
        text = `${text.slice(0, at)}${kind.padEnd(v.text.length)}${text.slice(at + v.text.length)}`;
        continue;
      }
      // An identifier written as code ("access_token", "workflow_dispatch") names no app, but its words are the task's.
      if (v.kind === "name") {
        const at = task.indexOf(v.text);
        if (at >= 0 && text.slice(at, at + v.text.length).trim() === "") text = `${text.slice(0, at)}${v.text.replace(/_/g, " ")}${text.slice(at + v.text.length)}`;
        continue;
      }
      // A link to an app's own page implies that app ("docs.google.com/spreadsheets/d/…").
      const address = v.text.replace(/^https?:\/\//i, "").replace(/^www\./i, "");
      const page = v.kind === "url" || v.kind === "slug" || v.kind === "domain" ? pageApps(address) : undefined;
      if (page) {
        for (const app of page) hint(`page:${app[0]}`, "", app);
        // (An object store's address is of objects in a bucket: "everything under gs://acme-logs/2025/".)
        if (/^(?:gs|s3):\/\//i.test(address)) hint("object-address", "objects");
        // (And an AWS resource name its kind, when it has one: "…:function:resize-images" is a function.)
        const kind = /^arn:[^:]*:[^:]*:[^:]*:[^:]*:([a-z][a-z-]*)[:/]/i.exec(address)?.[1];
        if (kind && !new RegExp(`\\b${kind}`, "i").test(text)) hint(`object:${kind}`, kind.replace(/-/g, " "));
        // A link to a page only that app serves (app.asana.com/0/…, acme.zendesk.com/agent/…) names it, as its ids do.
        // (The first is the page's own app; one after it, Drive for a Google document, is where the page is kept.)
        page.forEach(([app, weight], k) => {
          if (weight < 1 || !appNumber.has(app) || idApps.has(app)) return;
          idApps.set(app, v.text);
          namedBy.set(app, /^(?:arn:|spaces\/|projects\/)/i.test(address) ? NAMED_BY.resource : k === 0 ? NAMED_BY.link : NAMED_BY.keeper);
        });
      }
      // "r/homelab" is a community (a subreddit), not an owner/repo: a one-letter owner is no repository.
      // (Written so only for Reddit, it names Reddit as its ids name their apps; the place of the work even when other
      // apps are what the post is about: "post in r/devops asking who moved from Jenkins to GitHub Actions".)
      if (v.kind === "slug" && /^r\/[A-Za-z0-9_]+$/.test(v.text)) {
        hint("community", "in subreddit", ["reddit", 1]);
        if (appNumber.has("reddit") && !idApps.has("reddit")) idApps.set("reddit", v.text), namedBy.set("reddit", NAMED_BY.notation);
        if (appNumber.has("reddit") && named.length > 0 && !named.includes("reddit")) named.unshift("reddit"), detected.primary.add("reddit");
      }
      // A web address, or a page's address written as a slug ("docs.google.com/spreadsheets/d/…"), is no repository.
      else if (v.kind === "url" || (page && v.kind === "slug")) hinted.add("slug");
      // A #tag in a post ("what are people tweeting about #SaaStr") is a hashtag, not a channel.
      else if (v.kind === "channel" && HASHTAG_CONTEXT.test(task)) hint("channel", "with hashtag");
      // Todoist's quick-add ("renew passport monday p1 #Personal"): a priority p1-p4 beside a #project, a task.
      else if (v.kind === "channel" && /(?:^|\s)p[1-4](?=$|[\s.,;!?])/.test(task)) hint("channel", "task in project", ["todoist", 0.7]);
      // "hotfix/cache-ttl", "feature/login": a branch by the usual prefixes of branch names, not an owner/repo (no app).
      else if (v.kind === "slug" && BRANCH_SLUG.test(v.text)) hint("branch", "", ["github", 0.4]);
      // "library/nginx", "acme/api" next to an image: a Docker Hub repository, not GitHub's.
      else if (v.kind === "slug" && IMAGE_CONTEXT.test(task)) hint("slug", "in repository", ["docker_hub", 0.6]);
      // An emoji put on something ("drop a 🔥 on the message", "react with :eyes:") is a reaction; in a post it is text.
      else if (v.kind === "emoji") {
        const after = task.slice(task.indexOf(v.text) + v.text.length);
        if (/\breact/i.test(task) || /^\s+(?:on|to)\b/i.test(after)) hint("emoji", "with reaction emoji");
        else hinted.add("emoji");
      } else if (v.kind === "quote" && /^\s+by\s+(?!(?:tomorrow|today|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|the\s+end|end|eod|noon|midnight|\d{1,2}(?::\d\d)?\s*(?:am|pm)?)\b)[A-Za-z0-9][^,;]*?\b(?:to|into|onto)\s/i.test(task.slice(task.indexOf(v.text) + v.text.length))) {
        // "add 'Midnight City' by M83 to my playlist": a song (or a book, a film) by its artist, the thing to add.
        hint("by-artist", "track");
      } else if (shaped) {
        const [, app, weight, objectOf] = shaped;
        hint(`id:${app}`, "", [app, weight]);
        const object = objectOf?.(v.text);
        if (object && !new RegExp(`\\b${object.split(" ")[0]!.slice(0, 5)}`, "i").test(task)) hint(`object:${object}`, object);
        if (weight >= 1 && appNumber.has(app) && !idApps.has(app)) idApps.set(app, v.text);
      } else if (v.kind === "key" && keyOfAnotherKind(task, v.text)) {
        // "the BIO-101 course", "flight LH-400": a code named as a thing of another kind, not an issue key.
        hinted.add("key");
      } else {
        const known = VALUE_HINTS[v.kind];
        if (known && !hinted.has(v.kind)) hint(v.kind, known.words, known.app);
      }
    }
    // The app's name as the verb, a person's number or handle after it ("whatsapp +44 7700 900123 that it shipped",
    // "slack @ana: build is green"): a message to them.
    const lead = /^\s*([a-z][\w.-]*)\s+(?=\S)/i.exec(task);
    const leadIsApp = lead !== null && detected.matches.some((m) => m.text.toLowerCase() === lead[1]!.toLowerCase());
    // (Or a place and the message after a colon: "gchat the ops space: failover done", "slack #eng: deploy at 5".)
    const toPlace = leadIsApp && /^\s*\S+\s+(?:(?:the|my|our)\s+(?:[^\s:]+\s+){0,2}(?:space|channel|room|group|team|chat|thread)|#[\w-]+)\s*:\s+\S/i.exec(task) !== null && !Object.hasOwn(VERBS, task.trim().split(/\s+/)[1]!.toLowerCase());
    if (leadIsApp && (toPlace || prepared.values.some((v) => (v.kind === "phone" || v.kind === "handle" || v.kind === "email") && task.indexOf(v.text) === lead[0].length))) {
      text = `${lead[1]} send a message to ${text.slice(lead[0].length)}`;
    }
    // Coordinates ("near 40.7411,-73.9897"): a place on a map.
    // (Only with no app named: "estimate the Lyft fare from 37.77,-122.39 to ..." is Lyft's.)
    if (named.length === 0 && /(?:^|[\s(])-?\d{1,2}\.\d{3,},\s*-?\d{1,3}\.\d{3,}\b/.test(task)) hint("coordinates", "location nearby", ["google_maps", 0.8]);
    // Written the way only one app writes them, they name it: GitLab's merge request references ("merge !214 in
    // platform/backend"), Datadog's metric queries ("avg:system.cpu.user{env:prod}"), Search Console's domain properties.
    for (const [shape, key, words, app] of WRITTEN_FOR_ONE_APP) {
      const at = shape.exec(task);
      if (!at) continue;
      hint(key, words, [app, 1]);
      if (appNumber.has(app) && !idApps.has(app)) idApps.set(app, at[0].trim()), namedBy.set(app, NAMED_BY.notation);
    }
    if (named.length === 0 && idApps.size > 0) for (const app of idApps.keys()) named.push(app), namedBy.get(app) === NAMED_BY.keeper || detected.primary.add(app);
    // An app's own word for a thing, when the app is named: on Docker Hub an image is a repository ("the tags of the
    // postgres image", not one image digest's); on Buffer a post or a tweet is a status update.
    // (Or, when none is named, an app the task's own words imply strongly: "in ads manager, pause ad set …".)
    const speaking = named.length > 0 ? named : [...implied].filter(([, w]) => w >= 0.6).map(([app]) => app);
    const beforeOwnWords = text;
    for (const app of speaking) {
      for (const [word, own] of APP_WORDS[app] ?? []) if ((!own.when || own.when.test(task)) && !own.unless?.test(task)) text = text.replace(word, own.as);
    }
    // (An app's own words may say a conversion: ElevenLabs' "an mp3 of my intro" is text to speech.)
    if (text !== beforeOwnWords) for (const pair of conversionsIn(text)) if (!conversions.some(([a, b]) => a === pair[0] && b === pair[1])) conversions.push(pair);
    // A workbook's rows, tables, sheets or cells ("add a row to the Expenses table in budget.xlsx on my OneDrive") are
    // Excel's to change, wherever the file is kept (OneDrive, SharePoint: Excel's API reaches it there).
    const workbook = prepared.values.find((v) => v.kind === "file" && /\.xls[xmb]?$/i.test(v.text));
    if (workbook && WORKBOOK_PARTS.test(task) && appNumber.has("excel") && !named.includes("excel")) {
      named.unshift("excel");
      detected.primary.add("excel");
      idApps.set("excel", workbook.text);
      namedBy.set("excel", NAMED_BY.file);
    }
    // A person named after a verb that takes people ("add Marco to #marketing", "invite Sarah Lee", "assign it to
    // Tom"): a capitalised name the catalog hardly uses is a value, not a thing to look for.
    let person = false;
    const appText = new Set([...detected.words, ...detected.unknown.flatMap((u) => u.text.toLowerCase().split(/\s+/))]);
    text = text.replace(/\b(add|invite|remove|kick|ping|dm|tell|notify|assign(?:\s+(?:it|this|them))?\s+to)\s+([A-Z][a-z]{2,})((?:\s+[A-Z][a-z]{2,})?)/g, (all, verb: string, first: string, last: string) => {
      const lower = first.toLowerCase();
      if (appText.has(lower) || dfOf(lower) > 5 || Object.hasOwn(VERBS, lower) || Object.hasOwn(SYNONYMS, lower) || isStopWord(lower)) return all;
      person = true;
      return `${verb} ${" ".repeat(first.length + last.length)}`;
    });
    // A person added by name or address ("add sam@foo.com to my audience", "invite x@y.z to the team") joins as a
    // member (of a list, a team, a group): said as a qualifier.
    const hasEmail = prepared.values.some((v) => v.kind === "email");
    if ((person || hasEmail) && (/\b(add|invite|subscribe|enrol+|put)\b/i.test(text) || /\bsign\b.*\bup\b/i.test(text))) text += " as member";
    // "add user 48d3… as an owner of team 02bd…", "add a guest to the group": a person joins it, as a member.
    else if (/\b(?:add|put)\s+(?:a\s+|the\s+|this\s+|new\s+)?(?:user|person|guest|owner|admin)\b.*?\b(?:to|of|in|into)\s+(?:the\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,3}?(?:team|group|channel|workspace|org|organi[sz]ation)\b/i.test(task)) text += " as member";
    // "register jane@fabrikam.com for the webinar": a registrant added to it.
    else if ((person || hasEmail) && /\bregister\b.*\bfor\b/i.test(task)) text += " registrant";
    // "unsubscribe jane@kite.io from the list": a member's status changed.
    else if (hasEmail && /\b(?:unsubscribe|opt\s+out)\b/i.test(text)) text = text.replace(/\b(?:unsubscribe|opt\s+out)\b/i, "update member status unsubscribed");
    // "assign the card to mike", "assign it to me": a person given the item, as its member or assignee.
    else if (/\bas{1,2}ign\b(?:\s+\S+){0,4}?\s+to\s+(?:me|him|her|them|@?[a-z][a-z.-]*)\s*$/i.test(task.trim())) text += " member assignee";
    // "send every new response to https://hooks.acme.io/tf": each one sent on as it comes, a webhook to that address.
    if (prepared.values.some((v) => v.kind === "url") && /\b(?:send|post|forward|push|deliver)\s+(?:every|all|each|any)\b/i.test(task)) hint("webhook", "webhook");
    // An e-mail written to a person's address ("send an email to priya@acme.io saying ..."), not one an app sends for
    // a product (transactional, templated, a campaign): a mailbox's, Gmail's when no app is named.
    if (detected.matches.length === 0 && hasEmail && /\b(?:e-?mails?|mails?)\b/i.test(task) && /\b(?:send|sent|write|draft|shoot|drop|compose)\b/i.test(task) && !/\b(?:transactional|templates?|campaigns?|newsletters?|bulk|marketing|smtp|sender|domain|verify|verification)\b/i.test(task)) hint("personal-mail", "message", ["gmail", 0.9]);
    // A video by an id of YouTube's shape (11 letters, digits, - and _, mixed case: "dQw4w9WgXcQ"): YouTube's.
    if (/\bvideo\b/i.test(task) && prepared.values.some((v) => v.kind === "id" && /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9_-]{11}$/.test(v.text))) hint("youtube-id", "", ["youtube", 0.8]);
    // Text in quotes right after "send" ("have the bot send 'deploy finished' to chat 42"): a message.
    if (/\bsend\s+["'‘“]/i.test(task) && !/\b(?:message|msg|text|sms|email|mail|note|dm)\b/i.test(task)) hint("sent-text", "message");
    // A product's own search syntax ("type:ticket status:pending", "has:attachment is:unread", "is:pr label:bug"): a
    // search of that product, which the task need not name.
    for (const [marker, app] of SEARCH_SYNTAX) if (marker.test(task)) hint(`syntax:${app}`, "search", [app, 0.9]);
    // Values written into a cell range ("write [[...]] into Summary!A1:B2", "put 42 in B7"): the cells' values updated,
    // not a spreadsheet made.
    if (prepared.values.some((v) => v.kind === "range") && !/\b(?:append|add\s+(?:a\s+)?rows?|new\s+rows?)\b/i.test(task)) {
      text = text.replace(/^(\W*(?:please\s+)?)(?:write|put|fill|enter|paste|overwrite|replace)\b/i, "$1update values");
    }
    // A tab added to a Google spreadsheet is an addSheet request of its batch update (the API has no other way).
    if (named.includes("googlesheets") && /\b(?:add|create|new|insert|make)\b.*\b(?:tab|sheet|worksheet)\b/i.test(task) && !/\b(?:rows?|lines?|entr(?:y|ies)|records?|values?|cells?|spreadsheet\s+called|new\s+spreadsheet)\b/i.test(task)) hint("sheet-tab", "batch update");
    // A reply in a thread or a channel is a message posted there ("reply in the thread ... with 'deployed'").
    if (/\b(?:reply|respond)\b/i.test(task) && /\b(?:thread|channel|chat|conversation|dm)\b/i.test(task) && !/\b(?:ticket|issue|email|mail|review)\b/i.test(task)) hint("reply-message", "message");
    // A query written out, set aside as a value: what the task gives is a query to run.
    if (prepared.values.some((v) => v.kind === "quote" && QUERY_TEXT.test(v.text))) hint("query-text", "query");
    // A file in a bucket ("upload report.csv to the acme-backups bucket") is what object stores call an object.
    if ((/\b(?:file|files|items?|contents?)\b/i.test(text) || /\b(?:everything|anything|contents?)\b/i.test(task)) && /\b(?:buckets?|blobs?|object storage)\b/i.test(task)) text += " object";
    // "record 3h 30m spent on OPS-2291", "log 2 hours on the task": time worked, a worklog or time entry.
    if (DURATION.test(task) && /\b(spent|spend|log|logged|record|track|tracked|worked|bill)\b/i.test(task)) text += " as worklog time entry";
    // "log $12.40 at chipotle", "record a $42 grocery run": money spent, a transaction.
    if (prepared.values.some((v) => v.kind === "number" && /^[$€£]/.test(v.text)) && /\b(log|logged|record|enter|track|add)\b/i.test(task) && /\bat\b/i.test(task)) text += " as transaction";
    // The app's name leaves the task, except a noun at its end that may be the object ("a new google calendar").
    const appTexts = [...detected.matches.map((m) => keepNounTail(prepared.text, m.text)), ...detected.unknown.map((u) => u.text)];
    text = normaliseWords(text, detected.words);
    // A one-word name said as the object ("schedule a gotomeeting"): the noun it ends with is the object.
    for (const m of detected.matches) {
      const tail = /^[a-z]{3,}(meeting|calendar|sheets?|docs?|tasks|contacts|forms?)$/i.exec(m.text)?.[1];
      if (tail && saidAfter(prepared.text, m.text, "a|an|one|new|another")) text += ` ${tail.toLowerCase()}`;
    }
    // An app said as the thing it makes ("set up a zoom for tomorrow" is a meeting).
    for (const m of detected.matches) {
      const thing = m.apps.length === 1 ? NAME_AS_THING[m.apps[0]!] : undefined;
      if (thing) text = text.replace(new RegExp(`\\b(a|an|another)\\s+(${escapeRegExp(m.text)})\\b`, "i"), `$1 $2 ${thing}`);
    }
    let q = readTask(text, appTexts);
    // No verb left ("google translate 'Ihre Bestellung' to english"): the verb that ends the app's name is the order; so
    // too when the app's name opens the task ("google translate this support reply into japanese": not "reply").
    const opening = detected.matches.find((m) => VERBS[m.text.toLowerCase().split(/\s+/).pop()!]?.intent && prepared.text.trimStart().toLowerCase().startsWith(m.text.toLowerCase()));
    if ((!q.verb || q.intent === null || (opening && q.verb.word !== opening.text.toLowerCase().split(/\s+/).pop())) && detected.matches.some((m) => VERBS[m.text.toLowerCase().split(/\s+/).pop()!]?.intent)) {
      const kept = appTexts.map((t) => {
        const words = t.split(/\s+/);
        return words.length > 1 && VERBS[words[words.length - 1]!.toLowerCase()]?.intent ? words.slice(0, -1).join(" ") : t;
      });
      const withVerb = readTask(text, kept);
      if (withVerb.verb && withVerb.intent !== null) q = withVerb;
    }
    // Nothing left to act on ("add 'renew passport' to my google tasks"): the noun that ends the app's name is it.
    if (!q.nouns.some((x) => x.weight >= 0.5)) {
      const kept = [...detected.matches.map((m) => withoutNounTail(m.text)), ...detected.unknown.map((u) => u.text)];
      if (kept.some((t, i) => t !== appTexts[i])) q = readTask(text, kept);
    }
    // Nothing left but what to put in it ("add 'buy milk' to todoist for tomorrow", "todoist: buy milk tmrw p1"): the
    // app's own thing, for apps that are lists of one kind of thing.
    const thing = named.map((a) => APP_THING[a]).find(Boolean);
    // (Or an order the app has no word for, "buy milk", "call mom": what to write down.)
    // (A workflow status change, "mark 'ship it' as done", is said of the app's thing too.)
    const objects = thing === undefined ? [] : q.nouns.filter((x) => x.weight >= 0.5 && !x.place && !TIME_NOUNS.test(x.word) && x.word !== "transition");
    const content =
      objects.length === 0 ||
      (!objects.some((x) => x.stems.some((t) => inApps(t, named))) && (!q.verb || (q.specificVerbTerms.length > 0 && !q.specificVerbTerms.some((t) => inApps(t, named)))));
    if (thing && content && q.intent !== "list" && q.intent !== "read" && q.intent !== "search") {
      q = readTask(`${q.verb && q.verb.sense.intent ? "" : "add "}${text} ${thing}`, appTexts);
      if (q.intent === null) q.intent = "create";
    }
    // Words in quotes for a #channel or a @person, and no verb ("slack #eng-oncall: 'db failover in 5 min'"): a message.
    if (!q.verb && prepared.values.some((v) => v.kind === "quote") && prepared.values.some((v) => v.kind === "channel" || v.kind === "handle")) {
      q = readTask(`send a message to ${text}`, appTexts);
    }
    // Saying something to a place or a group ("write in the general channel that we are live", "tell the marketing
    // team in teams general: ...") with nothing else to make: a message there, not a new channel or team.
    const object = q.nouns.find((x) => x.weight >= 1 && !x.place);
    // (Or putting words there: "drop 'deploy done' in the Ops space on google chat".)
    // (Or a note put there: "drop a note in the releases channel that v2.3 is out", "the release notes in #announcements".)
    const chatPlace = q.nouns.some((x) => x.place && AUDIENCES.test(x.word)) || prepared.values.some((v) => v.kind === "channel");
    const noteSaid = object !== undefined && SAID_THINGS.test(object.word) && chatPlace;
    const saying = q.verb && (SAYING.has(q.verb.word) || (PUTTING.has(q.verb.word) && ((!object && prepared.values.some((v) => v.kind === "quote") && chatPlace) || noteSaid)));
    if (q.verb && saying && q.intent === "create" && (!object || AUDIENCES.test(object.word) || noteSaid) && !q.nouns.some((x) => /^messages?$/.test(x.word))) {
      const verb = q.verb.word;
      // (Said right after the verb: what follows "that ..." is the message's words, dropped as such.)
      const said = afterVerb(text, verb, `a message${/^(tell|inform|notify)$/.test(verb) ? " to" : ""}`);
      // (A verb read from another word, "drop" as put: the message said last.)
      q = readTask(said !== text ? said : `${text} message`, appTexts);
    }
    // A question about one item named by its id or key ("what's the status of WEB-88") reads that item.
    // (Or a thing by its name: "what memory is the resize-thumbnails function configured with?" reads that function.)
    // (Or by a long number: "how many plays has my vimeo video 824569120 had?")
    if (q.intent === "list" && q.verb && ["what", "which", "who", "how"].includes(q.verb.word) && prepared.values.some((v) => v.kind === "key" || v.kind === "id" || v.kind === "label" || (v.kind === "number" && /^\d{6,}$/.test(v.text)))) {
      q.intent = "read";
    }
    // One item named by a link to its page ("give me the text of docs.google.com/document/d/…"): that item, read.
    // (Not a folder, its address ending in "/", nor a list asked for by its verb: "list the objects under gs://b/2025/".)
    if (q.intent === "list" && q.verb?.word !== "list" && [...namedBy.values()].includes(NAMED_BY.link) && prepared.values.some((v) => v.kind === "url" && /\/[^/\s]*\d[^/\s]*(?:\/|$)/.test(v.text) && !v.text.endsWith("/"))) {
      q.intent = "read";
    }
    // "put ticket 8812 in solved status", "set the case 500300 to closed": an object named by its id or number exists
    // already; putting or setting it changes it (adding a thing to it is said with the thing as the object).
    if ((q.intent === "create" || q.intent === null) && q.verb && SETTING.has(q.verb.word) && !q.newObject && namesItsItem(task, q, prepared.values)) q.intent = "update";
    // "opportunity 0065g00000XyZ12AAB → StageName 'Closed Won'": an item, an arrow, its new values: an update.
    if ((q.intent === "create" || q.intent === null) && /\s(?:→|->|=>)\s/.test(task) && namesItsItem(task, q, prepared.values)) q.intent = "update";
    // "add the company record 8f3c… to the list", "put the person jake@initech.com into the cadence": a thing named by
    // its id or address exists; putting it somewhere makes it a member there, not a new one.
    if (q.verb && PUTTING.has(q.verb.word) && !q.newObject && q.nouns.some((x) => x.place) && namesItsItem(task, q, prepared.values, EXISTING_NAMES)) q.existingObject = true;
    // "add https://youtu.be/… to my playlist": a thing given by its address or id alone, put into a place, is an item
    // of that place.
    if (q.verb && PUTTING.has(q.verb.word) && !q.nouns.some((x) => x.weight >= 1 && !x.place) && q.nouns.some((x) => x.place) && startsWithValue(task, q.verb.word, prepared.values)) {
      const withItem = afterVerb(text, q.verb.word, "item");
      if (withItem !== text) q = readTask(withItem, appTexts);
    }
    // A query in a query language ("run this JQL: project = MOB AND status = Blocked", "run a CQL search", "select
    // count(*) from users"): the app's query or search tool, whatever the verb.
    // (Not a file's extension: "upload dump.sql to the bucket".)
    const withoutFiles = prepared.values.reduce((t, v) => (v.kind === "file" ? t.replace(v.text, " ") : t), task);
    if (QUERY_LANGUAGE.test(withoutFiles) || QUERY_TEXT.test(task)) {
      q.intent = "search";
      addVerbWords(q, ["query", "search", "sql", "statement"]);
    }
    // Cancelling at the end of the period keeps it until then (an update); now, or not at the end, ends it (a delete).
    if (q.verb && ENDING.has(q.verb.word) && /\bsubscri/i.test(text)) {
      const notAtEnd = /\b(?:not|rather\s+than|instead\s+of)\s+(?:at\s+)?(?:the\s+)?end\s+of\b/i.test(task);
      const atEnd = /\b(?:at|by)\s+(?:the\s+)?end\s+of\b/i.test(task) && !notAtEnd;
      const notNow = /\b(?:not|rather\s+than|instead\s+of)\s+(?:right\s+)?(?:now|immediately)\b/i.test(task);
      const now = /\b(?:immediately|right now|from now|right away)\b/i.test(task) || notAtEnd;
      if (atEnd || notNow) q.intent = "update";
      else if (now) q.intent = "delete";
    }
    // Whether one thing happened to one item ("has envelope 93be… been completed?", "did the client pay invoice
    // INV2-8KJ3 yet?", "has the client signed the NDA envelope"): a read of that item's state.
    if (YES_NO.test(task) && !/\b(any|anyone|anybody|anything|there|ever|new)\b/i.test(task) && q.intent !== "search" && q.intent !== "delete" && q.intent !== "create") {
      const object = q.nouns.find((x) => x.weight >= 1 && !x.place);
      if (prepared.values.some((v) => v.kind === "id" || v.kind === "key") || (object && !/s$/.test(object.word) && /\b(the|my|our|this|that)\s+(?:\w+\s+)?\w+/i.test(task))) q.intent = "read";
    }
    // A question or a bare request for things with a given name or text ("is there a file called NDA_signed", "any
    // photos of 'sunset over lisbon'?") is a search for it.
    if (q.intent === "list" && (!q.verb || EXISTENCE_WORDS.has(q.verb.word)) && (prepared.values.some((v) => v.kind === "quote") || /\b(called|named|titled)\s+\S/i.test(task))) {
      q.intent = "search";
    }
    // A search said without its verb ("how many opportunities over $50k", "is there a file called X"): the tools that
    // say they search or query are what it asks for.
    if (q.intent === "search" && (!q.verb || VERBS[q.verb.word]?.intent !== "search")) addVerbWords(q, ["search", "query"]);
    // No item named, and things searched for or the current one asked for: a tool that needs an item's id is a step
    // too far. (Not any list: "is the dark-mode flag on" names its item by a name.)
    q.noItem =
      !prepared.values.some((v) => ITEM_VALUES.has(v.kind)) &&
      (q.intent === "search" || ((q.intent === "list" || q.intent === "read") && CURRENT.test(task)));
    // "get me a shareable link", "grab a new api token": something made on asking, a new one.
    if ((q.intent === "read" || q.intent === "list") && /\b(?:get|grab|give)\s+(?:(?:me|us)\s+)?(?:a|an|one|new)\b/i.test(task) && q.nouns.some((x) => x.weight >= 1 && !x.place && MADE_ON_ASKING.test(x.word))) q.intent = "create";
    // One item to open by its title alone ("pull up the notion page 'offsite 2024'"): found by a search first, as a
    // tool that reads an item wants its id.
    const titled = prepared.values.filter((v) => ITEM_VALUES.has(v.kind));
    if (q.intent === "read" && titled.length > 0 && titled.every((v) => v.kind === "quote") && q.verb && !YES_NO.test(task)) {
      q.noItem = true;
      q.intent = "search";
      addVerbWords(q, ["search", "find"]);
    }
    // An owner/name pair ("vercel/next.js"), not a community (r/rust) or an image's repository: fits `{owner}/{repo}`.
    q.ownerName = prepared.values.some((v) => v.kind === "slug" && !/^r\//.test(v.text) && !BRANCH_SLUG.test(v.text) && !IMAGE_CONTEXT.test(task));
    if (named.length > 0) broaden(q, named);
    else if (!explicit) impliedByTerms(q, implied);
    const { qids, weighted } = queryIds(q, [...detected.matches.map((m) => m.text), ...named.flatMap((a) => a.split("_"))]);

    // A product word of another app outweighs an app named only by a lower-case id or brand ("retweet the post
    // from nasa" is about Twitter).
    const strongImplied = [...implied].filter(([a, w]) => w >= 0.8 && appNumber.has(a) && !named.includes(a)).map(([a]) => a);
    let ranked: Ranked[] = [];
    if (named.length > 0) {
      const weak = detected.matches.every((m) => m.strength < 2.5);
      const apps = weak ? [...named, ...strongImplied] : named;
      const taskStems = new Set(prepared.text.toLowerCase().split(/[^a-z0-9]+/).flatMap((w) => [w, stem(w)]));
      // An implied app joins the search but does not outrank the app the task names when both hold the thing ("open
      // pull requests in the gitea repo": Gitea's, not GitHub's).
      ranked = search(q, qids, weighted, apps, new Set(detected.primary), taskStems, new Set(weak ? strongImplied : []));
      if (tracing) tracing.push(...ranked);
    }
    if (ranked.length === 0 && !explicit) {
      ranked = search(q, qids, weighted, null, new Set());
      const impliedApps = [...implied.keys()].filter((a) => appNumber.has(a));
      if (impliedApps.length > 0 || ranked.length > 0) {
        // Apps the task's words imply, and widely used apps, a little ahead (each search scales its text scores to
        // its own best, so the re-ranked scores compare).
        const merged = new Map<number, Ranked>();
        const bonus = (r: Ranked) => {
          if (r.features) (r.features[F.implied] = implied.get(r.app) ?? 0), (r.features[F.popular] = CURATED_IDS.has(r.app) ? 1 : 0);
          return W[F.implied]! * (implied.get(r.app) ?? 0) + (CURATED_IDS.has(r.app) ? W[F.popular]! : 0);
        };
        for (const r of ranked) merged.set(r.doc, { ...r, score: r.score + bonus(r) });
        if (tracing) tracing.push(...merged.values());
        if (impliedApps.length > 0) {
          for (const r of search(q, qids, weighted, impliedApps, new Set(), undefined, undefined, IMPLIED_CANDIDATES)) {
            const score = r.score + bonus(r);
            if (tracing) tracing.push({ ...r, score });
            if ((merged.get(r.doc)?.score ?? -Infinity) < score) merged.set(r.doc, { ...r, score });
          }
        }
        ranked = sortRanked([...merged.values()]);
      }
      if (connected.size > 0) {
        // Connected apps first, when their tools fit the task about as well as the best of the catalog.
        const best = ranked[0];
        const mine = best
          ? search(q, qids, weighted, [...connected], new Set()).filter((r) => r.score >= RELEVANT * best.score && r.bm25 >= MIN_TEXT * best.bm25)
          : [];
        const first = new Set(mine.map((r) => r.doc));
        ranked = [...mine, ...ranked.filter((r) => !first.has(r.doc))];
      }
    }
    const notice = explicit ? null : unknownNotice(detected, ranked);
    const groups = collapse(ranked, limit, named);
    const matches = groups.map(({ first: r, variants }) => {
      const reasons: string[] = [];
      if (explicit) reasons.push(`app: ${r.app}`);
      else if (named.length > 0) {
        const m = detected.matches.find((x) => x.apps.includes(r.app));
        const byId = idApps.get(r.app);
        reasons.push(
          m ? `app named in task: ${r.app} ("${m.text}"${m.corrected ? ` read as "${m.corrected}"` : ""})` : byId ? `app named by ${namedBy.get(r.app) ?? "an id of its own"}: ${r.app} ("${byId}")` : `app named in task (family): ${r.app}`,
        );
      } else if (implied.has(r.app)) reasons.push(`app implied by the task: ${r.app}`);
      if (connected.has(r.app)) reasons.push(`connected app: ${r.app}`);
      rerank(r.doc, r.scaled, q, qids, reasons);
      const match: FoundTool = { tool: readTool(r.doc), score: Math.round(r.score * 1000) / 1000, reasons };
      if (variants.length) {
        match.variants = variants.map((v) => {
          const tool = readTool(v.doc);
          return { name: tool.name, app: tool.app, http: { method: tool.http.method, path: tool.http.path } };
        });
      }
      return match;
    });
    return { matches, notice };
  }

  /**
   * Every candidate a find of the task scores (before near-duplicates fold), with its signals in FEATURES order: what
   * scripts/find-train.ts fits the weights on. A tool may come twice (from the whole catalog and from an implied app).
   */
  function candidates(task: string): { doc: number; app: string; features: Float64Array }[] {
    tracing = [];
    try {
      findTools(task, { limit: 1 });
      return tracing.map((r) => ({ doc: r.doc, app: r.app, features: r.features! }));
    } finally {
      tracing = null;
    }
  }

  /** tools.find, and the catalog apps a search text names (by id, name, alias, short name or with a typo). */
  return Object.assign(findTools, { namedApps: (text: string): string[] => detector.namedApps(text).filter((a) => appNumber.has(a)), candidates });
}
