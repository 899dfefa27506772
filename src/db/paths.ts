import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** The repository's root, from this file's place in it. */
export const rootDir = fileURLToPath(new URL("../../", import.meta.url));

export const schemaPath = (provider: "sqlite" | "postgresql") =>
  provider === "sqlite" ? join(rootDir, "prisma/schema.prisma") : join(rootDir, "prisma/postgresql/schema.prisma");

export const migrationsDir = (provider: "sqlite" | "postgresql") => join(rootDir, "prisma/migrations", provider);
