/**
 * A string matching a simple regular expression (literals, classes, `\d`/`\w`, groups with alternatives,
 * quantifiers), for test values of patterned inputs (`^AC[0-9a-fA-F]{32}$`, `[a-z0-9-]+(\.[a-z0-9-]+)+`).
 * Undefined for patterns it cannot read (negated classes, unbalanced brackets).
 */
export function sampleOfPattern(pattern: string): string | undefined {
  try {
    return sample(pattern.replace(/^\^/, "").replace(/\$$/, ""));
  } catch {
    return undefined;
  }
}

const ESCAPES: Record<string, string> = { d: "1", w: "a", s: " " };

/** The first alternative of `src` at the top level (outside groups and classes). */
function firstAlternative(src: string): string {
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (c === "[") i = src.indexOf("]", i + 1);
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return src.slice(0, i);
  }
  return src;
}

function closingParen(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (c === "[") i = src.indexOf("]", i + 1);
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  throw new Error("unbalanced group");
}

function sample(pattern: string): string {
  const src = firstAlternative(pattern);
  let out = "";
  let i = 0;
  while (i < src.length) {
    let unit: string;
    const c = src[i]!;
    if (c === "[") {
      const end = src.indexOf("]", i + 1);
      if (end < 0) throw new Error("unbalanced class");
      const body = src.slice(i + 1, end);
      if (body.startsWith("^")) throw new Error("negated class");
      unit = body.startsWith("\\") ? (ESCAPES[body[1]!] ?? body[1]!) : body[0]!;
      i = end + 1;
    } else if (c === "(") {
      const end = closingParen(src, i);
      unit = sample(src.slice(i + 1, end).replace(/^\?:/, ""));
      i = end + 1;
    } else if (c === "\\") {
      const n = src[i + 1] ?? "";
      unit = ESCAPES[n] ?? n;
      i += 2;
    } else {
      unit = c === "." ? "a" : c;
      i++;
    }
    let times = 1;
    const q = src[i];
    if (q === "{") {
      const end = src.indexOf("}", i);
      const m = /^(\d+)(,(\d*))?$/.exec(src.slice(i + 1, end));
      if (!m) throw new Error("bad quantifier");
      times = Number(m[1]) || (m[2] ? 1 : 0);
      i = end + 1;
    } else if (q === "+" || q === "*" || q === "?") {
      i++;
    }
    out += unit.repeat(times);
  }
  return out;
}
