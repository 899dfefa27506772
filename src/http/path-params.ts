/**
 * Path parameters arrive percent-encoded and the router decodes them with decodeURIComponent, which throws on a
 * malformed escape (`%zz`, a lone `%`). Checked here first, so the caller gets a 400 naming the parameter.
 */
import { BoundedMemo } from "../bounded-memo.js";
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
  const params = paramsOf(template);
  if (!params.length) return;
  const segments = path.split("/");
  for (const { index, name } of params) decodePathParam(name, segments[index] ?? "");
}

/** The `{name}` segments of each template, with their places (the contract's templates are few: read once each). */
const templates = new BoundedMemo<{ index: number; name: string }[]>(1024);

const paramsOf = (template: string) => templates.of(template, readTemplate);

function readTemplate(template: string): { index: number; name: string }[] {
  return template.split("/").flatMap((part, index) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    return name === undefined ? [] : [{ index, name }];
  });
}
