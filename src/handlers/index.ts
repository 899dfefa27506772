/**
 * The handler of every operation of the contract, by operationId. The type makes the map complete; a test checks
 * that its keys are exactly the contract's operations.
 */
import type { HandlerMap } from "../dispatch/types.js";
import { getApp, listApps } from "./apps.js";
import { listCatalog } from "./catalog.js";
import { getMe } from "./me.js";
import { getHealth, getOpenApiDocument } from "./service.js";
import { getMcpServerCard } from "./server-card.js";
import { connectApp } from "./connect.js";
import { listRuns, requestApp, runTool } from "./calls.js";
import { deleteConnection, listConnections } from "./connections.js";
import { findTools, getTool, listTools } from "./tools.js";
import { createTrigger, deleteTrigger, listTriggers, listTriggerTypes, updateTrigger } from "./triggers.js";
import { listEvents, redeliverEvent } from "./events.js";
import { signIn, signOut, signUp } from "../web/actions/accounts.js";
import { createWebKey, revokeWebKey } from "../web/actions/keys.js";
import { connectWebApp, disconnectWebConnection } from "../web/actions/connections.js";
import { sendWebTestEvent } from "../web/actions/test-event.js";
import { getAcpDiscovery, getAgentSite, getApiCatalog, getBuyProductsSkill, getLlmsTxt, getSignaturesDirectory, getUcpProfile, readAgentContent, searchAgentContent } from "./agent.js";
import {
  cancelAcpCheckoutSession,
  cancelUcpCheckoutSession,
  completeAcpCheckoutSession,
  completeUcpCheckoutSession,
  createAcpCheckoutSession,
  createUcpCheckoutSession,
  getAcpCheckoutSession,
  getUcpCheckoutSession,
  listCommerceProducts,
  updateAcpCheckoutSession,
  updateUcpCheckoutSession,
} from "./commerce.js";
import { createCustomConnector, deleteCustomConnector, listCustomConnectors, refreshCustomConnector } from "./custom-connectors.js";

export const handlers: HandlerMap = {
  // Apps and the catalog
  listCatalog,
  listApps,
  getApp,
  connectApp,
  requestApp,
  // Connections
  listConnections,
  deleteConnection,
  // Tools
  listTools,
  findTools,
  getTool,
  runTool,
  // Custom connectors
  listCustomConnectors,
  createCustomConnector,
  deleteCustomConnector,
  refreshCustomConnector,
  // Triggers and events
  listTriggerTypes,
  createTrigger,
  listTriggers,
  updateTrigger,
  deleteTrigger,
  listEvents,
  redeliverEvent,
  // Runs and the account
  listRuns,
  getMe,
  // Service
  getHealth,
  getOpenApiDocument,
  // Agent host
  getAgentSite,
  searchAgentContent,
  readAgentContent,
  getLlmsTxt,
  getApiCatalog,
  getMcpServerCard,
  getSignaturesDirectory,
  getUcpProfile,
  getAcpDiscovery,
  getBuyProductsSkill,
  // Commerce
  listCommerceProducts,
  createUcpCheckoutSession,
  getUcpCheckoutSession,
  updateUcpCheckoutSession,
  completeUcpCheckoutSession,
  cancelUcpCheckoutSession,
  createAcpCheckoutSession,
  updateAcpCheckoutSession,
  getAcpCheckoutSession,
  completeAcpCheckoutSession,
  cancelAcpCheckoutSession,
  // Web pages' actions (session cookie + CSRF; src/web/web-door.ts)
  signUp,
  signIn,
  signOut,
  createWebKey,
  revokeWebKey,
  connectWebApp,
  disconnectWebConnection,
  sendWebTestEvent,
};
