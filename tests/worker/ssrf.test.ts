/**
 * Safe fetching of user-supplied URLs: every rule, as a table, on the pure check, on the fetcher
 * (redirects, content type and size before the body, the fake-upstream rewrite only after the
 * check) and through POST /getpdf/start.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FetchRefused, originalUrlFromUpstream, safeFetch } from "../../queue-consumer/safe-fetch";
import { checkHost, checkOutboundUrl, isBlockedIPv6, parseIPv4Loose, parseIPv6, type UnsafeReason } from "../../lib/safe-url";
import { newClient } from "./auth-helpers";
import { count } from "./helpers";
import { start } from "./getpdf-helpers";

const refused: [string, UnsafeReason][] = [
  // schemes
  ["ftp://example.org/paper.pdf", "scheme"],
  ["file:///etc/passwd", "scheme"],
  ["gopher://example.org/", "scheme"],
  ["javascript:alert(1)", "scheme"],
  ["data:application/pdf;base64,JVBERi0=", "scheme"],
  ["ws://example.org/", "scheme"],
  // credentials
  ["https://user:secret@example.org/paper", "credentials"],
  ["https://user@example.org/paper", "credentials"],
  ["https://:secret@example.org/paper", "credentials"],
  // IPv4 literals in every notation
  ["http://127.0.0.1/", "private-ip"],
  ["http://127.1/", "private-ip"],
  ["http://2130706433/", "private-ip"],
  ["http://0x7f000001/", "private-ip"],
  ["http://0x7f.0.0.1/", "private-ip"],
  ["http://0177.0.0.1/", "private-ip"],
  ["http://017700000001/", "private-ip"],
  ["http://127.0.0.1.:8080/", "private-ip"],
  ["http://0/", "private-ip"],
  ["http://0.0.0.0/", "private-ip"],
  ["http://10.1.2.3/", "private-ip"],
  ["http://172.16.0.1/", "private-ip"],
  ["http://172.31.255.255/", "private-ip"],
  ["http://192.168.1.1/", "private-ip"],
  ["http://100.64.0.1/", "private-ip"],
  ["http://169.254.169.254/latest/meta-data/", "private-ip"],
  ["http://0xa9fea9fe/", "private-ip"],
  ["http://2852039166/", "private-ip"],
  ["http://100.100.100.200/", "private-ip"],
  ["http://224.0.0.1/", "private-ip"],
  ["http://255.255.255.255/", "private-ip"],
  ["http://198.18.0.1/", "private-ip"],
  // IPv6 literals
  ["http://[::1]/", "private-ip"],
  ["http://[::]/", "private-ip"],
  ["http://[0:0:0:0:0:0:0:1]/", "private-ip"],
  ["http://[fe80::1]/", "private-ip"],
  ["http://[fc00::1]/", "private-ip"],
  ["http://[fd00:ec2::254]/", "private-ip"],
  ["http://[ff02::1]/", "private-ip"],
  ["http://[::ffff:127.0.0.1]/", "private-ip"],
  ["http://[::ffff:7f00:1]/", "private-ip"],
  ["http://[::ffff:169.254.169.254]/", "private-ip"],
  ["http://[::ffff:10.0.0.1]/", "private-ip"],
  ["http://[::127.0.0.1]/", "private-ip"],
  ["http://[64:ff9b::169.254.169.254]/", "private-ip"],
  ["http://[2002:a9fe:a9fe::]/", "private-ip"],
  ["http://[2001:db8::1]/", "private-ip"],
  // localhost-like and internal names
  ["http://localhost/", "internal-host"],
  ["http://LOCALHOST:3000/", "internal-host"],
  ["http://api.localhost/", "internal-host"],
  ["http://printer.local/", "internal-host"],
  ["http://metadata.google.internal/computeMetadata/v1/", "internal-host"],
  ["http://metadata/", "internal-host"],
  ["http://instance-data/latest/", "internal-host"],
  ["http://db.internal/", "internal-host"],
  ["http://intranet/", "internal-host"],
  ["http://router.home.arpa/", "internal-host"],
  ["http://127.0.0.1.nip.io/", "internal-host"],
  ["http://foo.localhost./", "internal-host"],
];

const allowed = [
  "https://oa.publisher.test/pdf/10.5555/x.pdf",
  "http://example.org/paper.pdf",
  "https://www.nature.com/articles/nature12373.pdf",
  "https://8.8.8.8/",
  "https://1.1.1.1:8443/x",
  "http://[2606:4700:4700::1111]/",
  "http://[::ffff:8.8.8.8]/",
  "https://172.32.0.1/",
  "https://192.169.0.1/",
];

describe("checkOutboundUrl", () => {
  it.each(refused)("refuses %s (%s)", (url, reason) => {
    expect(checkOutboundUrl(url)).toEqual({ ok: false, reason });
  });

  it.each(allowed)("allows %s", (url) => {
    expect(checkOutboundUrl(url).ok).toBe(true);
  });

  it("judges relative redirect targets against their base", () => {
    expect(checkOutboundUrl("/pdf/x.pdf", "https://example.org/a").ok).toBe(true);
    expect(checkOutboundUrl("//127.0.0.1/x", "https://example.org/a")).toEqual({ ok: false, reason: "private-ip" });
  });

  it("parses IPv4 in the notations inet_aton accepts, and nothing else", () => {
    expect(parseIPv4Loose("127.0.0.1")).toBe(0x7f000001);
    expect(parseIPv4Loose("127.1")).toBe(0x7f000001);
    expect(parseIPv4Loose("0x7f.0x0.0.01")).toBe(0x7f000001);
    expect(parseIPv4Loose("4294967295")).toBe(0xffffffff);
    expect(parseIPv4Loose("4294967296")).toBeNull();
    expect(parseIPv4Loose("256.0.0.1")).toBeNull();
    expect(parseIPv4Loose("1.2.3.4.5")).toBeNull();
    expect(parseIPv4Loose("example.org")).toBeNull();
    expect(parseIPv4Loose("08.0.0.1")).toBeNull();
  });

  it("parses IPv6 with shortening, embedded IPv4 and zone ids", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("1::2::3")).toBeNull();
    expect(parseIPv6("12345::")).toBeNull();
    expect(isBlockedIPv6(parseIPv6("2606:4700::1111")!)).toBe(false);
    expect(checkHost("[::ffff:0:7f00:1]")).toBe("private-ip");
  });
});

/** A transport that records what it was asked and answers from a table. */
function scriptedFetch(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  const fn = (async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    asked.push(url);
    const route = routes[url];
    return route ? route() : new Response("not found", { status: 404 });
  }) as typeof fetch;
  return { fn, asked };
}

