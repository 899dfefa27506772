/**
 * A browser without a browser: a cookie jar, GET pages, POST forms (redirects not followed), every answer to a
 * contract operation checked against the contract like test/helpers/http.ts does (except the HTML pages a browser gets).
 */
import { assertMatchesContract } from "../../helpers/contract.js";

export interface FormAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export function formClient(baseUrl: string, opts: { accept?: string; address?: string } = {}) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (!value || /Max-Age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const send = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<FormAnswer> => {
    const headers: Record<string, string> = { accept: opts.accept ?? "text/html", ...(jar.size ? { cookie: cookieHeader() } : {}), ...(opts.address ? { "x-forwarded-for": opts.address } : {}), ...init.headers };
    const res = await fetch(baseUrl + path, { method, headers, body: init.body, redirect: "manual" });
    remember(res);
    const text = await res.text();
    const json = res.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : null;
    // A browser's failed action is answered with the form's page (the contract documents it); other clients get the contract's bodies.
    if (method === "POST" && !(headers.accept!.includes("text/html") && res.headers.get("content-type")?.includes("text/html"))) assertMatchesContract(method, path, res.status, json ?? text, res.headers.get("content-type"));
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    jar,
    get: (path: string) => send("GET", path),
    /** The value of the page's csrf field (the page must have been fetched). */
    csrfOf: (page: FormAnswer) => /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "",
    post: (path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return send("POST", path, { body: body.toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
    },
    /** GET the form's page, then POST the form with its csrf token. */
    async submit(pagePath: string, action: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
      const page = await send("GET", pagePath);
      return this.post(action, { csrf: this.csrfOf(page), ...fields }, headers);
    },
  };
}
