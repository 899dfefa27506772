/**
 * Path parameters arrive percent-encoded and the router decodes them with decodeURIComponent, which throws on a
 * malformed escape (`%zz`, a lone `%`). Checked here first, so the caller gets a 400 naming the parameter.
 */
import { invalid } from "../errors.js";

export function decodePathParam(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalid(`The path parameter ${name} is not valid percent-encoding: escape '%' as %25.`);
  }
}

/** Checks each `{name}` segment of an operation's path template against the request's path. */
export function checkPathParams(template: string, path: string): void {
  const segments = path.split("/");
  template.split("/").forEach((part, i) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name !== undefined) decodePathParam(name, segments[i] ?? "");
  });
}
