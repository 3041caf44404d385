/**
 * What every benchmark needs: a production build, the fake upstream in its own process, a fresh
 * migrated and seeded local state dir, and `vite preview` serving the built Worker on it.
 * Every child runs in its own process group so stopping it also stops workerd.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDevVars } from "../../scripts/dev-vars";
import { writePreviewVars } from "../../scripts/offline-stack";
import { waitFor } from "../../scripts/wait-for";

export const root = path.resolve(import.meta.dirname, "../..");
export const outDir = path.join(root, "bench/out");

export function log(tag: string, msg: string) {
  process.stderr.write(`[bench:${tag}] ${msg}\n`);
}

/** `vite build` (the client and the Worker) unless told not to and a build exists. */
export function ensureBuild(skip: boolean) {
  if (skip && existsSync(path.join(root, "dist/client/index.html")) && existsSync(path.join(root, "dist/client.chunks.json"))) return;
  log("build", "vite build …");
  execFileSync("vite", ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

/** Children still running, stopped on exit or on Ctrl-C / SIGTERM so no preview is left behind. */
const running = new Set<ChildProcess>();
function stopAll() {
  for (const c of running) stop(c);
}
process.once("exit", stopAll);
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(sig, () => {
    stopAll();
    process.exit(130);
  });
}

export function stop(child: ChildProcess | undefined) {
  if (child) running.delete(child);
  if (!child || child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

export type Stack = { base: string; upstreamUrl: string; stateDir: string; close: () => void };

/**
 * Fake upstream (latency 0 unless given) + fresh state dir (migrated, demo data seeded) + `vite
 * preview`. UPSTREAM_BASE reaches the preview's Worker through CLOUDFLARE_INCLUDE_PROCESS_ENV.
 */
export async function startStack(opts: { name: string; port: number; upstreamPort: number; latencyMs?: number; keepState?: boolean }): Promise<Stack> {
  const upstream = spawn("tsx", ["tests/fakes/upstream-server.ts", "--port", String(opts.upstreamPort), "--latency", String(opts.latencyMs ?? 0)], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "ignore"],
  });
  running.add(upstream);
  const upstreamUrl = `http://127.0.0.1:${opts.upstreamPort}`;
  let preview: ChildProcess | undefined;
  const stateDir = path.join(root, `.tmp/bench-${opts.name}-state`);
  const close = () => {
    stop(preview);
    stop(upstream);
    if (!opts.keepState) rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${upstreamUrl}/__stats`, 30_000);
    rmSync(stateDir, { recursive: true, force: true });
    mkdirSync(stateDir, { recursive: true });
    log(opts.name, `migrating and seeding ${path.relative(root, stateDir)} …`);
    execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${stateDir}`], { cwd: root, stdio: "ignore" });
    execFileSync("tsx", ["scripts/seed.ts", "--local", "--persist-to", stateDir], { cwd: root, stdio: "ignore" });
    // Once a build has copied .dev.vars, the preview reads its vars from there and not from the
    // environment (scripts/offline-stack.ts): without this the Worker asked the real providers and
    // every download job in the benchmarks ended in error.
    writePreviewVars({ ...ensureDevVars(), UPSTREAM_BASE: upstreamUrl });
    preview = spawn("vite", ["preview", "--port", String(opts.port), "--strictPort"], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        DARYAFT_STATE_DIR: stateDir,
        DARYAFT_UPSTREAM_BASE: upstreamUrl,
        CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
        // Development mode and its secrets from .dev.vars (the build may predate it).
        ...ensureDevVars(),
        UPSTREAM_BASE: upstreamUrl,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(preview);
    // The server's own log goes to bench/out for diagnosis, not to the terminal.
    mkdirSync(outDir, { recursive: true });
    const serverLog = createWriteStream(path.join(outDir, `${opts.name}-server.log`));
    preview.stdout?.pipe(serverLog);
    preview.stderr?.pipe(serverLog);
    const base = `http://127.0.0.1:${opts.port}`;
    await waitFor(`${base}/health`, 120_000);
    log(opts.name, `preview ${base}, fake upstream ${upstreamUrl}`);
    return { base, upstreamUrl, stateDir, close };
  } catch (err) {
    close();
    throw err;
  }
}

