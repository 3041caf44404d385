import { endpoints } from "../endpoint";
import { anyone } from "../roles";

const api = endpoints({ tag: "search", schemas: () => Promise.all([import("../search")]) });

/** The four catalogue searches and their dropdown lists (worker/features/search/routes.ts). */
export const searchApi = {
  article: api.post("/article_search", {
    summary: "Article search (type 2) in Scopus or Crossref; identical searches are cached for an hour",
    roles: anyone,
    body: (s) => s.ArticleSearchRequest,
    response: (s) => s.ArticleSearchResponse,
  }),
  book: api.post("/book_search", {
    summary:
      "Book, solution-manual, standard and report search (type 3) over the D1 catalogue (FTS5, bm25), then the lawful open collections live (free: OAPEN, Project Gutenberg; report: NASA NTRS, OSTI; standard: IETF RFCs), each cached an hour",
    roles: anyone,
    body: (s) => s.BookSearchRequest,
    response: (s) => s.BookSearchResponse,
  }),
  thesis: api.post("/tez_search", {
    summary: "Thesis search (type 4) over the free thesis catalogue, then OpenAlex's open dissertations when OPENALEX_API_KEY is set",
    roles: anyone,
    body: (s) => s.ThesisSearchRequest,
    response: (s) => s.ThesisSearchResponse,
  }),
  standard: api.post("/standard_search", {
    summary: "Standard search (type 5): title, standard code or keywords, by organisation and year",
    roles: anyone,
    body: (s) => s.StandardSearchRequest,
    response: (s) => s.StandardSearchResponse,
  }),
  options: api.get("/search_options", {
    summary: "Filter lists of the searches: standards organisations, thesis departments and languages",
    roles: anyone,
    response: (s) => s.SearchOptions,
  }),
};
