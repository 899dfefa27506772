/**
 * Values in a task: quoted text, e-mail addresses, URLs, `owner/repo` slugs and branch names, @handles, #channels,
 * issue keys (PROJ-412), ids, file names, phone numbers, amounts, emoji and cell ranges. They say which item, not which tool: they are
 * set aside before the app and the words are read (a repo called `kubernetes/kubernetes` names no app, a quoted
 * title is not an object), and kept as hints (a #channel is a channel, an issue key is an issue).
 */

import { SYNONYMS } from "./lexicon.js";

export type ValueKind = "quote" | "email" | "url" | "slug" | "handle" | "channel" | "key" | "id" | "file" | "phone" | "number" | "emoji" | "range" | "timezone" | "name" | "domain" | "label" | "path";

export interface Value {
  kind: ValueKind;
  text: string;
}

export interface Prepared {
  /** The task with its values replaced by spaces. */
  text: string;
  values: Value[];
}

/** The endings of web domains read as such ("stripe.com", "notion.so"). */
const TLDS = "com|io|so|ai|co|org|net|dev|app|me|us|uk|de|fr|es|it|nl|ca|au|in|xyz|tech|cloud";

/** Kinds of things people name with a hyphenated name ("api-server", "raw-logs"). */
const NAMED_THINGS = "(?:flag|project|repo|repository|bucket|service|branch|site|item|image|database|db|table|index|queue|topic|job|pipeline|cluster|namespace|environment|env|function|lambda|workflow|app|space|vault|droplet|instance|server|deployment|container|dag|stack|secret|folder|dashboard|monitor|model|dataset|stream|workspace|zone|domain|org|team)s?";
/** A lower-case name of two or more hyphenated parts, not an English compound ("follow-up", "to-do", "e-mail", "on-call"). */
const HYPHENATED = "(?!(?:dall|to|e|re|co|non|pre|post|self|follow|check|sign|log|set|add|opt|pop|built|real|all|on|off|one|high|low|long|short|year|end|out|in|x|t|double|triple|multi|single|read|write|pull|push|drop|hand|well|up|top|third|first|second|full|half|part|day|week|month|auto|cross|sub|semi|anti|de|un)-)[a-z][a-z0-9]*(?:-[a-z0-9]+)+";

