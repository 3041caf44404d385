import { Hono } from "hono";
import { identify } from "../../../lib/identify";
import type { AppEnv } from "../../lib/context";
import { bindEndpoint } from "../../lib/endpoint";
import { bookInputOf } from "../books/book-input";
import { getpdfApi } from "../../../contract/endpoints/getpdf";

export const identifyRoutes = new Hono<AppEnv>();

bindEndpoint(identifyRoutes, getpdfApi.identify, (c, { query }) => {
  const identified = identify(query.input);
  return c.json({ ...identified, book: bookInputOf(query.input, identified) !== null });
});
