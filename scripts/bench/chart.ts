/**
 * The chart: grouped bars (Patchbay vs its reference, requests per second on a log scale, the ratio above each
 * pair) as an SVG written here, rendered to PNG by Debian's Chromium through playwright-core. No chart library.
 * Without /usr/bin/chromium the SVG is written instead, and the caller says so.
 */
import { existsSync, writeFileSync } from "node:fs";
import type { Row } from "./summarize.js";
import { percent } from "./print-table.js";

export const CHROMIUM = "/usr/bin/chromium";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const SHORT: Record<string, string> = { proxy: "proxy", run: "tool run", me: "GET /me", "find-app": "find, app named", "find-no-app": "find, no app", "mcp-find": "MCP find_tools" };
const fmt = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : n.toFixed(0));

export function chartSvg(rows: Row[], title: string, subtitle: string): string {
  const shown = rows.filter((r) => r.patchbay && Number.isFinite(r.patchbay.rps));
  const groupW = 112;
  const left = 70;
  const top = 70;
  const plotH = 330;
  const width = Math.max(1000, left + shown.length * groupW + 30);
  const height = top + plotH + 130;
  const maxRps = Math.max(10, ...shown.flatMap((r) => [r.patchbay!.rps, r.reference?.stats.rps ?? 0]));
  const lo = 1;
  const hi = Math.ceil(Math.log10(maxRps * 1.5));
  const y = (v: number) => top + plotH - ((Math.log10(Math.max(10 ** lo, v)) - lo) / (hi - lo)) * plotH;
  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  parts.push(`<text x="${left}" y="28" font-size="18" font-weight="600">${esc(title)}</text>`);
  parts.push(`<text x="${left}" y="50" font-size="12" fill="#555">${esc(subtitle)}</text>`);
  for (let e = lo; e <= hi; e++) {
    parts.push(`<line x1="${left}" x2="${width - 20}" y1="${y(10 ** e)}" y2="${y(10 ** e)}" stroke="#ddd"/>`);
    parts.push(`<text x="${left - 8}" y="${y(10 ** e) + 4}" font-size="11" text-anchor="end" fill="#555">${fmt(10 ** e)}</text>`);
  }
  parts.push(`<text transform="translate(18 ${top + plotH / 2}) rotate(-90)" font-size="12" text-anchor="middle" fill="#333">requests / s (log scale)</text>`);
  shown.forEach((r, i) => {
    const x0 = left + 10 + i * groupW;
    const barW = 30;
    const bar = (x: number, v: number, color: string) => {
      parts.push(`<rect x="${x}" y="${y(v)}" width="${barW}" height="${top + plotH - y(v)}" fill="${color}"/>`);
      parts.push(`<text x="${x + barW / 2}" y="${y(v) - 4}" font-size="10" text-anchor="middle" fill="#333">${fmt(v)}</text>`);
    };
    bar(x0, r.patchbay!.rps, "#2f6fde");
    if (r.reference) bar(x0 + barW + 4, r.reference.stats.rps, "#9aa3ad");
    const note = r.ratio !== null ? percent(r.ratio) : r.id === "find-no-app" ? `${((r.patchbay!.rps / 1000) * 100).toFixed(0)} % of goal` : "";
    if (r.id === "find-no-app") parts.push(`<line x1="${x0 - 6}" x2="${x0 + 2 * barW + 10}" y1="${y(1000)}" y2="${y(1000)}" stroke="#c0392b" stroke-dasharray="4 3"/>`);
    parts.push(`<text x="${x0 + barW + 2}" y="${top + plotH + 16}" font-size="12" font-weight="600" text-anchor="middle" fill="#c0392b">${esc(note)}</text>`);
    const lines = [SHORT[r.id] ?? r.id, r.setup];
    lines.forEach((l, j) => parts.push(`<text x="${x0 + barW + 2}" y="${top + plotH + 32 + j * 13}" font-size="11" text-anchor="middle" fill="#333">${esc(l)}</text>`));
  });
  const ly = height - 36;
  parts.push(`<rect x="${left}" y="${ly - 10}" width="12" height="12" fill="#2f6fde"/><text x="${left + 18}" y="${ly}" font-size="12">Patchbay</text>`);
  parts.push(`<rect x="${left + 100}" y="${ly - 10}" width="12" height="12" fill="#9aa3ad"/><text x="${left + 118}" y="${ly}" font-size="12">reference: proxy → plain Node proxy · tool run → Patchbay proxy · GET /me → bare openapi-backend · MCP → REST find</text>`);
  parts.push(`<text x="${left}" y="${ly + 22}" font-size="12" fill="#c0392b">red: Patchbay throughput / reference throughput, same rounds (median); dashed line and “% of goal”: the 1,000 rps goal of find with no app named</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif">${parts.join("")}</svg>`;
}

/** Writes `<base>.png` through Chromium; without Chromium, `<base>.svg`. Returns the file written. */
export async function writeChart(svg: string, base: string): Promise<{ file: string; rendered: boolean }> {
  if (!existsSync(CHROMIUM)) {
    writeFileSync(`${base}.svg`, svg);
    return { file: `${base}.svg`, rendered: false };
  }
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${svg}</body></html>`);
    await page.locator("svg").screenshot({ path: `${base}.png` });
  } finally {
    await browser.close();
  }
  return { file: `${base}.png`, rendered: true };
}
