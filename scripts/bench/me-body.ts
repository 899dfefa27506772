/** The constant answer of the bare references to GET /api/v1/me, shaped like Patchbay's. */
export const ME_BODY = {
  account: { id: "acc_0123456789abcdefghijklmn", email: "bench@example.com", createdAt: "2026-01-01T00:00:00.000Z" },
  key: { id: "key_0123456789abcdefghijklmn", project: "bench", permissions: ["read", "connect", "run"] },
};
