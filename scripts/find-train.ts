/**
 * Fits tools.find's re-ranking weights on queries written from the catalog itself, never on evaluation tasks.
 *
 *   tsx scripts/find-train.ts [--catalog DIR] [--write] [--seed N] [--per-app N] [--others N] [--lambda X]
 *
 * 1. Queries: for a deterministic sample of operations (up to --per-app of each curated app, and --others of the rest
 *    of the catalog), the operation's summary (the first sentence of its description: "Create an issue") is rewritten
 *    in the styles people and agents type: as written with the app's name, casual lower case, terse (no articles),
 *    with other verbs and the everyday word for the API's noun ("remove a bug in jira"), as a question ("how do I ...",
 *    "what ... do I have"), in non-native phrasing, with a typo in the app's name, and with the app only implied by a
 *    product word ("open a pull request") when the summary has one. The expected answer is the operation itself and
 *    its near-duplicates (the same operation by another path, as tools.find folds them), and any operation of the same
 *    app with the same summary.
 * 2. Signals: every candidate tools.find scores for each query, with its signals (finder.candidates: BM25 scaled to
 *    the best candidate, intent fit, verb, nouns, resource, ..., the FEATURES of find-tools.ts), read once.
 * 3. Fit: coordinate ascent over the weights (each multiplied by 0 ... 3 in turn, the best kept), maximising top-1
 *    plus half of top-5 on the training apps, with a penalty (--lambda) on the log distance from the hand-set
 *    weights so that a weight moves only on evidence. Apps are split 4:1 by a hash of their id; the fifth is the
 *    validation set, whose figures are printed but never used to fit.
 * 4. With --write: src/catalog/find/find-weights.json (the weights, the generator's settings and the figures), which
 *    find-tools.ts loads over its hand-set weights.
 * The whole run is deterministic for a catalog and a seed.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defaultCatalogDir, ensureCatalog } from "../src/catalog/index.js";
import { CURATED_APPS } from "../src/catalog/curated.js";
import type { CatalogApp } from "../src/catalog/types.js";
import { createAnswerFinder, duplicateKey, FEATURES, HAND_WEIGHTS, WEIGHTS, type WeightName } from "../src/catalog/find/find-tools.js";
import { readSearchIndex } from "../src/catalog/find/search-index.js";
import { PRODUCT_WORDS, SHORT_NAMES } from "../src/catalog/find/app-words.js";
import { SYNONYMS, VERBS } from "../src/catalog/find/lexicon.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SEED = Number(flag("--seed") ?? 14);
const PER_APP = Number(flag("--per-app") ?? 30);
const OTHERS = Number(flag("--others") ?? 400);
const LAMBDA = Number(flag("--lambda") ?? 0.004);

const dir = resolve(flag("--catalog") ?? defaultCatalogDir());
const weightsFile = resolve(flag("--out") ?? join(import.meta.dirname, "../src/catalog/find/find-weights.json"));

/** mulberry32: a small seeded generator, so that the queries are the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const hashOf = (s: string) => createHash("sha256").update(s).digest().readUInt32BE(0);

// ---------------------------------------------------------------------------------------------------------------
// The catalog and a finder over it (the same code the server runs).
const catalog = await ensureCatalog(dir);
const apps = JSON.parse(readFileSync(join(dir, "apps.json"), "utf8")) as CatalogApp[];
const index = readSearchIndex(dir);
const finder = createAnswerFinder(index, apps, (i) => catalog.toolAt(i));
const appName = new Map(apps.map((a) => [a.id, a.name]));
const docsOf = new Map<string, number[]>();
for (let doc = 0; doc < index.appOf.length; doc++) {
  const id = index.apps[index.appOf[doc]!]!.id;
  const list = docsOf.get(id) ?? [];
  list.push(doc);
  docsOf.set(id, list);
}

// ---------------------------------------------------------------------------------------------------------------
// Queries.
type Style = "plain" | "casual" | "terse" | "synonym" | "question" | "nonnative" | "typo" | "implied";
interface Query {
  text: string;
  style: Style;
  app: string;
  /** The docs that answer it. */
  targets: Set<number>;
}

