/** Builds the catalog once for the whole run (kept in node_modules/.cache between runs, rebuilt when stale). */
import { testCatalogDir } from "./helpers/catalog-dir.js";
import { ensureCatalog } from "../src/catalog/index.js";

export default async function setup() {
  await ensureCatalog(testCatalogDir);
}
