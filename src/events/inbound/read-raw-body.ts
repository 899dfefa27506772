/** The request body as bytes, up to a limit (413 beyond it): signatures are computed over the exact bytes sent. */
import type { IncomingMessage } from "node:http";
import { ApiError } from "../../errors.js";

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
  return Buffer.concat(chunks);
}
