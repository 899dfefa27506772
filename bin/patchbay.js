#!/usr/bin/env node
// The `patchbay` command (src/cli/main.ts): built to JavaScript on first use and after a source changes (run-built.js).
import { runBuilt } from "./run-built.js";

await runBuilt("src/cli/main.ts");
