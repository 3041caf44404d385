/**
 * Lighthouse's installability checks on the production build (`vite preview`, fresh seeded state):
 *
 *   npm run bench:installable [-- --no-build --port 18971]
 *
 * Lighthouse 12 dropped its PWA category, and with it the `installable-manifest`, `service-worker`,
 * `maskable-icon`, `splash-screen` and `themed-omnibox` audits. This runs Lighthouse (13, the
 * devDependency) with a gatherer and an audit that do what those did: the gatherer asks Chromium for
 * its installability errors (`Page.getInstallabilityErrors`, what `installable-manifest` read) and the
 * app manifest (`Page.getAppManifest`), and waits for the service worker's registration; the audit
 * parses the manifest with Lighthouse's own parser and judges its icons with Lighthouse's own icon
 * rules (`core/lib/manifest-parser.js`, `core/lib/icons.js`). Exits 1 when a check fails.
 * The browser test tests/browser/pwa.test.ts asserts the same checks without Lighthouse.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureBuild, log, numberArg, outDir, runIfMain, startStack } from "./lib/stack";

type Installability = {
  errors: string[];
  manifestUrl: string;
  manifest: string;
  manifestErrors: string[];
  documentUrl: string;
  serviceWorker: { scope: string; active: boolean } | null;
};

/** One check of the former PWA audits: its id, whether it passes, and what was seen. */
export type InstallCheck = { id: string; pass: boolean; detail: string };

