/**
 * The runtime-matrix smoke program (scripts/sdk-matrix.ts): the built client, against a live server, in whatever
 * runtime imports this file (Node 18/20/22, Bun, Deno, Chromium). Plain JavaScript with no imports, so every
 * runtime loads it as is. Resolves to the names of the checks that passed; rejects at the first that fails.
 */
export async function smoke(sdk, { baseUrl, apiKey }) {
  const { Patchbay, PatchbayError, webhooks } = sdk;
  const passed = [];
  const check = async (name, fn) => {
    try {
      await fn();
    } catch (error) {
      throw new Error(`${name}: ${error && error.stack ? error.stack : error}`);
    }
    passed.push(name);
  };
  const assert = (cond, message) => {
    if (!cond) throw new Error(message);
  };
  const patchbay = new Patchbay({ apiKey, baseUrl });

  await check("me", async () => {
    const me = await patchbay.me();
    assert(me.id.startsWith("acct_"), `unexpected account ${JSON.stringify(me)}`);
  });
  await check("catalog page", async () => {
    const page = await new Patchbay({ baseUrl }).catalog.list({ limit: 2 });
    assert(page.length === 2 && typeof page.nextCursor === "string", "expected 2 apps and a next cursor");
    assert(!Object.keys(page).includes("nextCursor"), "nextCursor should not be enumerable");
  });
  await check("tools.find", async () => {
    const { tools } = await patchbay.tools.find("create an issue on github", { app: "github", limit: 3 });
    assert(tools.length > 0 && tools[0].name.startsWith("GITHUB_"), "expected GitHub tools");
  });
  await check("tools.definitions", async () => {
    const defs = await patchbay.tools.definitions({ app: "github", format: "anthropic" });
    assert(defs.length > 200 && defs[0].input_schema.type === "object", "expected every GitHub tool, paged");
  });
  await check("error", async () => {
    try {
      await new Patchbay({ apiKey: "patchbay_sk_wrong", baseUrl }).me();
    } catch (error) {
      assert(error instanceof PatchbayError, "expected a PatchbayError");
      assert(error.code === "unauthorized" && error.status === 401 && error.requestId, `got ${error.code} ${error.status}`);
      return;
    }
    throw new Error("a bad key was accepted");
  });
  await check("webhooks", async () => {
    const body = JSON.stringify({ id: "evt_1", type: "webhook", payload: { n: 1 } });
    const headers = await webhooks.sign(body, "whsec_smoke");
    const event = await webhooks.verify(body, headers, "whsec_smoke");
    assert(event.id === "evt_1", "verify should return the event");
    const rejected = await webhooks.verify(body.replace("1", "2"), headers, "whsec_smoke").then(() => false, (e) => e.code === "invalid_signature");
    assert(rejected, "a tampered body was accepted");
  });
  return passed;
}
