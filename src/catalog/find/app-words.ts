/**
 * Data for recognising apps in a task: the short names people type for an app, the product words that imply one
 * when no app is named ("pull request" → GitHub, "tweet" → Twitter), and well-known apps that are not in the catalog
 * (to say so instead of answering with another app's tools). Names of apps that are not in the catalog are ignored
 * (app ids are checked when the detector is made), so this list can stay ahead of the catalog.
 */

/** Other names for catalog apps: shortenings, product names inside a platform, old names (lower case). */
export const SHORT_NAMES: Record<string, string[]> = {
  github: ["gh", "git hub"],
  gitlab: ["gl"],
  gmail: ["google mail", "gmail inbox"],
  googlecalendar: ["gcal", "google cal", "google agenda", "gcalendar", "g calendar"],
  googledrive: ["gdrive", "g drive", "drive"],
  googlesheets: ["gsheet", "gsheets", "google sheet", "google spreadsheet", "google spreadsheets", "sheets"],
  googledocs: ["gdoc", "gdocs", "google doc", "google document"],
  googletasks: ["google task", "google to do", "google todo"],
  google_people: ["google contacts", "google contact", "gcontacts"],
  googleforms: ["google form", "gform", "gforms"],
  google_keep: ["keep notes"],
  google_chat: ["hangouts chat", "gchat"],
  youtube: ["yt", "you tube"],
  // Microsoft's products are apps of their own over Microsoft Graph; the suite's names stay with Graph.
  microsoft_graph: ["o365", "m365", "office365", "microsoft365", "ms365", "office 365", "microsoft 365", "microsoft to do", "ms to do", "microsoft todo", "ms graph", "msgraph", "msft graph"],
  outlook: ["outlook", "outlook mail", "outlook calendar", "hotmail", "exchange online"],
  one_drive: ["onedrive", "one drive"],
  microsoft_teams: ["teams", "ms teams", "msft teams", "microsoft teams"],
  share_point: ["sharepoint", "share point"],
  twitter: ["x.com", "tweeter"],
  digitalocean: ["do", "digital ocean"],
  openai: ["chatgpt", "gpt", "dall-e", "dalle", "whisper", "open ai"],
  hubspot: ["hubspot crm"],
  jira: ["jira cloud", "atlassian jira"],
  docusign: ["docu sign"],
  sendgrid: ["send grid"],
  mailchimp: ["mail chimp"],
  whatsapp: ["whats app", "wa"],
  victorops: ["splunk on-call", "splunk oncall", "victor ops"],
  docker_hub: ["dockerhub", "docker hub"],
  nexmo_sms: ["vonage sms", "nexmo"],
  ebay_buy_browse: ["ebay"],
  lyft: [],
  nytimes_top_stories: ["new york times", "nytimes", "nyt"],
};

/** Short names that are also common words: they name the app only in an app's place ("on DO", "in teams"). */
export const AMBIGUOUS_SHORT = new Set(["do", "drive", "sheets", "teams", "keep notes", "gl", "wa", "gpt", "whisper", "outlook", "exchange online"]);

/**
 * Words and phrases of a product, which imply its app when the task names none (weighted: 1 the product's own word,
 * 0.5 a word other apps use too). Phrases are lower case, words as typed (matched after the task's values are set
 * aside).
 */
export const PRODUCT_WORDS: Record<string, [string, number][]> = {
  "pull request": [["github", 1]],
  "pull requests": [["github", 1]],
  pr: [["github", 1]],
  prs: [["github", 1]],
  gist: [["github", 1]],
  repo: [["github", 0.6]],
  repository: [["github", 0.5]],
  "github actions": [["github", 1]],
  workflow: [["github", 0.3]],
  "merge request": [["gitlab", 1]],
  "merge requests": [["gitlab", 1]],
  mr: [["gitlab", 1]],
  tweet: [["twitter", 1]],
  tweets: [["twitter", 1]],
  retweet: [["twitter", 1]],
  toot: [["mastodon", 1]],
  toots: [["mastodon", 1]],
  fediverse: [["mastodon", 1]],
  droplet: [["digitalocean", 1]],
  droplets: [["digitalocean", 1]],
  playlist: [["spotify", 0.8]],
  "queue up": [["spotify", 0.8]],
  song: [["spotify", 0.6]],
  track: [["spotify", 0.3]],
  dm: [["slack", 0.8]],
  channel: [["slack", 0.4]],
  thread: [["slack", 0.3], ["gmail", 0.3]],
  standup: [["slack", 0.3], ["zoom", 0.3]],
  inbox: [["gmail", 0.6]],
  email: [["gmail", 0.5]],
  label: [["gmail", 0.2]],
  spreadsheet: [["googlesheets", 0.6]],
  "calendar event": [["googlecalendar", 0.8]],
  calendar: [["googlecalendar", 0.6]],
  meeting: [["zoom", 0.4], ["googlecalendar", 0.3]],
  sprint: [["jira", 0.6]],
  "sub-task": [["jira", 0.8]],
  subtask: [["jira", 0.6]],
  epic: [["jira", 0.6]],
  ticket: [["jira", 0.5]],
  worklog: [["jira", 1]],
  card: [["trello", 0.5]],
  board: [["trello", 0.5]],
  envelope: [["docusign", 0.8]],
  audience: [["mailchimp", 0.8]],
  "dall-e": [["openai", 1]],
  incident: [["victorops", 0.6]],
  paged: [["victorops", 0.8]],
  "on call": [["victorops", 0.8]],
  "on-call": [["victorops", 0.8]],
  database: [["notion", 0.4]],
  "notion page": [["notion", 1]],
  sms: [["twilio", 0.6]],
  text: [["twilio", 0.3]],
  invoice: [["stripe", 0.4]],
  customer: [["stripe", 0.3]],
  refund: [["stripe", 0.4]],
  subscription: [["stripe", 0.3]],
  "payment link": [["stripe", 0.8]],
  charge: [["stripe", 0.5]],
  payout: [["stripe", 0.6]],
};

