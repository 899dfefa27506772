/**
 * Server-rendered pages: htm tagged templates over Preact's `h`, rendered to a string. Chosen because it needs no
 * build step (plain .ts, run by tsx like the rest), escapes every interpolated value by default (a stored label or
 * an e-mail cannot inject markup), and gives components and attributes checked as JSX would be.
 */
import { h, type VNode } from "preact";
import htm from "htm";
import { render } from "preact-render-to-string";

export const html = (htm as unknown as { bind(f: typeof h): unknown }).bind(h) as (strings: TemplateStringsArray, ...values: unknown[]) => VNode;

export const toHtml = (node: VNode) => `<!doctype html>\n${render(node)}`;

/** `2026-11-22T17:42:00.000Z` → `2026-11-22 17:42 UTC` (server-rendered: no client time zone). */
export const when = (iso: string | Date | null | undefined) => (iso ? new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "never");
