/**
 * A string matching a simple regular expression (literals, classes, `\d`/`\w`, quantifiers), for test values of
 * patterned inputs (`^AC[0-9a-fA-F]{32}$`, `[a-z]{2}[0-9]{1,3}`). Undefined for patterns it cannot read.
 */
export function sampleOfPattern(pattern: string): string | undefined {
  const src = pattern.replace(/^\^/, "").replace(/\$$/, "");
  let out = "";
  let i = 0;
  while (i < src.length) {
    let unit: string;
    const c = src[i]!;
    if (c === "[") {
      const end = src.indexOf("]", i + 1);
      if (end < 0) return undefined;
      const body = src.slice(i + 1, end);
      if (body.startsWith("^")) return undefined;
      unit = body.startsWith("\\") ? ({ d: "1", w: "a", s: " " } as Record<string, string>)[body[1]!] ?? body[1]! : body[0]!;
      i = end + 1;
    } else if (c === "\\") {
      const n = src[i + 1];
      unit = n === "d" ? "1" : n === "w" ? "a" : n === "s" ? " " : (n ?? "");
      i += 2;
    } else if ("()|.".includes(c)) {
      if (c === ".") {
        unit = "a";
        i++;
      } else return undefined;
    } else {
      unit = c;
      i++;
    }
    let times = 1;
    const q = src[i];
    if (q === "{") {
      const end = src.indexOf("}", i);
      const m = /^(\d+)(,(\d*))?$/.exec(src.slice(i + 1, end));
      if (!m) return undefined;
      times = Number(m[1]) || (m[3] ? 1 : 0);
      i = end + 1;
    } else if (q === "+") (times = 1), i++;
    else if (q === "*" || q === "?") (times = q === "*" ? 1 : 1), i++;
    out += unit.repeat(times);
  }
  return out;
}
