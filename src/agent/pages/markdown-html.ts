/**
 * The Markdown of our own public pages as HTML, so a person sees what an agent reads. Only what those pages use:
 * headings, paragraphs, lists, fenced code, tables, inline code, bold and links. Everything is escaped first.
 */
import { escapeHtml } from "../../connect/pages/page.js";

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => (/^(https?:\/\/|\/)/.test(href) ? `<a href="${href}">${label}</a>` : label));
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));

export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/^---\n[\s\S]*?\n---\n/, "").split("\n");
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      out.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = /^#+/.exec(line)![0].length;
      out.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
      i++;
    } else if (line.startsWith("|")) {
      const rows: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith("|"); i++) if (!/^\|[\s|:-]+\|$/.test(lines[i]!)) rows.push(lines[i]!);
      const [head, ...body] = rows;
      out.push(`<table><tr>${cells(head!).map((c) => `<th>${inline(c)}</th>`).join("")}</tr>${body.map((r) => `<tr>${cells(r).map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`).join("")}</table>`);
    } else if (/^\s*(-|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      for (; i < lines.length && (/^\s*(-|\d+\.) /.test(lines[i]!) || (/^\s{2,}\S/.test(lines[i]!) && items.length)); i++) {
        if (/^\s*(-|\d+\.) /.test(lines[i]!) && !/^\s{3,}/.test(lines[i]!)) items.push(lines[i]!.replace(/^\s*(-|\d+\.) /, ""));
        else items[items.length - 1] += ` ${lines[i]!.trim().replace(/^- /, "")}`;
      }
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.map((it) => `<li>${inline(it)}</li>`).join("")}</${tag}>`);
    } else if (line.trim() === "") {
      i++;
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== "" && !/^(#|```|\||\s*(-|\d+\.) )/.test(lines[i]!); i++) para.push(lines[i]!.replace(/^> ?/, ""));
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}
