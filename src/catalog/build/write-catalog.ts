/** Streams compiled apps into the on-disk format of ../format.ts, in a temporary directory renamed into place at the end. */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync, existsSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { FILES, FORMAT_VERSION, type Manifest } from "../format.js";
import type { CatalogApp, CatalogTool } from "../types.js";

export class CatalogWriter {
  readonly tmpDir: string;
  private readonly toolsFd: number;
  private readonly schemasFd: number;
  private toolsOffset = 0;
  private schemasOffset = 0;
  private offsets: number[] = [];
  private names: string[] = [];
  readonly apps: CatalogApp[] = [];

  constructor(private readonly outDir: string) {
    this.tmpDir = join(dirname(outDir), `.${basename(outDir)}.tmp-${process.pid}`);
    rmSync(this.tmpDir, { recursive: true, force: true });
    mkdirSync(this.tmpDir, { recursive: true });
    this.toolsFd = openSync(join(this.tmpDir, FILES.tools), "w");
    this.schemasFd = openSync(join(this.tmpDir, FILES.schemas), "w");
  }

  /** Apps must arrive sorted by id, each with its tools sorted by name. */
  add(app: CatalogApp, tools: CatalogTool[]): void {
    this.apps.push(app);
    for (const tool of tools) {
      const { inputSchema, ...record } = tool;
      const line = Buffer.from(`${JSON.stringify(record)}\n`);
      const schema = Buffer.from(`${JSON.stringify(inputSchema)}\n`);
      writeSync(this.toolsFd, line);
      writeSync(this.schemasFd, schema);
      this.offsets.push(this.toolsOffset, line.length - 1, this.schemasOffset, schema.length - 1);
      this.toolsOffset += line.length;
      this.schemasOffset += schema.length;
      this.names.push(tool.name);
    }
  }

  /** Writes the remaining files and moves the catalog into place; extra files (the find index) are written by `extra`. */
  finish(manifest: Omit<Manifest, "formatVersion" | "apps" | "tools">, extra: (dir: string) => void): Manifest {
    closeSync(this.toolsFd);
    closeSync(this.schemasFd);
    if (this.toolsOffset >= 2 ** 32 || this.schemasOffset >= 2 ** 32) throw new Error("catalog files exceed 4 GiB");
    writeFileSync(join(this.tmpDir, FILES.offsets), new Uint8Array(Uint32Array.from(this.offsets).buffer));
    writeFileSync(join(this.tmpDir, FILES.names), this.names.join("\n"));
    writeFileSync(join(this.tmpDir, FILES.apps), JSON.stringify(this.apps));
    extra(this.tmpDir);
    const full: Manifest = { formatVersion: FORMAT_VERSION, ...manifest, apps: this.apps.length, tools: this.names.length };
    // The manifest goes last: a directory without one is an unfinished build.
    writeFileSync(join(this.tmpDir, FILES.manifest), JSON.stringify(full, null, 2));
    const old = `${this.outDir}.old-${process.pid}`;
    if (existsSync(this.outDir)) renameSync(this.outDir, old);
    mkdirSync(dirname(this.outDir), { recursive: true });
    renameSync(this.tmpDir, this.outDir);
    rmSync(old, { recursive: true, force: true });
    return full;
  }

  abort(): void {
    try {
      closeSync(this.toolsFd);
      closeSync(this.schemasFd);
    } catch {}
    rmSync(this.tmpDir, { recursive: true, force: true });
  }
}