/** Cookie jar + CSRF token for a scripted client of the app. */
export class Session {
  cookies = new Map<string, string>();
  token = "";
  constructor(readonly base: string) {}

  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
    }
  }

  async init() {
    const res = await fetch(`${this.base}/csrf-token`);
    this.keep(res);
    this.token = ((await res.json()) as { token: string }).token;
    return this;
  }

  async post<T>(p: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.base}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": this.token, cookie: this.cookie },
      body: JSON.stringify(body),
      redirect: "manual",
    });
    this.keep(res);
    if (res.status !== 200) throw new Error(`${p}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  }

  async get(p: string) {
    const res = await fetch(`${this.base}${p}`, { headers: { cookie: this.cookie } });
    this.keep(res);
    return res;
  }
}

export type Machine = { cpu: string; cores: number; memoryGiB: number; os: string; node: string; chromium?: string; loadAverage: number[]; uptime: string };

export function machine(): Machine {
  let uptime = "";
  try {
    uptime = execFileSync("uptime", { encoding: "utf8" }).trim();
  } catch {
    /* not everywhere */
  }
  let chromium: string | undefined;
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    /* reported as missing */
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.platform()}/${os.arch()})${osRelease()}`,
    node: process.version,
    ...(chromium ? { chromium } : {}),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    uptime,
  };
}

function osRelease(): string {
  try {
    const text = execFileSync("cat", ["/etc/os-release"], { encoding: "utf8" });
    const m = /PRETTY_NAME="([^"]+)"/.exec(text);
    return m ? `, ${m[1]}` : "";
  } catch {
    return "";
  }
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * A gzip-compressing reverse proxy in front of `vite preview`, standing in for Cloudflare's edge:
 * in production Cloudflare compresses text responses (HTML, JS, CSS, JSON, SVG) for clients that
 * accept it, but the local preview sends them uncompressed, which would make Lighthouse's
 * simulated mobile network download three times the bytes real users get.
 */
export async function startCompressingProxy(target: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const http = await import("node:http");
  const http2 = await import("node:http2");
  const zlib = await import("node:zlib");
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // HTTP/2 over TLS (self-signed, for 127.0.0.1 only), as Cloudflare serves it: one multiplexed
  // connection, not HTTP/1.1's six per origin, which Lighthouse's network model would charge.
  const { key, cert } = selfSignedCert();
  const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "http2-settings"]);
  const clean = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k, v]) => !k.startsWith(":") && !HOP.has(k) && v !== undefined));
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = { ...clean(req.headers), host: upstream.host } as Record<string, string>;
    delete headers["accept-encoding"];
    const proxied = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (up) => {
      const type = String(up.headers["content-type"] ?? "");
      const accepts = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
      const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/.test(type);
      if (accepts && compressible && !up.headers["content-encoding"] && up.statusCode !== 204 && up.statusCode !== 304) {
        const h: Record<string, unknown> = { ...clean(up.headers), "content-encoding": "gzip", vary: "accept-encoding" };
        delete h["content-length"];
        res.writeHead(up.statusCode ?? 200, h as Record<string, string>);
        up.pipe(zlib.createGzip({ level: 6 })).pipe(res);
      } else {
        res.writeHead(up.statusCode ?? 200, clean(up.headers) as Record<string, string>);
        up.pipe(res);
      }
    });
    proxied.on("error", (err) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(err));
    });
    req.pipe(proxied);
  });
  const sessions = new Set<import("node:net").Socket>();
  server.on("secureConnection", (sock) => {
    sessions.add(sock);
    sock.on("close", () => sessions.delete(sock));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        for (const s of sessions) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A throwaway self-signed certificate for 127.0.0.1 (openssl), for the local HTTP/2 proxy. */
function selfSignedCert(): { key: string; cert: string } {
  const dir = path.join(root, ".tmp/bench-tls");
  mkdirSync(dir, { recursive: true });
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  if (!existsSync(key) || !existsSync(cert)) {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "30",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
  }
  return { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
}

/** `--name N` from the command line, or `fallback`. */
export function numberArg(name: string, fallback: number, args = process.argv.slice(2)): number {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
}

/** Runs `main` when `file` is the script node was started with (not when a report imports it). */
export function runIfMain(file: string, main: () => Promise<void>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== path.resolve(file)) return;
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
