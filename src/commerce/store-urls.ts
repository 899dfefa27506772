/** The buyer's pages on the agent host: the start page behind continue_url, the receipt, the terms. */
export const continueUrl = (agentUrl: string, id: string) => `${agentUrl}/store/checkout/${id}`;
export const receiptUrl = (agentUrl: string, id: string) => `${agentUrl}/store/checkout/${id}/receipt`;
export const termsUrl = (agentUrl: string) => `${agentUrl}/store/terms`;
