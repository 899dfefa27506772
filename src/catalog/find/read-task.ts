/**
 * Reads a plain-language task: removes values (quoted names, emails, numbers, phone numbers, "called X"), finds the
 * main verb and its intent, and turns the remaining words into weighted search terms with synonyms.
 */
import { isStopWord, splitWords, stem } from "./analyze.js";
import { GENERIC_VERBS, MODIFIERS, SYNONYMS, VERB_PHRASES, VERBS, type Intent, type VerbSense } from "./lexicon.js";

export interface QueryTerm {
  term: string;
  weight: number;
  /** The task word it came from (for reasons). */
  from: string;
  kind: "verb" | "noun" | "synonym";
}

export interface ReadTask {
  /** What the task asks for; null when its verb does not say ("set" may create or update). */
  intent: Intent | null;
  verb: { word: string; sense: VerbSense } | null;
  /** Stems of the verb's operation words ("archive", "untrash", "create"). */
  verbTerms: string[];
  /** The verb's operation words that say more than create / read / update / delete ("archive", "assign", "pin"). */
  specificVerbTerms: string[];
  /**
   * Content words as stems, each with its synonyms' stems; the object of the verb weighs 1, a qualifier less. `place`:
   * a qualifier after in / to / into / onto / inside / from ("add a column to the tasks table"): an existing thing the
   * object goes into or leaves, not the thing to make or remove.
   */
  nouns: { word: string; stems: string[]; weight: number; place?: boolean }[];
  /** The object comes with "a", "an" or "new": something to make, not an item that exists. */
  newObject: boolean;
  /** The object is one at hand ("this video", "that file"): to put somewhere, not to make. */
  existingObject?: boolean;
  /** The task is about many items at once ("all", "every", "bulk"). */
  bulk: boolean;
  /**
   * The task names no one item (no id, key, number, quoted title or address) and looks for things, or for what is
   * current ("today's comic", "the latest build"): set by the finder, which knows the task's values.
   */
  noItem?: boolean;
  /** The task names an owner/name pair (`vercel/next.js`): set by the finder, which knows the task's values. */
  ownerName?: boolean;
  terms: QueryTerm[];
  /** Two neighbouring words written as one, as identifiers do ("task lists" → tasklist), kept when the index knows them. */
  compounds: { stem: string; word: string; weight: number }[];
}

const FILLER = new Set(["please", "kindly", "pls", "plz", "can", "could", "would", "you", "help", "i", "want", "wish", "wanna", "need", "like", "to", "me", "let", "us", "go", "ahead", "and", "just", "quickly", "now"]);
const QUESTION = new Set(["what", "which", "who", "how", "when", "where", "whether", "is", "are", "do", "does", "did"]);
/** Words that open a question about what happened or what is ("did anyone email me", "is there an open PR"). */
const AUXILIARIES = new Set(["did", "does", "do", "is", "are", "was", "were", "has", "have", "had", "why"]);
const WH_WORDS = new Set(["what", "which", "who", "how", "when", "where", "why"]);
/** Subjects before a verb in the past ("I deleted ...", "someone removed ..."): that verb is what happened, not the order. */
const SUBJECTS = new Set(["i", "we", "you", "he", "she", "they", "someone", "somebody", "anyone", "anybody", "it", "people", "everyone", "who", "accidentally", "mistakenly"]);
/** Nouns whose own verb is the action when they are sent or given ("send a reminder" is to remind). */
const NOUN_VERBS: Record<string, string> = { reminder: "remind", invitation: "invite", invite: "invite", notification: "notify", reply: "reply", refund: "refund", review: "review" };
/** Auxiliaries of the perfect ("I have deleted", "we've sent"): the past form after one is what happened. */
const PERFECT = new Set(["have", "has", "had", "ve", "i've", "we've", "they've", "you've"]);
/** Verbs that join two things the task names ("associate the contact with the company"). */
const LINKING = new Set(["associate", "link", "connect", "relate", "attach"]);
/** Words before an object that is something new to make ("a price", "a new folder", "another card"). */
const NEW_OBJECT = new Set(["a", "an", "new", "another"]);
/** Words that open a noun phrase: a verb word after one (within three words) is a noun ("the invoice email"). */
const NOUN_PHRASE_OPENERS = new Set(["the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these", "those", "some", "any", "every", "each"]);
/** Past forms that do not end in -ed. */
const IRREGULAR_PAST: Record<string, string> = {
  sent: "send", made: "make", wrote: "write", got: "get", took: "take", left: "leave", forgot: "forget", lost: "lose",
  gave: "give", shared: "share", put: "put", set: "set", began: "begin", ran: "run", read: "read", saw: "see", built: "build",
};
/** Words that put a verb in the passive ("can it be recovered"): the verb is the action asked for. */
const PASSIVE = new Set(["be", "been", "being", "get", "gets"]);

/** The base form of a verb in the past ("deleted" → delete, "dropped" → drop), or undefined. */
function pastBase(w: string): string | undefined {
  if (Object.hasOwn(IRREGULAR_PAST, w)) return IRREGULAR_PAST[w];
  if (!w.endsWith("ed") || w.length < 5) return undefined;
  for (const base of [w.slice(0, -1), w.slice(0, -2), w.slice(0, -3), `${w.slice(0, -3)}y`]) if (VERBS[base]) return base;
  return undefined;
}

/** Removes addresses (emails, URLs), which may contain app names ("jo@x.com") without naming an app. */
export function stripAddresses(task: string): string {
  return task.replace(/\S+@\S+\.\S+/g, " ").replace(/https?:\/\/\S+/g, " ");
}

/**
 * "add contact Jane Doe jane@acme.com, company acme inc", "new lead in the Leads table - Maya Chen, warm": after the
 * order and its object, a comma or a dash starts the fields of the thing, which qualify it rather than name another.
 */
const FIELDS_MARK = "fieldsfollow";
/** The weight of a field's words: they say what the thing holds, hardly which thing. */
const FIELD_WEIGHT = 0.25;

function fieldsAsQualifiers(text: string): string {
  const cut = /\s*(?:,|\s[-–—])\s+/.exec(text);
  if (!cut) return text;
  const before = splitWords(stripValues(text.slice(0, cut.index)));
  const verbAt = before.findIndex((w) => Object.hasOwn(VERBS, w) && !FILLER.has(w));
  if (verbAt < 0 || before.length - verbAt < 2) return text;
  // Not a second clause ("..., he is new in the team", "..., please archive it"): its own verb or subject.
  const after = splitWords(stripValues(text.slice(cut.index + cut[0].length)));
  if (after.some((w) => (Object.hasOwn(VERBS, w) && !FILLER.has(w)) || SUBJECTS.has(w) || w === "please" || w === "pls")) return text;
  return `${text.slice(0, cut.index)} ${FIELDS_MARK} ${text.slice(cut.index + cut[0].length)}`;
}

