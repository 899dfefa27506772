/**
 * An error of the UCP and ACP operations that the service's closed set of codes does not have (ACP's 422
 * idempotency_conflict, 405 not cancelable, version errors). It is written in the protocol's own shape by
 * protocol-errors.ts, like every other error of those operations.
 */
export class CommerceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { headers?: Record<string, string>; param?: string; supportedVersions?: string[] } = {},
  ) {
    super(message);
    this.name = "CommerceError";
  }
}
