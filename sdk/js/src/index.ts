/**
 * @patchbay/sdk: the JavaScript client of Patchbay (Node 18+, Deno, Bun, Workers, browsers; no dependencies).
 * Built on the client generated from the contract; its record types are re-exported here.
 */
export { Patchbay, VERSION, type PatchbayOptions } from "./patchbay.js";
export { PatchbayError, type PatchbayErrorCode } from "./errors.js";
export type { Page } from "./call.js";
export { webhooks, type SignOptions, type VerifyOptions, type HeaderSource, type RawBody } from "./webhooks/index.js";
export type {
  AnthropicToolDefinition,
  OpenAIToolDefinition,
  ObjectSchema,
  ToolDefinition,
  ToolDefinitionFormat,
} from "./tool-definitions.js";
export type { DefinitionOptions, ToolDefinitions } from "./resources/tools.js";
export type {
  ApiAccount as Account,
  ApiApp as App,
  ApiAppWithStatus as AppWithStatus,
  ApiAppDetail as AppDetail,
  ApiAppRequest as AppRequest,
  ApiAppResponse as AppResponse,
  ApiConnectLink as ConnectLink,
  ApiConnection as Connection,
  ApiCustomConnector as CustomConnector,
  ApiEvent as Event,
  ApiRun as Run,
  ApiRunResult as RunResult,
  ApiTool as Tool,
  ApiToolMatch as ToolMatch,
  ApiTrigger as Trigger,
  ApiTriggerCreated as TriggerCreated,
  ApiTriggerType as TriggerType,
  Deleted,
  ErrorCode,
  ErrorResponse,
} from "../../../generated/client/index.js";
