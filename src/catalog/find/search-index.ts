/**
 * The tools.find index: BM25 postings over weighted fields of every tool (action words of the name, path, first
 * sentence, rest of the description, parameter names), with the per-posting score precomputed at build time, plus the
 * per-tool features the re-ranker reads (method, name / path / summary terms). Stored as typed arrays in one binary
 * file so opening it costs a read, not a rebuild.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FILES } from "../format.js";
import type { CatalogApp, CatalogTool } from "../types.js";
import { splitWords, terms } from "./analyze.js";
import { NAME_VERBS, nameIntent } from "./name-verbs.js";

const BASE_VERBS = new Set(Object.values(NAME_VERBS).flat());

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export const FLAG_ITEM_PATH = 1;
export const FLAG_DEPRECATED = 2;
/** The name says it acts on many items at once (ALL, BULK, BATCH). */
export const FLAG_BULK = 4;
/** The path takes two parameters side by side (`/repos/{owner}/{repo}`, `/{workspace}/{repo_slug}`): an owner/name pair. */
export const FLAG_PAIR_PATH = 8;

const WEIGHTS = { name: 3, path: 2, summary: 1.5, description: 0.5, params: 0.4 } as const;
const K1 = 1.2;
const B = 0.75;
const MAX_DESCRIPTION_CHARS = 400;
const MAX_PARAMS = 30;

/** A tool's weighted term frequencies, kept compact (100,000+ of them are held until the postings are written). */
interface Doc {
  ids: Uint32Array;
  tfs: Float32Array;
  length: number;
}

export class SearchIndexBuilder {
  private readonly vocab = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly docs: Doc[] = [];
  readonly method: number[] = [];
  readonly flags: number[] = [];
  /** What the name says the tool does (name-verbs.ts nameIntent). */
  readonly intent: number[] = [];
  /** Inputs a caller must give (required properties of the input schema). */
  readonly required: number[] = [];
  readonly appOf: number[] = [];
  readonly name: number[][] = [];
  readonly path: number[][] = [];
  readonly summary: number[][] = [];
  readonly resource: number[][] = [];
  readonly apps: { id: string; provider: string }[] = [];

  private id(term: string): number {
    let id = this.vocab.get(term);
    if (id === undefined) {
      id = this.words.length;
      this.vocab.set(term, id);
      this.words.push(term);
    }
    return id;
  }