/** A summary's verb as the imperative ("Creates" → create, "Returns" → get). */
function imperative(word: string): string | null {
  const w = word.toLowerCase();
  if (w === "returns" || w === "return" || w === "gets") return "get";
  if (w === "lists") return "list";
  for (const c of [w, w.replace(/ies$/, "y"), w.replace(/es$/, ""), w.replace(/s$/, "")]) if (VERBS[c]?.intent) return c;
  return null;
}

/** Other verbs for the same intent, as people type them. */
const VERB_VARIANTS: Record<string, string[]> = {
  create: ["make", "add", "set up", "new", "create a new"],
  add: ["create", "put", "insert"],
  list: ["show", "show me all", "get all", "see", "list all"],
  get: ["fetch", "show", "look up", "pull up", "read", "get me"],
  retrieve: ["get", "fetch", "show"],
  update: ["change", "edit", "modify", "update the"],
  delete: ["remove", "get rid of", "erase", "trash"],
  remove: ["delete", "take off", "get rid of"],
  search: ["find", "look for", "search for"],
  send: ["send out", "post"],
};

/** The everyday word for an API's noun, from the lexicon's synonyms read backwards ("issue" → bug, ticket). */
const EVERYDAY = new Map<string, string[]>();
for (const [word, apiWords] of Object.entries(SYNONYMS)) {
  if (word.includes(" ") || word.length < 3) continue;
  const first = apiWords[0]!;
  if (first === word || /[^a-z]/.test(first)) continue;
  EVERYDAY.set(first, [...(EVERYDAY.get(first) ?? []), word]);
}

/** Product words per app ("pull request" for GitHub), the strong ones. */
const PRODUCT = new Map<string, string[]>();
for (const [word, list] of Object.entries(PRODUCT_WORDS)) for (const [app, w] of list) if (w >= 0.6) PRODUCT.set(app, [...(PRODUCT.get(app) ?? []), word]);

const PREPOSITIONS = new Set(["for", "of", "in", "on", "to", "from", "by", "with", "at", "into", "about"]);
/** Details a task adds to the operation, by intent (values, people, times, places). */
const DETAILS: Record<string, string[]> = {
  create: [" called 'Q3 plan'", " for john", " with the title \"Launch checklist\"", " for the marketing team", " saying we ship friday", " named onboarding", " for tomorrow at 3pm", " with a note about the budget"],
  update: [" to 'done'", " for the launch", " so it says we are late", " with the new address", " for sarah", " to next monday"],
  delete: [" from yesterday", " with id 48213", " that i made by mistake", " for the old project", " called 'test'"],
  read: [" for id 5531", " of the acme account", " for sarah", " from this morning", " about the launch"],
  list: [" from last week", " for the sales team", " in the acme project", " this month", " for me", " with status open"],
  search: [" about invoices", " from last month", " named acme", " for the word budget", " by sarah"],
};
const FILLERS = [" asap", " please", " thanks", " for me", " real quick", " right now"];

const ARTICLES = /\b(a|an|the|one|some|given|specified|specific|existing|single)\s+/gi;

function typo(name: string): string {
  const w = name.toLowerCase();
  if (w.length < 5) return w;
  const i = 1 + Math.floor(random() * (w.length - 2));
  return random() < 0.5 ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w.slice(0, i) + w.slice(i + 1);
}

/** The app as people name it: its curated name, or a short name now and then. */
function spokenName(app: string, lower: boolean): string {
  const shorts = (SHORT_NAMES[app] ?? []).filter((s) => s.length > 2);
  const name = shorts.length && random() < 0.25 ? pick(shorts) : appName.get(app) ?? app;
  return lower ? name.toLowerCase() : name;
}