/** Removes the values a task carries, which say nothing about which tool to use. */
export function stripValues(task: string): string {
  return task
    .replace(/["“”][^"“”]*["“”]/g, " ")
    .replace(/(^|\s)['‘’][^'‘’]+['‘’](?=\s|$|[.,;:!?])/g, " ")
    .replace(/\S+@\S+\.\S+/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\+?\d[\d\s().-]{6,}\d/g, " ")
    .replace(/#[\w-]+/g, " ")
    .replace(/\b(called|named|titled|entitled)\s+((?:[A-Z0-9][\w'-]*\s*)+)/g, " $1 ")
    .replace(/\$?\d+([.,]\d+)?%?/g, " ");
}

/** Synonyms keyed by the stems of their words ("pull requests" and "pull request" both find `pull`). */
const SYNONYM_STEMS = new Map<string, string[]>();
for (const [key, values] of Object.entries(SYNONYMS)) {
  // A value of several words ("merge_request") stands for each of its words, as tool names and paths are split.
  const stems = values.flatMap((v) => splitWords(v).map(stem));
  SYNONYM_STEMS.set(splitWords(key).map(stem).join(" "), stems.filter((x, i) => stems.indexOf(x) === i));
}
/** Verbs by stem, so that inflected forms ("posted", "shared") are known as verbs too. */
const VERB_STEMS = new Set(Object.keys(VERBS).map(stem));

/** Words after which a noun is a place or a qualifier ("in the channel", "on the main branch"), not the object. */
const PREPOSITIONS = new Set(["in", "on", "to", "from", "for", "with", "into", "onto", "at", "by", "about", "inside", "within", "under", "via", "using", "across", "between", "thru", "through", "per", "against"]);
/** Stems of the people a task may ask about ("who attended": participants). */
const PEOPLE_STEMS = new Set(["participant", "attendee", "invitee", "assignee", "follower", "subscriber", "stargazer", "collaborator", "reviewer", "registrant", "permission", "guest"].map(stem));
/** Pronouns: who, not what ("he is new in the team", "they want a contract"). */
const PRONOUNS = new Set(["he", "she", "they", "him", "her", "his", "hers", "theirs", "it", "one", "ones", "someone", "somebody", "everyone", "everybody"]);
/** Words that frame a value or a question, not a thing ("a file called X", "anywhere in Box", "did it actually"). */
const FRAME = new Set(["called", "named", "titled", "entitled", "anywhere", "somewhere", "anything", "something", "actually", "really"]);
/** Conditions that pick things out of many (a search, not a plain list). */
const AMOUNT_CONDITION = /\b(?:over|above|under|below|more than|less than|greater than|at least|at most|older than|newer than|bigger than|larger than|smaller than)\s+[$€£]?\d/i;
const STATE_CONDITION = /\bassigned to (?:me|him|her|them|us)\b|\b(?:in|at)\s+(?:the\s+)?(?:closed[\s-](?:won|lost)|stage\s+\S+)|\b(?:marked|labell?ed|tagged)\s+(?:as\s+)?\S+|\b(?:not|still|yet to be)\s+(?:done|closed|open|resolved|finished|completed|paid|shipped|merged)\b/i;
/** Words that say how, not what ("not done", "still open"). */
const NOT_THINGS = new Set(["not", "still", "yet", "already", "never", "no"]);
/** Words after which a name follows ("a channel called memes"). */
const NAMING = new Set(["called", "named", "titled", "entitled"]);
/** Prepositions after which a noun is where the object goes or comes from ("to the playlist", "from the channel"). */
const PLACE_PREPOSITIONS = new Set(["in", "to", "into", "onto", "inside", "from", "within", "on", "against"]);
/** Verbs that send something out (see the scheduled send). */
const SENDING = new Set(["send", "post", "queue", "queue up", "publish", "tweet", "share", "message", "announce", "schedule"]);
/** Weight of a noun that says which kind of the object ("text" in "a text channel"). */
const COMPOUND_MODIFIER_WEIGHT = 0.7;
/** Weight of a qualifier noun relative to the object of the verb. */
const QUALIFIER_WEIGHT = 0.5;
/** Words that say when, not what ("the texts we sent yesterday", "last monday's meetings"): weighed as a hint only. */
const TIME_WORDS = new Set([
  "yesterday", "today", "tonight", "morning", "afternoon", "evening", "noon", "midnight", "weekend",
  "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
]);
const TIME_WEIGHT = 0.2;
/** Words that open a task by saying when ("yesterday I ...", "tomorrow remind me"): never its verb. */
const WHEN_WORDS = new Set(["tomorrow", "tonight", "later", "asap", "earlier", "recently", "lately", "sometime", "soon", "next", "last", "this"]);

/** Verbs whose phrase is often split by the object ("turn it off"); not "get" ("get the results back" is a read). */
const SPLIT_VERBS = new Set(["turn", "switch", "flip", "take", "put", "knock", "bump", "look", "give", "pay", "power", "shut", "bring", "roll", "tick", "check", "cross", "sign", "clean", "throw", "kick", "spin"]);
/** The particles of those phrases. */
const PARTICLES = new Set(["off", "on", "back", "up", "down", "out", "over", "away"]);

/** The operation that undoes a state ("suspended" → unsuspend). */
const UNDO_STATE: Record<string, string> = {
  suspended: "unsuspend", archived: "unarchive", locked: "unlock", blocked: "unblock", muted: "unmute", banned: "unban",
  disabled: "enable", deactivated: "reactivate", paused: "resume", hidden: "unhide", trashed: "untrash",
};

/** Plurals that name the parts of one item rather than many items. */
const SINGULAR_PLURALS = new Set(["details", "names", "ids", "values", "settings", "stats", "statistics", "analytics", "news", "metrics", "insights", "permissions", "preferences", "contents", "properties", "specs", "credentials"]);

/** A particle and a noun that spell another word when joined: they stay two words. */
const NOT_COMPOUNDS = new Set(["in voice", "in voices", "at tribute", "in tent", "on set"]);

/** Figures that apps count over a period (the clicks of a site, the spend of ads, the sessions of an app). */
const METRIC_WORDS = /\b(?:clicks|impressions|sessions|page\s?views|visits|visitors|conversions|installs|ctr|cpc|cpm|roas|bounce\s+rate|open\s+rate|click\s+rate|opens|spend|spent|traffic|engagement|reach)\b/i;
/** How a task asks for figures: how many or much, broken down by something, or over a period. */
const METRIC_ASKED = /\b(?:how\s+many|how\s+much|by\s+(?:country|day|week|month|device|page|source|campaign|channel|city|browser|query|keyword|platform)|(?:last|past)\s+(?:\d+\s+)?(?:days?|weeks?|months?|quarter|year)|yesterday|today|this\s+(?:week|month|quarter|year))\b/i;

/** Whether a clause opens with an order: a verb that says what to do, first (after "please"). */
function isOrder(clause: string): boolean {
  // (A verb and an article or a determiner after it: not a noun that is also a verb, "build 1874 failed".)
  const first = /^\s*(?:please\s+|pls\s+)?([a-z]+)\s+(?:a|an|the|my|our|new|this|that|these|those|some|all)\b/i.exec(clause)?.[1]?.toLowerCase();
  return first !== undefined && Object.hasOwn(VERBS, first) && VERBS[first]!.intent !== null && pastBase(first) === undefined;
}

/** Words after "make" that are what is made, not a verb ("make copies of", "make a list": see the rule that reads it). */
const MADE_THINGS = new Set(["new", "list", "post", "message", "text", "email", "draft", "book", "note", "copy", "backup", "export", "call", "sms", "invite", "reply"]);

function isPlural(w: string): boolean {
  return w.length > 3 && w.endsWith("s") && !/(ss|us|is|ics)$/.test(w) && !SINGULAR_PLURALS.has(w);
}

function isUnknownVerb(w: string): boolean {
  return /^[a-z]{3,}$/.test(w) && !isStopWord(w) && !QUESTION.has(w) && !MODIFIERS[w] && !SYNONYM_STEMS.has(stem(w)) && !PREPOSITIONS.has(w) && !TIME_WORDS.has(w) && !WHEN_WORDS.has(w);
}

/** Non-native nouns of an order ("do the inscription of", "make the actualization of", "make annulation of"). */
const FOREIGN_ORDER_NOUNS: Record<string, string> = { inscription: "enroll", actualization: "update", actualisation: "update", annulation: "cancel", modification: "update", suppression: "delete", elimination: "delete" };

/**
 * The verb a noun after "make" / "do" stands for ("do the restart of", "kindly do the enrolling of student X", "make
 * translation of this sentence", "make cancel for the subscription"), or undefined for a thing's name.
 */
function verbOfNoun(noun: string): string | undefined {
  const w = noun.toLowerCase();
  if (/^(restart|reboot|resize|backup|refund|upgrade|export|import|review|copy|transfer|deploy|rollback)$/.test(w)) return w;
  if (Object.hasOwn(FOREIGN_ORDER_NOUNS, w)) return FOREIGN_ORDER_NOUNS[w];
  // ("make translation of this sentence", "do the cancellation of the order": the verb the noun is made from.)
  const fromNoun = /(?:ation|ion)$/.test(w) ? [w.replace(/ation$/, "ate"), w.replace(/ation$/, ""), w.replace(/lation$/, "l"), w.replace(/ion$/, ""), w.replace(/ion$/, "e")].find((b) => b.length >= 3 && b !== w && VERBS[b]?.intent) : undefined;
  if (fromNoun) return fromNoun;
  // (A verb of the lexicon in its -ing form.)
  const base = /ing$/.test(w) ? [w.slice(0, -3), `${w.slice(0, -3)}e`, w.slice(0, -4)].find((b) => b.length >= 3 && VERBS[b]?.intent) : undefined;
  // (Or a verb that is no thing's name: "make cancel for the subscription", "do delete of the file".)
  return base ?? (/^(?:cancel|delete|remove|archive|restore|invite|refund|unsubscribe|update|change|edit|modify)$/.test(w) ? w : undefined);
}

/** `appTexts`: the words that named the app ("Google Drive"), left out of the search terms. */
export function readTask(task: string, appTexts: string[] = []): ReadTask {
  // "what's on my google calendar thursday", "what is on my agenda today": the events in it (before the app's name goes).
  let text = task.replace(/\bwhat(?:'s|’s|s|\s+is)\s+on\s+(?:my|our|the)\s+(?:(?:google|outlook|g)\s+)?(?:calendar|cal|gcal|agenda|schedule)\b/gi, "list events in calendar");
  // "put 'dentist' on my gcal thursday 3pm": an event, whichever calendar app it is said by (before the app's name goes).
  // (The order's own verb, first: not "let ops@acme.io add events on my google calendar", which gives rights.)
  text = text.replace(/^(\s*(?:please\s+|pls\s+)?(?:can\s+you\s+|you\s+can\s+)?)(?:put|add|pop|stick|throw|block)\b(.*?)\b(?:on|in|to|into)\s+(?:my|our|the)\s+(?:gcal|google\s+calendar|g\s?cal|outlook\s+calendar|ical|icloud\s+calendar)\b/i, "$1create event$2 in calendar");
  for (const t of appTexts) {
    const pattern = t.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^A-Za-z0-9]+");
    // "post on Mastodon a toot", "create in Trello a card" (non-native order): the place is the app's, not the object's.
    text = text.replace(new RegExp(`(^|[^A-Za-z0-9])(?:on|in|at|via|with|through)\\s+${pattern}(?=\\s+(?:a|an|the|my|our|one|new)\\s)`, "gi"), "$1 ");
    text = text.replace(new RegExp(`(^|[^A-Za-z0-9])${pattern}(?=$|[^A-Za-z0-9])`, "gi"), "$1 ");
  }
  // "my 1:1 with dana": a one-on-one meeting (numbers are values to the rest of the reading).
  text = text.replace(/(^|\s)1:1s?(?=$|[\s.,;:!?])/g, "$1meeting");
  // "how do I create an issue", "is it possible to update the contact", "is there a way to ...": a request asked as
  // a question; the verb after the wrapper is the order (not "how" or "is", which ask to see something).
  text = text.replace(
    /^(\s*(?:(?:so|hey|hi|ok|okay|quick question)[,:]?\s+)?)(?:how\s+(?:do|can|could|should|would)\s+(?:i|we)|how\s+(?:i|we)\s+(?:can|could|should|do|may)|how\s+to|is\s+(?:it\s+possible|there\s+(?:a|any)\s+way)\s+(?:for\s+(?:me|us)\s+)?to|(?:is\s+)?possible\s+(?:for\s+(?:me|us)\s+)?to|(?:it\s+)?is\s+(?:needed|necessary|required)\s+(?:for\s+(?:me|us)\s+)?to|would\s+it\s+be\s+possible\s+to|do\s+you\s+know\s+how\s+to|what(?:'s|’s|\s+is)\s+the\s+(?:best\s+|easiest\s+)?way\s+to)\s+/i,
    "$1",
  );
  // "I want that you delete it", "I need that you schedule ...": the order after the wish (non-native English).
  text = text.replace(/\b(want|need|wish|like)\s+that\s+you\b/gi, "$1 you");
  // "schedule one meeting", "make one new label": "one" is "a" (non-native English), not a thing.
  text = text.replace(/\b([a-z]+)\s+one\s+(?=[a-z]{3,})/gi, (all, w: string) => (Object.hasOwn(VERBS, w.toLowerCase()) ? `${w} a ` : all));
  // "do for me one invoice", "make for us a new page": an order to make one.
  text = text.replace(/\b(?:do|make)\s+for\s+(?:me|us)\s+(?:one|a|an)\b/gi, "create a");
  // "move it back out of the bin", "get the file back from the trash": restoring it.
  // (With what happened to it between: "get that email i deleted by accident back out of the gmail trash".)
  text = text.replace(/\b(?:move|put|get|bring|take|pull|fish|dig)\s+((?:[\w-]+\s+){0,7}?)back\s+(?:out\s+of|from)\s+(?:the\s+|my\s+)?(?:[\w-]+\s+)?(?:trash|bin|recycle\s+bin|deleted\s+items)\b/gi, "restore $1");
  // "look thru my drive for the tax pdf", "look in the inbox for ...": a search.
  text = text.replace(/\blook\s+(?:thru|through|in|into|around|on|at)\b(.*?)\bfor\b/gi, "search$1for");
  // "alert me when the cpu stays above 90": a monitor that alerts.
  text = text.replace(/\b(?:alert|notify|page|ping)\s+(?:me|us|the\s+team)\s+(?:when|if|whenever)\b/gi, "create monitor alert when");
  // "roll my site back", "get the old version back": the particle belongs to the verb (as with "get it back" below).
  text = text.replace(/\b(roll|get|bring|take)\s+((?:the|my|our|this|that|your)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s+back\b/gi, "$1 back $2");
  text = text.replace(/\b(bump|turn|crank)\s+((?:the|my|our|this|that|your)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s+(up|down)\b/gi, "$1 $3 $2");
  // "flip the checkout-v2 flag on", "switch the dark mode setting off": the particle belongs to the verb.
  text = text.replace(/\b(flip|turn|switch)\s+((?:the|my|our|this|that|your)\s+(?:[\w-]+\s+){0,3}?[\w-]+)\s+(on|off)\b/gi, "$1 $3 $2");
  // "next monday", "next week": when, not the next thing (a queue's next track).
  text = text.replace(/\bnext\s+(?=(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month|year|quarter|morning|time)\b)/gi, "");
  // "which rows mention Berlin", "what files contain 'budget'": the things found by their text, a search.
  text = text.replace(/^(\s*(?:\w+[,:]?\s+){0,3}?)(?:which|what)\s+((?:[\w'-]+\s+){1,6}?)(?:mention|mentions|contain|contains|include|includes)\b/i, "$1search $2containing");
  // "every log event containing 'OutOfMemory'", "issues matching 'timeout'": the things found by their text (a filter),
  // not a thing called "containing".
  text = text.replace(/^(\s*(?:pull|get|grab|fetch|list|show|find|give\s+me|return)\s+(?:me\s+)?(?:all|every|any|the)?\s*(?:[\w'-]+\s+){1,4}?)(?:containing|matching|mentioning|that\s+(?:contain|contains|match|matches|mention|mentions))\b/i, "$1filtered by pattern");
  // "add midnight city by m83 to my road trip playlist": a song by its artist, the thing to add.
  text = text.replace(/\b(add|put|throw|stick|queue)\s+(?!(?:a|an|the|my|our|this|these|some)\s)((?:[\w'’.&-]+\s+){1,6}?)by\s+((?:[\w'’.&-]+\s+){1,4}?)(to|into|onto|on)\s+((?:(?:my|the|our|this)\s+)?(?:[\w'’-]+\s+){0,3}?playlist)\b/gi, "$1 the track $2by $3$4 $5");
  // "VPs of engineering at fintech companies", "heads of marketing at SaaS startups": the companies are where the people
  // work, a place of the search, not the thing found.
  text = text.replace(/\bat\s+((?:[\w-]+\s+){0,3}?)(companies|startups|firms|organizations|organisations|orgs|agencies|businesses|fintechs|scaleups)\b/gi, "in $1$2");
  // "which notion pages talk about onboarding", "what docs cover the refund policy": a search of their text.
  text = text.replace(/^(\s*(?:\w+[,:]?\s+){0,3}?)(?:which|what|any)\s+((?:[\w'-]+\s+){0,3}?(?:pages?|docs?|documents?|notes?|files?|articles?|posts?|threads?|messages?|emails?|wikis?|questions?)\s+)(?:talk|talks|discuss|discusses|cover|covers|deal\s+with|deals\s+with|are\s+about|is\s+about|say\s+anything\s+about|says\s+anything\s+about|refer\s+to|refers\s+to)\b(?:\s+about\b)?/i, "$1search $2about");
  // "what have people posted in #incidents", "what did ana write in the doc": the messages there.
  text = text.replace(/\bwhat\s+(?:have|has|did|do)\s+((?:[\w'-]+\s+){1,3}?)(?:been\s+)?(?:posted|post|posting|written|write|wrote|shared|share|sent|send|saying|talking|discussing)\b/gi, "list messages from $1");
  // "did anything come in from DHL", "have any orders arrived": the things received, listed (anything: messages).
  text = text
    .replace(/\b(?:did|has|have)\s+anything\s+(?:new\s+)?(?:come|came|arrived?)(?:\s+in)?\b/gi, "list new messages received")
    .replace(/\b(?:did|has|have)\s+any\s+((?:new\s+)?[\w-]+)\s+(?:come|came|arrived?)(?:\s+in)?\b/gi, "list $1 received")
    .replace(/\bwhat\s+(?:has\s+|have\s+)?(?:came|come|arrived)\s+in\b/gi, "list new messages received");
  // "is the build on main green?", "are the checks passing on PR 12": the status of the checks.
  text = text.replace(/\b(?:is|are|was|were)\s+(?:the\s+)?(?:build|builds|ci|checks?|tests?|pipeline)\b(.*?)\b(?:green|red|passing|failing|failed|broken|ok)\b/gi, "get the status of checks$1");
  // "are there stack overflow questions about X", "is there any ticket mentioning Y": a search for them.
  text = text.replace(/^(\s*)(?:are|is)\s+there\s+(?:any\s+)?(.+?)\s+(about|mentioning|matching|containing)\b/i, "$1search $2 $3");
  // "ynab: spent $42.10 at trader joes": a purchase to record, a transaction.
  text = text.replace(/^([\s:,-]*(?:i\s+|we\s+|just\s+)*)spent\b(?=\s+(?:at|on|for|in)\b)/i, "$1add a transaction");
  // "block next tuesday 9-11am for 'board prep'", "block off friday afternoon": a calendar hold, an event.
  text = text.replace(/\bblock\s+(?:off\s+|out\s+)?(?=(?:[\w-]+\s+){0,3}?(?:\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|morning|afternoon|evening|noon)\b)/i, "create event ");
  // "any new leads in hubspot today?": a question about what came, a list (not something new to make).
  text = text.replace(/^(\s*)any\s+new\s+(?=[a-z])/i, "$1list ");
  // "check lodash 4.17.15 for known vulns", "check the repo for CVEs": a test of it for vulnerabilities.
  text = text.replace(/\bcheck\s+(.{1,60}?)\s+for\s+(?:any\s+|known\s+|open\s+)*(?:vulns?|vulnerabilit(?:y|ies)|security\s+(?:issues|holes)|cves?)\b/gi, "test $1 for vulnerabilities issues");
  // "where's my package", "where is USPS package 9400… right now": its tracking.
  text = text.replace(/\bwhere(?:'s|’s|\s+is|\s+are)\s+((?:my|our|the|this|that)\s+)?((?:[\w-]+\s+){0,2}?)(package|parcel|shipment|delivery|order)(s?)\b/gi, "get tracking of $1$2$3$4");
  // "where is the signed contract file in my onedrive", "where did I save the budget doc": a search for it.
  text = text.replace(/\bwhere(?:'s|’s|\s+is|\s+are|\s+did\s+(?:i|we)\s+(?:put|save))\s+((?:my|our|the|this|that)\s+)?((?:[\w-]+\s+){0,3}?)(files?|documents?|docs?|pdfs?|spreadsheets?|folders?|photos?|images?)\b/gi, "search for $1$2$3");
  // "which slots are still open", "any free slots this week": the available times.
  text = text.replace(/\b(?:which|what|any)\s+(?:(?:time|free|open|available)\s+)?slots?\b(?:\s+(?:are|is)(?:\s+still)?(?:\s+(?:open|free|available|left))?)?/gi, "list available times slots");
  // "what did I spend on restaurants", "how much have we spent on travel": the transactions.
  text = text.replace(/\b(?:what|how\s+much)\s+(?:did|have|do|has)\s+(?:i|we|you)\s+(?:spend|spent)\b/gi, "list transactions spent");
  // "what are people tweeting about X", "what is everyone saying about Y": a search of posts about it.
  text = text.replace(/\bwhat\s+(?:are|is)\s+(?:people|everyone|everybody|folks|users|customers|anyone)\s+(?:tweeting|saying|posting|writing|talking)\s+about\b/gi, "search recent posts about");
  // "please make cancel the deploy", "do delete it" (non-native English): the verb after "make" or "do" is the order.
  text = text.replace(/\b(?:make|do)\s+(?=([a-z]+)\s+(?:the|my|our|this|that|these|those|it|them|all)\b)/gi, (all, next: string) =>
    Object.hasOwn(VERBS, next.toLowerCase()) && VERBS[next.toLowerCase()]!.intent !== null && !MADE_THINGS.has(next.toLowerCase()) ? "" : all,
  );
  // "make restart of it", "do a backup of the db" (non-native English): the noun's own verb.
  text = text.replace(/\b(?:make|do|doing|making)\s+(?:a\s+|the\s+)?([a-z]+)\s+(?:of|for|to)\b/gi, (all, noun: string) => verbOfNoun(noun) ?? all);
  // "push these embeddings into my index", "push the rows to the table": written there (an upsert), not an update.
  text = text.replace(/\bpush\s+((?:(?:these|those|the|my|our|this|that|some|all|new|latest)\s+){0,2})(embeddings?|vectors?|records?|rows?|data|items?|documents?|events?|contacts?|leads?|metrics?)\s+(into|to)\b/gi, "upsert $1$2 $3");
  // "send the approved 'order_shipped' template to +49 …": a message made from the template, to someone.
  // (The template's name or language may follow it: "send the approved template 'order_shipped' (en_US) from … to …".)
  text = text.replace(/\bsend\s+((?:the|a|an|our|this|my)\s+)?((?:[\w-]+\s+){0,3}?)template\b(?=[^.;]*\bto\b)/gi, "send $1$2template message");
  // "how long is the drive from SFO to Palo Alto", "the commute from home to work": a route between two places.
  // (Non-native: "the drive from Munich airport until Marienplatz".)
  // (A journey keeps its word: transit planners name their trips so, "a tube journey from King's Cross to ...".)
  text = text.replace(/\b(?:the\s+)?(drive|driving|commute|trip|walk|journey)\s+(?=from\s+\S.*\b(?:to|until|till|towards)\b)/gi, (_m, w: string) => (/^journey$/i.test(w) ? "journey route directions " : "route directions "));
  // "the issues labeled p0", "the PRs labelled bug": which ones, by their label (a filter, not the labels themselves).
  text = text.replace(/\b(?:labeled|labelled)\s+(?=\S)/gi, "filtered by ");
  // "put at the end of my page a new paragraph", "add at the bottom of the doc": appended to it.
  text = text.replace(/\b(?:put|add|write|insert|place)\s+(?:it\s+|this\s+)?at\s+the\s+(?:end|bottom)\s+of\b/gi, "append to");
  // "make the stock of the product to 40" (non-native English): set it.
  text = text.replace(/\bmake\s+(the\s+)?(stock|quantity|inventory|price|status|priority|limit|budget)\s+of\b/gi, "set $1$2 of");
  // "please to program the campaign for friday" (non-native English, programar / programmare / programmer): schedule it.
  text = text.replace(/\b(?:to\s+)?program(?:me)?\s+(?=(?:the|a|an|my|our|this|that)\s)/gi, "schedule ");
  // "have DALL-E draw a corgi", "get my telegram bot to send ...": the app (set aside before, a run of spaces) does it.
  // (Not "let ana@x.io edit ...", "make my vimeo video private": a value set aside leaves spaces too.)
  text = text
    .replace(/\bhave\s(?=\s{2,}|(?:my|our|the)\s{3,})\s*(?:(?:my|our|the)\s+)?(?:bot\s+)?(?=[a-z]+\b)/gi, "")
    // ("get @mchen to review it" asks a person for a review: read below.)
    .replace(/\bget\s(?=\s{2,}|(?:my|our|the)\s{3,})\s*(?:(?:my|our|the)\s+)?(?:bot\s+)?to\s+(?!review\b|look\b)(?=[a-z]+\b)/gi, "");
  // "approve PR 482 with the comment ...", "approve https://github.com/acme/api/pull/482": approving it, which some
  // apps do by a review (GitHub), others by an approval of its own (Bitbucket, GitLab).
  if (/\bapprove\s+(?:(?:the|this|that)\s+)?(?:pr|pull\s+request|mr|merge\s+request|\s{8,})/i.test(text)) text += ", as a review";
  // "did anyone mention INC-2041 in slack", "has someone brought up the outage": a search of the messages for it.
  text = text.replace(/^(\s*)(?:did|has|have)\s+(?:anyone|anybody|someone|somebody|people)\s+(?:mention(?:ed)?|bring\s+up|brought\s+up|talk(?:ed)?\s+about|say\s+anything\s+about|said\s+anything\s+about)\b/i, "$1search messages mentioning");
  // "has Dana replied to my email about X yet", "did the client answer": the messages from them, searched.
  text = text.replace(/^(\s*)(?:has|have|did)\s+((?:[\w.'-]+\s+){1,4}?)(?:replied|replyed|reply|answered|answer|responded|respond|written\s+back|wrote\s+back|gotten\s+back|got\s+back)\b/i, "$1search messages from $2 replied");
  // "did the reset email actually go out through postmark", "has the newsletter gone out": the messages sent, searched.
  text = text.replace(/^(\s*)(?:did|has|have)\s+(.+?)\s+(?:actually\s+|really\s+)?(?:go|gone|went)\s+out\b/i, "$1search outbound sent messages $2 status");
  // "what did Initech say about pricing on the call", "what was said in the meeting": what was said there, its transcript.
  text = text.replace(/\bwhat\s+(?:did\s+((?:[\w.'-]+\s+){1,3}?)(?:say|mention|talk\s+about)|(?:was|got)\s+said)\b(?=.*\b(?:calls?|meetings?|recordings?|conversations?)\b)/gi, "get the transcript of what $1said");
  // "how much is a lyft to the airport", "how much would shipping cost": a price asked for, its cost or estimate.
  if (/^\s*how\s+much\s+(?:is|are|would|will|does|do|should)\b/i.test(text) && !/\b(?:cost|price|fare|estimate)\b/i.test(text)) text += ", with cost price estimate";
  // "set my slack status to 'in a meeting'", "change my status emoji": a person's own status is part of their profile.
  text = text.replace(/\b(set|change|update|clear|put)\s+my\s+((?:[\w-]+\s+){0,2}?)status\b/gi, "$1 my $2profile status");
  // "redeploy the vercel project", "deploy my site again": a new deployment of it (the project is where it is made).
  text = text.replace(/\b(?:re-?)?deploy\s+((?:the|my|our|this)\s+(?:[\w-]+\s+){0,2}?(?:project|site|app|service|website|function))\b/gi, "create a new deploy of $1");
  // "send the contract to bob for signature", "get the NDA signed by ana": a request for signatures, an envelope to sign.
  text = text.replace(/\b(send|get|have)\s+(.+?)\s+(?:(?:out\s+)?for\s+(?:e-?)?signatures?|to\s+(?:be\s+)?sign(?:ed)?|signed)\b/gi, "$1 $2 as a signature request envelope");
  // "export the frame as a png", "get node 1:2 as svg at 2x": an image rendered from it.
  text = text.replace(/\b(?:export|render|download|get|save)\b(.*?)\bas\s+(?:an?\s+)?(png|jpe?g|svg|pdf)s?\b/gi, "render$1as $2 images");
  // "who runs sales at stripe.com", "who heads engineering at Acme": the people in that role there, searched.
  text = text.replace(/^(\s*)who\s+(?:runs|leads|heads|manages|owns)\b/i, "$1search people who lead");
  // "move the candidate to the onsite stage", "advance Sam to the offer stage": a change of their stage.
  text = text.replace(/\b(?:move|put|advance|push|bump)\s+(.+?)\s+(?:in)?to\s+(?:the\s+)?(?:stage\s+)?(.+?\s+)?stage\b/gi, "change the stage of $1 to $2stage");
  // "add 'Blinding Lights' to my gym playlist": a thing that exists, by its title, put in a collection as one of its items.
  text = text.replace(/\b(add|put|throw|stick|save)\s+(?=\s{3,}(?:on)?to\s+(?:my|the|our|this)\s+(?:[\w'-]+\s+){0,2}?(?:playlist|queue|library|favou?rites|watchlist|watch\s+later)\b)/gi, "$1 the item ");
  // "what are used Steam Decks going for", "what does a 2019 Civic sell for": the prices of listings, searched.
  text = text.replace(/\bwhat\s+(?:are|is|do|does)\s+(.+?)\s+(?:going|selling|sell|go)\s+for\b/gi, "search item listings of $1 with their prices");
  // "what songs did Radiohead play at the concert": the concert's setlist.
  text = text.replace(/\b(?:what|which)\s+songs?\s+(?:did|does|do|will)\s+(.+?)\s+play\b/gi, "search setlists of $1 songs played");
  // "invalidate /index.html on the distribution": an invalidation of those paths, made.
  text = text.replace(/^(\W*(?:please\s+)?)invalidate\b/i, "$1create an invalidation of");
  // "read this paragraph aloud", "say it out loud in voice X": speech made from the text.
  text = text.replace(/\b(?:read|say|speak)\s+((?:[\w'-]+\s+){0,3}?)(?:out\s+loud|aloud)\b/gi, "convert $1text to speech audio");
  // "which students haven't turned in assignment 3", "who handed in the essay": the submissions.
  text = text.replace(/\b(?:turned|turn|handed|hand)(?:\s+(?:it|them))?\s+in\b/gi, "submitted submissions");
  // "check whether SM… got delivered", "see if the invoice was paid": the item read, for its status.
  text = text.replace(/\b(?:check|see|find\s+out|verify)\s+(?:whether|if)\b(.*?)\b(?:got|was|were|has\s+been|have\s+been|is|are)\s+(delivered|sent|read|opened|paid|signed|received|approved|merged|deployed|shipped)\b/gi, "get$1status $2");
  // "other essays like https://…", "more companies like Acme": similar ones.
  text = text.replace(/\b(?:other|more)\s+((?:[\w-]+\s+){0,2}?)like\s+(?=\S)/gi, "find similar $1to ");
  // "what open times are there", "free times on friday": the slots free to book.
  text = text.replace(/\b(?:open|free|available)\s+(?:times?|spots?)\b/gi, "available slots");
  // "put the previous deploy back live", "bring the last version back": a roll back to it.
  text = text.replace(/\b(?:put|bring|set|get)\s+(?:the\s+)?(previous|last|old|earlier|prior)\s+([\w-]+)\s+back\b/gi, "roll back to $1 $2");
  // "calendar: book 'QBR prep' thursday 3pm": an event in it.
  text = text.replace(/\bcalendar\s*:\s*(?:book|schedule|add|put|block)\b/gi, "calendar: create event");
  // "did PR #212 get merged?", "was the release published?": whether it has, checked.
  text = text.replace(/^(\s*)(?:did|has|have|was|were|is)\s+(.+?)\s+(?:get|got|been|be|gotten)\s+(merged|deployed|released|published)\b/i, "$1check if $2 has been $3");
  // "how many vectors are in the index", "how many rows are there in the table": its stats, a count.
  text = text.replace(/^(\s*)how\s+many\s+([\w-]+)\s+(?:are|is)\s+(?:there\s+)?(?:in|inside)\b/i, "$1get stats count of $2 in");
  // "take it out from the bounce list", "take ops@x.com off our suppression list": removed from it.
  text = text.replace(/\btake\s+((?:\S+\s+){0,4}?)(?:out\s+(?:of|from)|off(?:\s+of)?|away\s+from)\s+(?=(?:the|our|my|this|that)\b)/gi, "remove $1from ");
  // "every url on docs.stripe.com", "all the links of the site": the site's map of urls.
  text = text.replace(/\b(?:every|all(?:\s+the)?)\s+(?:urls?|links|pages)\s+(?:on|of|in|from)\b/gi, "map of all urls links on");
  // "push a notification to the device": one sent.
  text = text.replace(/\bpush\s+(?:a\s+|the\s+|this\s+)?(notifications?|alerts?)\b/gi, "send push $1");
  // "anything from X should skip my inbox (from now on)": what a mail filter does, so a filter to create.
  if (/\bskip(?:s|ping)?\s+(?:my\s+|the\s+|their\s+|your\s+)?inbox\b/i.test(text) && !/\b(?:delete|remove)\b/i.test(text)) text = `create a filter: ${text}`;
  // "… that only @raj can see", "only she should see it": a message shown to one person alone (an ephemeral one).
  // (A handle may already be set aside as a value here.)
  text = text.replace(/\bonly\s+(?:(?:@[\w.-]+|she|he|they|him|her|them|you|i|me|the\s+\w+)\s+)?(?:can|should|will|may|must|gets?\s+to)\s+see\b/gi, "$& ephemeral");
  // "which slack user is ravi@x.io?", "who is jo@acme.io": the one found by that address. (Values are set aside before
  // the task is read: the question ends right after "is", where the address stood.)
  text = text.replace(/\b(?:which|what)\s+((?:[\w-]+\s+){0,2}?)(users?|persons?|contacts?|members?|accounts?|customers?|leads?|employees?)\s+(?:is|are)\s*(?=[?.!]?\s*$)/i, "find the $1$2 with email ");
  text = text.replace(/^\s*who\s+is\s*(?=[?.!]?\s*$)/i, "find the person with email ");
  // "move every card in the list": all of them (an operation on all of a thing's items is named so: moveAllCards).
  text = text.replace(/\bevery\s+(?=[a-z])/gi, "all ");
  // "what language is 'obrigado'", "which language is this text": the language detected.
  text = text.replace(/\b(?:what|which)\s+language\s+(?:is|are)\b/gi, "detect the language of");
  // A purpose said after the order ("… so the customer can pay it", "… so that he can choose a new password") is why,
  // not what to do.
  text = text.replace(/\bso\s+(?:that\s+)?(?:(?:the|a|an|our|my|your|his|her|their)\s+)?\w+\s+(?:can|could|will|would|may|might)\s+[^,.;!?]*/gi, " ");
  // A state said as how things are, and the order to have them back ("the user is suspended, make him active again",
  // "the card got archived by mistake, bring it back"): the operation that undoes that state, said first.
  // (Not when the task says the undoing verb itself: "she is locked out again, unlock her account".)
  const undone = /\b(?:is|was|are|were|got|been)\s+(suspended|archived|locked|blocked|muted|banned|disabled|deactivated|paused|hidden|trashed)\b(?!\s+out\b)/i.exec(text);
  const undo = undone ? UNDO_STATE[undone[1]!.toLowerCase()]! : "";
  if (undone && /\b(?:again|back|active|reactivate|re-?enable|undo)\b/i.test(text.slice(undone.index + undone[0].length)) && !new RegExp(`\\b${undo}\\b`, "i").test(text)) {
    text = `${undo} ${text.slice(0, undone.index)}${text.slice(undone.index + undone[0].length)}`;
  }
  // "check my gmail for anything from ana", "check the logs for errors": a search of it.
  text = text.replace(/\bcheck\s+((?:my|the|our)\s+(?:[\w-]+\s+){0,2}?)for\b/gi, "search $1for");
  // "twilio sms to +1415…: 'your table is ready'", "email to ana@acme.io: ...": a message to send, said without the verb.
  text = text.replace(/^([\s:,-]*(?:[\w.]+[\s:,-]+)?)(sms|text|message|msg|dm|email|e-mail|mail)\s+to\b/i, "$1send $2 to");
  // "she asked to get our updates, so subscribe her to ...": what led to it first, then the order after "so".
  text = text.replace(/^([^,;]{3,}?)[,;]\s+(?:so|then|and so)\s+((?:please\s+|pls\s+|just\s+)?[a-z]+\b.*)$/i, (all, context: string, order: string) => (Object.hasOwn(VERBS, order.trim().split(/\s+/)[0]!.toLowerCase()) ? `${order} about ${context}` : all));
  // "who booked time with me", "the people booked into the intro call": the invitees of scheduled events.
  text = text.replace(/\bwho\s+(?:has\s+|have\s+)?booked\b/gi, "list invitees of scheduled events booked").replace(/\b(?:people|persons|guests)\s+booked\b/gi, "invitees of scheduled event");
  // "list everything in the bucket", "show me all that is in the folder": the things in it.
  text = text.replace(/\b(list|show|get|give)\s+(?:me\s+)?(?:everything|anything|all|whatever)\s+(?:that\s+is\s+|that's\s+|there\s+is\s+)?(?=(?:in|inside|under)\s)/gi, "$1 the items ");
  // "what's in the Legal folder", "what is inside my cart": the things in it, listed.
  text = text.replace(/\bwhat(?:'s|’s|s|\s+is|\s+are)\s+(?:in|inside|under)\s+(?=\S)/gi, "list the items in ");
  // "what's left", "whats assigned to me": the question word and its verb.
  text = text.replace(/\b(what|who|where|how|when)(?:'s|’s)(?=\s)/gi, "$1 is").replace(/\b(what|who|where|how)s\b/gi, "$1 is");
  // "the status of ticket WEB-88": the ticket is the object, its status what to look at.
  text = text.replace(/\bthe\s+(status|state|progress|title|owner|details|priority|assignee)\s+of\s+(.+?)([?.!]*)$/i, "$2 with $1$3");
  // "to-do", "to do list": one word, as apps write it.
  text = text.replace(/\bto[- ]do(s?)\b(?=\s+(?:list|item|items|app)\b|[\s.,;:!?]*$|\s+(?:on|in|to|for)\b)/gi, "todo$1");
  // "drop 'maintenance at 9' in #announcements", "drop a note into the doc": put there, not removed.
  // ("drop the release notes in #announcements" too; not "drop the users table in postgres", a schema change.)
  text = text.replace(/\bdrop\b(?=\s+(?:(?:['"‘“]|(?:a|an|this|that|these)\s)(?:[^.;!?]*?)\s)?(?:in|into|onto|on)\s)/gi, "put");
  text = text.replace(/\bdrop\b(?=\s+(?:the|my|our|today's|todays)\s+(?![^.;!?]*\b(?:tables?|databases?|db|index|indexes|columns?|collections?|schemas?|views?|buckets?|branch|branches|users?|roles?|keyspace|topics?)\b)[^.;!?]*?\s(?:in|into|onto|on)\s)/gi, "put");
  // "my gmail should answer automatically that I am away", "put an automatic answer": an automatic reply, set up.
  text = text.replace(/\b(?:answer|reply|respond)(?:s|ing)?\s+(?:automatically|by itself)\b/gi, "set automatic reply").replace(/\b(?:put|turn on|activate|enable)\s+(?:an?\s+|the\s+)?(automatic|auto)[\s-]+(answer|reply|response)/gi, "set $1 $2");
  // "a shareable link", "a sharing link", "a view-only link": a shared link (who may do what with it is its setting).
  text = text.replace(/\b(?:(?:view|read|edit|comment)[- ]only\s+)?(?:shareable|sharable|share|sharing|public|(?:view|read|edit|comment)[- ]only)\s+link\b/gi, "shared link");
  // "a link I can send people", "a link to share with the client": a shared link.
  text = text.replace(/\blink\s+(?:that\s+)?(?:i|we)\s+can\s+(?:send|share|give)(?:\s+(?:to\s+)?(?:people|someone|anyone|others|them|the\s+\w+))?|\blink\s+to\s+share(?:\s+with\s+(?:people|someone|anyone|others|them|the\s+\w+))?/gi, "shared link");
  // "play it right after the current song", "put it on what's playing next", "up next": the play queue.
  text = text
    .replace(/\b(?:play|put|throw|add|queue)\s+(.+?)\s+(?:right\s+)?(?:after\s+(?:the|this)\s+(?:current|one)(?:\s+(?:song|track|one))?|next)(?=$|[\s.,;:!?])/gi, "add $1 to the queue")
    .replace(/\b(?:what(?:'s|\s+is)\s+)?(?:up|playing|plays)\s+next\b/gi, "the queue");
  // "who's out next week", "who is off today": the people away, a who's-out list of time off.
  text = text.replace(/\bwho(?:'s|’s|s|\s+is|\s+will\s+be)\s+(?:out|off|away)(?:\s+of\s+(?:the\s+)?office)?\b/gi, "list whos out time off");
  // "should skip my inbox", "make them skip the inbox": a filter that archives them as they come.
  text = text.replace(/\b(?:should\s+|to\s+)?skip(?:s|ping)?\s+(?:the|my)\s+inbox\b/gi, " with a filter skipping the inbox");
  // "make my video private", "make private the video": a change of its visibility.
  text = text.replace(/\bmake\s+(private|public|unlisted)\b/gi, "update to $1").replace(/\bmake\s+((?:the|my|our|this|that)\s+(?:[\w'-]+\s+){0,3}?)(private|public|unlisted)\b/gi, "update $1to $2");
  // "everyone who's in #design", "who is in the channel": its members.
  // (Not "let everyone in #general know": a message to them.)
  text = text
    .replace(/\b(?:everyone|everybody|people)\s+who(?:'s|’s|\s+is|\s+are)\s+in\s+(?=\S)/gi, "members in ")
    .replace(/^(\s*)who(?:'s|’s|\s+is|\s+are)\s+in\s+(?=\S)/i, "$1list members in ")
    .replace(/\b(list|show|get|see)\s+(?:me\s+)?(?:everyone|everybody|people)\s+in\s+(?=\S)/gi, "$1 members in ");
  // "please for put the tag on him", "kindly for send the invoice" (non-native English): the verb after "for".
  text = text.replace(/^(\W*(?:please|kindly|pls|plz)\s+)for\s+(?=[a-z]+\b)/i, (all, lead: string) => lead);
  // "please revert to the customer on ticket 5521" (Indian English): reply to them (not a rollback: "revert to v3").
  text = text.replace(/\brevert\s+(?:back\s+)?to\s+(?:the\s+)?(customer|client|user|requester|sender|him|her|them|me|us)\b/gi, "reply to $1");
  // "call the lambda function resize-image", "call the endpoint": a function invoked, not a phone call.
  text = text.replace(/\bcall\s+(?=(?:the\s+|my\s+|our\s+|this\s+)?(?:[\w-]+\s+)?(?:function|lambda|endpoint|webhook|method|procedure|rpc)\b)/gi, "invoke ");
  // "turn off my droplet", "switch the server off": a machine powered off.
  text = text.replace(/\b(?:turn|switch|shut)\s+off\s+(?=(?:the\s+|my\s+|our\s+|this\s+)?(?:[\w-]+\s+){0,2}?(?:droplet|server|vm|instance|machine|linode|box|node)s?\b)/gi, "power off ");
  // "how I put my video inside the album?", "how can I add a member": asking how to do it is asking to do it.
  text = text.replace(/^(\W*)how\s+(?:can\s+|do\s+|could\s+|should\s+|would\s+)?i\s+(?:can\s+)?(?=([a-z]+)\b)/i, (all, lead: string, next: string) => (VERBS[next.toLowerCase()]?.intent ? lead : all));
  // "take out the password of item X", "pull out the API key": a secret read, not removed.
  text = text.replace(/\b(?:take|pull|get|fish)\s+out\s+(?=(?:the\s+|my\s+|our\s+)?(?:password|secret|key|token|credential|login|pin|otp)s?\b)/gi, "get ");
  // "throw out the spammer from the group", "kick out a member": a person removed from it.
  text = text.replace(/\b(?:throw|kick|boot|chuck)\s+out\s+(?=(?:the\s+|this\s+|that\s+)?(?:spammer|user|member|person|guy|bot|troll|him|her|them)\b)/gi, "kick ");
  // "kindly do the needful and reopen the issue": the order is what follows ("do the needful": see to it).
  text = text.replace(/\bdo\s+the\s+needful(?:\s+(?:and|to|,))?\s*/gi, "");
  // "page the on-call engineer", "page whoever is on call": an incident raised, which pages them.
  text = text.replace(/^(\W*(?:please\s+|pls\s+)?)page\s+(?=(?:the\s+|our\s+|my\s+)?(?:on[\s-]?call|oncall|whoever|someone|sre|ops|engineer|team|responder))/i, "$1trigger incident to page ");
  // "please make link between them", "make a connection between the contact and the company": associate them.
  text = text.replace(/\b(?:make|create|do|put|add)\s+(?:a\s+|the\s+)?(?:link|connection|association|relation)\s+(?:between|of|for)\b/gi, "associate");
  // "register that the client has paid the invoice", "record that he paid invoice 42": a payment recorded for it.
  text = text.replace(/\b(?:register|record|log|note|enter|mark)\s+(?:that\s+)?(.{0,40}?)\b(?:has\s+|have\s+|had\s+)?(?:paid|payed|pay)\s+(?:for\s+)?(?:the\s+|this\s+|our\s+)?invoice\b/gi, "create payment for invoice $1");
  // "mark task 12 as blocked by task 34", "task 12 depends on 34": a dependency added between them.
  text = text.replace(/\b(?:mark|set|flag|make)\s+(.+?)\s+as\s+(?:blocked|blocking)\s+(?:by|on)\b/gi, "add dependency for $1 on").replace(/\b(?:is\s+)?(?:blocked\s+by|depends\s+on|dependent\s+on)\b/gi, "dependency on");
  // "say no to the meeting invitation", "turn down the invite": declining it.
  text = text.replace(/\b(?:say|said|saying)\s+no\s+to\b/gi, "decline").replace(/\bturn(?:ed|ing)?\s+down\b(?=.*\b(?:invit\w*|meeting|event|request|offer)\b)/gi, "decline");
  // "mark order 3391 as shipped", "mark the invoice as paid": the item's status changed (the state is no thing to find).
  // (Not with its tracking: "mark the order as shipped with UPS tracking 1Z…" adds a shipment.)
  text = text.replace(/\bmark\s+(.+?)\s+as\s+(?:shipped|fulfilled|delivered|paid|unpaid|refunded|returned)\b(?!.*\btracking\b)/gi, "update $1 status");
  // "move the email to the trash" is trashing it.
  text = text.replace(/\b(?:move|put|send|throw)\b(.*?)\b(?:to|in|into)\s+(?:the\s+)?(?:trash|bin|recycle bin|wastebasket)\b/gi, "trash$1");
  // "move PROJ-412 to In Progress", "put the card in done": a workflow status, which some APIs change by a transition.
  text = text.replace(
    /\b(move|put|set|mark|make|change|drag|switch)\b(.*?)\b(to|in|into|as)\s+(?:the\s+)?(?:in[\s-]progress|done|to[\s-]?do|in[\s-]review|resolved|blocked|backlog|doing|complete|completed|finished)\b/gi,
    (_all, verb: string, between: string) => `${verb.toLowerCase() === "make" ? "mark" : verb} transition${between}`,
  );
  // "give user dkim push access to the repo", "grant Ana access": a person added with rights, a collaborator or member.
  text = text.replace(/\b(?:give|grant)\s+(.*?)\s*(?:(?:read|write|push|admin|edit|view|full|comment|[\w]+-only)\s+)?(?:access|rights|permissions?)\b/gi, "add collaborator $1 with access");
  // "let ops@acme.io add and change events", "let the team see my calendar": a person given rights to it.
  text = text.replace(/\blet\s+(?!me\b|us\b|you\b)((?:the\s+|my\s+|our\s+)?[\w.@-]*)\s+(?:add|edit|change|see|view|read|write|manage|modify|access|comment\s+on)\b/gi, "add collaborator $1 with access to");
  // "... that kenji gets write access to the repo": the same, said of the person.
  text = text.replace(/\b(\w+)\s+(?:gets?|receives?)\s+(?:(?:read|write|push|admin|edit|view|full)\s+)?access\b/gi, "add collaborator $1 with access");
  // "get it back", "turn them off": the particle belongs to the verb.
  text = text.replace(/\b(get|bring|put|turn|switch|set|take|give|tick|check|cross|kick|roll|shut|power|clean|push|queue|spin|fire|look|pay)\s+(it|them|this|that|these|those|him|her)\s+(back|on|off|up|down|out)\b/gi, "$1 $3 $2");
  // "set Status to 'Shipped' on record rec8", "set priority = high for ticket 42": a field of the item is changed,
  // the item is what to update.
  text = text.replace(
    /\bset\s+(?:the\s+|its\s+)?([\w-]+)\s*(?:to|=|as)\s*(.+?)\s+(?:on|of|for|in)\s+(?:the\s+|this\s+|that\s+|my\s+)?(record|row|item|card|issue|ticket|task|deal|contact|entry|page|lead|order|product|customer|user|file|event|subscription|invoice)\b/gi,
    "update $3 with $1 $2",
  );
  // "set a due date on the task", "put a priority on the ticket": a field of the item is changed.
  text = text.replace(
    /\b(?:set|put|add)\s+(?:a|an|the|new)\s+(due\s+date|deadline|priority|status|title|description|estimate|start\s+date|end\s+date)\s+(?:on|for|to)\s+(.+?)(?=$|[.,;!?]|\s+(?:in|on|to|for|at|by|of)\b)/gi,
    "update $2 with $1",
  );
  // "get me a lyft", "call us a cab": a ride requested.
  text = text.replace(/\b(?:get|grab|order|call|book)\s+(?:me|us)\s+an?\s+(?:ride|car|cab|taxi|lyft|uber|driver)\b/gi, "create a ride");
  // "the words to 'Bohemian Rhapsody'": a song's lyrics.
  text = text.replace(/\bthe\s+words\s+(?:to|of)\b/gi, "the lyrics of");
  // "jdoe is locked out, let her back in": an account to unlock.
  text = text.replace(/\b(?:is|are|got|gets|was)\s+locked\s+out\b.*$/i, " unlock user");
  // "a link people can pay through": a payment link.
  text = text.replace(/\blink\s+(?:that\s+)?(?:people|customers|they|someone|anyone|users|buyers)\s+can\s+(?:pay|buy|check\s*out)\b/gi, "payment link");
  // "play mr brightside right after the current song": next in the queue.
  text = text.replace(/\bplay\b(.*?)\b(?:next|right after (?:this|the current)(?:\s+(?:song|track|one))?|after (?:this|the current)(?:\s+(?:song|track|one))?)\b/gi, "queue$1");
  // "turn 'where is the station?' into german": a translation.
  text = text.replace(/\b(?:turn|put|convert|change|render)\b(.*?)\binto\s+(english|german|french|spanish|italian|portuguese|dutch|polish|russian|japanese|chinese|korean|arabic|hindi|turkish|swedish|greek|hebrew)\b/gi, "translate$1 into $2");
  // "ask @alice to look over PR #482": a review requested.
  text = text.replace(/\bask\s+(.*?)\s+(?:to|for)\s+(?:a\s+)?(?:look\s+over|look\s+at|review|check)\b/gi, "request review from $1 on");
  // "get @mchen to review the PR", "have dana look over it": the same.
  // (The person may be a value set aside, "get @mchen to review ...".)
  text = text.replace(/^(\s*)(?:get|have)\s+(?:(?!to\b)(\S+(?:\s+(?!to\b)\S+)?)\s+)?(?:to\s+)?(?:review|look\s+over|look\s+at)\b/i, "$1request review from $2 on");
  // "thumbs-up Ana's message", "give it a thumbs up": a reaction.
  // (A like, for what is liked rather than reacted to: a video is rated.)
  text = text.replace(/\b(?:give\s+(?:it\s+|them\s+)?(?:a\s+)?)?thumbs?[- ]?up\b/gi, "add like reaction to");
  // "how many people are on the site right now": the active users, in real time.
  text = text.replace(/\b(?:how\s+many\s+)?(?:people|ppl|users|visitors)\s+(?:are\s+)?(?:on|visiting|browsing)\s+(?:the|our|my)\s+(?:site|website|web\s+site|app|store|shop)\b/gi, "active users realtime report on the site");
  // "what pages sit under the Onboarding page": its child pages.
  // (Not "the runbook page under the ENG space": one page, found there.)
  text = text.replace(/\b(what|which|all|the|list)\s+(?:the\s+)?pages\s+(?:that\s+)?(?:sit|are|live|nested)?\s*(?:under|beneath|below)\b/gi, "$1 child pages of");
  // "get the newsletter out of my inbox": archived, not deleted.
  text = text.replace(/\b(?:get|take|move|clear)\b(.*?)\bout\s+of\s+(?:my\s+|the\s+)?inbox\b/gi, "archive$1");
  // "put 'Dentist' on my calendar for friday": an event.
  text = text.replace(/\b(?:put|add|pop|stick|throw|block)\b(.*?)\b(?:on|in|to|into)\s+(?:my|our|the)\s+calendar\b/gi, "create event$1 in calendar");
  // "put the site back on the previous deploy": a roll back.
  text = text.replace(/\b(?:put|set|bring|take|move)\b(.*?)\bback\s+(?:on|to)\s+(?:the\s+)?(previous|last|old|earlier|prior)\b/gi, "roll back$1 to $2");
  // "p&l", "P & L": the profit and loss report.
  text = text.replace(/\bp\s?&\s?l\b/gi, "profit and loss");
  // "turn this snippet into a secret gist": to make a new thing from it.
  text = text.replace(/\b(?:turn|convert|make)\s+(.+?)\s+into\s+((?:a|an|new)\s+.+)$/i, "create $2 from $1");
  // "let the team know ...": tell them.
  // What follows is the message ("let everyone in #general know the office is closed"), unless it is an app ("... on slack").
  // (The person or place may be a value, set aside already: "let #design know" reads "let   know".)
  text = text.replace(/\blet\s+((?:[\w#@-]+\s+){0,5}?)know\b(?:\s+(?:that\s+)?(?:the|we|we're|i|i'm|it|it's|our|they|he|she)\b.*$)?/gi, "send a message to $1");
  // "... saying your code is 4411", "... that says we're on it": the message's words, not the task's.
  text = text.replace(/[,:]?\s+(?:saying|that says|which says|to say)\b.*$/i, " ");
  // "... that we're on it", "... that I'll be late": a clause with its own subject says what to tell, or what happened.
  text = text.replace(/\s+that\s+(?:we|we're|we'll|i|i'm|i'll|you|you're|they|they're)\s.*$/i, " ");
  // "don't send it yet": what not to do is not the action.
  text = text.replace(/\b(?:don'?t|do not|never|without)\s+\w+/gi, " ");
  // "download the doc as a pdf", "save the sheet as csv": a copy in another format is an export.
  text = text.replace(/\b(?:download|save|get|grab|pull|fetch)\b(.*?)\bas\s+(?:a\s+|an\s+)?(pdf|csv|docx?|xlsx?|pptx?|png|jpe?g|html|txt|markdown|md|odt|rtf|epub|zip)\b/gi, "export$1 as $2");
  // "the song that's playing", "it's broken": a contraction of "is", not an owner.
  text = text.replace(/\b(that|it|there|here|he|she|who|what|where|this)['’]s\b/gi, "$1 is");
  // "the customer's subscription" → "the subscription for customer": the owner qualifies, the thing is the object.
  text = text.replace(/\b([A-Za-z]+)['’]s\s+([A-Za-z]+)/g, "$2 for $1");
  // "finance emailed me the numbers, reply saying thanks", "build 1874 failed, rerun it": what happened comes first
  // (not said by a person: "I deleted it by mistake, restore it" is read as such below),
  // then the order; the order is read first and what happened qualifies it.
  text = text.replace(
    // (A past form after "the", "our" is an adjective, "send the approved template ..., order 5521": no event.)
    /^(?!\s*(?:i|we|you|they|he|she|someone|somebody)\b)([^,;]*?\b(?<!\b(?:the|a|an|my|our|your|their|its|this|that|these|those)\s+)(?:[a-z]{3,}ed|sent|got|made|wrote|took|gave|left|lost|broke|came|went|forgot|paid|bought|sold|told|ran|did)\b[^,;]*)[,;]\s*((?:please\s+|pls\s+|so\s+|then\s+|now\s+|just\s+)?([a-z]+)\b.*)$/i,
    // (A pronoun object, "restore it", is the thing of what happened: the rest stays an object, not a qualifier.)
    // (Not when the first part is itself the order, "Create a login item titled 'x' ..., tag 'infra'": its fields follow.)
    (all, context: string, order: string, verb: string) =>
      Object.hasOwn(VERBS, verb.toLowerCase()) && !/^(please|pls|so|then|now|just)$/i.test(verb) && !isOrder(context) ? `${order} ${/^(?:\w+\s+){1,2}?(?:it|them|this|that|these|those)\b/i.test(order) ? "" : "about "}${context}` : all,
  );
  // "how many clicks did the site get last month", "ga4 sessions by country for the last 7 days", "how much did we spend
  // on ads yesterday": figures of a period, which APIs give as a report, insights or analytics.
  if (METRIC_WORDS.test(text) && METRIC_ASKED.test(text)) text += ", with metrics report insights analytics stats";
  const words = splitWords(stripValues(fieldsAsQualifiers(text)));
  /** The words as one text, for the phrases looked for across them below. */
  const said = words.join(" ");
  let verb: ReadTask["verb"] = null;
  let verbAt = -1;
  let verbLength = 1;
  // The main verb: the first verb phrase or verb of the task.
  let firstWord = 0;
  while (firstWord < words.length && FILLER.has(words[firstWord]!) && !(words[firstWord] === "like" && firstWord === 0)) firstWord++;
  // "do delete the message", "please do send it": an emphatic order, not a question (a question has a subject next).
  if (words[firstWord] === "do" && VERBS[words[firstWord + 1] ?? ""] && !SUBJECTS.has(words[firstWord + 1]!)) firstWord++;
  // "have my bot send …", "let the bot post …", "get the bot to send …": the bot is who does it; its verb is the order.
  if (/^(?:have|let|make|get)$/.test(words[firstWord] ?? "") && /^(?:my|our|the|your)$/.test(words[firstWord + 1] ?? "")) {
    const at = words[firstWord + 3] === "to" ? firstWord + 4 : firstWord + 3;
    if (VERBS[words[at] ?? ""] && !FILLER.has(words[at]!)) firstWord = at;
  }
  // A question ("did anyone email me ...", "why did the run fail"): the verbs after its auxiliary say what happened;
  // the task asks to see it.
  const question = AUXILIARIES.has(words[firstWord] ?? "") || WH_WORDS.has(words[firstWord] ?? "");
  let auxAt = -1;
  if (question) for (let i = firstWord; i < words.length && auxAt < 0; i++) if (AUXILIARIES.has(words[i]!)) auxAt = i;
  // A verb in the passive is the action asked for ("can it be recovered"), also after a wish ("I want that the file
  // is removed", "we need the invoices sent").
  const wish = words.findIndex((w, k) => (w === "want" || w === "need" || w === "like") && k < 4 && words[k + 1] !== "to");
  for (let i = 1; i < words.length && !verb; i++) {
    const passive = PASSIVE.has(words[i - 1]!) || (wish >= 0 && i > wish + 1 && (words[i - 1] === "is" || words[i - 1] === "are") && !words.slice(wish, i).some((w) => WH_WORDS.has(w)));
    const base = passive ? pastBase(words[i]!) : undefined;
    if (base && VERBS[base]) {
      verb = { word: base, sense: VERBS[base]! };
      verbAt = i;
    }
  }
  /** A verb word that ends a noun phrase ("the dhl invoice email", "my reply"): a noun there, unless no verb follows. */
  let nounVerb: { at: number; word: string } | null = null;
  const inNounPhrase = (i: number): boolean => {
    for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
      const w = words[k]!;
      if (NOUN_PHRASE_OPENERS.has(w)) return true;
      if (PREPOSITIONS.has(w) || Object.hasOwn(VERBS, w) || FILLER.has(w) || QUESTION.has(w) || SUBJECTS.has(w)) return false;
    }
    return false;
  };
  /** The verb phrase of two or three words that starts at word `i` ("get rid of", "roll back"), if any. */
  const verbPhraseAt = (i: number): string | null => {
    const two = `${words[i] ?? ""} ${words[i + 1] ?? ""}`;
    const three = `${two} ${words[i + 2] ?? ""}`;
    return VERB_PHRASES[three] ? three : VERB_PHRASES[two] ? two : null;
  };
  // "I trashed the message by mistake, please restore it": an order after "please" later in the task is the order;
  // what comes before it is what happened.
  for (let p = words.indexOf("please", firstWord + 1); p > 0 && !verb; p = words.indexOf("please", p + 1)) {
    let i = p + 1;
    while (i < words.length && (words[i] === "you" || words[i] === "kindly" || words[i] === "just" || words[i] === "to")) i++; // ("please to restore it": non-native English)
    if (words[i] === "do") continue; // "..., please do it": the order is before
    const phrase = verbPhraseAt(i);
    if (phrase) (verb = { word: phrase, sense: VERB_PHRASES[phrase]! }), (verbAt = i), (verbLength = phrase.split(" ").length);
    else if (VERBS[words[i] ?? ""] && !FILLER.has(words[i]!)) (verb = { word: words[i]!, sense: VERBS[words[i]!]! }), (verbAt = i);
  }
  for (let i = 0; i < words.length && !verb; i++) {
    const w = words[i]!;
    // What happened ("I deleted", "we sent", "I have deleted") and what a question asks about is not the order.
    if ((SUBJECTS.has(words[i - 1] ?? "") || PERFECT.has(words[i - 1] ?? "")) && pastBase(w)) continue;
    if (auxAt >= 0 && i > auxAt && !WH_WORDS.has(w)) continue;
    // "pull request(s)": the thing, not the verb "pull".
    if (w === "pull" && /^requests?$/.test(words[i + 1] ?? "")) continue;
    const phrase = verbPhraseAt(i);
    if (phrase) {
      verb = { word: phrase, sense: VERB_PHRASES[phrase]! };
      verbAt = i;
      verbLength = phrase.split(" ").length;
    } else if (VERBS[words[i]!] && (!FILLER.has(words[i]!) || (i === firstWord && !FILLER.has(words[i + 1] ?? "")))) {
      if (i > firstWord && inNounPhrase(i)) {
        nounVerb ??= { at: i, word: words[i]! };
        continue;
      }
      verb = { word: words[i]!, sense: VERBS[words[i]!]! };
      verbAt = i;
    } else if (i === firstWord && isUnknownVerb(words[i]!)) {
      // A task is usually an order: a first word we do not know ("block", "unpin") is its verb, said in its own words;
      // a verb we know done again ("redeploy", "reupload") does what that verb does, in its own word first.
      const again = /^re-?([a-z]{3,})$/.exec(words[i]!)?.[1];
      const base = again && Object.hasOwn(VERBS, again) ? VERBS[again]! : null;
      verb = { word: words[i]!, sense: { intent: base?.intent ?? null, terms: [words[i]!, ...(base?.terms ?? [])] } };
      verbAt = i;
    }
  }
  // "cancel the subscription at the end of the billing period" (not "…, not at period end"): the cancellation is set on
  // it, to happen then; the subscription is updated, not deleted now.
  if ((verb?.word === "cancel" || verb?.word === "stop" || verb?.word === "end") && /(?<!\bnot\s)\bat\s+(?:the\s+)?(?:end\s+of\s+(?:the\s+|this\s+|its\s+)?(?:current\s+)?(?:billing\s+)?(?:period|cycle|term|month)|(?:billing\s+)?period\s+end)\b/.test(said)) {
    verb = { word: verb.word, sense: { intent: "update", terms: ["update", "cancel", "patch"] } };
  }
  // "the stream key leaked, give it a new one", "make a new secret, the old one is leaked": a key, secret or token
  // made anew in place of one that got out (reset, regenerate, rotate), whatever verb says so.
  if (/\b(?:leak(?:ed|s)?|compromised|exposed)\b/.test(said) && words.some((w) => /^(?:keys?|secrets?|tokens?|passwords?|credentials?)$/.test(w)) && (!verb || GENERIC_VERBS.has(stem(verb.word)) || ["give", "make", "how", "what"].includes(verb.word))) {
    verb = { word: verb?.word ?? "reset", sense: { intent: "create", terms: ["regenerate", "reset", "rotate", "create"] } };
  }
  // A phrasal verb split by its object ("turn the flag off", "take ops@x.io off the list", "put the old deploy back
  // live", "knock 3 units off the stock", "put her on hold"): the phrase, read from its verb and the particle after.
  if (verb && !verb.word.includes(" ") && SPLIT_VERBS.has(verb.word)) {
    for (let k = verbAt + 2; k < Math.min(words.length, verbAt + 10); k++) {
      const w = words[k]!;
      if (!PARTICLES.has(w)) continue;
      const three = `${verb.word} ${w} ${words[k + 1] ?? ""}`;
      const two = `${verb.word} ${w}`;
      const phrase = VERB_PHRASES[three] ? three : VERB_PHRASES[two] ? two : null;
      if (phrase) verb = { word: phrase, sense: VERB_PHRASES[phrase]! };
      break;
    }
  }
  // "set Status to 'Shipped'", "set my status to away": a field changed to a value (not "set a reminder to ...").
  if (verb?.word === "set") {
    let k = verbAt + 1;
    if (["the", "its", "their", "my", "our", "his", "her"].includes(words[k] ?? "")) k++;
    const field = words[k];
    // (The field may be named with its item: "set the available quantity of inventory item 808 to 25".)
    const to = words.slice(k + 1, k + 9).findIndex((w) => w === "to" || w === "as");
    // ("set the page status to Done" reads "set transition page status" by now: a workflow status changed.)
    // (Or "set Status = 'Renewed'", "set priority: high": a field given its value.)
    const assigned = new RegExp(`\\bset\\s+(?:the\\s+)?${field ?? "-"}\\s*[=:]`, "i").test(text);
    if (field && !NEW_OBJECT.has(field) && field !== "up" && (to >= 0 || field === "transition" || assigned)) {
      verb = { word: "set", sense: { intent: "update", terms: ["set", "update", "patch"] } };
    } else if (field && (field === "a" || field === "an") && /^(?:on|for)$/.test(words.slice(k + 2, k + 6).find((w) => w === "on" || w === "for") ?? "")) {
      // "set a custom thumbnail on the video", "set a reminder for 5pm": something made and put in place.
      verb = { word: "set", sense: { intent: "create", terms: ["set", "create", "add", "upload"] } };
    }
  }
  // "transition PAY-12 to 'Done'": a workflow's move made (a transition posted, as the APIs take it), not its transitions read.
  // (The status in quotes, set aside as a value: "to" stands before nothing or the next clause.)
  const toAt = verb?.word === "transition" ? words.indexOf("to", verbAt + 1) : -1;
  if (toAt > verbAt && verbAt === firstWord && (words[toAt + 1] === undefined || /^(?:with|and|then|please|now)$/.test(words[toAt + 1]!))) {
    verb = { word: "transition", sense: { intent: "create", terms: ["transition"] } };
  }
  // "post in #general for monday 9am", "queue a tweet for 5pm": sent at a later time is scheduled.
  // ("… to go out at 9:55 tomorrow", "… at 16:30": a time of day said with a colon, or when it is to go out.)
  const sendTime = words.slice(verbAt + 1).some((w) => /^(\d{1,2}(am|pm)|am|pm|noon)$/.test(w)) || /\b(?:to\s+)?go(?:es)?\s+out\s+(?:at|on|tomorrow|tonight|next)\b|\bat\s+\d{1,2}:\d{2}\b/i.test(text);
  if (verb && SENDING.has(verb.word) && sendTime) {
    verb = { word: verb.word, sense: { intent: "create", terms: ["schedule", "scheduled", ...verb.sense.terms] } };
  }
  // "send a reminder", "send an invitation": the noun's own verb says what to do (remind, invite).
  if (verb && (verb.word === "send" || verb.word === "give") && ["a", "an", "the"].includes(words[verbAt + 1] ?? "")) {
    // The noun may come after a qualifier ("send a payment reminder").
    const action = NOUN_VERBS[words[verbAt + 2] ?? ""] ?? NOUN_VERBS[words[verbAt + 3] ?? ""];
    if (action && VERBS[action]) verb = { word: action, sense: VERBS[action]! };
  }
  // "move my booking to next tuesday", "push the call to 3pm": a new time is a reschedule.
  if (verb && (verb.word === "move" || verb.word === "push" || verb.word === "shift") && words.slice(verbAt + 1).some((w) => TIME_WORDS.has(w) || w === "tomorrow" || w === "next" || /^\d{1,2}(am|pm)$|^(am|pm|clock)$/.test(w))) {
    verb = { word: verb.word, sense: { intent: "update", terms: ["reschedule", "update", "patch"] } };
  }
  // "drop a note on the board", "drop a comment": to drop something new is to put it there, not to delete it.
  const afterVerb = words[verbAt + 1] ?? "";
  // ("drop person 5512 into the cadence": put there; "drop the users table in the db" drops a table that is there.)
  const droppedInto = words.slice(verbAt + 1).some((w) => w === "into" || w === "onto") && !words.slice(verbAt + 1).includes("from");
  if (verb?.word === "drop" && (NEW_OBJECT.has(afterVerb) || afterVerb === "quick" || droppedInto)) verb = { word: "drop", sense: { intent: "create", terms: ["create", "add", "post"] } };
  if (!verb && nounVerb) {
    verb = { word: nounVerb.word, sense: VERBS[nounVerb.word]! };
    verbAt = nounVerb.at;
  }
  let intent: Intent | null = verb ? (verb.sense.intent as Intent | null) : null;
  // A question without a verb we know ("any horizontal photos of 'x'?", "anything on my calendar thursday?") asks to see.
  if ((question || /\?\s*$/.test(task) || words[firstWord] === "any" || words[firstWord] === "anything") && intent === null) intent = "list";
  // "how many signups did we get", "how much did we spend": counting things is listing them.
  const how = words.indexOf("how");
  if (how >= 0 && (words[how + 1] === "many" || words[how + 1] === "much") && (intent === "read" || intent === null)) intent = "list";
  for (const w of words) if (MODIFIERS[w] === "delete") intent = "delete";
  if ((intent === "read" || intent === null) && words.some((w) => MODIFIERS[w] === "list")) intent = "list";

  const terms: QueryTerm[] = [];
  const add = (term: string, weight: number, from: string, kind: QueryTerm["kind"]) => {
    const existing = terms.find((t) => t.term === term);
    if (existing) existing.weight = Math.max(existing.weight, weight);
    else terms.push({ term, weight, from, kind });
  };
  const verbTerms: string[] = [];
  const specificVerbTerms: string[] = [];
  if (verb) {
    const own = stem(verb.word.split(" ")[0]!);
    verb.sense.terms.forEach((t, k) => {
      const s = stem(t);
      verbTerms.push(s);
      // Generic verbs (create, get, delete...) are read as intent; in the text search they only tip the balance.
      if (!GENERIC_VERBS.has(s)) specificVerbTerms.push(s);
      add(s, GENERIC_VERBS.has(s) ? 0.3 : s === own ? 1 : 0.6, verb!.word, "verb");
    });
  }
  // "delete forever", "permanently remove", "for good": the operation that deletes for good (`…/delete-permanent`,
  // `permanentlyDelete`), beside the one that only archives or trashes.
  if (intent === "delete" && (words.includes("permanently") || words.includes("forever") || /\bfor good\b/.test(said))) {
    const s = stem("permanent");
    if (!specificVerbTerms.includes(s)) specificVerbTerms.push(s);
    add(s, 0.8, "permanently", "verb");
  }
  const nouns: ReadTask["nouns"] = [];
  // A verb that is also a noun ("text Bob", "email the team") names the thing too.
  const verbNoun = verb ? SYNONYM_STEMS.get(stem(verb.word)) : undefined;
  if (verb && verbNoun && !verb.word.includes(" ")) {
    nouns.push({ word: verb.word, stems: verbNoun, weight: QUESTION.has(verb.word) ? 0.5 : 1 });
    verbNoun.forEach((s, k) => add(s, k === 0 ? 0.8 : 0.5, verb!.word, "synonym"));
  }
  // A verb we do not know may also be what the API calls the thing ("transition" → /transitions).
  if (verb && verb.sense.intent === null && verb.sense.terms.length === 1 && verb.sense.terms[0] === verb.word) {
    nouns.push({ word: verb.word, stems: [stem(verb.word)], weight: 0.5 });
  }
  let qualifier = false;
  /** The words are the fields of the thing, after a comma or a dash (`fieldsAsQualifiers`). */
  let fields = false;
  /** The qualifier follows a preposition of place (see `nouns`). */
  let place = false;
  /** Which prepositional phrase each noun is in (numbered in order). */
  const phraseOf = new Map<ReadTask["nouns"][number], number>();
  let phraseNo = 0;
  const compounds: ReadTask["compounds"] = [];
  let previous = -1;
  // "a price", "a new folder": the object is something new, not an existing item.
  const next = words[verbAt + verbLength];
  const newObject = verbAt >= 0 && next !== undefined && NEW_OBJECT.has(next);
  const existingObject = verbAt >= 0 && next !== undefined && /^(this|that|these|those)$/.test(next);
  for (let i = 0; i < words.length; i++) {
    if (verbAt >= 0 && i >= verbAt && i < verbAt + verbLength) {
      // Words before the verb ("I wish to send ...") do not make what follows it a qualifier.
      qualifier = false;
      place = false;
      continue;
    }
    const w = words[i]!;
    if (w === FIELDS_MARK) {
      (fields = true), (qualifier = true), (place = false), phraseNo++;
      continue;
    }
    // "of" and a relative clause ("a filter that skips the inbox") qualify the object before them.
    if (PREPOSITIONS.has(w) || ((w === "of" || w === "that" || w === "which") && nouns.length > 0)) {
      // A new thing "with" what it holds ("a new issue with labels bug and p1"): its fields.
      if (w === "with" && newObject && nouns.some((x) => x.weight >= 1)) fields = true;
      // A particle and the noun after it may be one word to an API ("on call" → oncall, "check in" → checkin): kept
      // when the index knows it, as a compound, at the weight the noun would have had.
      const after = words[i + 1];
      // (Not a pair that spells another word: "in voice X" is no invoice.)
      if (PREPOSITIONS.has(w) && after && /^[a-z]{3,}$/.test(after) && !isStopWord(after) && !NOT_COMPOUNDS.has(`${w} ${after}`)) {
        compounds.push({ stem: stem(w + after), word: `${w} ${after}`, weight: qualifier ? QUALIFIER_WEIGHT : 1 });
      }
      // "search for X", "look for X": X is what is asked for, not a qualifier.
      if (!(w === "for" && !qualifier && intent === "search")) qualifier = true;
      place = PLACE_PREPOSITIONS.has(w);
      phraseNo++;
      continue;
    }
    const weight = (fields ? FIELD_WEIGHT : qualifier ? QUALIFIER_WEIGHT : 1) * (TIME_WORDS.has(w) ? TIME_WEIGHT : 1);
    const s = stem(w);
    const s2 = `${s} ${words[i + 1] ? stem(words[i + 1]!) : ""}`;
    const s3 = `${s2} ${words[i + 2] ? stem(words[i + 2]!) : ""}`;
    const phrase = SYNONYM_STEMS.has(s3) ? s3 : SYNONYM_STEMS.has(s2) ? s2 : null;
    if (phrase) {
      const n = phrase.split(" ").length;
      const stems = SYNONYM_STEMS.get(phrase)!;
      const label = words.slice(i, i + n).join(" ");
      nouns.push({ word: label, stems, weight, ...(place ? { place } : {}) });
      phraseOf.set(nouns[nouns.length - 1]!, phraseNo);
      stems.forEach((x, k) => add(x, (k === 0 ? 0.9 : 0.6) * weight, label, "synonym"));
      i += n - 1;
      continue;
    }
    if (MODIFIERS[w] && SYNONYM_STEMS.has(s) && !isStopWord(w)) {
      // "the latest release": also a word an API may use for the thing (`/releases/latest`), weighted low.
      nouns.push({ word: w, stems: [s], weight: 0.3 * weight });
      add(s, 0.3 * weight, w, "noun");
      continue;
    }
    // "a channel called memes", "a board named Roadmap": the name that follows is a value, not a thing.
    if (NAMING.has(w) && nouns.length > 0) {
      let k = i + 1;
      while (k < words.length && k <= i + 3 && !PREPOSITIONS.has(words[k]!) && !isStopWord(words[k]!) && !Object.hasOwn(VERBS, words[k]!)) k++;
      i = k - 1;
      continue;
    }
    if (isStopWord(w) || QUESTION.has(w) || FRAME.has(w) || PRONOUNS.has(w) || NOT_THINGS.has(w) || w.length < 2 || /^\d/.test(w) || MODIFIERS[w]) {
      if (w === "my" || w === "mine" || w === "i" || w === "me") for (const x of SYNONYM_STEMS.get(w) ?? []) add(x, 0.25, w, "synonym");
      continue;
    }
    if (previous === i - 1) {
      compounds.push({ stem: stem(words[i - 1]! + w), word: `${words[i - 1]} ${w}`, weight });
      // "a text channel", "the password reset email": the last noun is the thing, the ones before it say which kind.
      const before = nouns[nouns.length - 1];
      if (before && before.word === words[i - 1] && before.weight === weight && weight === 1 && !VERBS[w]) before.weight = COMPOUND_MODIFIER_WEIGHT;
    }
    previous = i;
    const stems = [s, ...(SYNONYM_STEMS.get(s) ?? []).filter((x) => x !== s)];
    // Another verb ("mark it as read") describes the action more than it names a thing.
    const w2 = (VERBS[w] || (w.endsWith("ed") && VERB_STEMS.has(s))) && !SYNONYM_STEMS.has(s) ? weight * 0.5 : weight;
    nouns.push({ word: w, stems, weight: w2, ...(place && w2 === weight ? { place } : {}) });
    phraseOf.set(nouns[nouns.length - 1]!, phraseNo);
    add(s, w2, w, "noun");
    for (const x of stems.slice(1)) add(x, 0.6 * w2, w, "synonym");
  }
  // A place is one thing ("the tasks table", "the Applicants table", "my playlist"); a phrase whose last noun is a
  // plural names the things themselves ("to our marketing contacts"), not a place to put them.
  for (const noun of nouns) {
    if (!noun.place) continue;
    const p = phraseOf.get(noun);
    const last = nouns.filter((x) => phraseOf.get(x) === p).pop()!;
    if (isPlural(last.word.split(" ").pop()!)) delete noun.place;
  }
  // "who attended the meeting", "who can see the file": the people the task names (participants, permissions) say
  // who better than "who" (members, users) does.
  if (verb?.word === "who" && nouns.some((n) => n.word !== "who" && n.stems.some((x) => PEOPLE_STEMS.has(x)))) {
    nouns.splice(nouns.findIndex((n) => n.word === "who"), 1);
    for (let k = terms.length - 1; k >= 0; k--) if (terms[k]!.from === "who" && terms[k]!.kind === "synonym") terms.splice(k, 1);
  }
  // "associate contact 501 with company 88", "link the contact to the deal": both things are linked, neither made; the
  // link itself (an association) is what the order makes.
  if (verb && LINKING.has(verb.word)) {
    for (const n of nouns) if (n.weight >= 1) n.weight = 0.5;
    for (const t of terms) if (t.kind !== "verb" && t.weight > 0.5) t.weight = 0.5;
  }
  if (intent === null && newObject) intent = "create";
  // "get the responses", "fetch my invoices": a read of many is a list (the object in the plural; "details",
  // "settings" and the like name one item's parts).
  const object = nouns.find((x) => x.weight >= 1);
  if (intent === "read" && object && !object.word.includes(" ") && isPlural(object.word)) intent = "list";
  // "opportunities over $50k", "tickets assigned to me and not done": things picked by conditions are searched for.
  // (An order to list them, "list the tasks assigned to me", lists with a filter; amounts always pick.)
  if ((intent === "list" || intent === "read") && (AMOUNT_CONDITION.test(task) || (STATE_CONDITION.test(task) && verb?.word !== "list"))) intent = "search";
  const bulk = words.some((w) => ["all", "every", "bulk", "batch", "many", "multiple", "several"].includes(w));
  return { intent, verb, verbTerms, specificVerbTerms, nouns, terms, newObject, existingObject, bulk, compounds };
}
