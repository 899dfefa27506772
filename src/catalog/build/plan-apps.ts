/**
 * Decides which apps the catalog has and which descriptions build each one: one app per product. Enterprise-server
 * variants are dropped (curated list), versions of a service are merged into one app (newest first; an older
 * version adds only operations the newer lacks), and a description whose title and operations repeat another
 * app's is dropped as a duplicate. A curated product view (`paths`: Outlook inside Microsoft Graph) is an app of its
 * own over the operations of its paths, beside the app of the whole API.
 */
import { CURATED_APPS, DROPPED_SOURCES, type CuratedApp } from "../curated.js";
import { compareRank, ruleAppId, versionRank } from "./app-ids.js";
import type { DescriptionMeta } from "./read-descriptions.js";
import { shortHash, slug } from "./text.js";

export interface PlannedApp {
  id: string;
  curated: CuratedApp | null;
  /** Descriptions in merge order; the first gives the app's name, base URL and auth. */
  descriptions: DescriptionMeta[];
}

export interface Plan {
  apps: PlannedApp[];
  skipped: { file: string; reason: string }[];
}

function jaccard(a: string[], b: string[]): number {
  const sa = new Set(a);
  let common = 0;
  const sb = new Set(b);
  for (const x of sa) if (sb.has(x)) common++;
  return common / (sa.size + sb.size - common || 1);
}

/** App ids stay short enough to leave room for a tool's action within 64 characters. */
export const MAX_APP_ID = 40;

export function capId(id: string): string {
  if (id.length <= MAX_APP_ID) return id;
  const head = id.slice(0, MAX_APP_ID - 7).replace(/_[^_]*$/, "").replace(/_+$/, "");
  return `${head}_${shortHash(id)}`;
}

export function planApps(metas: DescriptionMeta[]): Plan {
  const skipped: Plan["skipped"] = [];
  const curatedBySource = new Map<string, CuratedApp>();
  const views = CURATED_APPS.filter((c) => c.paths);
  for (const c of CURATED_APPS) if (!c.paths) for (const s of c.sources) curatedBySource.set(s, c);
  const reserved = new Set(CURATED_APPS.map((c) => c.id));

  const groups = new Map<string, { curated: CuratedApp | null; metas: DescriptionMeta[] }>();
  for (const meta of metas) {
    const dropped = DROPPED_SOURCES.find((d) => d.match.test(meta.source));
    if (dropped) {
      skipped.push({ file: meta.file, reason: dropped.reason.replace(/ \(.*$/, "") });
      continue;
    }
    if (meta.operations === 0) {
      skipped.push({ file: meta.file, reason: "no operations" });
      continue;
    }
    const curated = curatedBySource.get(meta.source) ?? null;
    let id = curated ? curated.id : capId(ruleAppId(meta.provider, meta.service));
    if (!curated && reserved.has(id)) id = `${id}_${slug(meta.provider.split(".").pop() ?? "x")}`;
    const group = groups.get(id) ?? { curated, metas: [] };
    group.metas.push(meta);
    groups.set(id, group);
  }

  const apps: PlannedApp[] = [];
  for (const [id, group] of groups) {
    const ordered = group.curated
      ? [...group.metas].sort((a, b) => group.curated!.sources.indexOf(a.source) - group.curated!.sources.indexOf(b.source))
      : [...group.metas].sort(
          (a, b) =>
            Number(b.preferred) - Number(a.preferred) ||
            compareRank(versionRank(b.service, b.version), versionRank(a.service, a.version)) ||
            b.operations - a.operations ||
            (a.file < b.file ? -1 : 1),
        );
    const primary = ordered[0]!;
    const merged: DescriptionMeta[] = [primary];
    for (const meta of ordered.slice(1)) {
      if (meta.baseUrl === primary.baseUrl) merged.push(meta);
      else {
        // Another server: it cannot share the app's base URL, so it becomes an app of its own.
        const idWords = new Set(id.split("_"));
        const rest = slug(meta.service ?? meta.provider).split("_").filter((w, i, all) => !(idWords.has(w) && all.slice(0, i).every((x) => idWords.has(x))));
        const own = capId(`${id}_${rest.join("_") || "2"}`);
        let unique = own;
        for (let n = 2; groups.has(unique) || apps.some((a) => a.id === unique); n++) unique = `${own}_${n}`;
        apps.push({ id: unique, curated: null, descriptions: [meta] });
      }
    }
    apps.push({ id, curated: group.curated, descriptions: merged });
  }

  for (const view of views) {
    const metas = view.sources.map((s) => groups.get(curatedBySource.get(s)?.id ?? "")?.metas.find((m) => m.source === s));
    if (metas.every((m) => m)) apps.push({ id: view.id, curated: view, descriptions: metas as DescriptionMeta[] });
  }

  // Duplicates across apps: same title and mostly the same operations; keep the preferred / larger / curated one.
  const byTitle = new Map<string, PlannedApp[]>();
  for (const app of apps) {
    const key = app.descriptions[0]!.title.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
    byTitle.set(key, [...(byTitle.get(key) ?? []), app]);
  }
  const dropped = new Set<PlannedApp>();
  for (const list of byTitle.values()) {
    if (list.length < 2) continue;
    const rank = (a: PlannedApp) => [a.curated ? 1 : 0, a.descriptions[0]!.preferred ? 1 : 0, a.descriptions[0]!.operations];
    list.sort((a, b) => compareRank(rank(b), rank(a)) || (a.id < b.id ? -1 : 1));
    for (let i = 1; i < list.length; i++) {
      const app = list[i]!;
      if (app.curated) continue;
      const keeper = list.slice(0, i).find((k) => !dropped.has(k) && jaccard(k.descriptions[0]!.operationKeys, app.descriptions[0]!.operationKeys) >= 0.6);
      if (keeper) {
        dropped.add(app);
        for (const d of app.descriptions) skipped.push({ file: d.file, reason: "duplicate description" });
      }
    }
  }
  const kept = apps.filter((a) => !dropped.has(a)).sort((a, b) => (a.id < b.id ? -1 : 1));
  return { apps: kept, skipped };
}
