/** A call to a provider's API through the account's connection, for registering and removing webhooks. */
import type { Services } from "../../services.js";
import { ApiError } from "../../errors.js";
import { effectiveApp } from "../../domain/app-settings.js";
import { callApp, type AppAnswer, type AppCall } from "../../calls/call-app.js";

export async function callProvider(services: Services, accountId: string, appId: string, call: AppCall, doing: string): Promise<AppAnswer> {
  const app = services.catalog.getApp(appId);
  if (!app) throw new ApiError("not_found", `No app '${appId}' in the catalog.`);
  const answer = await callApp(services, accountId, await effectiveApp(services.db, services.secrets, app), call);
  if (answer.status >= 200 && answer.status < 300) return answer;
  const body = answer.body as { message?: unknown; error?: { message?: unknown } } | null;
  const detail = typeof body?.message === "string" ? body.message : typeof body?.error?.message === "string" ? body.error.message : "";
  throw new ApiError("upstream_error", `${app.name} refused to ${doing} (HTTP ${answer.status}${detail ? `: ${detail.slice(0, 200)}` : ""}).`, { upstreamStatus: answer.status });
}