/** Tried in order; each pattern's matches are cut out before the next one runs. */
const PATTERNS: [ValueKind, RegExp][] = [
  ["url", /\bhttps?:\/\/[^\s"'<>]+/gi],
  // Addresses of a store's own scheme: a Cloud Storage object (gs://…), an S3 object (s3://…), a 1Password secret (op://…).
  ["url", /\b(?:gs|s3|op):\/\/[^\s"'<>]+/gi],
  // An AWS resource's name ("arn:aws:lambda:us-east-1:123456789012:function:resize-images"): whose it is, whole.
  ["url", /\barn:aws[\w-]*:[a-z0-9-]+:[\w-]*:\d*:[^\s"'<>]+/gi],
  // A web address written without its scheme ("acme.sentry.io/issues/4512…", "app.asana.com/0/12/34"): a host and a path.
  // (A page's host may also end in site, page, ms, be or gl: "acme.notion.site/…", "1drv.ms/…", "youtu.be/…".)
  ["url", new RegExp(`(?<=^|[\\s(])(?:[a-z0-9-]+\\.)+(?:${TLDS}|site|page|ms|be|gl)\\/[^\\s"'<>]*`, "gi")],
  // A Teams chat's id ("19:8a0b…@thread.v2"), before it passes for an e-mail address.
  ["id", /\b19:[\w-]+@thread\.(?:v2|tacv2|skype)\b/g],
  ["email", /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g],
  ["quote", /["“”][^"“”]{1,200}["“”]/g],
  // (An apostrophe between letters is part of the words: 'ready at Luca's, please check in'.)
  ["quote", /(?<=^|[\s(:])['‘](?:[^'‘’]|(?<=[A-Za-z])['’](?=[A-Za-z])){1,200}['’](?=$|[\s.,;:!?)])/g],
  ["quote", /`[^`]{1,200}`/g],
  // A query written out, unquoted ("give me the rows for SELECT id, name FROM customer WHERE ..."): what to run, not
  // words of the task (the finder reads that there is one), up to the app it is run on ("... on Supabase project x").
  ["quote", /\b(?:SELECT|select)\s+(?:\S+\s+){0,12}?(?:FROM|from)\s+[\w."]+.*?(?=\s+(?:on|in|against|using|via|through|with)\s+(?:(?:my|our|the)\s+\w|[A-Z])|\n|$)/g],
  // An emoji, as a picture or by its :name: ("react with :eyes:", "drop a 🔥 on it").
  ["emoji", /:[a-z0-9_+-]{2,}:|\p{Extended_Pictographic}(?:\uFE0F)?/gu],
  ["handle", /(?<=^|[\s(])@[A-Za-z0-9_][\w.-]*(?:'s)?/g],
  ["channel", /(?<=^|[\s(])#[A-Za-z0-9][\w-]*/g],
  // A time zone by its area ("Asia/Tokyo", "America/New_York"), not an owner/repo.
  ["timezone", /(?<=^|[\s(])(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z_]+(?:\/[A-Za-z_]+)?(?=$|[\s.,;:!?)])/g],
  // A web domain ("stripe.com", "notion.so"): a site the task is about (one that is an app's name, "cal.com", is put back
  // by the finder).
  ["domain", new RegExp(`(?<=^|[\\s(])(?:[a-z0-9-]+\\.)+(?:${TLDS})(?=$|[\\s.,;:!?)])`, "gi")],
  // A path from a root ("/aws/lambda/image-resizer", "/Shared/Finance/2025"): where something is, not words of the task.
  ["path", /(?<=^|[\s(])\/[\w.@-]+(?:\/[\w.@-]*)+(?=$|[\s.,;:!?)])/g],
  // A host name (`x.com`, `next.js` is a slug part below) or an owner/repo or branch name: word/word, no spaces.
  ["slug", /(?<=^|[\s(])[A-Za-z0-9][\w.-]*\/[\w.-]*[A-Za-z0-9](?:\/[\w.-]+)*(?=$|[\s.,;:!?)])/g],
  // (With a second extension of a packed file: "db-2025-03-01.sql.gz", "site.tar.gz".)
  ["file", /(?<=^|[\s(])[\w-]+(?:\.[\w-]+)*?\.(?:md|txt|pdf|csv|tsv|json|ya?ml|xml|png|jpe?g|gif|webp|heic|docx?|xlsx?|pptx?|odt|rtf|zip|tar|tgz|gz|sql|bak|log|parquet|ipynb|js|ts|py|go|rb|java|sh|html|css|mp4|mov|mkv|mp3|m4a|wav|flac|svg|ics|vcf|epub)(?:\.(?:gz|bz2|xz|zip))?\b/gi],
  // Plaid's tokens, whole ("access-sandbox-8ab976e6-64bc-…": its UUID alone would pass for an id of its own).
  ["id", /\b(?:public|access|link|processor)-(?:sandbox|development|production)-[0-9a-f-]{6,}\b/g],
  // A Telegram group's or channel's chat id: -100 and its number.
  ["id", /(?<![\w-])-100\d{9,13}\b/g],
  // A book's ISBN-13, whole, before it passes for a phone number ("978-0-14-312774-1", "9780143127741").
  ["id", /\b97[89](?:\d{10}|(?:-\d+){3}-\d)\b/g],
  // A UUID, whole (its last group alone would pass for an id of its own).
  ["id", /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi],
  // AWS resource ids, their kind before the dash ("i-0abc12de34f56789a" an EC2 instance, "vol-…", "sg-…").
  ["id", /\b(?:i|ami|vol|snap|sg|subnet|vpc|eni|igw|rtb|nat|eipalloc|lt)-[0-9a-f]{8,17}\b/g],
  // A long run of letters and digits is an id (an Airtable base appX7kQ2mN9pL4, a Salesforce 0065g00000XyZ12AAB).
  ["id", /\b(?=[A-Za-z0-9]*\d[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{10,}\b/g],
  // A name in capitals joined by underscores ("STRIPE_SECRET_KEY", "MAX_RETRIES"): an environment variable or a
  // constant, a value (its words name no app).
  ["label", /(?<=^|[\s(`'"])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?=$|[\s.,;:!?)`'"])/g],
  // A thing's name written with hyphens, next to the kind of thing it names ("the beta-dashboard flag", "project
  // api-server", "the aws-root item"): which one, not words of the task (nor an app: "aws-root" names no AWS).
  // (A label, not an id: it says which one without being one's key. Not the task's first word: "power-cycle droplet 5".)
  ["label", new RegExp(`(?<=[\\s(])${HYPHENATED}(?=\\s+(?:the\\s+)?${NAMED_THINGS}\\b)`, "g")],
  ["label", new RegExp(`(?<=\\b${NAMED_THINGS}\\s+(?:called\\s+|named\\s+)?)${HYPHENATED}(?=$|[\\s.,;:!?)])`, "g")],
  // An identifier written as code ("workflow_dispatch", "eleven_multilingual_v2"): a name, not words of the task.
  ["name", /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g],
  ["phone", /\+?\d[\d\s().-]{6,}\d/g],
  // A spreadsheet's cell range ("A1:D50", "Summary!A1:B2", "'Q3 Leads'!B:B").
  ["range", /(?:(?<=^|[\s(])[A-Za-z][\w]*!)?\$?\b[A-Z]{1,3}\$?\d*:\$?[A-Z]{1,3}\$?\d*\b(?=$|[\s.,;:!?)])/g],
  // Issue keys and ids: letters and digits together (PROJ-412, cus_8812, INV-2291, 3970e0fe-8564-...), versions (v2.3.0).
  // PayPal's invoice numbers, whole ("INV2-ABCD-1234-EFGH-5678": "ABCD-1234" alone would pass for an issue key).
  ["id", /\bINV2(?:-[A-Z0-9]{4}){4}\b/g],
  ["key", /\b[A-Z][A-Z0-9]{1,9}-\d+\b/g],
  // What follows "id" is an id, short as it may be ("the login item (id h7kq2mzx)", "ID: a1b2").
  ["id", /(?<=\b(?:id|ID|Id)[:#=]?\s*)(?=[\w-]*\d)[A-Za-z0-9][\w-]{3,}\b/g],
  ["id", /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)+\b/g],
  ["id", /(?<![$€£])\bv?\d+(?:\.\d+){1,3}\b/g],
  ["id", /\b(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-f0-9]{7,}\b/g],
  ["number", /(?<![A-Za-z0-9])[$€£]?\d+(?:[.,:]\d+)?%?(?![A-Za-z0-9])/g],
];

/** Words that look like a slug but are ordinary text ("w/", "and/or", "24/7", "read/write"). */
const NOT_SLUG = /^(and\/or|w\/o?|n\/a|i\/o|on\/off|yes\/no|read\/write|lat\/lng|lat\/lon|lat\/long|\d+\/\d+(\/\d+)?)$/i;

export function prepareTask(task: string): Prepared {
  let text = task;
  const values: Value[] = [];
  for (const [kind, pattern] of PATTERNS) {
    text = text.replace(pattern, (m) => {
      if (kind === "slug" && (NOT_SLUG.test(m) || /^[a-z]+\/$/i.test(m))) return m;
      // A word the lexicon knows that looks like a number ("my 1:1 with dana" is a meeting).
      if (kind === "number" && Object.hasOwn(SYNONYMS, m)) return m;
      // Possessive of a handle ("@nasa's tweet") keeps the owner as a value and the rest as text.
      // (An address's domain after "@" is a domain, not a handle: "in my @gmail.com inbox".)
      if (kind === "handle" && /\.(?:com|io|net|org|co|dev|app|ai|me|us|uk|de)$/i.test(m)) {
        values.push({ kind: "domain", text: m.slice(1) });
        return " ".repeat(m.length);
      }
      values.push({ kind, text: m });
      return " ".repeat(m.length);
    });
  }
  return { text, values };
}
