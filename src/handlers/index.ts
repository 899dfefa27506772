/**
 * The handler of every operation of the contract, by operationId. The type makes the map complete; a test checks
 * that its keys are exactly the contract's operations.
 */
import type { HandlerMap } from "../dispatch/types.js";
import { getApp, listApps } from "./apps.js";
import { listCatalog } from "./catalog.js";
import { getMe } from "./me.js";
import { notImplemented } from "./not-implemented.js";
import { getHealth, getOpenApiDocument } from "./service.js";
import { getMcpServerCard } from "./server-card.js";
import { connectApp } from "./connect.js";
import { listRuns, requestApp, runTool } from "./calls.js";
import { deleteConnection, listConnections } from "./connections.js";
import { findTools, getTool, listTools } from "./tools.js";
import { createTrigger, deleteTrigger, listTriggers, listTriggerTypes } from "./triggers.js";
import { listEvents } from "./events.js";

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
  listCustomConnectors: notImplemented("listCustomConnectors"),
  createCustomConnector: notImplemented("createCustomConnector"),
  deleteCustomConnector: notImplemented("deleteCustomConnector"),
  // Triggers and events
  listTriggerTypes,
  createTrigger,
  listTriggers,
  deleteTrigger,
  listEvents,
  // Runs and the account
  listRuns,
  getMe,
  // Service
  getHealth,
  getOpenApiDocument,
  // Agent host
  getAgentSite: notImplemented("getAgentSite"),
  searchAgentContent: notImplemented("searchAgentContent"),
  readAgentContent: notImplemented("readAgentContent"),
  getLlmsTxt: notImplemented("getLlmsTxt"),
  getApiCatalog: notImplemented("getApiCatalog"),
  getMcpServerCard,
  getSignaturesDirectory: notImplemented("getSignaturesDirectory"),
  getUcpProfile: notImplemented("getUcpProfile"),
  getAcpDiscovery: notImplemented("getAcpDiscovery"),
  getBuyProductsSkill: notImplemented("getBuyProductsSkill"),
  // Commerce
  listCommerceProducts: notImplemented("listCommerceProducts"),
  createUcpCheckoutSession: notImplemented("createUcpCheckoutSession"),
  getUcpCheckoutSession: notImplemented("getUcpCheckoutSession"),
  completeUcpCheckoutSession: notImplemented("completeUcpCheckoutSession"),
  cancelUcpCheckoutSession: notImplemented("cancelUcpCheckoutSession"),
  createAcpCheckoutSession: notImplemented("createAcpCheckoutSession"),
  getAcpCheckoutSession: notImplemented("getAcpCheckoutSession"),
  completeAcpCheckoutSession: notImplemented("completeAcpCheckoutSession"),
  cancelAcpCheckoutSession: notImplemented("cancelAcpCheckoutSession"),
};
