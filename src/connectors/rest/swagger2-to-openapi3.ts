/**
 * A Swagger 2.0 description as OpenAPI 3.0, so the catalog's one compiler reads it: host/basePath/schemes →
 * servers, definitions → components.schemas, body and formData parameters → requestBody, parameter type
 * keywords → schema, securityDefinitions → securitySchemes. Only what the compiler reads is converted.
 */
type Json = Record<string, any>;

const SCHEMA_KEYS = ["type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf"];
const FLOWS: Record<string, string> = { implicit: "implicit", password: "password", application: "clientCredentials", accessCode: "authorizationCode" };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];

export function swagger2ToOpenApi3(doc: Json): Json {
  const text = JSON.stringify(doc).replace(/"#\/definitions\//g, '"#/components/schemas/').replace(/"#\/responses\//g, '"#/components/responses/');
  const src = JSON.parse(text) as Json;
  const scheme = Array.isArray(src.schemes) && src.schemes.length ? (src.schemes.includes("https") ? "https" : String(src.schemes[0])) : "https";
  const servers = src.host ? [{ url: `${scheme}://${src.host}${src.basePath ?? ""}` }] : src.basePath ? [{ url: src.basePath }] : [];
  const sharedParams = (src.parameters ?? {}) as Json;
  const deref = (p: Json): Json => {
    const m = typeof p?.$ref === "string" ? /^#\/parameters\/(.+)$/.exec(p.$ref) : null;
    return m ? (sharedParams[decodeURIComponent(m[1]!).replace(/~1/g, "/").replace(/~0/g, "~")] ?? p) : p;
  };
  const paths: Json = {};
  for (const [path, rawItem] of Object.entries((src.paths ?? {}) as Json)) {
    if (!rawItem || typeof rawItem !== "object") {
      paths[path] = rawItem;
      continue;
    }
    const item: Json = { ...rawItem };
    const common = Array.isArray(item.parameters) ? (item.parameters as Json[]).map(deref) : [];
    delete item.parameters;
    for (const m of METHODS) {
      const op = item[m];
      if (!op || typeof op !== "object") continue;
      const params = [...common, ...(Array.isArray(op.parameters) ? (op.parameters as Json[]).map(deref) : [])];
      const consumes = (op.consumes ?? src.consumes ?? ["application/json"]) as string[];
      item[m] = { ...op, parameters: params.filter((p) => p && p.in !== "body" && p.in !== "formData").map(parameter), ...requestBody(params, consumes) };
      delete item[m].consumes;
      delete item[m].produces;
    }
    paths[path] = item;
  }
  const securitySchemes: Json = {};
  for (const [name, s] of Object.entries((src.securityDefinitions ?? {}) as Json)) {
    if (s?.type === "basic") securitySchemes[name] = { type: "http", scheme: "basic" };
    else if (s?.type === "apiKey") securitySchemes[name] = { type: "apiKey", name: s.name, in: s.in };
    else if (s?.type === "oauth2") {
      const flow = FLOWS[s.flow] ?? "authorizationCode";
      securitySchemes[name] = { type: "oauth2", flows: { [flow]: { authorizationUrl: s.authorizationUrl, tokenUrl: s.tokenUrl, scopes: s.scopes ?? {} } } };
    }
  }
  const parameters = Object.fromEntries(Object.entries(sharedParams).filter(([, p]) => p?.in !== "body" && p?.in !== "formData").map(([k, p]) => [k, parameter(p)]));
  return {
    openapi: "3.0.3",
    info: src.info ?? { title: "API", version: "" },
    servers,
    paths,
    components: { schemas: src.definitions ?? {}, parameters, securitySchemes, responses: src.responses ?? {} },
    ...(src.security ? { security: src.security } : {}),
  };
}

function parameter(p: Json): Json {
  if (typeof p?.$ref === "string") return { $ref: p.$ref.replace(/^#\/parameters\//, "#/components/parameters/") };
  const schema = Object.fromEntries(SCHEMA_KEYS.filter((k) => p[k] !== undefined).map((k) => [k, p[k]]));
  return { name: p.name, in: p.in, description: p.description, required: p.required === true || p.in === "path", schema: Object.keys(schema).length ? schema : { type: "string" } };
}

function requestBody(params: Json[], consumes: string[]): Json {
  const body = params.find((p) => p?.in === "body");
  if (body) {
    const media = consumes.find((c) => /json/i.test(c)) ?? consumes[0] ?? "application/json";
    return { requestBody: { description: body.description, required: body.required === true, content: { [media]: { schema: body.schema ?? {} } } } };
  }
  const form = params.filter((p) => p?.in === "formData");
  if (form.length === 0) return {};
  const media = consumes.find((c) => /multipart\/form-data/i.test(c)) ?? "application/x-www-form-urlencoded";
  const properties = Object.fromEntries(form.map((p) => [p.name, { ...parameter(p).schema, ...(p.type === "file" ? { type: "string", format: "binary" } : {}), ...(p.description ? { description: p.description } : {}) }]));
  const required = form.filter((p) => p.required === true).map((p) => p.name);
  return { requestBody: { required: required.length > 0, content: { [media]: { schema: { type: "object", properties, ...(required.length ? { required } : {}) } } } } };
}
