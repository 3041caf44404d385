import { Hono } from "hono";
import { z } from "zod";
import { BusinessErrorBody, ValidationErrorBody } from "../../../contract/common";
import type { Endpoint, Schemas } from "../../../contract/endpoint";
import { services } from "../../services";
import type { AppEnv } from "../../lib/context";

function toJsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" });
}

/** `/directaccess/:id/:d?` → `/directaccess/{id}/{d}` */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)\??/g, "{$1}");
}

function operation(def: Endpoint, schemas: Schemas) {
  const parameters: unknown[] = [];
  for (const m of def.path.matchAll(/:([A-Za-z_]+)(\?)?/g)) {
    parameters.push({ name: m[1], in: "path", required: true, schema: { type: "string" } });
  }
  if (schemas.query) {
    const js = toJsonSchema(schemas.query, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {})) {
      parameters.push({ name, in: "query", required: js.required?.includes(name) ?? false, schema });
    }
  }
  const responses: Record<string, unknown> = {
    "200": def.html
      ? { description: "HTML or a redirect" }
      : { description: "OK", content: { "application/json": { schema: schemas.response ? toJsonSchema(schemas.response, "output") : {} } } },
    "422": { description: "Validation failure", content: { "application/json": { schema: toJsonSchema(ValidationErrorBody, "output") } } },
    default: { description: "Business failure", content: { "application/json": { schema: toJsonSchema(BusinessErrorBody, "output") } } },
  };
  if (!def.roles.includes("guest")) responses["401"] = { description: "Login required" };
  if (def.method !== "get") responses["419"] = { description: "Missing or wrong CSRF token" };
  return {
    summary: def.summary,
    tags: def.tag ? [def.tag] : undefined,
    "x-roles": [...def.roles],
    parameters,
    requestBody: schemas.body
      ? {
          required: true,
          content: {
            "application/json": { schema: toJsonSchema(schemas.body, "input") },
            "application/x-www-form-urlencoded": { schema: toJsonSchema(schemas.body, "input") },
          },
        }
      : undefined,
    responses,
  };
}

async function buildOpenApi(endpoints: readonly Endpoint[], opts: { development: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of endpoints) {
    if (def.devOnly && !opts.development) continue;
    const p = openApiPath(def.path);
    (paths[p] ??= {})[def.method] = operation(def, await def.schemas());
  }
  return {
    openapi: "3.0.3",
    info: { title: "Daryaft API", version: "1.0.0", description: "API of دریافت. Every operation lists the roles allowed in x-roles." },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "daryaft_session" },
        csrf: { type: "apiKey", in: "header", name: "X-CSRF-TOKEN" },
      },
    },
    paths,
  };
}

/** GET /openapi.json of the endpoints the composition root lists (worker/endpoints.ts), built once per isolate and mode. */
export function openApiRoutes(endpoints: readonly Endpoint[]) {
  const cached = new Map<boolean, ReturnType<typeof buildOpenApi>>();
  const openApiFor = (development: boolean) => {
    let doc = cached.get(development);
    if (!doc) cached.set(development, (doc = buildOpenApi(endpoints, { development })));
    return doc;
  };
  return new Hono<AppEnv>().get("/openapi.json", async (c) => c.json(await openApiFor(services(c).development)));
}
