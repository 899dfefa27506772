import { join } from "node:path";
import { rootDir } from "../../src/db/paths.js";

/** The catalog every test server uses, built once by the global setup. */
export const testCatalogDir = process.env.PATCHBAY_CATALOG_DIR || join(rootDir, "node_modules/.cache/patchbay-catalog");
