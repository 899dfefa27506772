/**
 * `/activity`: the 25 latest runs (arguments redacted as in the API) and each trigger's latest 50 events with their
 * delivery attempts, with a button per trigger that sends a test event (shown open, with its attempt, afterwards).
 */
import { html, toHtml, when } from "../render.js";
import { read, type PageContext } from "../page-context.js";
import { CsrfInput, Layout, Notice } from "./layout.js";

const outcome = (status: string) => html`<span class=${`badge ${status === "succeeded" || status === "delivered" ? "good" : status === "failed" ? "bad" : ""}`}>${status}</span>`;

type Trigger = Awaited<ReturnType<typeof read<"listTriggers">>>[number];
type Event = Awaited<ReturnType<typeof read<"listEvents">>>[number];

/** What became of the test event just sent (`?tested=<event id>`), in words. */
function testedNotice(trigger: Trigger, event: Event) {
  const last = event.delivery.attempts.at(-1);
  if (!trigger.webhookUrl) return html`<${Notice} kind="ok">Test event <code>${event.id}</code> is stored. This trigger has no webhook URL, so it is not delivered: read it with <code>GET /api/v1/events?trigger=${trigger.id}</code>.<//>`;
  if (event.delivery.status === "delivered") return html`<${Notice} kind="ok">Test event <code>${event.id}</code> was delivered to ${trigger.webhookUrl} (${last?.status ?? "2xx"}).<//>`;
  const why = last ? (last.error ?? `the receiver answered ${last.status}`) : "no attempt was made yet";
  const next = event.delivery.nextAttemptAt ? ` It is retried at ${when(event.delivery.nextAttemptAt)}.` : "";
  return html`<${Notice} kind="error">Test event <code>${event.id}</code> was not delivered to ${trigger.webhookUrl}: ${why}.${next} Check that the URL answers a POST with a 2xx, then send another.<//>`;
}

export async function activityPage(ctx: PageContext, opts: { error?: string } = {}) {
  const runs = await read(ctx, "listRuns", { query: { limit: 25 } });
  const triggers = await read(ctx, "listTriggers", { query: { limit: 50 } });
  const events = await Promise.all(triggers.map((t) => read(ctx, "listEvents", { query: { trigger: t.id, limit: 50 } })));
  const testedAt = events.findIndex((list) => list.some((e) => e.id === ctx.query.tested));
  const tested = testedAt >= 0 ? testedNotice(triggers[testedAt]!, events[testedAt]!.find((e) => e.id === ctx.query.tested)!) : null;
  return toHtml(html`<${Layout} title="Activity" path="/activity" user=${ctx.user} wide>
    <h1>Activity</h1>
    ${opts.error ? html`<${Notice} kind="error">${opts.error}<//>` : null}
    ${tested}
    <h2>Latest runs</h2>
    ${runs.length
      ? html`<div class="table-wrap"><table class="stack">
          <thead><tr><th scope="col">When</th><th scope="col">Tool</th><th scope="col">App</th><th scope="col">Outcome</th><th scope="col">Duration</th><th scope="col">Arguments (redacted)</th></tr></thead>
          <tbody>
            ${runs.map(
              (r) => html`<tr>
                <td data-label="When">${when(r.createdAt)}</td>
                <td data-label="Tool">${r.tool ?? "(API call)"}</td>
                <td data-label="App">${r.app}</td>
                <td data-label="Outcome">${outcome(r.status)}${r.errorCode ? html` <code>${r.errorCode}</code>` : null}${r.upstreamStatus ? ` (${r.upstreamStatus})` : ""}</td>
                <td data-label="Duration">${r.durationMs} ms</td>
                <td data-label="Arguments"><code>${JSON.stringify(r.arguments).slice(0, 200)}</code></td>
              </tr>`,
            )}
          </tbody>
        </table></div>`
      : html`<p>No runs yet. Runs appear here when your agent runs a tool or calls an app (<a href="/docs/reference">how</a>).</p>`}
    <h2>Triggers and events</h2>
    ${triggers.length ? null : html`<p>No triggers yet. Create one with <code>POST /api/v1/triggers</code>.</p>`}
    ${triggers.map(
      (t, i) => html`<section aria-labelledby=${`trg-${t.id}`}>
        <h3 id=${`trg-${t.id}`}>${t.name} <span class="muted">(${t.type ?? t.kind}${t.app ? `, ${t.app}` : ""}) → ${t.webhookUrl ?? "no webhook"}</span></h3>
        <form method="post" class="trigger-test" action=${`/activity/triggers/${encodeURIComponent(t.id)}/test-event`}>
          <${CsrfInput} csrf=${ctx.csrf} />
          <button type="submit" class="small secondary">Send a test event<span class="sr-only"> to ${t.name}</span></button>
        </form>
        ${events[i]!.length
          ? events[i]!.map(
              (e) => html`<details open=${e.id === ctx.query.tested}>
                <summary>${when(e.receivedAt)} · ${e.type} · ${outcome(e.delivery.status)}</summary>
                <p class="muted">Event <code>${e.id}</code></p>
                ${e.delivery.attempts.length
                  ? html`<div class="table-wrap"><table>
                      <thead><tr><th scope="col">Attempt</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col">Error</th><th scope="col">Took</th></tr></thead>
                      <tbody>${e.delivery.attempts.map((a) => html`<tr><td>${a.number}</td><td>${when(a.at)}</td><td>${a.status ?? "—"}</td><td>${a.error ?? "—"}</td><td>${a.durationMs} ms</td></tr>`)}</tbody>
                    </table></div>`
                  : html`<p class="muted">No delivery attempt yet${e.delivery.nextAttemptAt ? ` (next at ${when(e.delivery.nextAttemptAt)})` : ""}.</p>`}
              </details>`,
            )
          : html`<p class="muted">No events yet.${t.inboundUrl ? html` Send one to <code>${t.inboundUrl}</code>.` : null}</p>`}
      </section>`,
    )}
  <//>`);
}
