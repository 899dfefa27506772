import { sign } from "./sign.js";
import { verify } from "./verify.js";

/** Verify trigger deliveries (and sign test ones). Usable without a client: `import { webhooks } from "@patchbay/sdk"`. */
export const webhooks = { verify, sign };

export type { SignOptions } from "./sign.js";
export type { VerifyOptions } from "./verify.js";
export type { HeaderSource } from "./headers.js";
export type { RawBody } from "./hmac.js";
