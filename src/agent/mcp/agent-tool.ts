/**
 * A tool that only the agent host's MCP endpoint offers (create_checkout, from src/commerce/): described by its own
 * schemas rather than by a contract operation, and run with the services and the caller's rate-limit identity.
 */
import type { Services } from "../../services.js";

export interface AgentTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  /** `client`: who is calling, as the rate limit counts it (`agent:<directory>`, `ip:<address>` or `key:<id>`). */
  run(args: unknown, ctx: { services: Services; client: string }): Promise<{ structured: Record<string, unknown>; text: string; isError?: boolean }>;
}
