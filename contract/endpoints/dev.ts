import { endpoints } from "../endpoint";
import { anyone, adminOnly, partnerOnly } from "../roles";

const api = endpoints({ tag: "dev", schemas: () => Promise.all([import("../dev"), import("../getpdf"), import("../panel")]) });

/** Development only (worker/dev.ts): 404 and absent from /openapi.json elsewhere. */
export const devApi = {
  outbox: api.get("/dev/outbox.json", {
    summary: "Development outbox: latest SMS and e-mail messages (development and test only)",
    roles: anyone,
    devOnly: true,
    query: (s) => s.OutboxQuery,
    response: (s) => s.OutboxList,
  }),
  devbankPage: api.get("/gateway/devbank/pay/:id", {
    summary: "Development only: the built-in bank page with pay and cancel buttons",
    roles: anyone,
    html: true,
    devOnly: true,
    tag: "wallet",
  }),
  devbankPay: api.post("/gateway/devbank/pay/:id", {
    summary: "Development only: the bank page's pay/cancel buttons; redirects to the callback like a bank",
    roles: anyone,
    html: true,
    devOnly: true,
    body: (s) => s.DevbankAction,
    tag: "wallet",
  }),
  jobTiming: api.get("/dev/getpdf/job", {
    summary: "Development only: a job's start and end times and its steps (benchmarks, diagnosis)",
    roles: anyone,
    devOnly: true,
    query: (s) => s.GetPdfCheckInput,
    response: (s) => s.DevJobTiming,
    tag: "getpdf",
  }),
  benchBare: api.get("/dev/bench/bare", {
    summary: "Development only: a bare text answer (throughput baseline for benchmarks)",
    roles: anyone,
    devOnly: true,
    tag: "system",
  }),
  budgetRoundTrip: api.get("/dev/budget/round-trip", {
    summary:
      "Development only: the time of one budget slot (take + done on the ProviderBudget object), n times in a row (at most 5 s in all; n says how many were measured)",
    roles: adminOnly,
    devOnly: true,
    query: (s) => s.RoundTripQuery,
    response: (s) => s.RoundTrip,
    tag: "system",
  }),
  libraryWatch: api.post("/dev/library-watch/run", {
    summary: "Development only: run the library watcher now (benchmarks)",
    roles: anyone,
    devOnly: true,
    query: (s) => s.WatchQuery,
    response: (s) => s.WatchRun,
    tag: "batch",
  }),
  panelDemo: api.post("/dev/panel/demo-activity", {
    summary: "Development only: six months of demo quota usage and members' downloads for the partner's institution (404 in production)",
    roles: partnerOnly,
    devOnly: true,
    response: (s) => s.PanelOk,
    tag: "panel",
  }),
};