function queriesOf(app: string, doc: number, targets: Set<number>, styles: Style[]): Query[] {
  const tool = catalog.toolAt(doc);
  // Half the operations are named from their summary ("Create an issue"), half from their method and path, as people
  // name the thing itself ("DELETE /v1/webhook_endpoints/{id}" → "delete the webhook endpoint"): words the summary
  // may not have.
  const fromPath = random() < 0.5 ? pathPhrase(tool.http?.method, tool.http?.path) : null;
  const summary = fromPath ?? tool.description.split(/(?<=[a-z0-9)])\.\s/)[0]!.replace(/\.$/, "").trim();
  const words = summary.split(/\s+/);
  if (words.length < 2 || words.length > 10 || /[{}<>`|]/.test(summary)) return [];
  const verb = imperative(words[0]!);
  if (!verb) return [];
  let object = words.slice(1).join(" ").toLowerCase();
  // People name the thing, rarely every word of the summary: a long object without a preposition is cut to its last
  // two words now and then ("create a new project webhook subscription" → "webhook subscription").
  const objectWords = object.replace(ARTICLES, "").trim().split(" ");
  if (objectWords.length > 2 && !objectWords.some((w) => PREPOSITIONS.has(w)) && random() < 0.4) object = objectWords.slice(-2).join(" ");
  const bare = object.replace(ARTICLES, "").trim();
  if (!bare) return [];
  const intent = VERBS[verb]?.intent ?? "create";
  const out: Query[] = [];
  // Tasks carry details the summary does not (a name, a person, a time): words that are no part of the operation.
  const add = (text: string, style: Style) => {
    let t = text;
    if (random() < 0.6) {
      const detail = pick(DETAILS[intent] ?? DETAILS.create!);
      t = /\?$/.test(t) ? t.replace(/\?$/, `${detail}?`) : `${t}${detail}`;
    }
    if (random() < 0.15) t = `${t}${pick(FILLERS)}`;
    out.push({ text: t.replace(/\s+/g, " ").trim(), style, app, targets });
  };
  const place = () => pick(["in", "on", "in", "on", "via", "with", "from"]);
  for (const style of styles) {
    switch (style) {
      case "plain":
        add(`${verb[0]!.toUpperCase()}${verb.slice(1)} ${object} in ${spokenName(app, false)}`, style);
        break;
      case "casual":
        add(random() < 0.3 ? `${spokenName(app, true)}: ${verb} ${object}` : `${verb} ${object} ${place()} ${spokenName(app, true)}`, style);
        break;
      case "terse":
        add(`${verb} ${bare} ${spokenName(app, true)}`, style);
        break;
      case "synonym": {
        const v = VERB_VARIANTS[verb] ? pick(VERB_VARIANTS[verb]!) : verb;
        const noun = bare.split(" ").map((w) => (EVERYDAY.has(w) && random() < 0.6 ? pick(EVERYDAY.get(w)!) : w)).join(" ");
        add(`${v} ${random() < 0.5 ? "the " : ""}${noun} ${place()} ${spokenName(app, true)}`, style);
        break;
      }
      case "question": {
        const name = spokenName(app, random() < 0.7);
        if (intent === "list") add(pick([`what ${bare} do I have in ${name}?`, `which ${bare} are there on ${name}?`, `can you show me the ${bare} in ${name}?`]), style);
        else if (intent === "read") add(pick([`what is the ${bare} on ${name}?`, `can you get me the ${bare} from ${name}?`]), style);
        else add(pick([`how do I ${verb} ${object} in ${name}?`, `can you ${verb} ${object} on ${name}?`, `is it possible to ${verb} ${bare} with ${name}?`]), style);
        break;
      }
      case "nonnative":
        add(pick([`please to ${verb} ${bare} for ${spokenName(app, true)}`, `i want ${verb} ${bare} in ${spokenName(app, true)} please`, `need ${verb} the ${bare} at ${spokenName(app, true)}`, `${spokenName(app, true)} do ${verb} of ${bare}`]), style);
        break;
      case "typo": {
        const name = appName.get(app) ?? app;
        if (name.replace(/\s/g, "").length < 5) break;
        add(`${verb} ${object} in ${typo(name.split(" ").length > 1 ? name : name)}`, style);
        break;
      }
      case "implied": {
        const words = PRODUCT.get(app) ?? [];
        const lowered = `${verb} ${object}`;
        const has = words.find((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(lowered));
        if (has) add(random() < 0.5 ? lowered : `${verb} ${bare}`, style);
        break;
      }
    }
  }
  return out;
}

/** A summary written from an operation's method and path: "Delete webhook endpoint", "List members", "Get issue". */
function pathPhrase(method: string | undefined, path: string | undefined): string | null {
  if (!method || !path || path.includes("#")) return null;
  const segments = path.split("/").filter(Boolean);
  const item = segments.length > 0 && /^\{.*\}$/.test(segments[segments.length - 1]!);
  const nouns = segments.filter((x) => !/[{}.:$]/.test(x) && !/^(v\d+(\.\d+)?|api|rest|beta|me)$/i.test(x));
  const last = nouns[nouns.length - 1];
  if (!last) return null;
  const words = last
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > 3 || words.some((w) => VERBS[w])) return null;
  const singular = (w: string) => w.replace(/ies$/, "y").replace(/(ss|[^s])s$/, "$1");
  const one = [...words.slice(0, -1), singular(words[words.length - 1]!)].join(" ");
  switch (method) {
    case "GET":
      return item ? `Get ${one}` : `List ${words.join(" ")}`;
    case "POST":
      return item ? null : `Create ${one}`;
    case "PUT":
    case "PATCH":
      return item ? `Update ${one}` : null;
    case "DELETE":
      return item ? `Delete ${one}` : null;
    default:
      return null;
  }
}

const STYLES: Style[] = ["plain", "casual", "terse", "synonym", "question", "nonnative", "typo"];
/** The answers of an operation: itself, its near-duplicates, and operations of the same app with the same summary. */
function targetsOf(app: string, doc: number): Set<number> {
  const key = (d: number) => {
    const t = catalog.toolAt(d);
    return t.http && !t.http.graphql ? duplicateKey(app, t.http.method, t.http.path) : `${app} ${t.name}`;
  };
  const first = (d: number) => catalog.toolAt(d).description.split(". ")[0]!.toLowerCase();
  const k = key(doc);
  const s = first(doc);
  return new Set((docsOf.get(app) ?? []).filter((d) => d === doc || key(d) === k || first(d) === s));
}

const queries: Query[] = [];
const curated = CURATED_APPS.map((c) => c.id).filter((id) => docsOf.has(id));
for (const app of curated) {
  const docs = shuffled(docsOf.get(app)!);
  let used = 0;
  for (const doc of docs) {
    if (used >= PER_APP) break;
    const styles = shuffled(STYLES).slice(0, 2);
    const made = queriesOf(app, doc, targetsOf(app, doc), [...styles, "implied"]);
    if (made.length) used++;
    queries.push(...made);
  }
}
const others = [...docsOf.keys()].filter((a) => !curated.includes(a));
for (let k = 0, tries = 0; k < OTHERS && tries < OTHERS * 10; tries++) {
  const app = pick(others);
  const doc = pick(docsOf.get(app)!);
  const made = queriesOf(app, doc, targetsOf(app, doc), [pick(["plain", "casual", "terse"] as Style[])]);
  if (made.length) k++;
  queries.push(...made);
}

// ---------------------------------------------------------------------------------------------------------------
// Signals of every candidate, read once.
interface Sample {
  query: Query;
  validation: boolean;
  /** Candidates' signals, FEATURES.length per candidate. */
  features: Float64Array;
  docs: Int32Array;
  isTarget: Uint8Array;
  /** Whether a tool comes twice (the no-app search's two searches). */
  repeats: boolean;
}
const K = FEATURES.length;
const samples: Sample[] = [];
const started = Date.now();
for (const query of queries) {
  const cands = finder.candidates(query.text);
  const features = new Float64Array(cands.length * K);
  cands.forEach((c, i) => features.set(c.features, i * K));
  const docs = Int32Array.from(cands, (c) => c.doc);
  samples.push({
    query,
    validation: hashOf(query.app) % 5 === 0,
    features,
    docs,
    isTarget: Uint8Array.from(cands, (c) => (query.targets.has(c.doc) ? 1 : 0)),
    repeats: new Set(docs).size !== docs.length,
  });
}
const readSeconds = (Date.now() - started) / 1000;

/** The rank (0 = first) of the best answer under weights `w`; Infinity when no candidate answers. */
function rankOf(s: Sample, w: Float64Array): number {
  const m = s.docs.length;
  const score = new Float64Array(m);
  let best = -Infinity;
  for (let i = 0; i < m; i++) {
    let x = 0;
    const o = i * K;
    for (let k = 0; k < K; k++) x += w[k]! * s.features[o + k]!;
    score[i] = x;
    if (s.isTarget[i] && x > best) best = x;
  }
  if (best === -Infinity) return Infinity;
  if (!s.repeats) {
    let above = 0;
    for (let i = 0; i < m; i++) if (!s.isTarget[i] && score[i]! > best) above++;
    return above;
  }
  const above = new Set<number>();
  for (let i = 0; i < m; i++) if (!s.isTarget[i] && score[i]! > best) above.add(s.docs[i]!);
  return above.size;
}

interface Figures {
  n: number;
  top1: number;
  top5: number;
  reachable: number;
  styles: Record<string, { n: number; top1: number; top5: number }>;
}
function figures(set: Sample[], w: Float64Array): Figures {
  const f: Figures = { n: set.length, top1: 0, top5: 0, reachable: 0, styles: {} };
  for (const s of set) {
    const r = rankOf(s, w);
    const st = (f.styles[s.query.style] ??= { n: 0, top1: 0, top5: 0 });
    st.n++;
    if (r === 0) f.top1++, st.top1++;
    if (r < 5) f.top5++, st.top5++;
    if (r !== Infinity) f.reachable++;
  }
  return f;
}
const objective = (f: Figures) => (f.top1 + 0.5 * f.top5) / Math.max(1, f.n);
const hand = Float64Array.from(FEATURES, (k) => HAND_WEIGHTS[k]);

// Guard sets (--guard a.json,b.json: the task sets tools.find was tuned on by hand, never an evaluation set): a
// weight moves only when it answers none of their tasks worse at rank 1 or within 5 in total than the weights before.
interface GuardTask {
  task: string;
  app?: string | string[];
  accept?: { method: string; path: string }[];
}
const guard: Sample[] = [];
const guardSets: Sample[][] = [];
for (const file of (flag("--guard") ?? "").split(",").filter(Boolean)) {
  for (const t of JSON.parse(readFileSync(resolve(file), "utf8")) as GuardTask[]) {
    if (!t.accept?.length || t.app === undefined) continue;
    const words = Array.isArray(t.app) ? t.app : [t.app];
    const cands = finder.candidates(t.task);
    const features = new Float64Array(cands.length * K);
    cands.forEach((c, i) => features.set(c.features, i * K));
    const docs = Int32Array.from(cands, (c) => c.doc);
    const isTarget = Uint8Array.from(cands, (c) => {
      if (!words.some((w) => c.app.includes(w))) return 0;
      const tool = catalog.toolAt(c.doc);
      return t.accept!.some((a) => a.method.toUpperCase() === tool.http?.method && a.path === tool.http?.path) ? 1 : 0;
    });
    guard.push({ query: { text: t.task, style: "plain", app: words[0]!, targets: new Set() }, validation: false, features, docs, isTarget, repeats: new Set(docs).size !== docs.length });
  }
  guardSets.push(guard.slice(guardSets.flat().length));
}

// --misses <style>: some queries of that style the weights in force answer wrongly, to read (no fitting then).
if (flag("--misses")) {
  const inForce = Float64Array.from(FEATURES, (k) => WEIGHTS[k]);
  const style = flag("--misses");
  const misses = samples.filter((s) => (style === "all" || s.query.style === style) && rankOf(s, inForce) !== 0).slice(0, Number(flag("--count") ?? 40));
  for (const s of misses) {
    const scored = Array.from(s.docs, (doc, i) => ({ doc, score: FEATURES.reduce((x, _, k) => x + inForce[k]! * s.features[i * K + k]!, 0) })).sort((a, b) => b.score - a.score);
    const want = [...s.query.targets].map((d) => catalog.toolAt(d).name).slice(0, 2).join(" | ");
    process.stdout.write(`${s.query.style}: ${s.query.text}\n    want ${want} (rank ${rankOf(s, inForce) + 1})\n    got  ${scored.slice(0, 2).map((x) => catalog.toolAt(x.doc).name).join(", ")}\n`);
  }
  process.exit(0);
}

const train = samples.filter((s) => !s.validation);
const validation = samples.filter((s) => s.validation);
const pct = (x: number, n: number) => `${((100 * x) / Math.max(1, n)).toFixed(1)} %`;
const show = (label: string, f: Figures) =>
  `${label.padEnd(22)} ${String(f.n).padStart(5)} queries  top-1 ${pct(f.top1, f.n).padStart(7)}  top-5 ${pct(f.top5, f.n).padStart(7)}  (answer among the candidates: ${pct(f.reachable, f.n)})\n` +
  Object.entries(f.styles)
    .sort()
    .map(([k, s]) => `    ${k.padEnd(10)} ${String(s.n).padStart(5)}  top-1 ${pct(s.top1, s.n).padStart(7)}  top-5 ${pct(s.top5, s.n).padStart(7)}`)
    .join("\n");

process.stdout.write(`${queries.length} queries from ${curated.length} curated apps (≤ ${PER_APP} operations each) and ${OTHERS} other operations; signals read in ${readSeconds.toFixed(1)} s\n`);
const start = Float64Array.from(hand);
const before = { train: figures(train, hand), validation: figures(validation, hand) };
process.stdout.write(`${show("hand weights, train", before.train)}\n${show("hand weights, validation", before.validation)}\n`);

// Coordinate ascent from the hand-set weights (the same run whatever find-weights.json holds).
function fit(lambda: number): Float64Array {
  const penalty = (w: Float64Array) => {
    let p = 0;
    for (let k = 0; k < K; k++) {
      const h = hand[k]!;
      if (h === 0) continue;
      const d = Math.log((Math.abs(w[k]!) + 0.1 * h) / (1.1 * h));
      p += d * d;
    }
    return lambda * p;
  };
  const w = Float64Array.from(hand);
  let current = objective(figures(train, w)) - penalty(w);
  // Each guard set's figures may not fall below those of the weights before.
  let held = guardSets.map((g) => figures(g, w));
  const holds = () => guardSets.every((g, i) => {
    const f = figures(g, w);
    return f.top1 >= held[i]!.top1 && f.top5 >= held[i]!.top5;
  });
  const STEPS = [0, 0.25, 0.5, 0.7, 0.85, 1.2, 1.4, 2, 3];
  for (let round = 0; round < 6; round++) {
    let moved = false;
    for (let k = 0; k < K; k++) {
      const was = w[k]!;
      const base = was !== 0 ? was : hand[k]! || 0.05;
      let bestValue = was;
      let best = current;
      for (const step of STEPS) {
        const v = base * step;
        if (v === was) continue;
        w[k] = v;
        const o = objective(figures(train, w)) - penalty(w);
        if (o > best + 1e-6 && holds()) (best = o), (bestValue = v);
      }
      w[k] = bestValue;
      held = guardSets.map((g) => figures(g, w));
      if (bestValue !== was) {
        moved = true;
        current = best;
        process.stdout.write(`  round ${round + 1}: ${FEATURES[k]} ${was.toFixed(3)} → ${bestValue.toFixed(3)}  (objective ${current.toFixed(4)})\n`);
      }
    }
    if (!moved) break;
  }
  return w;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const lambdas = (flag("--lambdas") ?? String(LAMBDA)).split(",").map(Number);
for (const lambda of lambdas) {
  process.stdout.write(`\nlambda ${lambda}\n`);
  const w = fit(lambda);
  const after = { train: figures(train, w), validation: figures(validation, w) };
  process.stdout.write(`${show("fitted, train", after.train)}\n${show("fitted, validation", after.validation)}\n`);
  if (guard.length) process.stdout.write(`guard sets: ${guard.length} tasks, hand top-1 ${figures(guard, hand).top1} top-5 ${figures(guard, hand).top5}, fitted top-1 ${figures(guard, w).top1} top-5 ${figures(guard, w).top5}\n`);
  const learned = Object.fromEntries(FEATURES.map((k, i) => [k, round3(w[i]!)])) as Record<WeightName, number>;
  process.stdout.write(`weights: ${JSON.stringify(learned)}\n`);
  if (args.includes("--write")) {
    const brief = (f: Figures) => ({ queries: f.n, top1: f.top1, top5: f.top5, styles: f.styles });
    const file = {
      version: 1,
      about: "tools.find re-ranking weights fitted by scripts/find-train.ts on queries written from the catalog's own operations (never evaluation tasks); find-tools.ts loads them over HAND_WEIGHTS.",
      generator: { seed: SEED, perApp: PER_APP, others: OTHERS, lambda, queries: queries.length, guard: (flag("--guard") ?? "").split(",").filter(Boolean).map((f) => f.replace(/^.*\//, "")), catalogTools: index.appOf.length, catalogApps: apps.length },
      figures: { hand: { train: brief(before.train), validation: brief(before.validation) }, fitted: { train: brief(after.train), validation: brief(after.validation) } },
      weights: learned,
    };
    const out = lambdas.length > 1 ? weightsFile.replace(/\.json$/, `-${lambda}.json`) : weightsFile;
    writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
    process.stdout.write(`wrote ${out}\n`);
  }
}
catalog.close();
