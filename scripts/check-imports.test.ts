import { describe, expect, it } from "vitest";
import { brokenRule, findViolations, formatViolations, importSpecifiers } from "./check-imports";

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
