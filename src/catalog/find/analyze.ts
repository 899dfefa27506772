/** Text analysis shared by the index builder and queries: words, stop words, a light stemmer. */

const STOP = new Set(
  ("a an and are as at be been by can could do does for from has have how i if in into is it its me my mine of on or our " +
    "ours please so some that the their them then there these this those to us was we were what when where which who " +
    "whose will with would you your yours all any each every via using use also just about after before over under up out " +
    "off than too very may might must should shall its it's i'm let lets let's want need get's am being did doing").split(" "),
);

/** Words of an identifier or phrase, lower case: `listForAuthenticatedUser` → list, for, authenticated, user. */
export function splitWords(input: string): string[] {
  return input
    // The plural of an acronym is one word ("VPs", "APIs", "IDs"), not "v ps".
    .replace(/\b([A-Z]{2,})s\b/g, "$1S")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isStopWord(word: string): boolean {
  return STOP.has(word);
}

const EXCEPTIONS: Record<string, string> = {
  news: "news", status: "status", address: "address", access: "access", process: "process", business: "business",
  series: "series", species: "species", analysis: "analysis", alias: "alias", canvas: "canvas", campus: "campus",
  bus: "bus", gas: "gas", has: "has", was: "was", is: "is", this: "this", its: "its", us: "us", ids: "id", children: "child",
  people: "person", men: "man", women: "woman", data: "data", media: "media", criteria: "criterion", indices: "index",
  setting: "setting", settings: "setting", thing: "thing", things: "thing", string: "string", strings: "string", ring: "ring",
  spring: "spring", evening: "evening", morning: "morning", during: "during", nothing: "nothing", something: "something",
  anything: "anything", everything: "everything", ceiling: "ceiling", wedding: "wedding", sibling: "sibling", siblings: "sibling",
  sms: "sms", dns: "dns", https: "https", aws: "aws", ios: "ios", os: "os", kubernetes: "kubernetes", analytics: "analytic",
};

/** A light, consistent stemmer: plural, -ing, -ed and a final e are removed (create/creates/created/creating → creat). */
export function stem(word: string): string {
  if (Object.hasOwn(EXCEPTIONS, word)) return stemTail(EXCEPTIONS[word]!);
  if (word.length <= 3) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ed") && w.length > 4 && !w.endsWith("eed")) w = undouble(w.slice(0, -2));
  return stemTail(w);
}

function stemTail(w: string): string {
  if (w.length > 3 && w.endsWith("e")) return w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([bdgmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}

/** Index terms of a text: words, without stop words and bare numbers, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of splitWords(text)) {
    if (w.length < 2 || STOP.has(w) || /^\d/.test(w)) continue;
    out.push(stem(w));
  }
  return out;
}
