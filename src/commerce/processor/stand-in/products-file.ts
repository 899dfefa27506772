/**
 * The stand-in processor's products: a JSON file in the data dir (`commerce-products.json`), written with the
 * Patchbay plans on first start and read again whenever the offers are refreshed, so an operator can edit prices,
 * trials or availability without a restart. A malformed file is reported with its path, never guessed around.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Interval, Offer } from "../processor.js";

export const productsFile = (dataDir: string) => join(dataDir, "commerce-products.json");

const plan = (id: string, name: string, description: string, monthly: number, yearly: number): Offer => ({
  id: `prod_${id}`,
  name,
  description,
  active: true,
  prices: [
    { id: `price_${id}_monthly`, amount: monthly, currency: "usd", interval: "month", intervalCount: 1, trialDays: 14, active: true },
    { id: `price_${id}_yearly`, amount: yearly, currency: "usd", interval: "year", intervalCount: 1, trialDays: 14, active: true },
  ],
});

export const DEFAULT_PRODUCTS: Offer[] = [
  plan("patchbay_starter", "Patchbay Starter", "One project: every app in the catalog through one API key, REST and MCP, 10,000 tool runs a month, triggers with signed webhooks.", 1900, 19000),
  plan("patchbay_team", "Patchbay Team", "Up to 10 projects and keys, 100,000 tool runs a month, custom connectors (MCP servers and REST APIs), 30 days of runs and events.", 7900, 79000),
];

const INTERVALS: Interval[] = ["day", "week", "month", "year"];

export class ProductsFileError extends Error {}

export async function readProductsFile(dataDir: string): Promise<Offer[]> {
  const path = productsFile(dataDir);
  let text = await readFile(path, "utf8").catch((err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? null : Promise.reject(err)));
  if (text === null) {
    await mkdir(dirname(path), { recursive: true });
    text = JSON.stringify({ $comment: "Offers of the local test-mode payment processor (no real payments). Edit freely; read again within PATCHBAY_OFFERS_TTL_SECONDS.", products: DEFAULT_PRODUCTS }, null, 2) + "\n";
    await writeFile(path, text, { flag: "wx" }).catch((err: NodeJS.ErrnoException) => (err.code === "EEXIST" ? undefined : Promise.reject(err)));
    text = await readFile(path, "utf8");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ProductsFileError(`${path} is not valid JSON: ${(err as Error).message}`);
  }
  const products = (parsed as { products?: unknown }).products;
  if (!Array.isArray(products)) throw new ProductsFileError(`${path}: expected { "products": [...] }`);
  return products.map((p, i) => checkOffer(p, `${path}: products[${i}]`));
}

function checkOffer(raw: unknown, where: string): Offer {
  const p = raw as Record<string, unknown>;
  const text = (key: string, obj: Record<string, unknown> = p, at = where) => {
    if (typeof obj[key] !== "string" || !(obj[key] as string).trim()) throw new ProductsFileError(`${at}.${key} must be a non-empty string`);
    return obj[key] as string;
  };
  const whole = (key: string, obj: Record<string, unknown>, at: string, min: number) => {
    const v = obj[key] ?? (key === "intervalCount" ? 1 : key === "trialDays" ? 0 : undefined);
    if (!Number.isInteger(v) || (v as number) < min) throw new ProductsFileError(`${at}.${key} must be an integer >= ${min}`);
    return v as number;
  };
  if (!Array.isArray(p.prices)) throw new ProductsFileError(`${where}.prices must be a list`);
  return {
    id: text("id"),
    name: text("name"),
    description: typeof p.description === "string" ? p.description : "",
    active: p.active !== false,
    prices: p.prices.map((raw, j) => {
      const q = raw as Record<string, unknown>;
      const at = `${where}.prices[${j}]`;
      const interval = q.interval as Interval;
      if (!INTERVALS.includes(interval)) throw new ProductsFileError(`${at}.interval must be one of ${INTERVALS.join(", ")}`);
      const currency = text("currency", q, at).toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw new ProductsFileError(`${at}.currency must be an ISO 4217 code`);
      return { id: text("id", q, at), amount: whole("amount", q, at, 0), currency, interval, intervalCount: whole("intervalCount", q, at, 1), trialDays: whole("trialDays", q, at, 0), active: q.active !== false };
    }),
  };
}
