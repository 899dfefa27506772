#!/usr/bin/env node
// The `patchbay` command (src/cli/main.ts), run through tsx.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
