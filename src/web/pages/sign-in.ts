/** `/sign-in`: e-mail and password. Failures say what to do next, never whether the account exists. */
import { html, toHtml } from "../render.js";
import type { PageContext } from "../page-context.js";
import { CsrfInput, Layout, Notice } from "./layout.js";

export function signInPage(ctx: PageContext, opts: { error?: string; email?: string } = {}) {
  const ended = ctx.query.reason === "session";
  return toHtml(html`<${Layout} title="Sign in" path="/sign-in" user=${null}>
    <h1>Sign in</h1>
    ${opts.error ? html`<${Notice} kind="error">${opts.error}<//>` : null}
    ${ended && !opts.error ? html`<${Notice} kind="error">Your session has ended or was signed out. Sign in again to continue.<//>` : null}
    <form method="post" action="/sign-in">
      <${CsrfInput} csrf=${ctx.csrf} />
      <label for="email">E-mail</label>
      <input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value=${opts.email ?? ""} />
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200" />
      <button type="submit">Sign in</button>
    </form>
    <p class="muted">No account yet? <a href="/sign-up">Create one</a>. Made your account with the CLI? Its <code>--password</code> works here.</p>
  <//>`);
}