/**
 * Well-known apps that are not in the catalog (unless a catalog app has the same id or name, which wins). When a
 * task names one, find says so in a notice and answers with the nearest apps of the catalog.
 */
export const KNOWN_ELSEWHERE: string[] = [
  "Airtable", "Asana", "Basecamp", "BambooHR", "Bitly", "Brex", "Calendly", "Canva", "ClickUp", "Coda", "Confluence",
  "Discord", "Dropbox", "Evernote", "Facebook", "Figma", "Freshdesk", "Freshsales", "Gong", "Greenhouse",
  "Gusto", "Harvest", "Help Scout", "HubSpot", "Intercom", "Jotform", "Klaviyo", "Lattice", "LinkedIn", "Linear", "Loom",
  "Mailgun", "Marketo", "Miro", "Mixpanel", "Monday.com", "Notion", "Okta", "OneNote", "Outreach", "PagerDuty",
  "Pipedrive", "QuickBooks", "Quickbooks Online", "Reddit", "Salesforce", "ServiceNow", "Shopify", "Smartsheet", "Snowflake",
  "Substack", "SurveyMonkey", "TikTok", "Todoist", "Twitch", "Typeform", "Webex", "Webflow", "WooCommerce", "Wrike",
  "Zapier", "Zendesk", "Zoho", "Zoho CRM", "Gorgias", "Attio", "Close CRM", "Freshservice", "Jira Service Management",
  "Amplitude", "Hotjar", "Posthog", "Sentry", "Datadog", "New Relic", "Grafana", "Opsgenie",
  "Workday", "Rippling", "Deel", "Xendit", "Paddle", "Chargebee", "Recurly", "FreshBooks",
  "NetSuite", "Expensify", "Bill.com", "Gumroad", "Etsy", "Amazon Seller", "BigCommerce", "Magento", "Squarespace",
  "Wix", "WordPress", "Contentful", "Strapi", "Webhooks.site", "Pinterest", "Snapchat",
  "Bluesky", "WeChat", "Viber", "Skype", "Google Meet", "Zoho Mail", "ProtonMail", "Fastmail",
  "iCloud", "Apple Notes", "Apple Reminders", "TickTick", "Obsidian", "Roam", "Dropbox Sign",
  "HelloSign", "PandaDoc", "Adobe Sign", "Adobe Acrobat", "Lucidchart", "Whimsical", "Teamwork",
  "YouTrack", "Pivotal Tracker", "Bugsnag", "Rollbar", "Heroku", "Fly.io",
  "Supabase", "Firebase", "MongoDB Atlas", "PlanetScale", "Cloudflare", "Fastly", "Akamai", "Algolia",
  "Mailerlite", "ConvertKit", "ActiveCampaign", "Constant Contact", "Brevo", "Sendinblue", "Customer.io",
  "Tawk.to", "LiveChat", "Zoho Desk", "Kustomer", "Aircall", "RingCentral", "Dialpad", "Vonage Business",
  "DoorDash", "Instacart", "Airbnb", "Booking.com", "Expedia", "Strava", "Fitbit", "Garmin", "Peloton",
  "Venmo", "PayPal", "Cash App", "Revolut", "Coinbase", "Binance", "Robinhood", "Kraken", "Tidal", "Deezer",
  "SoundCloud", "Apple Music", "Audible", "Goodreads", "Letterboxd", "Netflix", "Hulu",
];