  addApp(app: CatalogApp, tools: CatalogTool[], provider: string): void {
    const appIndex = this.apps.length;
    this.apps.push({ id: app.id, provider });
    const prefix = app.id.length + 1;
    for (const tool of tools) {
      const nameTerms = terms(tool.name.slice(prefix).replace(/_/g, " "));
      // Microsoft Graph's actions are namespaced (`/messages/{id}/microsoft.graph.reply`): the namespace names nothing.
      const segments = tool.http.path.split("/").filter((s) => s && !s.startsWith("{")).map((s) => s.replace(/^microsoft\.graph\./i, ""));
      const pathTerms = terms(segments.join(" "));
      const sentenceEnd = tool.description.search(/[.!?](\s|$)/);
      const first = sentenceEnd > 0 ? tool.description.slice(0, sentenceEnd) : tool.description.slice(0, 200);
      const summaryTerms = terms(first);
      const rest = terms(tool.description.slice(first.length, first.length + MAX_DESCRIPTION_CHARS));
      const params = terms(tool.http.params.slice(0, MAX_PARAMS).map((p) => p.name).join(" "));
      const tf = new Map<string, number>();
      const add = (list: string[], weight: number) => {
        for (const t of list) tf.set(t, (tf.get(t) ?? 0) + weight);
      };
      add(nameTerms, WEIGHTS.name);
      add(pathTerms, WEIGHTS.path);
      add(summaryTerms, WEIGHTS.summary);
      add(rest, WEIGHTS.description);
      add(params, WEIGHTS.params);
      let length = 0;
      const ids = new Uint32Array(tf.size);
      const tfs = new Float32Array(tf.size);
      let k = 0;
      for (const [t, v] of tf) {
        length += v;
        ids[k] = this.id(t);
        tfs[k++] = v;
      }
      this.docs.push({ ids, tfs, length });
      // Every named GraphQL operation is `POST /graphql`: its name says what it acts on, and a query reads.
      const graphql = tool.http.graphql;
      const method = graphql && /^\s*query\b/.test(graphql.query) ? "GET" : tool.http.method;
      this.method.push(Math.max(0, METHODS.indexOf(method)));
      this.flags.push(
        // (A format suffix glued to the last segment, Buffer's "/updates/create{mediaTypeExtension}", names no item.)
        (/\}\/?$/.test(tool.http.path.replace(/(?<=[^/])\{[^}]+\}$/, "")) ? FLAG_ITEM_PATH : 0) |
          (/^deprecated/i.test(tool.description) ? FLAG_DEPRECATED : 0) |
          (/(^|_)(ALL|BULK|BATCH)(_|$)/.test(tool.name.slice(prefix)) ? FLAG_BULK : 0) |
          (/\}\/\{/.test(tool.http.path) ? FLAG_PAIR_PATH : 0),
      );
      this.intent.push(nameIntent(splitWords(tool.name.slice(prefix))));
      this.required.push(Math.min(255, ((tool.inputSchema.required as string[] | undefined) ?? []).length));
      this.appOf.push(appIndex);
      this.name.push(nameTerms.map((t) => this.id(t)));
      this.path.push(pathTerms.map((t) => this.id(t)));
      // The opening of the description (first sentence first), for the re-ranker's noun and verb checks.
      this.summary.push([...summaryTerms, ...rest].slice(0, 32).map((t) => this.id(t)));
      this.resource.push(resourceTerms(graphql ? [tool.name.slice(prefix).toLowerCase()] : segments, method).map((t) => this.id(t)));
    }
  }

  /** Postings with the BM25 contribution of each (term, tool) precomputed. */
  postings(): { offsets: Uint32Array; docs: Uint32Array; scores: Float32Array; vocab: string[] } {
    const n = this.docs.length;
    const avgdl = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, n);
    const counts = new Uint32Array(this.words.length);
    for (const d of this.docs) for (const id of d.ids) counts[id]!++;
    const offsets = new Uint32Array(this.words.length + 1);
    for (let i = 0; i < this.words.length; i++) offsets[i + 1] = offsets[i]! + counts[i]!;
    const docs = new Uint32Array(offsets[this.words.length]!);
    const scores = new Float32Array(docs.length);
    const fill = offsets.slice(0, -1);
    for (let d = 0; d < n; d++) {
      const doc = this.docs[d]!;
      const norm = K1 * (1 - B + (B * doc.length) / avgdl);
      for (let j = 0; j < doc.ids.length; j++) {
        const id = doc.ids[j]!;
        const tf = doc.tfs[j]!;
        const df = counts[id]!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        const at = fill[id]!++;
        docs[at] = d;
        scores[at] = (idf * tf * (K1 + 1)) / (tf + norm);
      }
    }
    return { offsets, docs, scores, vocab: this.words };
  }
}

/** Path segments that only group actions (`/campaigns/{id}/actions/send`) or name the API (`/rest/api/3`). */
const GROUPING = new Set(["actions", "action", "ops", "operations", "commands", "do"]);
/** Path segments that only say which one of the thing before (`/associations/default`, `/releases/latest`). */
const WHICH_ONE = new Set(["default", "latest", "current"]);
const STRUCTURAL = /^(api|apis|rest|json|xml|v\d+(\.\d+)*|\d+(\.\d+)*|\d{4}-\d{2}-\d{2})$/i;

/**
 * What an operation acts on: the nouns of the last path segment (`/repos/{o}/{r}/issues` → issue,
 * `/conversations.archive` → conversation); when that segment is only a verb, the segment before
 * (`/me/player/pause` → player, `/campaigns/{id}/actions/send` → campaign). A plural such as `lists` is a noun.
 */
export function resourceTerms(segments: string[], method = "GET"): string[] {
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    if ((GROUPING.has(segment.toLowerCase()) && i < segments.length - 1) || (WHICH_ONE.has(segment.toLowerCase()) && i > 0) || STRUCTURAL.test(segment)) continue;
    // A GET reads something, so even a verb-like last segment names a thing there (`GET /cards/{id}/list`).
    const keepVerbs = method === "GET" && i === segments.length - 1 && !/[._:]/.test(segment);
    const nouns = splitWords(segment)
      .filter((w) => (keepVerbs || !BASE_VERBS.has(w)) && !/^v\d/.test(w))
      .flatMap((w) => terms(w));
    if (nouns.length > 0) return nouns;
  }
  return [];
}

