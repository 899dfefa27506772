#!/usr/bin/env node
// Starts the service (src/main.ts) through tsx, which runs the TypeScript sources and the generated Prisma client.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
