/**
 * The request body as bytes, up to a limit (413 beyond it): signatures are computed over the exact bytes sent.
 * It is also held to the API's JSON nesting limit (400 beyond it) whatever its Content-Type: providers' bodies are
 * parsed as JSON whatever they declare, and a text body nested 64 brackets deep is no webhook.
 */
import type { IncomingMessage } from "node:http";
import { ApiError } from "../../errors.js";
import { checkJsonDepth } from "../../http/json-depth.js";

export const MAX_INBOUND_BYTES = 1024 * 1024;

export async function readRawBody(req: IncomingMessage, limit = MAX_INBOUND_BYTES): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw new ApiError("payload_too_large", `The request body is larger than ${limit / 1024 / 1024} MB.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ApiError("payload_too_large", `The request body is larger than ${limit / 1024 / 1024} MB.`);
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  checkJsonDepth(body);
  return body;
}