const pdfBody = () => new Response("%PDF-1.4\n%fake\n", { headers: { "content-type": "application/pdf" } });
const redirect =
  (to: string, status = 302) =>
  () =>
    new Response(null, { status, headers: { location: to } });
const opts = (fn: typeof fetch, over: Partial<Parameters<typeof safeFetch>[1]> = {}) => ({
  fetch: fn,
  timeoutMs: 2_000,
  maxBytes: 1_000_000,
  accept: ["application/pdf"],
  ...over,
});

async function refusal(p: Promise<unknown>): Promise<FetchRefused> {
  try {
    await p;
  } catch (err) {
    if (err instanceof FetchRefused) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("safeFetch", () => {
  it("follows up to 5 redirects, re-checking each hop", async () => {
    const routes: Record<string, () => Response> = {};
    for (let i = 0; i < 5; i++) routes[`https://a.example/${i}`] = redirect(`https://a.example/${i + 1}`, i % 2 ? 301 : 307);
    routes["https://a.example/5"] = pdfBody;
    const { fn, asked } = scriptedFetch(routes);
    const r = await safeFetch("https://a.example/0", opts(fn));
    expect(r.url).toBe("https://a.example/5");
    expect(r.hops).toHaveLength(6);
    expect(asked).toHaveLength(6);
  });

  it("refuses a sixth redirect", async () => {
    const routes: Record<string, () => Response> = {};
    for (let i = 0; i < 6; i++) routes[`https://a.example/${i}`] = redirect(`https://a.example/${i + 1}`);
    routes["https://a.example/6"] = pdfBody;
    const { fn, asked } = scriptedFetch(routes);
    expect((await refusal(safeFetch("https://a.example/0", opts(fn)))).kind).toBe("too-many-redirects");
    expect(asked).toHaveLength(6);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "private-ip"],
    ["http://localhost/admin", "internal-host"],
    ["file:///etc/passwd", "scheme"],
    ["https://user:pw@b.example/x", "credentials"],
    ["//[::1]/x", "private-ip"],
  ])("refuses a redirect to %s before requesting it", async (target, kind) => {
    const { fn, asked } = scriptedFetch({ "https://a.example/start": redirect(target) });
    expect((await refusal(safeFetch("https://a.example/start", opts(fn)))).kind).toBe(kind);
    expect(asked).toEqual(["https://a.example/start"]);
  });

  it("checks the content type before reading the body", async () => {
    let bodyRead = false;
    // highWaterMark 0: the stream pulls only when someone reads.
    const body = new ReadableStream(
      {
        pull(controller) {
          bodyRead = true;
          controller.enqueue(new TextEncoder().encode("<html>"));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const { fn } = scriptedFetch({ "https://a.example/x": () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } }) });
    expect((await refusal(safeFetch("https://a.example/x", opts(fn)))).kind).toBe("content-type");
    expect(bodyRead).toBe(false);
  });

  it("checks the declared size before reading the body, and caps an undeclared one while reading", async () => {
    const declared = scriptedFetch({
      "https://a.example/big": () => new Response("%PDF-", { headers: { "content-type": "application/pdf", "content-length": "60000000" } }),
    });
    expect((await refusal(safeFetch("https://a.example/big", opts(declared.fn, { maxBytes: 50 * 1024 * 1024 })))).kind).toBe("too-large");

    let chunks = 0;
    const endless = new ReadableStream({
      pull(controller) {
        chunks++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const streamed = scriptedFetch({ "https://a.example/stream": () => new Response(endless, { headers: { "content-type": "application/pdf" } }) });
    expect((await refusal(safeFetch("https://a.example/stream", opts(streamed.fn, { maxBytes: 256 * 1024 })))).kind).toBe("too-large");
    expect(chunks).toBeLessThan(10);
  });

  it("checks the URL itself, and only then lets the transport rewrite it onto the fake upstream", async () => {
    const base = "http://127.0.0.1:9";
    const { fn, asked } = scriptedFetch({ [`${base}/a.example/doc.pdf`]: pdfBody });
    // the configured fake upstream is loopback, yet a user URL pointing at loopback is still refused
    expect((await refusal(safeFetch("http://127.0.0.1:9/a.example/doc.pdf", opts(fn, { upstreamBase: base })))).kind).toBe("private-ip");
    expect(asked).toEqual([]);
    const ok = await safeFetch("https://a.example/doc.pdf", opts(fn, { upstreamBase: base }));
    expect(ok.url).toBe("https://a.example/doc.pdf");
    expect(asked).toEqual([`${base}/a.example/doc.pdf`]);
  });

  it("without an upstream base nothing is rewritten", async () => {
    const { fn, asked } = scriptedFetch({ "https://a.example/doc.pdf": pdfBody });
    await safeFetch("https://a.example/doc.pdf", opts(fn));
    expect(asked).toEqual(["https://a.example/doc.pdf"]);
    expect(originalUrlFromUpstream("http://127.0.0.1:9/a.example/x", undefined)).toBeNull();
  });

  it("a redirect the fake upstream pointed back at itself is judged as the real URL it stands for", async () => {
    const base = "http://127.0.0.1:9";
    expect(originalUrlFromUpstream(`${base}/b.example/p/doc.pdf?x=1`, base)).toBe("https://b.example/p/doc.pdf?x=1");
    const { fn, asked } = scriptedFetch({
      [`${base}/a.example/r`]: redirect(`${base}/b.example/doc.pdf`),
      [`${base}/b.example/doc.pdf`]: pdfBody,
    });
    const r = await safeFetch("https://a.example/r", opts(fn, { upstreamBase: base }));
    expect(r.url).toBe("https://b.example/doc.pdf");
    expect(asked).toEqual([`${base}/a.example/r`, `${base}/b.example/doc.pdf`]);
  });

  it("follows the fake publisher's real redirect end to end", async () => {
    const r = await safeFetch(
      "https://oa.publisher.test/redirect/10.5555/oa-unpaywall-1.pdf",
      opts((i, init) => fetch(i, init), { upstreamBase: env.UPSTREAM_BASE }),
    );
    expect(r.url).toBe("https://oa.publisher.test/pdf/10.5555/oa-unpaywall-1.pdf");
    expect(new TextDecoder().decode(r.bytes.slice(0, 5))).toBe("%PDF-");
  });
});

describe("POST /getpdf/start with unsafe links", () => {
  const unsafe = [
    "http://127.0.0.1/paper.pdf",
    "http://2130706433/paper",
    "http://0x7f.1/paper",
    "http://[::1]/paper",
    "http://[::ffff:127.0.0.1]/paper",
    "http://169.254.169.254/latest/meta-data/iam/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://localhost:8787/admin",
    "http://foo.localhost/x",
    "http://printer.local/x",
    "https://user:secret@example.org/paper",
    "ftp://example.org/paper.pdf",
    "file:///etc/passwd",
    "gopher://example.org/x",
    // A redirector or library proxy wrapping one: identify hands on the wrapped link, which is screened.
    "https://scholar.google.com/scholar_url?url=http://169.254.169.254/latest/meta-data/iam/&hl=en",
    "https://ezproxy.univ.example/login?url=http://127.0.0.1/paper.pdf",
  ];

  it.each(unsafe)("%s → error, nothing fetched or started", async (url) => {
    const before = await count("downloads where outcome = 'error'");
    const r = await start(newClient(), url);
    expect(r.status).toBe("error");
    expect(r.msg).toContain("http");
    expect(await count("downloads where outcome = 'error'")).toBe(before + 1);
  });
});
