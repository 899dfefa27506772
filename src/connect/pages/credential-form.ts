import type { AuthMethod } from "../../catalog/types.js";
import { escapeHtml, page } from "./page.js";

/** The form that asks the user for an app's API key, token, or user name and password. */
export function credentialForm(appName: string, method: AuthMethod, error?: string): string {
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
     <p>Patchbay stores it encrypted and uses it only for calls you or your agent make to ${escapeHtml(appName)}.</p>
     <form method="post">${fields}<button type="submit">Connect</button></form>
     <p class="muted">This link works once and expires 15 minutes after it was made.</p>`,
  );
}
