import { beforeAll, describe, expect, it } from "vitest";
import type { DiskCatalog } from "../../src/catalog/index.js";
import { KNOWN_ELSEWHERE } from "../../src/catalog/find/app-words.js";
import { BUILD_TIMEOUT_MS, builtCatalog } from "./built-catalog.js";

let catalog: DiskCatalog;
beforeAll(async () => {
  catalog = await builtCatalog();
}, BUILD_TIMEOUT_MS);

const top = (task: string, opts = {}) => catalog.findTools(task, { limit: 5, ...opts });
const ops = (task: string, opts = {}) => top(task, opts).map((m) => `${m.tool.app} ${m.tool.http.method} ${m.tool.http.path}`);

describe("tools.find", () => {
  it("finds the operation a plain task asks for, in the app it names", () => {
    expect(ops("create an issue about the broken login page on GitHub")[0]).toBe("github POST /repos/{owner}/{repo}/issues");
    expect(ops("post a message in the #general Slack channel")[0]).toBe("slack POST /chat.postMessage");
    expect(ops("delete the event from my Google Calendar")[0]).toBe("googlecalendar DELETE /calendars/{calendarId}/events/{eventId}");
    expect(ops("list my Stripe customers")[0]).toBe("stripe GET /v1/customers");
  });

  it("keeps to the app named in the task", () => {
    for (const m of top("merge the pull request on GitHub")) expect(m.tool.app).toBe("github");
    expect(top("merge the pull request on GitHub")[0]!.reasons[0]).toMatch(/app named in task: github/);
  });

  it("counts a brand that is a common word only when it is capitalised", () => {
    expect(top("upload a file to Box").every((m) => m.tool.app === "box")).toBe(true);
    expect(top("put the invoice in a box and ship it").some((m) => m.tool.app === "box" && m.reasons.some((r) => r.startsWith("app named")))).toBe(false);
  });

  it("filters by the app option and returns nothing for an unknown app", () => {
    expect(top("send a message", { app: "telegram" }).every((m) => m.tool.app === "telegram")).toBe(true);
    expect(top("send a message", { app: "no_such_app" })).toEqual([]);
  });

  it("ranks connected apps first when no app is named", () => {
    const first = top("send a text message to a phone number", { connectedApps: ["twilio"] })[0]!;
    expect(first.tool.app).toMatch(/^twilio/);
    expect(first.reasons).toContain("connected app: twilio");
  });

  it("returns full tools with a score and reasons, best first, within the limit", () => {
    const matches = catalog.findTools("archive a Slack channel", { limit: 3 });
    expect(matches.length).toBe(3);
    expect(matches[0]!.tool.inputSchema.type).toBe("object");
    expect(matches[0]!.reasons.length).toBeGreaterThan(0);
    expect(matches[0]!.score).toBeGreaterThanOrEqual(matches[1]!.score);
  });

  it("recognises app names in lower case where an app stands, short names and typos", () => {
    expect(top("send a message in slack")[0]!.tool.app).toBe("slack");
    expect(top("create a zoom meeting for 3pm")[0]!.tool.app).toBe("zoom");
    expect(top("list the branches of my gh repo")[0]!.tool.app).toBe("github");
    const typo = top("mark the newsletters as read in gmial")[0]!;
    expect(typo.tool.app).toBe("gmail");
    expect(typo.reasons[0]).toMatch(/read as "gmail"/);
    expect(top("create a jria ticket for the broken checkout button")[0]!.tool.app).toBe("jira");
    // An everyday word is not an app outside an app's place.
    expect(top("put the invoice in a box and ship it").some((m) => m.reasons.some((r) => r.startsWith("app named")))).toBe(false);
  });

  it("reads values as values: a repo slug, an e-mail or a quoted title names no app", () => {
    const found = top("file a bug in kubernetes/kubernetes titled 'kubelet crashloop on arm64'");
    expect(found[0]!.reasons.some((r) => r.includes("kubernetes"))).toBe(false);
    expect(ops("open a PR to merge feature/payments-v2 into develop")[0]).toBe("github POST /repos/{owner}/{repo}/pulls");
  });

  it("uses product words to imply the app when none is named", () => {
    expect(ops("retweet the post from nasa about the launch")[0]).toMatch(/^twitter POST /);
    expect(top("spin up a 2gb droplet in fra1 with ubuntu")[0]!.tool.app).toBe("digitalocean");
  });

  it("says when the task names an app that is not in the catalog, with the nearest apps", () => {
    // A well-known app the catalog does not have (yet): the first of the list that is not in it.
    const absent = KNOWN_ELSEWHERE.find((name) => /^[A-Za-z]+$/.test(name) && !catalog.getApp(name.toLowerCase()) && catalog.listApps({ search: name, limit: 1 }).items.length === 0)!;
    const answer = catalog.findToolsWithNotice(`make a ${absent.toLowerCase()} issue for the login bug`, { limit: 5 });
    expect(answer.notice).toMatchObject({ code: "app_not_in_catalog", app: absent });
    expect(answer.notice!.nearestApps.length).toBeGreaterThan(0);
    expect(answer.matches.length).toBeGreaterThan(0);
    expect(catalog.findToolsWithNotice("create an issue on GitHub", { limit: 5 }).notice).toBeNull();
  });

  it("takes a name the catalog has never seen, where an app stands, for an app it does not have", () => {
    expect(catalog.findToolsWithNotice("create a Frobly ticket for the checkout bug", { limit: 5 }).notice).toMatchObject({ app: "Frobly" });
    expect(catalog.findToolsWithNotice("book a slot for me in frobly next week", { limit: 5 }).notice).toMatchObject({ app: "Frobly" });
    // Ordinary words and people in the same places are not apps.
    expect(catalog.findToolsWithNotice("send the summary to Priya in spanish", { limit: 5 }).notice).toBeNull();
    expect(catalog.findToolsWithNotice("put the figures in the quarterly report", { limit: 5 }).notice).toBeNull();
  });

  it("folds the same operation by another path into one match with its variants", () => {
    const found = catalog.findToolsWithNotice("list the messages in my outlook inbox", { limit: 10 }).matches;
    const keys = found.map((m) => `${m.tool.http.method} ${m.tool.http.path.replace(/^\/users\/\{[^}]+\}/, "/me")}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(found.some((m) => (m.variants ?? []).length > 0)).toBe(true);
  });

  it("answers a task with no usable words with an empty list, not an error", () => {
    expect(catalog.findTools("", {})).toEqual([]);
    expect(catalog.findTools("the and of", {})).toEqual([]);
  });
});

describe("tools.find's learned weights (scripts/find-train.ts)", () => {
  it("loads find-weights.json over the hand-set weights", async () => {
    const { WEIGHTS, HAND_WEIGHTS, FEATURES } = await import("../../src/catalog/find/find-tools.js");
    const { readFileSync } = await import("node:fs");
    const file = JSON.parse(readFileSync(new URL("../../src/catalog/find/find-weights.json", import.meta.url), "utf8")) as { version: number; weights: Record<string, number> };
    expect(file.version).toBe(1);
    expect(Object.keys(file.weights).sort()).toEqual([...FEATURES].sort());
    for (const k of FEATURES) expect(WEIGHTS[k]).toBe(file.weights[k] ?? HAND_WEIGHTS[k]);
  });

  it("scores every candidate as the weighted sum of the signals the trainer reads", async () => {
    const { createAnswerFinder, FEATURES, WEIGHTS } = await import("../../src/catalog/find/find-tools.js");
    const { readSearchIndex } = await import("../../src/catalog/find/search-index.js");
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const find = createAnswerFinder(readSearchIndex(catalog.dir), JSON.parse(readFileSync(join(catalog.dir, "apps.json"), "utf8")), (i) => catalog.toolAt(i));
    for (const task of ["create an issue about the broken login page on GitHub", "send an sms with twilio", "open a pull request"]) {
      const best = find(task, { limit: 1 }).matches[0]!;
      const cands = find.candidates(task);
      expect(cands.length).toBeGreaterThan(0);
      const dot = (f: Float64Array) => FEATURES.reduce((x, k, i) => x + WEIGHTS[k] * f[i]!, 0);
      const top = Math.max(...cands.map((c) => dot(c.features)));
      expect(Math.round(top * 1000) / 1000, task).toBeCloseTo(best.score, 3);
      expect(cands.some((c) => catalog.toolAt(c.doc).name === best.tool.name), task).toBe(true);
    }
  });
});

describe("tools.find reads requests however they are put", () => {
  it("a request asked as a question, an emphatic order, a wish in the passive", () => {
    expect(ops("how do I create an issue in github?")[0]).toBe("github POST /repos/{owner}/{repo}/issues");
    expect(ops("is it possible to delete a repo on github?")[0]).toBe("github DELETE /repos/{owner}/{repo}");
    expect(ops("gitlab do get of issue")[0]).toMatch(/^gitlab GET .*issues\/\{issue_iid\}$/);
    expect(top("please I want that the report.pdf is removed from my dropbox")[0]!.reasons.join(" ")).toMatch(/action: delete/);
  });

  it("reads a method's word in an RPC-style name as the operation's verb", () => {
    const first = top("delete the message in slack")[0]!;
    expect(first.reasons.join(" ")).toMatch(/action: delete/);
    expect(ops("delete the message in slack").slice(0, 2)).toContain("slack POST /chat.delete");
  });

  it("names the app by a label, a typo before the verb, 'for' at the end, a short name; never a small word as a typo", () => {
    expect(top("slack: get information about a reminder")[0]!.tool.app).toBe("slack");
    expect(top("slak search for messages mentioning 'invoice 4471'")[0]!.tool.name).toBe("SLACK_SEARCH_MESSAGES");
    expect(top("please to delete message for slack")[0]!.tool.app).toBe("slack");
    expect(top("create a new S3 bucket called backups")[0]!.tool.app).toBe("aws_s3");
    expect(top("list transactions from plaid")[0]!.tool.app).toBe("plaid");
  });

  it("reads an app by its display name, written as one word, or with a typo in an app's place; a name of everyday words is not one", () => {
    expect(top("define serendipity using oxford dictionaries")[0]!.tool.app).toBe("oxforddictionaries");
    const typo = top("mandril send the welcome template email to the new signup")[0]!;
    expect(typo.tool.app).toBe("mandrillapp");
    expect(typo.reasons[0]).toMatch(/"mandril" read as "mandrill"/);
    expect(catalog.findToolsWithNotice("helpscout reply to the acme conversation", { limit: 5 }).notice?.message).toMatch(/Help Scout/);
    // "Account" is an app's display name made of an everyday word: "into my account" names no app.
    expect(top("fork facebook/react into my account")[0]!.tool.app).toBe("github");
    // "how do i ..." is not DigitalOcean (DO), whose tools have users.
    expect(top("how do i make the header row bold in my google sheet?").every((m) => m.tool.app === "googlesheets")).toBe(true);
  });

  it("tells what happened from what to do: a perfect tense, a noun that is also a verb, a time word first", () => {
    const restore = top("yesterday I have deleted the contract file in box by error, can you bring back it please")[0]!;
    expect(restore.reasons.join(" ")).toMatch(/action: update/);
    expect(ops("i trashed the dhl invoice email in gmail by accident, get it back")[0]).toBe("gmail POST /gmail/v1/users/{userId}/messages/{id}/untrash");
    expect(ops("In Airtable base appQ1x2Ab, table 'Orders', set Status to 'Shipped' on record recH8k2LmN")[0]).toBe("airtable PATCH /v0/{baseId}/{tableIdOrName}/{recordId}");
    expect(ops("paypl send a reminder for the unpaid invoice INV2-8QZT")[0]).toBe("paypal POST /v2/invoicing/invoices/{invoice_id}/remind");
    // What happened first, then the order; an order after "please" later in the task.
    expect(ops("the nightly build 5521 failed on circleci, rerun it")[0]).toBe("circleci POST /project/{username}/{project}/{build_num}/retry");
    expect(ops("I binned the email from the landlord in gmail yesterday, please move it back out of the trash")[0]).toMatch(/^gmail POST .*\/untrash$/);
  });

  it("keeps compounds, days and second apps in their place", () => {
    // The end of a hyphenated word is not an app ("to-do" is not DigitalOcean's "do").
    expect(top("add oat milk to my to-do list").some((m) => m.tool.app === "digitalocean")).toBe(false);
    // A day said as a time is not Monday.com.
    expect(top("book a gotomeeting for Monday at 10 called Sprint Review").every((m) => m.tool.app !== "monday")).toBe(true);
    expect(ops("book a gotomeeting for Monday at 10 called Sprint Review")[0]).toBe("gotomeeting POST /meetings");
    // Of two apps, the one the work happens in: "the aws keys" only say which item.
    expect(top("copy the aws deploy keys from the ops vault in 1password")[0]!.tool.app).toBe("1password_connect");
    // A compound's last noun is the thing ("a voice channel" is a channel).
    expect(ops("make a voice channel called standup in my discord server")[0]).toBe("discord POST /guilds/{guild_id}/channels");
  });

  it("reads non-native orders, conditions, variants and places", () => {
    expect(ops("I want that you make for me a new label with the name Receipts inside my gmail")[0]).toBe("gmail POST /gmail/v1/users/{userId}/labels");
    // Things picked by conditions are searched for.
    expect(top("how many closed-won deals above $20k do we have in salesforce?")[0]!.tool.http.path).toMatch(/^\/(query|search)$/);
    // A variant of the object made with a template.
    expect(ops("send the welcome email through postmark using our onboarding template")[0]).toBe("postmark POST /email/withTemplate");
    // A place's items, and a thing at hand put there (not made anew).
    expect(ops("stick this video into my 'Stretching' playlist on youtube")[0]).toBe("youtube POST /youtube/v3/playlistItems");
    // Of the places named, the tool inside more of them.
    expect(ops("put the label 'needs-triage' on issue #77 in octo/app")[0]).toBe("github POST /repos/{owner}/{repo}/issues/{issue_number}/labels");
  });

  it("reads an item named by its id, a thing's fields, and an app said as the thing", () => {
    // An object named by its number exists: putting it in a state changes it.
    expect(ops("put ticket 4410 in pending status on zendesk")[0]).toBe("zendesk PUT /tickets/{ticket_id}");
    // A well-known app said as the thing to make, before a small word or a time.
    expect(ops("schedule a zoom tomorrow with the sales team")[0]).toBe("zoom POST /users/{userId}/meetings");
    expect(ops("book a zoom for friday 3pm called pipeline review")[0]).toBe("zoom POST /users/{userId}/meetings");
    // After a comma, or after "with" for a new thing: its fields, not another thing to make.
    expect(ops("add contact Ana Ruiz ana@ruiz.io, company Ruiz Foods on hubspot")[0]).toBe("hubspot POST /crm/v3/objects/contacts");
    expect(ops("create a github issue in acme/web titled 'Login loop' with labels bug and ui")[0]).toBe("github POST /repos/{owner}/{repo}/issues");
    // Who can see a thing: its permissions; "is possible to" asks for what follows; "how to do" is no app.
    expect(ops("who can access the Q3 budget sheet in google drive?")[0]).toBe("googledrive GET /files/{fileId}/permissions");
    expect(ops("is possible to add a comment on the launch page in notion?")[0]).toBe("notion POST /v1/comments");
    expect(top("my bot must post 'hola' in the telegram chat, how to do").some((m) => m.tool.app === "digitalocean")).toBe(false);
  });

  it("reads a query in a query language, when a subscription ends, and a question whether something happened", () => {
    expect(ops("run this JQL for me: project = WEB AND status = Done")[0]).toMatch(/^jira (GET|POST) \/rest\/api\/3\/search$/);
    expect(ops("execute select id, email from customers where plan = 'pro' on my supabase project")[0]).toBe("supabase POST /v1/projects/{ref}/database/query");
    expect(ops("cancel my stripe subscription sub_9Xa1 at the end of the billing period")[0]).toBe("stripe POST /v1/subscriptions/{subscription_exposed_id}");
    expect(ops("cancel subscription sub_9Xa1 in stripe right away").slice(0, 2)).toContain("stripe DELETE /v1/subscriptions/{subscription_exposed_id}");
    expect(ops("has invoice 4471 in quickbooks been paid?")[0]).toBe("quickbooks GET /invoice/{invoiceId}");
  });

  it("writes down in a list app what the task says, and reads who attended as participants", () => {
    expect(ops("todoist: call mom sunday")[0]).toBe("todoist POST /tasks");
    expect(ops("jot down in google keep: garage code 4471")[0]).toBe("google_keep POST /v1/notes");
    // What the app knows stays the object ("rename the Trello board" is about the board).
    expect(ops("rename the Trello board to Q3 Planning")[0]).toMatch(/^trello PUT \/boards\//);
    expect(ops("who attended our zoom meeting 812 3344 5566 yesterday?")[0]).toMatch(/^zoom GET .*participants$/);
  });

  it("takes an id of an app's own shape as naming the app, and a long run of letters and digits as an id", () => {
    const first = top("add a record to base appQ4rT8yU2iO6pA table Leads: 'Maya Chen'")[0]!;
    expect(`${first.tool.app} ${first.tool.http.method} ${first.tool.http.path}`).toBe("airtable POST /v0/{baseId}/{tableIdOrName}");
    expect(first.reasons[0]).toBe('app named by an id of its own: airtable ("appQ4rT8yU2iO6pA")');
    expect(ops("did invoice INV2-AB12-CD34-EF56-GH78 get paid?")[0]).toBe("paypal GET /v2/invoicing/invoices/{invoice_id}");
  });

  it("tells the verb's own tool from a thing named with the verb's word ('merge MR !57': merge, not update the merge request)", () => {
    expect(ops("merge MR !12 in the platform project on gitlab")[0]).toBe("gitlab PUT /projects/{id}/merge_requests/{merge_request_iid}/merge");
  });

  it("reads who is out as time off, nudging as a reminder, a duplicate as a copy, and 'check outlook' as the app", () => {
    expect(ops("who is out of office tomorrow in bamboohr")[0]).toBe("bamboohr GET /time_off/whos_out");
    expect(ops("nudge the customer on paypal invoice INV2-AB12-CD34-EF56-GH78 please")[0]).toBe("paypal POST /v2/invoicing/invoices/{invoice_id}/remind");
    expect(ops("dupe the pricing doc in google drive")[0]).toBe("googledrive POST /files/{fileId}/copy");
    expect(top("when are kim and joe both free on friday? check outlook")[0]!.tool.app).toBe("outlook");
  });

  it("reads members, visibility, stock and rendering in their own words", () => {
    expect(ops("list everyone who's in #random on slack")[0]).toBe("slack GET /conversations.members");
    // A message to the people of a channel is not a list of them.
    expect(ops("let everyone in #random on slack know the wifi is down")[0]).toMatch(/^slack POST \/chat\.(postMessage|meMessage)$/);
    expect(ops("make my youtube video 'Lisbon vlog' private")[0]).toBe("youtube PUT /youtube/v3/videos");
    expect(ops("render node 4:2 of figma file Ab12Cd34Ef56 as png")[0]).toBe("figma GET /v1/images/{file_key}");
  });

  it("names AWS and Google services by their short and own names, in their place, and a family member over its brand", () => {
    const app = (task: string) => top(task)[0]?.tool.app;
    expect(app("stop the ec2 instance web-1")).toBe("aws_ec2");
    expect(app("purge the sqs queue orders")).toBe("aws_sqs");
    expect(app("create an rds snapshot of db prod")).toBe("aws_rds");
    expect(app("read the last 50 lines of the cloudwatch logs for my function")).toBe("aws_logs");
    expect(app("upload a file to a google cloud storage bucket")).toBe("google_storage");
    // "SMS" is a text message, not AWS Server Migration Service (aws_sms).
    expect(top("send an SMS to +14155550100 saying hi").some((m) => m.tool.app === "aws_sms")).toBe(false);
    // A member named beside the family's brand is searched alone.
    const ce = top("how much did we spend on AWS last month in cost explorer?");
    expect(ce[0]!.reasons[0]).toMatch(/app named in task: aws_ce \("cost explorer"\)/);
  });

  it("reads a code identifier as a value, not as the name of an app ('workflow_dispatch' is not Vonage Dispatch)", () => {
    expect(ops("kick off the deploy workflow on main with workflow_dispatch in github")[0]).toBe("github POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches");
    expect(top("trigger workflow_dispatch for the release workflow").some((m) => m.tool.app === "nexmo_dispatch")).toBe(false);
  });

  it("reads 'let #channel know', 'what's in', 'next monday' and marking a thing done", () => {
    expect(ops("let #design know on slack that the mocks are up")[0]).toBe("slack POST /chat.postMessage");
    expect(ops("what's in the Legal folder on box?")[0]).toBe("box GET /folders/{folder_id}/items");
    expect(ops("todoist: renew passport next monday, p1")[0]).toMatch(/^todoist POST \/tasks/);
    expect(ops("mark 'ship pricing page' as done in asana")[0]).toBe("asana PUT /tasks/{task_gid}");
  });

  it("prefers a tool that takes the owner/name pair the task gives ('star vercel/next.js')", () => {
    expect(ops("pls star vercel/next.js on github for me")[0]).toBe("github PUT /user/starred/{owner}/{repo}");
    expect(top("pls star vercel/next.js on github for me")[0]!.reasons).toContain("takes the owner/name the task gives");
  });

  it("reads saying something to a place or a group as a message there, not a new channel or team", () => {
    expect(ops("write in the general channel on discord that we are live")[0]).toBe("discord POST /channels/{channel_id}/messages");
    expect(ops("Can you write in Teams, in channel General of the Marketing team, that the webinar is moved to 3pm?")[0]).toMatch(/^microsoft_teams POST .*\/channels\/\{channel-id\}\/messages$/);
  });

  it("reads an EC2 id as naming EC2 and what it is, and keeps an API's actions on one path apart", () => {
    const found = top("stop ec2 instnace i-0abc12de34f56789a in us-east-1");
    expect(found[0]!.tool.name).toBe("AWS_EC2_POST_STOP_INSTANCES");
    expect(found[0]!.reasons[0]).toBe('app named by an id of its own: aws_ec2 ("i-0abc12de34f56789a")');
    // Every EC2 action is `POST /`: the next is another action, not the same one again.
    expect(new Set(found.map((m) => m.tool.name.replace(/_(GET|POST)_/, "_"))).size).toBe(found.length);
  });

  it("reads 'did anything come in' as new messages, and the app between a search and what for", () => {
    expect(ops("did anything come in from DHL this week? check my gmail")[0]).toMatch(/^gmail GET \/gmail\/v1\/users\/\{userId\}\/(messages|threads)$/);
    expect(ops("serach notion for the onbaording doc")[0]).toBe("notion POST /v1/search");
  });

  it("reads a web domain as a value unless it is an app's name, and a person named by address as one who exists", () => {
    // "stripe.com" is the site the task is about, not Stripe; "cal.com" is Cal.com.
    expect(top("firecrawl, list every url on docs.stripe.com").every((m) => m.tool.app === "firecrawl")).toBe(true);
    expect(top("please show me which free times exist for my 30 min meeting on cal.com next tuesday")[0]!.tool.app).toBe("cal");
    expect(ops("please put the person jake.miller@initech.com into the salesloft cadence 'Q3 Outbound'")[0]).toBe("salesloft POST /v2/cadence_memberships.json");
  });

  it("reads words put into a place as a message, a bare address put into a place as its item, and 'make ... as completed'", () => {
    expect(ops("drop 'deploy done, all green' in the Ops Team space on google chat")[0]).toBe("google_chat POST /v1/{parent}/messages");
    expect(ops("add https://youtu.be/dQw4w9WgXcQ to my 'talks to watch' playlist on youtube")[0]).toBe("youtube POST /youtube/v3/playlistItems");
    expect(ops("Can you make the task 'Send W-9 to vendor' in asana as completed, it is done already")[0]).toBe("asana PUT /tasks/{task_gid}");
    expect(ops("run this GAQL for customer 1234567890: SELECT campaign.name FROM campaign")[0]).toMatch(/^googleads POST \/customers\/\{customerId\}\/googleAds:search/);
  });

  it("re-ranks all of a named app's tools when the task's words match few of them ('ask perplexity what ...')", () => {
    expect(ops("ask perplexity what changed in the EU AI Act this month, with sources")[0]).toBe("perplexityai POST /chat/completions");
  });

  it("corrects a slip in a word of the lexicon however rarely the catalog says it, and keeps plurals of words from naming apps", () => {
    expect(ops("remidn me on slakc tomorrow 9am to send the invoice to Ortega")[0]).toBe("slack POST /reminders.add");
    // "ids" is the plural of id, not Google Cloud IDS.
    expect(ops("Upsert 3 vectors into the Pinecone index 'docs-prod' with ids 'hb-001', 'hb-002'")[0]).toBe("pinecone POST /vectors/upsert");
  });

  it("reads orders said without their verb, after what led to them, or by what they make", () => {
    expect(ops("twilio sms to +14155550199: 'Your table is ready at Luca's, please check in at the host stand'")[0]).toBe("twilio POST /2010-04-01/Accounts/{AccountSid}/Messages.json");
    expect(ops("she asked to get our updates, so subscribe lina.park@gmail.com to our newsletter audience in mailchimp")[0]).toMatch(/^mailchimp POST \/lists\/\{list_id\}(\/members)?$/);
    expect(ops("ynab: spent $42.10 at trader joes, groceries")[0]).toBe("youneedabudget POST /budgets/{budget_id}/transactions");
    expect(ops("launchdarkly: flip the new-onboarding flag on in production")[0]).toBe("launchdarkly PATCH /flags/{projectKey}/{featureFlagKey}");
    expect(ops("get me a shareable dropbox link for /Clients/Acme/proposal_v3.pdf")[0]).toBe("dropbox POST /2/sharing/create_shared_link_with_settings");
    expect(ops("pull up the notion page 'offsite 2024'")[0]).toBe("notion POST /v1/search");
    expect(ops("who booked time with me on calendly this week?")[0]).toMatch(/^calendly GET \/scheduled_events/);
  });

  it("reads links to an app's pages, hashtags, id shapes of Outlook, Okta and Plaid, and the Firebase family", () => {
    expect(ops("share docs.google.com/spreadsheets/d/1xYz9AbC3dEf with ops@acme.io as editor")).toContain("googledrive POST /files/{fileId}/permissions");
    expect(top("how many people tweeted about #BlackFriday this week")[0]!.tool.app).toBe("twitter");
    expect(ops("reply to message AAMkADk0ZmQ3NTc2 saying we are on it")[0]).toMatch(/^outlook POST \/me\/(mailFolders\/\{mailFolder-id\}\/)?messages\/\{message-id\}\/microsoft\.graph\.reply/);
    expect(ops("deactivate the user 00u9zyx8wvu7TSRQ, she left the company")[0]).toMatch(/^okta POST \/api\/v1\/users\/\{userId\}\/lifecycle\/(deactivate|suspend)/);
    expect(ops("exchange public-sandbox-1a2b3c4d-5e6f for an access token")[0]).toBe("plaid POST /item/public_token/exchange");
    expect(ops("send a push notification 'sale ends tonight' to the firebase device token abc:APA91x")[0]).toBe("google_fcm POST /v1/{parent}/messages:send");
    expect(catalog.findToolsWithNotice("start a toggl timer for the design review", { limit: 5 }).notice?.app).toBe("Toggl Track");
  });

  it("reads a song by its artist, a route, labels as a filter, a short id after 'id', a PDF as a document, and 'sms' as the verb", () => {
    // Punctuation and values end a name: "google sheet: 2025-03-04 | Lyft" names Google Sheets, not "Google Sheet Lyft".
    const sheet = catalog.findToolsWithNotice("add a row to my budget google sheet: 2025-03-04 | Lyft to hotel | 31.20", { limit: 5 });
    expect(sheet.notice).toBeNull();
    expect(sheet.matches[0]!.tool.http.path).toBe("/v4/spreadsheets/{spreadsheetId}/values/{range}:append");
    expect(ops("sms +1 212 555 0188 from our twilio number: 'your order is ready'")[0]).toBe("twilio POST /2010-04-01/Accounts/{AccountSid}/Messages.json");
    expect(ops("add 'Heroes' by David Bowie to my Workout playlist on spotify")[0]).toBe("spotify POST /playlists/{playlist_id}/tracks");
    expect(ops("how long is the commute from Brooklyn to Midtown right now on google maps")[0]).toBe("google_maps POST /directions/v2:computeRoutes");
    expect(ops("list open issues labelled bug in acme/api on github")[0]).toMatch(/^github GET \/(repos\/\{owner\}\/\{repo\}|search)\/issues$/);
    expect(ops("get the 1password item with id k2x9q7wz from the Ops vault")[0]).toBe("1password_connect GET /vaults/{vaultUuid}/items/{itemUuid}");
    expect(ops("send invoice_0425.pdf to the team chat with my telegram bot")[0]).toBe("telegram POST /sendDocument");
    // A packed file's name ("dump.sql.gz") is a file, not a query in SQL; in a bucket it is an object.
    expect(ops("upload nightly-dump.sql.gz to the acme-backups bucket in google cloud storage").slice(0, 2)).toContain("google_storage POST /b/{bucket}/o");
    // Short names and slips: gcs, google adds, txt; non-native "until", "please to program", "make the stock of ... to".
    expect(ops("list everything in the gcs bucket prod-logs").slice(0, 2)).toContain("google_storage GET /b/{bucket}/o");
    expect(top("pause the 'Winter Promo' campaign in google adds")[0]!.tool.app).toBe("googleads");
    expect(ops("txt +14155550111 thru twilio: ur table is ready")[0]).toBe("twilio POST /2010-04-01/Accounts/{AccountSid}/Messages.json");
    expect(ops("How long is the drive from the Hauptbahnhof until the airport by car?")).toContain("google_maps POST /directions/v2:computeRoutes");
    expect(ops("Please to program the Mailchimp campaign 'Black Friday' for send on Thursday at 8 am")[0]).toBe("mailchimp POST /campaigns/{campaign_id}/actions/schedule");
    expect(ops("Put at the end of my Notion page 'Retro' a new paragraph with the action items").slice(0, 2)).toContain("notion PATCH /v1/blocks/{block_id}/children");
    expect(ops("Post on Mastodon a toot that the beta is open")[0]).toBe("mastodon POST /api/v1/statuses");
    // Todoist's quick-add: a priority beside a #project.
    expect(ops("add renew the car insurance friday p2 #Admin")[0]).toMatch(/^todoist POST \/tasks(\/quick)?$/);
  });

  it("reads a link to a workspace's page as naming its app, and links passed around as content as a hint only", () => {
    const asana = top("add a comment 'waiting on legal' on app.asana.com/0/1204567890123456/1205678901234567");
    expect(asana[0]!.tool.app).toBe("asana");
    expect(asana[0]!.reasons.join("; ")).toContain("app named by a link to its page: asana");
    expect(top("set acme.zendesk.com/agent/tickets/48213 to solved")[0]!.tool.app).toBe("zendesk");
    expect(top("resolve https://acme.sentry.io/issues/4512345678/ now that the fix shipped")[0]!.tool.app).toBe("sentry");
    expect(ops("give me the text of the doc at docs.google.com/document/d/1a2B3c4D5e6F7g8H9i0JkLmNoP/edit").slice(0, 3)).toContain("googledocs GET /v1/documents/{documentId}");
    // Other ways apps are implied: a merge request reference, a metric query, a Twilio SID, a Search Console property.
    expect(top("merge !88 in infra/terraform, the pipeline passed")[0]!.tool.app).toBe("gitlab");
    expect(ops("alert me when avg:system.load.1{host:web-1} stays above 4 for 10 minutes")[0]).toBe("datadog POST /api/v1/monitor");
    expect(top("fetch the message SM0123456789abcdef0123456789abcdef")[0]!.tool.app).toBe("twilio");
    expect(top("top pages by clicks for sc-domain:example.org last week").slice(0, 5).map((m) => m.tool.app)).toContain("google_searchconsole");
    // The app as the one who does it ("have DALL-E draw ..."), a brand first with "new" and its thing, a SID's kind.
    expect(ops("have DALL-E draw a lighthouse at dusk, 1024x1024")[0]).toBe("openai POST /images/generations");
    expect(ops("square new customer ana lima, ana@lima.co")[0]).toBe("square POST /v2/customers");
    expect(ops("check whether SM0123456789abcdef0123456789abcdef got delivered")[0]).toMatch(/^twilio GET \/2010-04-01\/Accounts\/\{AccountSid\}\/Messages(\/\{Sid\})?\.json$/);
    // Cloud resources by their address: an object store's scheme, an AWS endpoint, a deployed app's host.
    expect(ops("list everything under gs://acme-logs/2025/")[0]).toBe("google_storage GET /b/{bucket}/o");
    expect(top("send {\"id\": 7} to https://sqs.eu-west-1.amazonaws.com/123456789012/jobs")[0]!.tool.app).toBe("aws_sqs");
    expect(top("store the new crm token as secret 'crm-token' in https://ops-kv.vault.azure.net")[0]!.tool.app).toMatch(/^azure_keyvault/);
    expect(top("publish {\"a\": 1} to projects/acme/topics/signups")[0]!.tool.app).toBe("google_pubsub");
    // A slip in the order's verb ("delte", "sned"), not in a word the catalog holds as it is ("tick off").
    expect(ops("delte the object old.tar.gz from the gcs bucket acme-archive")[0]).toBe("google_storage DELETE /b/{bucket}/o/{object}");
    expect(ops("tick off 'renew passport' in google tasks")[0]).toMatch(/^googletasks (PATCH|PUT) \/tasks\/v1\/lists\/\{tasklist\}\/tasks\/\{task\}$/);
    // The verb that ends an app's name is the order when there is no other ("google translate 'X' to english").
    expect(ops("google translate 'Wo ist der Bahnhof' to english")[0]).toBe("google_translate POST /v3beta1/{parent}:translateText");
    expect(ops("my-site.netlify.app went down after the last deploy, put the previous deploy back").slice(0, 2).some((o) => /^netlify (POST \/sites\/\{site_id\}\/deploys\/\{deploy_id\}\/restore|PUT \/sites\/\{site_id\}\/rollback)$/.test(o))).toBe(true);
    expect(ops("put a sticky note 'ship it' on miro.com/app/board/uXjVOabc987=/")[0]).toBe("miro POST /boards/{board_id}/sticky_notes");
    expect(top("lat/lng of 10 downing street london")[0]!.tool.app).toBe("google_maps");
    expect(catalog.findToolsWithNotice("what's the zestimate of 12 elm street", { limit: 5 }).notice?.app).toBe("Zillow");
    // A query written out unquoted is what to run, not words of the task ("... FROM customer" names no customer tool).
    expect(ops("Run this against Snowflake: SELECT * FROM SALES.PUBLIC.ORDERS WHERE ORDER_DATE >= '2024-01-01' LIMIT 100").slice(0, 3)).toContain("snowflake POST /api/v2/statements");
    // An address's domain after "@" is a domain, not a handle; a helpdesk's own host names it.
    expect(top("archive every thread from news@substack.com in my @gmail.com inbox")[0]!.tool.app).toBe("gmail");
    expect(ops("open a ticket on acme.freshdesk.com for ana@shop.io, subject 'cannot log in'")[0]).toBe("freshdesk POST /tickets");
    // Ids and notations of one app: ServiceNow's record numbers, Vercel's deployments, PayPal's invoices, Datadog's logs.
    expect(top("what's the status of INC0054321?")[0]!.tool.app).toBe("servicenow");
    expect(top("deployment dpl_4Kq9ZxY2mB7n failed, show me its build logs")[0]!.tool.app).toBe("vercel");
    expect(top("has invoice INV2-WXYZ-9876-ABCD-5432 been paid yet?")[0]!.tool.app).toBe("paypal");
    expect(top("search the logs for service:payments status:error in the last hour")[0]!.tool.app).toBe("datadog");
    expect(ops("get @dli to review github.com/acme/web/pull/77").slice(0, 2)).toContain("github POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers");
    expect(ops("what have people been saying in the #deploys slack channel today?").some((o) => /^slack GET \/(conversations\.history|search\.messages)$/.test(o))).toBe(true);
    expect(ops("what's on my google calendar friday morning?")[0]).toBe("googlecalendar GET /calendars/{calendarId}/events");
    expect(ops("how many vectors are in the products index on pinecone?")[0]).toBe("pinecone POST /describe_index_stats");
    expect(ops("skp this song on spotfy")[0]).toBe("spotify POST /me/player/next");
    expect(top("like the post urn:li:share:7000000000000000001 from our founder")[0]!.tool.app).toBe("linkedin");
    expect(ops("take ana@acme.io off the bounce list in sendgrid, her mailbox works again")[0]).toMatch(/^sendgrid DELETE \/suppression\/bounces/);
    expect(ops("firecrawl: give me every url on docs.acme.dev, not the content")[0]).toBe("firecrawl POST /map");
    expect(top("what's the pagespeed score of https://acme.com on mobile?")[0]!.tool.app).toBe("google_pagespeedonline");
    expect(ops("how many visitors are on our website right now? GA4 property 398765432")[0]).toBe("google_analytics POST /v1beta/{property}:runRealtimeReport");
    expect(ops("send every new typeform response on form Zx81 to https://hooks.acme.io/in")[0]).toMatch(/^typeform PUT \/forms\/\{form_id\}\/webhooks\/\{tag\}$/);
    expect(ops("restore the bigquery dataset tmp_x in project acme that was deleted an hour ago")[0]).toBe("googlebigquery POST /projects/{projectId}/datasets/{datasetId}:undelete");
    expect(ops("which pages sit under acme.atlassian.net/wiki/spaces/OPS/pages/12345/Runbooks?")[0]).toBe("confluence GET /wiki/api/v2/pages/{id}/children");
    // "pi" is the number, not AWS Performance Insights.
    expect(top("what is the integral of cos(x) from 0 to pi? ask wolfram alpha")[0]!.tool.app).toBe("wolframalpha");
  });

  it("reads questions of where a package or a file is, free slots, money spent, and non-native 'make restart of'", () => {
    expect(ops("where's my fedex parcel 7712 3456 7890? we use shipengine")[0]).toBe("shipengine GET /v1/tracking");
    expect(ops("where is the Q3 board deck file in my onedrive")[0]).toMatch(/^one_drive GET .*microsoft\.graph\.search/);
    expect(ops("any free slots left on my 15 min calendly chat tomorrow?")[0]).toBe("calendly GET /event_type_available_times");
    expect(ops("how much did we spend on software last quarter? accounts are linked in plaid")[0]).toMatch(/^plaid POST \/transactions\/(get|sync)/);
    expect(ops("the hetzner machine 1234 is frozen, please make reboot of it")[0]).toMatch(/^hetzner POST \/servers\/\{id\}\/actions\/(reboot|reset)/);
    expect(ops("push the new vectors into the pinecone index products")[0]).toBe("pinecone POST /vectors/upsert");
    expect(ops("check the npm package express 4.17.1 for vulnerabilities on snyk").slice(0, 2)).toContain("snyk GET /test/npm/{packageName}/{version}");
    // A past form after "the" is an adjective, not what happened: the order is the first verb.
    expect(ops("send the approved 'welcome_v2' template to +44 7700 900456 from our whatsapp business number, ticket 99")[0]).toBe("whatsapp POST /{phone_number_id}/messages");
  });

  it("reads AWS resource names, short Airtable ids, verbs done again, 'make <verb>', figures asked for, and a chat app's name as the verb", () => {
    // An ARN names its service and its kind; its parts are not words (nor emoji).
    expect(ops("invoke arn:aws:lambda:eu-west-1:111122223333:function:thumbnailer with {\"size\": 64}")[0]).toBe("aws_lambda POST /2015-03-31/functions/{FunctionName}/invocations");
    expect(top("publish 'disk full' to arn:aws:sns:us-east-1:111122223333:ops-alerts")[0]!.tool.app).toBe("aws_sns");
    expect(top("insert a record into base appX7k2Pq9Lm table Tasks: title Ship it")[0]!.tool.app).toBe("airtable");
    expect(ops("redeploy the vercel project web-shop")[0]).toMatch(/^vercel POST \/v\d+\/deployments$/);
    expect(ops("please make cancel the netlify deploy 5f2e9a, wrong commit")[0]).toBe("netlify POST /deploys/{deploy_id}/cancel");
    expect(ops("how many impressions did our facebook ads get last week?")[0]).toMatch(/^metaads GET .*\/insights$/);
    expect(ops("ga4 pageviews by page for the last 30 days, property 298765432")[0]).toBe("google_analytics POST /v1beta/{property}:runReport");
    expect(ops("gchat the release space: v2.4 is out")[0]).toBe("google_chat POST /v1/{parent}/messages");
    // A colon after an app's name and a title is no message ("Amadeus flight search: ...").
    expect(ops("amadeus hotel search: Lisbon, 2 adults, 3-5 May")[0]).not.toMatch(/messages/);
  });

  it("reads questions of who said or answered what, turned-in work, sent mail, model names, Teams and Chat ids, and text read aloud", () => {
    expect(ops("did anybody bring up the outage in slack yesterday?")[0]).toBe("slack GET /search.messages");
    expect(ops("has the landlord answered my gmail about the deposit?")[0]).toMatch(/^gmail GET \/gmail\/v1\/users\/\{userId\}\/(messages|threads)$/);
    expect(ops("who hasn't handed in homework 2 in canvas course 77?")[0]).toBe("canvas GET /courses/{course_id}/assignments/{assignment_id}/submissions");
    expect(ops("has the welcome email to sam@acme.io gone out through postmark?")[0]).toBe("postmark GET /messages/outbound");
    expect(ops("embed this list of product titles with text-embedding-3-large")[0]).toBe("openai POST /embeddings");
    expect(top("send 'standup in 5' to chat 19:ab12cd34ef56@thread.v2")[0]!.tool.app).toBe("microsoft_teams");
    expect(ops("post 'build is green' in spaces/AAAAbC12dEf")[0]).toBe("google_chat POST /v1/{parent}/messages");
    expect(top("query `acme-prod.sales.orders_2025` for the top 10 customers by revenue")[0]!.tool.app).toBe("googlebigquery");
    // "in voice X" is no invoice; "aloud" is no typo of "cloud".
    expect(top("say 'your order has shipped' out loud in voice 21m00Tcm4TlvDq8ikWAM")[0]!.tool.http.path).toMatch(/speech/i);
    expect(top("add user mlee in realm staff")[0]!.tool.app).toBe("keycloak");
    expect(top("look up the book with isbn 9780134685991")[0]!.tool.app).toBe("isbndb");
    // "Union Square" is a place, not Square; a workbook's table is Excel's wherever the file is kept; "drive item" is a thing.
    expect(ops("how much is a lyft from the Ferry Building to Union Square?")[0]).toBe("lyft GET /cost");
    expect(top("add a row to the Costs table in q3.xlsx on my onedrive: 2025-07-01, AWS, 1200")[0]!.tool.app).toBe("excel");
    expect(top("append a row to the table Orders in the Excel workbook with drive item id 01ABCDEF23GHIJ45KLMN")[0]!.tool.app).toBe("excel");
    expect(ops("what did the client say about the deadline on yesterday's gong call?")[0]).toBe("gong POST /calls/transcript");
    expect(ops("any jazz concerts in Denver next weekend on ticketmaster?")[0]).toBe("ticketmaster_discovery GET /discovery/v2/events");
    expect(ops("which tags does the redis image have on docker hub?")[0]).toBe("docker_hub GET /v2/namespaces/{namespace}/repositories/{repository}/tags");
    expect(ops("set my slack status to 'out sick today'")[0]).toBe("slack POST /users.profile.set");
    expect(top("write cpu,host=db01 usage_user=12.5 to the telegraf bucket")[0]!.tool.app).toBe("influxdata");
    // A hyphenated name next to the kind of thing it names is a value: not words, nor an app ("aws-root" is no AWS).
    expect(top("1pass: get the aws-root item from the Infra vault")[0]!.tool.app).toBe("1password_connect");
    expect(ops("invoke lambda send-receipts with payload {\"order\": 42}")[0]).toBe("aws_lambda POST /2015-03-31/functions/{FunctionName}/invocations");
    expect(ops("send the lease to tenant@mail.com for signature via docusign")[0]).toBe("docusign POST /v2.1/accounts/{accountId}/envelopes");
    expect(ops("post in r/node asking which test runner people like")[0]).toBe("reddit POST /api/submit");
    // A conversion asked one way is not the tool that converts the other way.
    expect(ops("elevenlabs tts 'doors open at 8' with the Adam voice")[0]).toMatch(/^elevenlabs POST \/v1\/text-to-speech\//);
    expect(ops("elevenlabs: speech to text for the file call-0412.mp3")[0]).toBe("elevenlabs POST /v1/speech-to-text");
    expect(ops("export frame 4:12 from figma file Zx9Ab12Cd as an svg")[0]).toBe("figma GET /v1/images/{file_key}");
    expect(ops("who heads marketing at notion.so according to apollo?")[0]).toBe("apollo POST /mixed_people/api_search");
    expect(ops("snd a text via twilio to +14155550123: table ready")[0]).toBe("twilio POST /2010-04-01/Accounts/{AccountSid}/Messages.json");
    expect(top("SELECT Name, Amount FROM Opportunity WHERE CloseDate = LAST_N_DAYS:30")[0]!.tool.app).toBe("salesforce");
    expect(ops("what were the opens and click rate on sendgrid last week?")[0]).toBe("sendgrid GET /stats");
    expect(top("post in r/sysadmin asking whether people moved from Jenkins to GitHub Actions")[0]!.tool.app).toBe("reddit");
    expect(ops("google translate this invoice reminder into german")[0]).toBe("google_translate POST /v3beta1/{parent}:translateText");
    // A GET the catalog named LIST_SEARCH searches; a question about a thing by its hyphenated name reads it.
    expect(ops("look on stack overflow for questions about rust lifetimes in async closures").slice(0, 3)).toContain("stackexchange GET /search");
    expect(ops("queue a post in buffer for friday 10am: our new pricing page is live").slice(0, 2)).toContain("bufferapp POST /updates/create{mediaTypeExtension}");
    expect(ops("advance the candidate Ana Ruiz to the offer stage in ashby")[0]).toBe("ashby POST /application.changeStage");
    expect(ops("zendesk: leave an internal note on ticket 7731 that legal is reviewing")[0]).toBe("zendesk PUT /tickets/{ticket_id}");
    expect(ops("zendesk: list the comments on ticket 7731")[0]).toBe("zendesk GET /tickets/{ticket_id}/comments");
    expect(ops("pause campaign 120208765432109 on facebook ads, the budget is gone")[0]).toBe("metaads POST /{object_id}");
    expect(ops("set the stage of salesforce opportunity 0065g00000AbC12AAB to Closed Lost")[0]).toBe("salesforce PATCH /sobjects/{sObjectName}/{id}");
    expect(ops("add a checklist item 'book flights' at the bottom of my notion page Travel")[0]).toBe("notion PATCH /v1/blocks/{block_id}/children");
    expect(ops("add a page to the Roadmap database in notion")[0]).toBe("notion POST /v1/pages");
    expect(ops("make a gmail filter so mail from alerts@pagerduty.com skips the inbox")[0]).toBe("gmail POST /gmail/v1/users/{userId}/settings/filters");
    expect(ops("launchdarkly: kill the legacy-search flag in production")[0]).toBe("launchdarkly PATCH /flags/{projectKey}/{featureFlagKey}");
    expect(ops("send the whatsapp template 'appointment_reminder' (en_GB) from phone number id 1098765 to +447700900123")[0]).toBe("whatsapp POST /{phone_number_id}/messages");
    expect(ops("log in my mileage google sheet: 2025-03-02, 42 km, client visit")[0]).toBe("googlesheets POST /v4/spreadsheets/{spreadsheetId}/values/{range}:append");
    expect(top("what songs did Wilco play in Chicago last night?")[0]!.tool.app).toBe("setlist");
    expect(ops("invalidate /img/* on distribution E1ABCDEFGHIJK")[0]).toBe("aws_cloudfront POST /2020-05-31/distribution/{DistributionId}/invalidation");
    expect(ops("which containers are running on the ci box's docker daemon?")[0]).toBe("docker_engine GET /containers/json");
    expect(ops("what are used iPad minis going for on ebay?")[0]).toBe("ebay_buy_browse GET /item_summary/search");
    expect(ops("put the 'Travel' label on the gmail message 18d3aa01bc22ef90")[0]).toBe("gmail POST /gmail/v1/users/{userId}/messages/{id}/modify");
    expect(ops("create a new label Receipts in gmail")[0]).toBe("gmail POST /gmail/v1/users/{userId}/labels");
    expect(ops("add 'Midnight City' to my road trip playlist on spotify")[0]).toBe("spotify POST /playlists/{playlist_id}/tracks");
    // A folder's address is listed, not read as one item; an order with fields after a comma stays the order.
    expect(ops("list the objects under gs://acme-logs/2025/07/")[0]).toBe("google_storage GET /b/{bucket}/o");
    expect(ops("Create a 1Password LOGIN item titled 'db-admin' in vault abcd1234efgh5678 with username 'root', tag 'ops'")[0]).toBe("1password_connect POST /vaults/{vaultUuid}/items");
    expect(top("translate the release notes into french with DeepL", {}) && catalog.findToolsWithNotice("translate the release notes into french with DeepL", { limit: 5 }).notice?.app).toBe("DeepL");
  });

  it("reads a cloud zone, a suite's name and a chat app outside the catalog", () => {
    expect(ops("Stop the VM web-3 in zone us-central1-a of project acme-prod-3321")).toContain("google_compute POST /projects/{project}/zones/{zone}/instances/{instance}/stop");
    expect(top("suspend her google workspace account maria@acme.com")[0]!.tool.app).toBe("google_admin");
    const notice = catalog.findToolsWithNotice("post 'db migration starts in 10 min' to the town-square channel on mattermost", { limit: 5 }).notice;
    expect(JSON.stringify(notice)).toMatch(/Mattermost/);
  });
  it("reads notes put in a chat place as messages, a code named by its kind, a suite's name with its number, an app's own wording", () => {
    // A note or release notes put in a channel are said there; "drop the users table" stays a schema change.
    expect(ops("drop a note in the teams releases channel that v2.3 is out")[0]).toBe("microsoft_teams POST /teams/{team-id}/channels/{channel-id}/messages");
    expect(ops("drop the v2.4 release notes in #announcements on our discord")[0]).toBe("discord POST /channels/{channel_id}/messages");
    expect(top("drop the users table in the postgres db")[0]!.tool.http.method).not.toBe("POST");
    // "the BIO-101 course" names a course, not a Jira issue; "transition SCRUM-88" still is one.
    expect(top("give Maya Chen 88 points on her Essay 2 submission in the BIO-101 course")[0]!.tool.app).toBe("canvas");
    expect(top("transition SCRUM-88 to In Review")[0]!.tool.app).toBe("jira");
    // "office 365", "route 53": the number is part of the name; the suite before its mail or calendar is Outlook.
    expect(top("add a meeting to my office 365 calendar on friday")[0]!.tool.app).toBe("outlook");
    expect(top("reply to Karen Liu's o365 email and tell her 3pm works for the call")[0]!.tool.app).toBe("outlook");
    // "w/" is "with"; a png is an image.
    expect(top("make a bar chart png of monthly sales w/ quikchart")[0]!.tool.app).toBe("quickchart");
    expect(ops("send the daily chart png to chat -1001234567890 from my bot with the caption 'sales today'")[0]).toBe("telegram POST /sendPhoto");
    // DocuSign sends documents as envelopes; Notion appends notes to a page as blocks; Apollo looks a person up by e-mail.
    expect(ops("Send the mutual NDA (template 7f3c2a10-55b1-4e2e-9c1d-0a8e4b6d9f21) via DocuSign to Tomas Berg <legal@brightwave.io>")[0]).toBe("docusign POST /v2.1/accounts/{accountId}/envelopes");
    expect(ops("tack today's standup notes onto the bottom of the eng standup page in notion")[0]).toBe("notion PATCH /v1/blocks/{block_id}/children");
    expect(ops("look up marco@lumenhq.io on apollo, want his title and company size")[0]).toBe("apollo POST /people/match");
    // Which pages talk about something: a search; a tube journey keeps its word.
    expect(ops("which notion pages talk about onboarding?")[0]).toBe("notion POST /v1/search");
    expect(ops("plan a tube journey from King's Cross to Canary Wharf leaving now")[0]).toBe("tfl GET /Journey/JourneyResults/{from}/to/{to}");
    // Buffer queues a new post as a status update (its profiles are parameters); Vercel's build logs are a deployment's events.
    expect(ops("queue this in buffer for our twitter profile: 'Webinar tomorrow at 5pm CET, link in bio'")[0]).toBe("bufferapp POST /updates/create{mediaTypeExtension}");
    expect(ops("buffer share update 5f1a2b3c4d5e now")[0]).toBe("bufferapp POST /updates/{id}/share{mediaTypeExtension}");
    expect(ops("why did dpl_8fKz2mQx7Lr fail? pull up its build output")[0]).toBe("vercel GET /v2/deployments/{idOrUrl}/events");
    // A path is a value (its words name no app); things "containing" a text are filtered by it; a card moved to a list.
    expect(ops("pull every log event containing 'OutOfMemory' from the /aws/lambda/image-resizer log group for the past hour")[0]).toBe("aws_logs POST /");
    expect(ops("move the 'Upgrade Postgres to 16' card over to the Done list on the infra board")[0]).toBe("trello PUT /cards/{idCard}");
    expect(ops("move the card 'x' to the Roadmap board in trello")[0]).toBe("trello PUT /cards/{idCard}/idBoard");
    expect(ops("add Globex Ltd as a new item in the 'Vendor onboarding' list on the Procurement team site")[0]).toBe("share_point POST /sites/{site-id}/lists/{list-id}/items");
    // "circle ci" is one name; an UPPER_SNAKE name is a value (no Stripe in STRIPE_SECRET_KEY); SpeedGrader is Canvas's;
    // Classroom posts to a course as announcements.
    expect(top("retry circle ci build 1432 for acme/api")[0]!.tool.app).toBe("circleci");
    expect(top("add env var STRIPE_SECRET_KEY to the storefront project for production before the next deploy")[0]!.tool.app).not.toBe("stripe");
    expect(top("in speedgrader give jamal 18/20 on the photosynthesis lab")[0]!.tool.app).toBe("canvas");
    expect(ops("Post to Google Classroom course 612345098761: 'Field trip permission slips are due Friday'")[0]).toBe("google_classroom POST /v1/courses/{courseId}/announcements");
    // Job titles are people (and the companies they work at a place); "VPs" is one word; a POST that computes reads;
    // a song by its artist added to a playlist; ElevenLabs' mp3 of a text is text to speech.
    expect(ops("can you find heads of marketing at SaaS companies in Austin with 50-200 employees on apollo?")[0]).toBe("apollo POST /mixed_people/api_search");
    expect(ops("find me VPs of engineering at fintech startups in berlin on apollo")[0]).toBe("apollo POST /mixed_people/api_search");
    expect(ops("get driving directions and travel time from Union Station Chicago to O'Hare")[0]).toBe("google_maps POST /directions/v2:computeRoutes");
    expect(ops("add midnight city by m83 to my road trip playlist on spotify")[0]).toBe("spotify POST /playlists/{playlist_id}/tracks");
    expect(ops("make an mp3 of my lesson intro with elevenlabs, calm female voice")[0]).toMatch(/^elevenlabs POST \/v1\/text-to-speech\//);
    // "fb" is Facebook; Statuspage and the Hue lights are products outside the catalog, a colour's hue is not.
    expect(ops("fb: post on my bakery page that we're closed monday for the holiday")[0]).toBe("facebook POST /{page_id}/feed");
    expect(catalog.findToolsWithNotice("post an incident on our statuspage: degraded API performance", { limit: 5 }).notice?.app).toBe("Statuspage");
    expect(catalog.findToolsWithNotice("dim the living room hue lights to 30%", { limit: 5 }).notice?.app).toBe("Philips Hue");
    expect(catalog.findToolsWithNotice("change the hue of the logo to blue in canva", { limit: 5 }).notice).toBeNull();
    // Products outside the catalog, named in lower case.
    expect(catalog.findToolsWithNotice("add these 12 leads to the lemlist campaign 'Q2 outbound - fintech'", { limit: 5 }).notice?.app).toBe("lemlist");
  });

  it("knows BigQuery as bq and ServiceNow as snow (the latter only where an app stands), 'whos' as who is, and a verb operations are named for", () => {
    expect(ops("bq run select count(*) from analytics.events")[0]).toBe("googlebigquery POST /projects/{projectId}/queries");
    expect(ops("snow: open a P1 incident 'VPN down in Berlin'")[0]).toBe("servicenow POST /table/incident");
    expect(top("will it snow in berlin tomorrow").some((m) => m.tool.app === "servicenow")).toBe(false);
    expect(ops("whos the slack user with the email priya@acme.io?")[0]).toBe("slack GET /users.lookupByEmail");
    expect(ops("reschedule cal.com booking bk_7hq2 to thursday 11am")[0]).toBe("cal POST /bookings/{bookingUid}/reschedule");
  });

  it("reads a post on a social app as its status, a view-only link as a shared link, and 'drive' after OneDrive's name as OneDrive's", () => {
    expect(ops("post on mastodon that the meetup is tonight")[0]).toBe("mastodon POST /api/v1/statuses");
    expect(ops("get me a view-only link for budget.xlsx in onedrive")[0]).toBe("one_drive POST /drives/{drive-id}/items/{driveItem-id}/microsoft.graph.createLink");
    const echoed = top("make a view-only share link for onedrive item 01ABCDEF in drive b!xYz");
    expect(echoed[0]!.tool.app).toBe("one_drive");
    expect(echoed.some((m) => m.tool.app === "googledrive")).toBe(false);
    expect(top("save the gmail attachment to drive")[0]!.tool.app).toBe("googledrive");
    // A Slack channel's id says whose it is.
    expect(ops("post '<!here> standup in 5' to C04QX8J2LMN")[0]).toBe("slack POST /chat.postMessage");
  });

  it("reads 'have my bot send …' as the bot's order, a Telegram group's chat id as Telegram's, a .jpg as a photo", () => {
    expect(ops("have my bot send photo.jpg to chat -1001234567890 with the caption 'new menu'")[0]).toBe("telegram POST /sendPhoto");
    expect(ops("have the bot send a poll to the supergroup: pizza or tacos?")[0]).toBe("telegram POST /sendPoll");
  });

  it("keeps a curated name said before a thing of its app beside another app's name ('a buffer post for our linkedin page')", () => {
    expect(ops("queue a buffer post for our linkedin page: we're hiring 2 backend engineers")[0]).toBe("bufferapp POST /updates/create{mediaTypeExtension}");
  });

  it("reads dropping something into a place as putting it there, and tailing as reading a log", () => {
    expect(ops("salesloft: drop person 5512 into cadence 'Q3 outbound'")[0]).toMatch(/^salesloft POST /);
    expect(top("salesloft: drop person 5512 into cadence 'Q3 outbound'")[0]!.reasons.join(" ")).toMatch(/action: create/);
    expect(ops("Tail the last 200 lines of container app in pod api-7d9f8c-xk2lp, namespace prod")[0]).toBe("kubernetes GET /api/v1/namespaces/{namespace}/pods/{name}/log");
  });

  it("looks for the operation that deletes for good when told to delete permanently or forever", () => {
    const found = ops("permanently delete subscriber x.li@corp.cn from mailchimp audience 9f8e7d").slice(0, 2);
    expect(found).toContain("mailchimp POST /lists/{list_id}/members/{subscriber_hash}/actions/delete-permanent");
  });

  it("reads a state said as how things are and the wish to have them back as the operation that undoes it", () => {
    expect(ops("the okta user 00u9xyz is suspended, kindly make him active again please")[0]).toBe("okta POST /api/v1/users/{userId}/lifecycle/unsuspend");
    // (And an organisation's own tenant on an app's domain names the app.)
    expect(ops("jdoe@acme.com is locked out of acme.okta.com again, unlock her account")[0]).toBe("okta POST /api/v1/users/{userId}/lifecycle/unlock");
  });

  it("reads who may open or see a file as its permissions, or its collaborations in Box", () => {
    expect(ops("who can open 'Q3 board deck' in google drive rn?")[0]).toBe("googledrive GET /files/{fileId}/permissions");
    expect(ops("who has access to the Legal folder in Box?")[0]).toBe("box GET /folders/{folder_id}/collaborations");
    expect(ops("what files have my coworkers shared with me in OneDrive?")[0]).toMatch(/sharedWithMe/);
  });

  it("reads a purpose after the order ('so the customer can pay it') as why, not what to do", () => {
    const found = top("in xero i need the link of online invoice so customer can pay it, invoice id 7c3e9a");
    expect(found.some((m) => m.tool.http.path === "/Invoices/{InvoiceID}/OnlineInvoice")).toBe(true);
    expect(found[0]!.reasons.join(" ")).not.toMatch(/verb: pay/);
  });

  it("reads 'what language is …' as detecting the language", () => {
    expect(ops("google translate: what language is 'obrigado pela ajuda'?")[0]).toBe("google_translate POST /v3beta1/{parent}:detectLanguage");
  });

  it("reads a phrasal verb split by its object ('knock 3 units off', 'put her on hold', 'put the deploy back live')", () => {
    expect(ops("shopify: knock 3 units off inventory item 4521 at location 655441491")[0]).toBe("shopify POST /inventory_levels/adjust.json");
    expect(ops("okta: put user 00ub0oNGTSWTBKOLGLNR on hold for now, she's back next month")[0]).toBe("okta POST /api/v1/users/{userId}/lifecycle/suspend");
    expect(ops("netlify: put the older deploy 64ab12 of site blog-prod back live")[0]).toBe("netlify POST /sites/{site_id}/deploys/{deploy_id}/restore");
  });

  it("reads cancelling at the end of the billing period as setting the cancellation (an update), cancelling now as a delete", () => {
    expect(ops("cancel stripe sub sub_1PqR8sLkd9Xy at the end of the billing period, not now")[0]).toBe("stripe POST /v1/subscriptions/{subscription_exposed_id}");
    expect(ops("customer want stop his subscription sub_1Q88xYzAbCdE in stripe immediately, not at end of the period")[0]).toBe("stripe DELETE /v1/subscriptions/{subscription_exposed_id}");
  });

  it("reads mail that should skip the inbox as a mail filter to create", () => {
    expect(ops("gmail: anything from noreply@jira.acme.com should skip my inbox from now on, automatically")[0]).toBe("gmail POST /gmail/v1/users/{userId}/settings/filters");
  });

  it("reads a message only one person may see as an ephemeral one, and one to go out at a set time as scheduled", () => {
    expect(ops("drop a note in #support that only @raj can see: the fix is deployed")[0]).toBe("slack POST /chat.postEphemeral");
    expect(ops("slack: queue up 'standup in 5' to go out at 9:55 tomorrow in #eng-standup, don't post it now")[0]).toBe("slack POST /chat.scheduleMessage");
  });

  it("reads 'which user is <e-mail>?' as finding the user by that address", () => {
    expect(ops("which slack user is ravi@northwind.io?")[0]).toBe("slack GET /users.lookupByEmail");
  });

  it("reads a slot that works for several people as meeting times to find, and every card as all of them", () => {
    expect(ops("Suggest 45-minute slots next week when raj@contoso.com, li@contoso.com and I are all free, in Outlook")[0]).toMatch(/^outlook POST .*findMeetingTimes$/);
    expect(ops("trello: shove every card in the Doing list over to Done in one go")).toContain("trello POST /lists/{idList}/moveAllCards");
  });

  it("reads an everyday word in capitals as an acronym of the trade, not an app ('the engine API')", () => {
    const found = top("restart container 4fa6e0f0c678 through the engine API, give it 10s to stop first");
    expect(found.some((m) => m.tool.app === "api")).toBe(false);
    expect(found[0]!.tool.http.path).toBe("/containers/{id}/restart");
  });

  it("reads 'snapshot the server' as making an image of it", () => {
    expect(ops("htzner: snapshot server 4711 as 'pre-upgrade'")[0]).toBe("hetzner POST /servers/{id}/actions/create_image");
  });

  it("reads a leaked key, secret or token to be given anew as a reset or regenerate", () => {
    expect(ops("mux - stream key for live stream abc123 leaked, give it a new one")[0]).toBe("mux POST /video/v1/live-streams/{LIVE_STREAM_ID}/reset-stream-key");
    expect(ops("in keycloak how i make new secret for client 3f2a of realm acme? old one is leaked")[0]).toBe("keycloak POST /{realm}/clients/{id}/client-secret");
  });

  it("reads 'squash-merge' as a merge", () => {
    expect(ops("gh: squash-merge #77 on acme/api")).toContain("github PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge");
  });

  it("reads Wikipedia as the Wikimedia API's", () => {
    expect(ops("how many pageviews did the Wikipedia article on Ada Lovelace get in May 2025?")[0]).toMatch(/^wikimedia GET \/metrics\/pageviews\/per-article\//);
  });

  it("reads a London stop's NaPTAN code as Transport for London's", () => {
    expect(top("when's the next tube at Oxford Circus (940GZZLUOXC)?")[0]!.tool.app).toBe("tfl");
  });

  it("reads an app named first and then 'set' as the app and its verb, and a status set to a value as an update", () => {
    expect(ops("notoin set page status to Done")[0]).toBe("notion PATCH /v1/pages/{page_id}");
  });

  it("reads a slip of the verb after the app named first as the verb, not as an app of that spelling", () => {
    expect(ops("gdrive cpy the proposal template doc")[0]).toBe("googledrive POST /files/{fileId}/copy");
  });

  it("reads a reply in a thread or a channel as a message posted there, not the thread's replies read", () => {
    expect(ops("Reply in the thread ts 1717000000.123456 of Slack channel C04QX7Z2K9L with 'Deploy 4.12.0 finished at 14:05 UTC, all green'")[0]).toBe("slack POST /chat.postMessage");
    expect(ops("reply in the Slack thread")[0]).toBe("slack POST /chat.postMessage");
  });

  it("reads a suite's name with a member app's things as that member ('o365 send mail' is Outlook's)", () => {
    expect(ops("o365 send mail to the team re offsite")[0]).toBe("outlook POST /me/microsoft.graph.sendMail");
  });

  it("reads 'say no to' an invitation as declining it", () => {
    expect(ops("i need to say no to the outlook meeting invitation, i cannot to go")[0]).toMatch(/^outlook POST .*microsoft\.graph\.decline$/);
  });

  it("reads paging the on-call engineer as raising an incident, and a provider's slug of everyday words as no app", () => {
    const found = top("page the on-call engineer for the payments service");
    expect(found.some((m) => m.tool.app === "payments_service_payments")).toBe(false);
    expect(ops("page the on-call engineer for the payments service")[0]).toBe("pagerduty POST /incidents");
  });

  it("reads an AWS service's name after Amazon or AWS as that service, not as the Amazon store", () => {
    expect(ops("Send an email with Amazon SES v2 from alerts@corp.io to oncall@corp.io with subject 'Disk 90% on db-2'")[0]).toBe("aws_sesv2 POST /v2/email/outbound-emails");
  });

  it("reads an e-mail written to a person's address, with no app named, as a mailbox's (Gmail among the first)", () => {
    expect(ops("send an email to priya@acme.io saying the deck is ready").slice(0, 5)).toContain("gmail POST /gmail/v1/users/{userId}/messages/send");
  });

  it("reads 'kindly' as a courtesy, not the verb, and 'do the needful and ...' as what follows", () => {
    expect(ops("kindly do the needful and reopen the issue 77 in github")[0]).toBe("github PATCH /repos/{owner}/{repo}/issues/{issue_number}");
    expect(ops("kindly make a post on our facebook page that shop is closing early on 24 december")[0]).toMatch(/^facebook POST /);
  });

  it("reads 'please to <verb>' after what happened as the order (non-native English)", () => {
    expect(ops("i am delete by mistake the file in onedrive, please to restore it back")[0]).toMatch(/^one_drive POST .*microsoft\.graph\.restore$/);
  });

  it("reads 'fix version' as Jira's, 'hang up' a call as ending it, and closing a topic as its status", () => {
    expect(ops("add a new fix version 4.2.0 to the PAY project")[0]).toBe("jira POST /rest/api/3/version");
    expect(ops("hang up the twilio call that's still going")[0]).toBe("twilio POST /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json");
    expect(ops("close the 'v2 beta feedback' topic on our discourse forum")[0]).toBe("discourse PUT /t/{id}/status.json");
  });

  it("reads 'set a <thing> on <item>' as making it, and a transition to a status in quotes as one posted", () => {
    expect(ops("set a custom thumbnail on the latest video on my channel").slice(0, 5)).toContain("youtube POST /youtube/v3/thumbnails/set");
    expect(ops("Transition Jira issue MOBILE-2045 to 'Done' with resolution 'Fixed' and the comment 'Verified on build 7.4.1'")[0]).toBe("jira POST /rest/api/3/issue/{issueIdOrKey}/transitions");
  });

  it("reads a letter typed twice in an app's name, and a verb with a double letter typed once", () => {
    expect(ops("gittea merge pr 12 in infra/tools")[0]).toBe("gitea POST /repos/{owner}/{repo}/pulls/{index}/merge");
    expect(ops("trelllo asign the card to mike").slice(0, 5)).toContain("trello POST /cards/{idCard}/idMembers");
  });

  it("reads 'fwd' as forward, and getting a deleted thing back out of the trash as restoring it", () => {
    expect(ops("o365 fwd this email to legal@acme.com")[0]).toMatch(/^outlook POST .*microsoft\.graph\.forward$/);
    expect(ops("get that email i deleted by accident back out of the gmail trash")[0]).toBe("gmail POST /gmail/v1/users/{userId}/messages/{id}/untrash");
  });

  it("reads unsubscribing an address from a list as the member's status changed, not the unsubscribed read", () => {
    expect(ops("unsubscribe jane@kite.io from our mailchimp newsletter list")[0]).toBe("mailchimp PATCH /lists/{list_id}/members/{subscriber_hash}");
  });

  it("reads two product words that imply an app together ('subscribe' and 'channel': YouTube)", () => {
    expect(ops("subscribe to the mkbhd channel")[0]).toBe("youtube POST /youtube/v3/subscriptions");
  });

  it("reads non-native 'annulate' as cancel, 'agenda Google' as Google Calendar, and 'revert to the customer' as a reply", () => {
    expect(ops("I would like to annulate the meeting of tomorrow in my agenda Google")[0]).toBe("googlecalendar DELETE /calendars/{calendarId}/events/{eventId}");
    expect(ops("please revert to the customer on freshdesk ticket 5521 that the issue is resolved from our side")[0]).toBe("freshdesk POST /tickets/{id}/reply");
  });

  it("reads a branch by its usual prefix as a branch, not an owner/repo of GitHub's", () => {
    expect(ops("create a merge request from hotfix/cache-ttl into develop")[0]).toBe("gitlab POST /projects/{id}/merge_requests");
  });

  it("reads a user added to a team as a member, 'do the enrolling of' as enroll, and a product's search syntax as its search", () => {
    expect(ops("Add user 48d31887-5fad-4d73-a9f5-3c356e68a038 as an owner of Microsoft Teams team 02bd9fd6-8f93-4758-87c3-1fb73740a315")[0]).toBe("microsoft_teams POST /teams/{team-id}/members");
    expect(ops("kindly do the enrolling of student Lucas Moreau inside the course Biology 101 on canvas")[0]).toBe("canvas POST /courses/{course_id}/enrollments");
    expect(ops("find everything matching type:ticket status:pending tags:billing")[0]).toBe("zendesk GET /search");
  });

  it("reads a person registered for a meeting or webinar as a registrant, HubSpot's property names as HubSpot's, 'dbx' as Dropbox", () => {
    expect(ops("Register jane.doe@fabrikam.com (Jane Doe, Fabrikam Ltd) for Zoom webinar 85123456789")[0]).toBe("zoom POST /webinars/{webinarId}/registrants");
    expect(ops("set dealstage to closedwon on deal 18234567")[0]).toBe("hubspot PATCH /crm/v3/objects/deals/{dealId}");
    expect(top("dbx shared link for /Photos/lisbon-trip")[0]!.tool.app).toBe("dropbox");
  });

  it("reads 'set <field> = <value>' as an update of the item", () => {
    expect(ops("set Status = 'Renewed' on item 57 of the Vendor Contracts list in sharepoint")[0]).toBe("share_point PATCH /sites/{site-id}/lists/{list-id}/items/{listItem-id}");
  });

  it("reads values written into a cell range as the cells updated, not a spreadsheet made", () => {
    expect(ops("Write [['Region','Q1'],['EMEA',1200]] into 'Summary'!B2:C3 of spreadsheet 1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms")[0]).toBe("googlesheets PUT /v4/spreadsheets/{spreadsheetId}/values/{range}");
  });

  it("reads 'google group' as Google Workspace's, 'LD' before a flag as LaunchDarkly, 'del' as delete", () => {
    expect(ops("add sam@corp.io to the eng@ google group")[0]).toBe("google_admin POST /admin/directory/v1/groups/{groupKey}/members");
    expect(ops("LD new flag dark-mode in proj web")[0]).toBe("launchdarkly POST /flags/{projectKey}");
    expect(ops("k8s del pod worker-7f9c in staging ns")[0]).toBe("kubernetes DELETE /api/v1/namespaces/{namespace}/pods/{name}");
  });

  it("reads 'make cancel for' as cancel and calling a function as invoking it", () => {
    expect(ops("make cancel for subscription of customer in stripe, he not pay anymore")[0]).toMatch(/^stripe DELETE .*subscriptions\/\{subscription_exposed_id\}$/);
    expect(ops("i need call the lambda function resize-image with this payload and wait answer")[0]).toBe("aws_lambda POST /2015-03-31/functions/{FunctionName}/invocations");
  });

  it("reads text in quotes right after 'send' as a message, a video by YouTube's id shape as YouTube's, an order marked shipped as its status", () => {
    expect(ops("send 'server is back up' to our ops telegram group from the bot")[0]).toBe("telegram POST /sendMessage");
    expect(ops("post a comment under video dQw4w9WgXcQ saying thanks for the tutorial")[0]).toBe("youtube POST /youtube/v3/commentThreads");
    expect(ops("mark jumpseller order 3391 as shipped")[0]).toBe("jumpseller PUT /orders/{id}.json");
  });

  it("reads 'make update of' as update (non-native English)", () => {
    expect(ops("make update of opportunity amount in apideck crm to 12000 please")[0]).toBe("apideck_crm PATCH /crm/opportunities/{id}");
  });

  it("reads a word of the order's own verb in a tool's name as asked, and a path's 'latest' or 'default' as which one, not the thing", () => {
    expect(ops("power off droplet 38211 before we resize it")[0]).toBe("digitalocean POST /v2/droplets/{droplet_id}/actions");
    expect(ops("what's the latest release of facebook/react on github?")[0]).toBe("github GET /repos/{owner}/{repo}/releases/latest");
  });

  it("reads 'register that the client has paid the invoice' as a payment recorded, and 'o365 fwd the msg' as Outlook's", () => {
    expect(ops("in xero please register that client has pay the invoice INV-0042, 1200 dollar")[0]).toMatch(/^xero (?:POST|PUT) \/Payments$/);
    expect(ops("o365 fwd the msg from legal to counsel@firm.com")[0]).toBe("outlook POST /me/messages/{message-id}/microsoft.graph.forward");
  });

  it("reads an app's name without its vowels, and a short name whose last word is a name of its own ('msft teams')", () => {
    expect(top("airtbl set status=shipped on rec7Hx2QpL9")[0]!.tool.app).toBe("airtable");
    expect(ops("msft teams list chnls in the marketing team")[0]).toBe("microsoft_teams GET /teams/{team-id}/channels");
  });

  it("reads 'turn off' a machine as powering it off, and 'make translation of' as translate", () => {
    expect(ops("please, turn off my droplet in digitalocean, the id of it is 3164494")[0]).toBe("digitalocean POST /v2/droplets/{droplet_id}/actions");
    expect(top("Can you make translation of this sentence to Dutch with google translate: 'the delivery is delayed by two days'")[0]!.tool.name).toMatch(/TRANSLATE_TEXT$/);
  });

  it("reads 'pull it back out of the trash', 'recreate', 'blocked by' and 'o365 decline the sync'", () => {
    expect(ops("i deleted the email from my landlord by mistake, pull it back out of the trash in gmail")[0]).toBe("gmail POST /gmail/v1/users/{userId}/messages/{id}/untrash");
    expect(ops("i deleted the release-2.3 branch on github by mistake, recreate it at commit 4f2a9c1")[0]).toBe("github POST /repos/{owner}/{repo}/git/refs");
    expect(ops("In Asana, mark task 1204567890123456 ('Ship billing page') as blocked by task 1204567890999999 ('Finish pricing copy')")[0]).toBe("asana POST /tasks/{task_gid}/addDependencies");
    expect(top("o365 decline the fri 4pm sync, im out that day")[0]!.tool.app).toBe("outlook");
  });

  it("reads 'how I <verb> ...?' as the order, 'throw out the spammer' as a kick, 'sign <address> up' as a member, 'ses' as Amazon SES", () => {
    expect(ops("how I put my video 88231 inside the album 'Weddings 2024' on vimeo?")[0]).toMatch(/^vimeo PUT .*\/albums\/\{album_id\}\/videos/);
    expect(ops("how to throw out the spammer from my telegram group, he is posting ads all day")[0]).toBe("telegram POST /kickChatMember");
    expect(ops("sign tom@brightline.co up to our mailchimp newsletter audience")[0]).toBe("mailchimp POST /lists/{list_id}/members");
    expect(ops("take bob@example.com off the ses suppression list, his mailbox is fixed")[0]).toBe("aws_sesv2 DELETE /v2/email/suppression/addresses/{EmailAddress}");
  });

  it("reads 'rec' as a recording and non-native 'do the inscription of' as enroll", () => {
    expect(ops("zoom rec from yesterdays all hands?")[0]).toBe("zoom GET /meetings/{meetingId}/recordings");
    expect(ops("can you do the inscription of student Ana Lima to the course Biology 101 in canvas")[0]).toBe("canvas POST /courses/{course_id}/enrollments");
  });
});

