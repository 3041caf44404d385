import { describe, expect, it } from "vitest";
import { brokenRule, cycleReportedOnly, findCycles, findViolations, formatCycles, formatViolations, importSpecifiers } from "./check-imports";

describe("importSpecifiers", () => {
  it("finds static, type-only, re-exported, dynamic, import-type and require specifiers", () => {
    const text = [
      `import { a } from "./a";`,
      `import type { B } from "../b";`,
      `import "./side-effect.css";`,
      `export { c } from "./c";`,
      `export * from "./d";`,
      `export type { E } from "./e";`,
      `const f = await import("./f");`,
      `type G = import("./g").G;`,
      `const h = require("./h");`,
      `import i = require("./i");`,
      `import { z } from "zod";`,
      `// import { no } from "./comment";`,
      `const s = "import('./string')";`,
    ].join("\n");
    expect(importSpecifiers("x/y.ts", text)).toEqual(["./a", "../b", "./side-effect.css", "./c", "./d", "./e", "./f", "./g", "./h", "./i", "zod"]);
  });

  it("parses JSX files", () => {
    expect(importSpecifiers("web/x.tsx", `import { A } from "./a";\nexport const X = () => <A />;`)).toEqual(["./a"]);
  });
});

describe("findViolations", () => {
  const clean = new Map([
    ["lib/digits.ts", `export const d = 1;`],
    ["contract/auth.ts", `import { d } from "../lib/digits";`],
    ["db/schema/users.ts", `import type { X } from "../../contract/auth";\nimport { d } from "../../lib/digits";`],
    ["clients/crossref.ts", `import { d } from "../lib/digits";`],
    ["worker/lib/roles.ts", `import { y } from "../../db/schema/users";`],
    ["worker/features/auth/routes.ts", `import { r } from "../../lib/roles";\nimport { c } from "../../../clients/crossref";`],
    ["worker/index.ts", `import { handleQueueBatch } from "../queue-consumer";`],
    ["queue-consumer/index.ts", `import { c } from "../clients/crossref";`],
    ["web/components/ui/button.tsx", `import { d } from "../../../lib/digits";`],
    ["web/features/auth/dialog.tsx", `import { Button } from "../../components/ui/button";`],
    ["web/features/auth/dialog.test.tsx", `import { x } from "../../../worker/lib/roles";`],
    ["tests/worker/a.test.ts", `import { x } from "../../worker/lib/roles";`],
    ["scripts/seed.ts", `import { x } from "../queue-consumer/index";`],
  ]);

  it("reports nothing when every arrow follows the layers", () => {
    expect(findViolations(clean)).toEqual([]);
  });

  it("reports each back-arrow with its rule", () => {
    const broken = new Map(clean);
    broken.set("lib/identify.ts", `import type { IdentifyResult } from "../contract/auth";`);
    broken.set("queue-consumer/process.ts", `const m = await import("../worker/lib/roles");`);
    broken.set("web/components/shell/app-shell.tsx", `export { Dialog } from "../../features/auth/dialog";`);
    broken.set("worker/lib/log.ts", `type R = import("../features/auth/routes").R;`);
    broken.set("worker/features/x.ts", `import "../../queue-consumer/index";`);
    expect(findViolations(broken)).toEqual([
      { from: "lib/identify.ts", to: "contract/auth.ts", specifier: "../contract/auth", rule: "lib/ may import nothing of ours" },
      {
        from: "queue-consumer/process.ts",
        to: "worker/lib/roles.ts",
        specifier: "../worker/lib/roles",
        rule: "queue-consumer/ may import only lib/, contract/, db/, clients/",
      },
      {
        from: "web/components/shell/app-shell.tsx",
        to: "web/features/auth/dialog.tsx",
        specifier: "../../features/auth/dialog",
        rule: "web/components/ may not import web/features/",
      },
      {
        from: "worker/features/x.ts",
        to: "queue-consumer/index.ts",
        specifier: "../../queue-consumer/index",
        rule: "worker/ may import only lib/, contract/, db/, clients/",
      },
      {
        from: "worker/lib/log.ts",
        to: "worker/features/auth/routes.ts",
        specifier: "../features/auth/routes",
        rule: "worker/lib/ may not import worker/features/",
      },
    ]);
    expect(formatViolations(findViolations(broken))).toContain(
      "web/components/ may not import web/features/ (1):\n  web/components/shell/app-shell.tsx → web/features/auth/dialog.tsx",
    );
  });

  it("a feature may not import another feature's routes; its own, and the composition root, may", () => {
    expect(brokenRule("worker/features/batch/routes.ts", "worker/features/getpdf/routes.ts")).toBe("a feature may not import another feature's routes");
    expect(brokenRule("worker/features/file-reports/service.ts", "worker/features/batch/routes.ts")).toBe("a feature may not import another feature's routes");
    expect(brokenRule("web/features/batch/page.tsx", "web/features/getpdf/routes.tsx")).toBe("a feature may not import another feature's routes");
    expect(brokenRule("worker/features/batch/routes.ts", "worker/features/getpdf/context.ts")).toBeNull();
    expect(brokenRule("worker/features/getpdf/stream.ts", "worker/features/getpdf/routes.ts")).toBeNull();
    expect(brokenRule("worker/app.ts", "worker/features/getpdf/routes.ts")).toBeNull();
  });

  it("allows the Worker's entry, and only it, to import the queue consumer", () => {
    expect(brokenRule("worker/index.ts", "queue-consumer/index.ts")).toBeNull();
    expect(brokenRule("worker/index.ts", "queue-consumer/resolve.ts")).not.toBeNull();
    expect(brokenRule("worker/app.ts", "queue-consumer/index.ts")).not.toBeNull();
  });

  it("sees a package.json `#` import as the file it names: only the Worker's entry may import the SPA's server entry", () => {
    const sources = new Map([
      ["worker/index.ts", `import { renderPage } from "#web/entry-server";`],
      ["worker/app.ts", `import { renderPage } from "#web/entry-server";`],
      ["web/entry-server.tsx", `export const renderPage = 1;`],
    ]);
    expect(findViolations(sources)).toEqual([
      { from: "worker/app.ts", to: "web/entry-server.tsx", specifier: "#web/entry-server", rule: "worker/ may import only lib/, contract/, db/, clients/" },
    ]);
  });

  it("keeps web/lib below components and features, and web and extension off the server side", () => {
    expect(brokenRule("web/lib/api.ts", "web/components/ui/toast.tsx")).toMatch(/web\/lib/);
    expect(brokenRule("web/lib/api.ts", "web/features/auth/rules.ts")).toMatch(/web\/lib/);
    expect(brokenRule("web/features/auth/x.tsx", "db/schema/users.ts")).toMatch(/^web\//);
    expect(brokenRule("extension/src/popup.ts", "worker/lib/roles.ts")).toMatch(/^extension\//);
    expect(brokenRule("contract/auth.ts", "db/schema/users.ts")).toMatch(/^contract\//);
    expect(brokenRule("db/schema/users.ts", "worker/lib/roles.ts")).toMatch(/^db\//);
    expect(brokenRule("clients/crossref.ts", "worker/lib/roles.ts")).toMatch(/^clients\//);
    expect(brokenRule("lib/digits.ts", "tests/fakes/upstream.ts")).toMatch(/^lib\//);
  });
});

describe("back-arrows inside worker/ and web/", () => {
  it("only a composition root imports a composition root", () => {
    // A feature climbing to the product registry would import every feature through it.
    expect(brokenRule("worker/features/wallet/orders.ts", "worker/products.ts")).toMatch(/^only a composition root/);
    expect(brokenRule("worker/money/orders.ts", "worker/products.ts")).toMatch(/^only a composition root/);
    expect(brokenRule("worker/features/auth/routes.ts", "worker/middleware/session.ts")).toMatch(/^only a composition root/);
    expect(brokenRule("worker/services.ts", "worker/app.ts")).toMatch(/^only a composition root/);
    expect(brokenRule("web/features/getpdf/queries.ts", "web/routes/tree.tsx")).toMatch(/^only a composition root/);
    expect(brokenRule("web/components/shell/app-shell.tsx", "web/router.tsx")).toMatch(/^only a composition root/);
    expect(brokenRule("worker/app.ts", "worker/products.ts")).toBeNull();
    expect(brokenRule("worker/scheduled/index.ts", "worker/products.ts")).toBeNull();
    expect(brokenRule("worker/app.ts", "worker/middleware/session.ts")).toBeNull();
    expect(brokenRule("worker/middleware/session.ts", "worker/features/auth/sessions.ts")).toBeNull();
    expect(brokenRule("web/routes/tree.tsx", "web/features/getpdf/pages/getpdf-page.tsx")).toBeNull();
  });

  it("keeps the money kernel below the features, and worker/lib below both", () => {
    expect(brokenRule("worker/money/orders.ts", "worker/features/institutions/access.ts")).toBe(
      "worker/money/ may not import worker/features/ or worker/services.ts",
    );
    expect(brokenRule("worker/money/fulfilment.ts", "worker/services.ts")).toBe("worker/money/ may not import worker/features/ or worker/services.ts");
    // The notifier's type, which a receipt is sent with, is the one feature module the kernel names.
    expect(brokenRule("worker/money/fulfilment.ts", "worker/features/notify/notifier.ts")).toBeNull();
    expect(brokenRule("worker/money/orders.ts", "worker/lib/errors.ts")).toBeNull();
    expect(brokenRule("worker/features/offline/requests.ts", "worker/money/ledger.ts")).toBeNull();
    expect(brokenRule("worker/lib/context.ts", "worker/money/fulfilment.ts")).toBe("worker/lib/ may not import worker/money/ or worker/services.ts");
    expect(brokenRule("worker/lib/endpoint.ts", "worker/services.ts")).toBe("worker/lib/ may not import worker/money/ or worker/services.ts");
  });
});

describe("findCycles", () => {
  const acyclic = new Map([
    ["worker/services.ts", `import { n } from "./features/notify/notifier";\nimport type { P } from "./money/fulfilment";`],
    ["worker/features/notify/notifier.ts", `export const n = 1;`],
    ["worker/money/fulfilment.ts", `import type { N } from "../features/notify/notifier";`],
    [
      "worker/features/wallet/routes.ts",
      `import { s } from "../../services";\nimport { o } from "../offline/standard-request";\nimport { p } from "../../money/orders";`,
    ],
    ["worker/features/offline/standard-request.ts", `import { l } from "../../money/ledger";\nimport type { S } from "../../services";`],
    ["worker/products.ts", `import { w } from "./features/wallet/credit-products";\nimport { o } from "./features/offline/fulfiller";`],
    ["web/features/getpdf/result-dialog.tsx", `import { CitationExport } from "../citations/citation-export";`],
    ["web/features/batch/batch-page.tsx", `import { CitationExport } from "../citations/citation-export";`],
  ]);

  it("finds none when features import each other one way only", () => {
    expect(findCycles(acyclic)).toEqual([]);
  });

  it("finds two features importing each other, with the arrows that make the loop", () => {
    const sources = new Map(acyclic);
    sources.set("worker/features/offline/fulfiller.ts", `import { notice } from "../wallet/notices";`);
    sources.set("worker/features/wallet/notices.ts", `export const notice = 1;`);
    const cycles = findCycles(sources);
    expect(cycles).toEqual([
      {
        units: ["worker/features/offline", "worker/features/wallet"],
        arrows: [
          { from: "worker/features/offline/fulfiller.ts", to: "worker/features/wallet/notices.ts" },
          { from: "worker/features/wallet/routes.ts", to: "worker/features/offline/standard-request.ts" },
        ],
      },
    ]);
    expect(formatCycles(cycles)).toBe(
      "feature cycle: worker/features/offline ↔ worker/features/wallet\n" +
        "  worker/features/offline/fulfiller.ts → worker/features/wallet/notices.ts\n" +
        "  worker/features/wallet/routes.ts → worker/features/offline/standard-request.ts",
    );
  });

  it("finds a loop through three units, the kernel or the request's services among them", () => {
    const sources = new Map(acyclic);
    // services → auth → profile → services: no two import each other, yet it is one loop.
    sources.set("worker/services.ts", `import { load } from "./features/auth/sessions";`);
    sources.set("worker/features/auth/sessions.ts", `import { confirm } from "../profile/service";`);
    sources.set("worker/features/profile/service.ts", `import type { Services } from "../../services";`);
    const [cycle, ...rest] = findCycles(sources);
    expect(rest).toEqual([]);
    expect(cycle!.units).toEqual(["worker/features/auth", "worker/features/profile", "worker/services.ts"]);
    expect(cycle!.arrows).toHaveLength(3);
    expect(formatCycles([cycle!])).toMatch(/^feature cycle of 3: worker\/features\/auth, worker\/features\/profile, worker\/services\.ts/);
    // The kernel reaching back to a feature that uses it is a loop too (here also through the
    // services, which name the kernel's registry type and are named by the feature).
    const kernel = new Map(acyclic);
    kernel.set("worker/money/orders.ts", `import { q } from "../features/offline/standard-request";`);
    expect(findCycles(kernel).map((c) => c.units)).toEqual([["worker/features/offline", "worker/money", "worker/services.ts"]]);
  });

  it("ignores tests, scripts and imports inside one unit; fails on web's loops as on the Worker's", () => {
    const sources = new Map(acyclic);
    sources.set("worker/features/notify/notifier.test.ts", `import { s } from "../../services";`);
    sources.set("scripts/seed.ts", `import { a } from "../worker/features/wallet/routes";`);
    sources.set("worker/features/wallet/credit-products.ts", `import { r } from "./routes";`);
    expect(findCycles(sources)).toEqual([]);
    sources.set("web/features/citations/citation-export.tsx", `import { m } from "../getpdf/messages";`);
    sources.set("web/features/getpdf/messages.ts", `export const m = 1;`);
    const cycles = findCycles(sources);
    expect(cycles.map((c) => c.units)).toEqual([["web/features/citations", "web/features/getpdf"]]);
    expect(cycleReportedOnly(cycles[0]!)).toBe(false);
    expect(cycleReportedOnly({ units: ["worker/features/auth", "worker/features/profile"], arrows: [] })).toBe(false);
  });
});
