/**
 * Registers a REST API by its description: read and check it (400 with a JSON pointer when it cannot be used),
 * compile its operations with the catalog's compiler, seal the key, store the connector with its tools and the
 * operations it skipped.
 */
import type { Services } from "../services.js";
import { newId } from "../crypto/random.js";
import { connectorAppId } from "./names.js";
import { assertNameFree, createConnector } from "./store/connectors.js";
import { readDescription } from "./rest/read-description.js";
import { restBaseUrl } from "./rest/base-url.js";
import { keyInOf, keyParamOf } from "./rest/key-placement.js";
import { compileRestTools } from "./rest/compile-rest-tools.js";

export interface RestRegistration {
  name: string;
  spec: unknown;
  base?: string;
  key?: string;
  keyIn?: string;
}

export async function registerRest(services: Services, accountId: string, input: RestRegistration) {
  const appId = connectorAppId(input.name);
  await assertNameFree(services.db, accountId, appId);
  const read = readDescription(input.spec);
  const base = await restBaseUrl(read.doc, input.base, services.config.allowPrivateNetwork);
  const keyIn = keyInOf(read.doc, base, input.keyIn);
  const id = newId("cc");
  const { tools, skipped } = compileRestTools(read, { id, appId }, keyParamOf(keyIn));
  return createConnector(
    services.db,
    {
      id,
      accountId,
      kind: "rest",
      name: input.name,
      appId,
      url: base,
      keySealed: input.key ? services.secrets.seal(input.key) : null,
      keyIn,
      spec: JSON.stringify(read.original),
    },
    { tools, skipped, transport: null },
  );
}