/** The index a builder holds, as the typed arrays the catalog stores on disk (and custom connectors keep in memory). */
export function buildSearchIndex(builder: SearchIndexBuilder): SearchIndex {
  const { offsets, docs, scores, vocab } = builder.postings();
  const csr = (lists: number[][]) => {
    const off = new Uint32Array(lists.length + 1);
    for (let i = 0; i < lists.length; i++) off[i + 1] = off[i]! + lists[i]!.length;
    const flat = new Uint32Array(off[lists.length]!);
    let k = 0;
    for (const l of lists) for (const v of l) flat[k++] = v;
    return [off, flat] as const;
  };
  const [nameOffsets, nameTerms] = csr(builder.name);
  const [pathOffsets, pathTerms] = csr(builder.path);
  const [summaryOffsets, summaryTerms] = csr(builder.summary);
  const [resourceOffsets, resourceTerms] = csr(builder.resource);
  return {
    vocab: new Map(vocab.map((w, i) => [w, i])),
    words: vocab,
    apps: builder.apps,
    postingOffsets: offsets,
    postingDocs: docs,
    postingScores: scores,
    method: Uint8Array.from(builder.method),
    flags: Uint8Array.from(builder.flags),
    required: Uint8Array.from(builder.required),
    intent: Uint8Array.from(builder.intent),
    appOf: Uint16Array.from(builder.appOf),
    nameOffsets,
    nameTerms,
    pathOffsets,
    pathTerms,
    summaryOffsets,
    summaryTerms,
    resourceOffsets,
    resourceTerms,
  };
}

/** Lays typed arrays end to end (4-byte aligned) in one file, with their places recorded in find.json. */
export function writeSearchIndex(dir: string, builder: SearchIndexBuilder, apps: CatalogApp[]): void {
  const { vocab: _map, words: vocab, apps: _apps, ...sections } = buildSearchIndex(builder);
  const layout: Record<string, { offset: number; length: number; type: string }> = {};
  let size = 0;
  for (const [k, arr] of Object.entries(sections)) {
    size = Math.ceil(size / 4) * 4;
    layout[k] = { offset: size, length: arr.length, type: arr.constructor.name };
    size += arr.byteLength;
  }
  const out = new Uint8Array(Math.ceil(size / 4) * 4);
  for (const [k, arr] of Object.entries(sections)) out.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), layout[k]!.offset);
  writeFileSync(join(dir, FILES.findData), out);
  writeFileSync(join(dir, FILES.findMeta), JSON.stringify({ vocab, apps: builder.apps, layout, tools: builder.method.length, appCount: apps.length }));
}

export interface SearchIndex {
  vocab: Map<string, number>;
  words: string[];
  /** The provider (x-providerName) each app was built from, for brand families ("Twilio" → every twilio.com app). */
  apps: { id: string; provider: string }[];
  postingOffsets: Uint32Array;
  postingDocs: Uint32Array;
  postingScores: Float32Array;
  method: Uint8Array;
  flags: Uint8Array;
  required: Uint8Array;
  intent: Uint8Array;
  appOf: Uint16Array;
  nameOffsets: Uint32Array;
  nameTerms: Uint32Array;
  pathOffsets: Uint32Array;
  pathTerms: Uint32Array;
  summaryOffsets: Uint32Array;
  summaryTerms: Uint32Array;
  resourceOffsets: Uint32Array;
  resourceTerms: Uint32Array;
}

export function readSearchIndex(dir: string): SearchIndex {
  const meta = JSON.parse(readFileSync(join(dir, FILES.findMeta), "utf8")) as {
    vocab: string[];
    apps: { id: string; provider: string }[];
    layout: Record<string, { offset: number; length: number; type: string }>;
  };
  const file = readFileSync(join(dir, FILES.findData));
  // Copy into a fresh, aligned ArrayBuffer (Buffer pools may start at any byte offset).
  const buf = new ArrayBuffer(file.byteLength);
  new Uint8Array(buf).set(file);
  const place = (k: string) => {
    const { offset, length } = meta.layout[k]!;
    return [offset, length] as const;
  };
  const u8 = (k: string) => new Uint8Array(buf, ...place(k));
  const u16 = (k: string) => new Uint16Array(buf, ...place(k));
  const u32 = (k: string) => new Uint32Array(buf, ...place(k));
  const f32 = (k: string) => new Float32Array(buf, ...place(k));
  const vocab = new Map<string, number>();
  meta.vocab.forEach((w, i) => vocab.set(w, i));
  return {
    vocab,
    words: meta.vocab,
    apps: meta.apps,
    postingOffsets: u32("postingOffsets"),
    postingDocs: u32("postingDocs"),
    postingScores: f32("postingScores"),
    method: u8("method"),
    flags: u8("flags"),
    required: u8("required"),
    intent: u8("intent"),
    appOf: u16("appOf"),
    nameOffsets: u32("nameOffsets"),
    nameTerms: u32("nameTerms"),
    pathOffsets: u32("pathOffsets"),
    pathTerms: u32("pathTerms"),
    summaryOffsets: u32("summaryOffsets"),
    summaryTerms: u32("summaryTerms"),
    resourceOffsets: u32("resourceOffsets"),
    resourceTerms: u32("resourceTerms"),
  };
}
