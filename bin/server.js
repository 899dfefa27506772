#!/usr/bin/env node
// Starts the service (src/main.ts): built to JavaScript on the first start and after a source changes (run-built.js).
import { runBuilt } from "./run-built.js";

await runBuilt("src/main.ts");
