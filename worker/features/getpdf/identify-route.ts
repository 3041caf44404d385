import { Hono } from "hono";
import { IdentifyAnswer, IdentifyQuery } from "../../../contract/identify";
import { identify } from "../../../lib/identify";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone } from "../../lib/roles";
import { bookInputOf } from "../books/book-input";

export const identifyRoutes = new Hono<AppEnv>();

defineEndpoint(
  identifyRoutes,
  {
    method: "get",
    path: "/identify",
    summary: "What a pasted link, DOI or ISBN is, and whether it names a book (no network access)",
    roles: anyone,
    query: IdentifyQuery,
    response: IdentifyAnswer,
    tag: "getpdf",
  },
  (c, { query }) => {
    const identified = identify(query.input);
    return c.json({ ...identified, book: bookInputOf(query.input, identified) !== null });
  },
);
