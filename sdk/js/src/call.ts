/**
 * Turns the generated client's `{ data, error, response }` into a value or a thrown `PatchbayError`, and list
 * answers into a `Page` carrying the next cursor.
 */
import type { ErrorResponse } from "../../../generated/client/index.js";
import { PatchbayError } from "./errors.js";

/** An array of records with the cursor of the next page (`null` on the last page). */
export type Page<T> = T[] & { readonly nextCursor: string | null };

interface Result<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/** The data of a successful answer; throws `PatchbayError` for anything else. */
export async function call<T>(pending: Promise<Result<T>>): Promise<T> {
  return unwrap(await pending);
}

/** Like `call`, for list operations: the array, with `nextCursor` from the `Patchbay-Next-Cursor` header. */
export async function callPage<T>(pending: Promise<Result<T[]>>): Promise<Page<T>> {
  const result = await pending;
  const items = unwrap(result);
  Object.defineProperty(items, "nextCursor", { value: result.response!.headers.get("patchbay-next-cursor"), enumerable: false });
  return items as Page<T>;
}

function unwrap<T>({ data, error, response }: Result<T>): T {
  if (!response) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PatchbayError("network_error", `The request did not reach Patchbay: ${reason}`, { cause: error });
  }
  if (!response.ok) throw errorOf(response, error);
  return data as T;
}

/** Every record of a paged list, following the cursors. */
export async function collect<T>(list: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(cursor);
    all.push(...page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

function errorOf(response: Response, body: unknown): PatchbayError {
  const requestId = response.headers.get("x-request-id") ?? undefined;
  const error = (body as Partial<ErrorResponse> | undefined)?.error;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    return new PatchbayError(error.code, error.message, {
      status: response.status,
      requestId: error.requestId ?? requestId,
      upstreamStatus: error.upstreamStatus,
    });
  }
  const text = typeof body === "string" ? body.slice(0, 200) : "";
  return new PatchbayError("unexpected_response", `Unexpected answer: HTTP ${response.status}${text ? ` ${text}` : ""}`, {
    status: response.status,
    requestId,
  });
}
