import type { Handler } from "../dispatch/types.js";
import { Reply } from "../dispatch/types.js";
import { buildServerCard, etagOf } from "../mcp/server-card.js";

/** GET /.well-known/mcp/server-card.json (and /mcp/server-card): cacheable, 304 on a matching If-None-Match. */
export const getMcpServerCard: Handler<"getMcpServerCard"> = async ({ headers }, { services }) => {
  const card = buildServerCard(services.config, (services.document.info as { version: string }).version);
  const etag = etagOf(card);
  const given = (headers as Record<string, string | undefined> | undefined)?.["if-none-match"];
  if (given && given.split(",").map((t) => t.trim().replace(/^W\//, "")).includes(etag)) {
    return new Reply(undefined as never, { status: 304, headers: { ETag: etag } });
  }
  return new Reply(card, { headers: { ETag: etag, "Cache-Control": "public, max-age=300" } });
};