export async function installabilityChecks(base: string): Promise<InstallCheck[]> {
  const { navigation } = await import("lighthouse");
  // Custom gatherers and audits are plain subclasses to Lighthouse; its types only know its own artifacts.
  const BaseGatherer = (await import("lighthouse/core/gather/base-gatherer.js")).default as unknown as new () => { meta: unknown };
  const Audit = (await import("lighthouse/core/audits/audit.js")).Audit as unknown as new () => object;
  const { parseManifest } = await import("lighthouse/core/lib/manifest-parser.js");
  const icons = await import("lighthouse/core/lib/icons.js");
  const puppeteer = (await import("puppeteer-core")).default;

  type Context = {
    driver: {
      defaultSession: { sendCommand(method: string, params?: object): Promise<unknown> };
      executionContext: { evaluate<T>(fn: () => Promise<T>, opts: { args: never[] }): Promise<T> };
      url(): Promise<string>;
    };
  };

  class InstallabilityGatherer extends BaseGatherer {
    override meta = { supportedModes: ["navigation"] };
    async getArtifact(context: Context): Promise<Installability> {
      const session = context.driver.defaultSession;
      // The app registers its worker after the load event; give it the time a visit gives it.
      const serviceWorker = await context.driver.executionContext.evaluate(
        () =>
          Promise.race([
            navigator.serviceWorker.ready.then((r) => ({ scope: r.scope, active: !!r.active })),
            new Promise<null>((ok) => setTimeout(() => ok(null), 15_000)),
          ]),
        { args: [] },
      );
      const manifest = (await session.sendCommand("Page.getAppManifest")) as { url: string; data?: string; errors: { message: string }[] };
      const { installabilityErrors } = (await session.sendCommand("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
      return {
        errors: installabilityErrors.map((e) => e.errorId),
        manifestUrl: manifest.url,
        manifest: manifest.data ?? "",
        manifestErrors: manifest.errors.map((e) => e.message),
        documentUrl: await context.driver.url(),
        serviceWorker,
      };
    }
  }

  class InstallableAudit extends Audit {
    static get meta() {
      return {
        id: "daryaft-installable",
        title: "The web app manifest and service worker meet the installability requirements",
        failureTitle: "The web app is not installable",
        description: "Chromium's installability errors, the manifest (Lighthouse's parser and icon rules) and the service worker.",
        requiredArtifacts: ["Installability"],
      } as never;
    }
    static audit(artifacts: { Installability: Installability }) {
      const checks = judge(artifacts.Installability);
      return { score: checks.every((c) => c.pass) ? 1 : 0, details: { type: "debugdata", checks } } as never;
    }
  }

  function judge(a: Installability): InstallCheck[] {
    const parsed = parseManifest(a.manifest, a.manifestUrl, a.documentUrl) as {
      value?: Record<string, { value: unknown; warning?: string }> & Parameters<typeof icons.doExist>[0];
      warning?: string;
    };
    const m = parsed.value;
    const v = (key: string) => (m?.[key] as { value?: unknown } | undefined)?.value;
    const shortName = String(v("short_name") ?? "");
    const sw = a.serviceWorker;
    const startUrl = String(v("start_url") ?? "");
    return [
      {
        id: "installable-manifest (Chromium)",
        pass: a.errors.length === 0 && a.manifestErrors.length === 0,
        detail: [...a.errors, ...a.manifestErrors].join(", ") || "no installability errors",
      },
      { id: "manifest parses", pass: !!m && !parsed.warning, detail: a.manifestUrl },
      { id: "has name", pass: !!v("name"), detail: String(v("name") ?? "") },
      { id: "short_name ≤ 12 characters", pass: shortName.length > 0 && shortName.length <= 12, detail: shortName },
      { id: "start_url in scope", pass: !!startUrl && !(m?.["start_url"] as { warning?: string } | undefined)?.warning, detail: startUrl },
      { id: "display standalone", pass: ["standalone", "fullscreen", "minimal-ui"].includes(String(v("display"))), detail: String(v("display")) },
      { id: "themed-omnibox (theme_color)", pass: !!v("theme_color"), detail: String(v("theme_color") ?? "") },
      { id: "splash-screen (background_color)", pass: !!v("background_color"), detail: String(v("background_color") ?? "") },
      {
        id: "icon ≥ 144 px PNG",
        pass: !!m && icons.doExist(m) && icons.pngSizedAtLeast(144, m).length > 0,
        detail: m ? icons.pngSizedAtLeast(144, m).join(" ") : "",
      },
      {
        id: "splash-screen icon ≥ 512 px PNG",
        pass: !!m && icons.doExist(m) && icons.pngSizedAtLeast(512, m).length > 0,
        detail: m ? icons.pngSizedAtLeast(512, m).join(" ") : "",
      },
      { id: "maskable-icon", pass: !!m && icons.doExist(m) && icons.containsMaskableIcon(m), detail: "" },
      {
        id: "service-worker controls start_url",
        pass: !!sw && sw.active && !!startUrl && startUrl.startsWith(sw.scope),
        detail: sw ? `${sw.scope} (${sw.active ? "active" : "not active"})` : "no registration",
      },
    ];
  }

  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
    headless: true,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    const config = {
      extends: "lighthouse:default",
      artifacts: [{ id: "Installability", gatherer: InstallabilityGatherer }],
      audits: [InstallableAudit],
      categories: { installable: { title: "Installable", auditRefs: [{ id: "daryaft-installable", weight: 1 }] } },
      settings: { onlyCategories: ["installable"] },
    };
    const result = await navigation(page as never, `${base}/`, { config: config as never, flags: { logLevel: "error" } });
    if (!result) throw new Error("no Lighthouse result");
    const lhr = result.lhr as unknown as {
      lighthouseVersion: string;
      audits: Record<string, { score: number | null; details?: { checks?: InstallCheck[] } }>;
      runtimeError?: { message: string };
    };
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "lighthouse-installable.json"), JSON.stringify(lhr));
    const checks = lhr.audits["daryaft-installable"]?.details?.checks;
    if (!checks) throw new Error(`the audit did not run: ${lhr.runtimeError?.message ?? JSON.stringify(lhr.audits["daryaft-installable"])}`);
    log("installable", `Lighthouse ${lhr.lighthouseVersion}`);
    return checks;
  } finally {
    await browser.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  ensureBuild(args.includes("--no-build"));
  const stack = await startStack({ name: "installable", port: numberArg("port", 18_971), upstreamPort: numberArg("upstream-port", 18_972) });
  try {
    const checks = await installabilityChecks(stack.base);
    console.log("\nInstallability (Lighthouse, with the former PWA audits' checks)");
    for (const c of checks) console.log(`${c.pass ? "pass" : "FAIL"}  ${c.id}${c.detail ? `: ${c.detail}` : ""}`);
    if (!checks.every((c) => c.pass)) process.exitCode = 1;
  } finally {
    stack.close();
  }
}

runIfMain(import.meta.filename, main);
