import type { AuthMethod } from "../../catalog/types.js";
import { escapeHtml, page } from "./page.js";

/** What the app wants, in words: which credential, and where Patchbay will send it. */
function whatIsNeeded(appName: string, method: AuthMethod): string {
  const app = escapeHtml(appName);
  if (method.type === "basic") return `${app} signs in with a user name and password (sent as HTTP Basic authentication).`;
  if (method.type === "bearer") return `${app} needs an access token (sent as <code>Authorization: Bearer …</code>), made in your ${app} account's settings.`;
  const where = method.name ? ` (sent in the <code>${escapeHtml(method.name)}</code> ${method.in === "query" ? "query parameter" : method.in === "cookie" ? "cookie" : "header"})` : "";
  return `${app} needs an API key${where}, made in your ${app} account's settings.`;
}

/** The form that asks the user for an app's API key, token, or user name and password, saying which and where to get it. */
export function credentialForm(appName: string, method: AuthMethod, error?: string, docsUrl?: string | null): string {
  const fields =
    method.type === "basic"
      ? `<label for="username">User name</label><input id="username" name="username" autocomplete="username" required>
         <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>`
      : `<label for="secret">${method.type === "bearer" ? "Access token" : `API key${method.name ? ` (${escapeHtml(method.name)})` : ""}`}</label>
         <input id="secret" name="secret" type="password" autocomplete="off" required>`;
  return page(
    `Connect ${appName}`,
    `<h1>Connect ${escapeHtml(appName)}</h1>
     ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
     <p>${whatIsNeeded(appName, method)}${docsUrl && /^https?:\/\//.test(docsUrl) ? ` <a href="${escapeHtml(docsUrl)}" rel="noopener noreferrer" target="_blank">${escapeHtml(appName)}'s documentation</a> says how.` : ""}</p>
     <p>Patchbay stores it encrypted and uses it only for calls you or your agent make to ${escapeHtml(appName)}.</p>
     <form method="post">${fields}<button type="submit">Connect</button></form>
     <p class="muted">This link works once and expires 15 minutes after it was made.</p>`,
  );
}

/**
 * The confirmation of an app that needs no sign-in. The connection is made by the POST, never by opening the link:
 * a chat app's link preview (a GET) would otherwise use the single-use link up.
 */
export function confirmForm(appName: string): string {
  return page(
    `Connect ${appName}`,
    `<h1>Connect ${escapeHtml(appName)}</h1>
     <p>${escapeHtml(appName)} needs no sign-in. Connect it to the Patchbay account that sent you this link?</p>
     <form method="post"><button type="submit">Connect</button></form>
     <p class="muted">This link works once and expires 15 minutes after it was made.</p>`,
  );
}
