/** `/sign-up`: a new account (e-mail and password), signed in at once. */
import { html, toHtml } from "../render.js";
import type { PageContext } from "../page-context.js";
import { PASSWORD_LENGTH } from "../../domain/accounts.js";
import { CsrfInput, Layout, Notice } from "./layout.js";

export function signUpPage(ctx: PageContext, opts: { error?: string; email?: string } = {}) {
  return toHtml(html`<${Layout} title="Create an account" path="/sign-up" user=${null}>
    <h1>Create an account</h1>
    ${opts.error ? html`<${Notice} kind="error">${opts.error}<//>` : null}
    <form method="post" action="/sign-up">
      <${CsrfInput} csrf=${ctx.csrf} />
      <label for="email">E-mail</label>
      <input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value=${opts.email ?? ""} />
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="new-password" required minlength=${PASSWORD_LENGTH.min} maxlength=${PASSWORD_LENGTH.max} aria-describedby="password-help" />
      <p id="password-help" class="muted">At least ${PASSWORD_LENGTH.min} characters. It is stored only as a scrypt hash.</p>
      <button type="submit">Create account</button>
    </form>
    <p class="muted">Already have an account? <a href="/sign-in">Sign in</a>.</p>
  <//>`);
}
