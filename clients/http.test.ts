import { describe, expect, it } from "vitest";
import { startFakeUpstream } from "../tests/fakes/upstream-server";
import { createRateLimiter, describeErrorBody, parseRetryAfter, readBytes, readJson, upstreamFetch, upstreamUrl } from "./http";
import { caught, useFakeUpstream } from "./test-support";

const fake = useFakeUpstream(() => startFakeUpstream({ port: 0 }));

const opts = { provider: "test", timeoutMs: 5000 };

describe("upstreamUrl", () => {
  it("keeps the URL when no base is set", () => {
    expect(upstreamUrl("https://api.crossref.org/works/x?y=1")).toBe("https://api.crossref.org/works/x?y=1");
  });
  it("moves the host into the first path segment of the base", () => {
    expect(upstreamUrl("https://api.crossref.org/works/x?y=1", "http://127.0.0.1:18999")).toBe("http://127.0.0.1:18999/api.crossref.org/works/x?y=1");
    expect(upstreamUrl("https://h.test:8443/a/b", "http://127.0.0.1:1/")).toBe("http://127.0.0.1:1/h.test:8443/a/b");
  });
  it("keeps percent-encoding and a URL inside the path", () => {
    expect(upstreamUrl("https://api.openalex.org/works/https://doi.org/10.1/a%3Cb", "http://x")).toBe(
      "http://x/api.openalex.org/works/https://doi.org/10.1/a%3Cb",
    );
  });
});

describe("parseRetryAfter / describeErrorBody", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("7")).toBe(7);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(30);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
  it("pulls a message out of JSON and ignores HTML pages", () => {
    expect(describeErrorBody('{"message":"Email address required"}')).toBe("Email address required");
    expect(describeErrorBody('{"error":"Invalid query parameters error."}')).toBe("Invalid query parameters error.");
    expect(describeErrorBody("<!doctype html><h1>Not Found</h1>")).toBeUndefined();
    expect(describeErrorBody("Resource not found.")).toBe("Resource not found.");
  });
});

describe("upstreamFetch against the fake", () => {
  it("returns a 2xx response from the rewritten URL", async () => {
    const res = await upstreamFetch(fetch, fake.url, "https://oa.publisher.test/pdf/10.5555/http-1.pdf", undefined, opts);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = await readBytes(res, "test");
    expect(new TextDecoder().decode(bytes.slice(0, 8))).toBe("%PDF-1.4");
    expect(fake.state.hits.get("publisher:10.5555/http-1")).toBe(1);
  });

  it("classifies statuses: 404 not_found, 401 auth, 429 rate_limited with Retry-After, 500 http", async () => {
    const nf = await caught(upstreamFetch(fetch, fake.url, "https://api.crossref.org/works/10.5555/unknown-kind-1", undefined, opts));
    expect(nf.kind).toBe("not_found");
    expect(nf.status).toBe(404);
    expect(nf.providerMessage).toBe("Resource not found.");

    const auth = await caught(upstreamFetch(fetch, fake.url, "https://api.elsevier.com/content/search/scopus?query=x", undefined, opts));
    expect(auth.kind).toBe("auth");
    expect(auth.status).toBe(401);

    const limited = await caught(upstreamFetch(fetch, fake.url, "https://api.crossref.org/works/10.5555/fail-429-1", undefined, opts));
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAfterSeconds).toBe(7);
    expect(limited.retryable).toBe(true);

    const boom = await caught(upstreamFetch(fetch, fake.url, "https://oa.publisher.test/error/10.5555/http-2.pdf", undefined, opts));
    expect(boom.kind).toBe("http");
    expect(boom.status).toBe(500);
    expect(boom.retryable).toBe(true);
  });

  it("hands back accepted statuses instead of throwing", async () => {
    const res = await upstreamFetch(fetch, fake.url, "https://api.crossref.org/works/10.5555/unknown-kind-2", undefined, {
      ...opts,
      acceptStatuses: [404],
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Resource not found.");
  });

  it("times out with kind timeout, and the hung request does not block the fake", async () => {
    const started = Date.now();
    const err = await caught(
      upstreamFetch(fetch, fake.url, "https://oa.publisher.test/slow/10.5555/http-3.pdf", undefined, { provider: "test", timeoutMs: 200 }),
    );
    expect(err.kind).toBe("timeout");
    expect(err.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("reports a caller's abort and an unreachable host as network errors", async () => {
    const controller = new AbortController();
    const pending = upstreamFetch(fetch, fake.url, "https://oa.publisher.test/slow/10.5555/http-4.pdf", undefined, {
      ...opts,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect((await caught(pending)).kind).toBe("network");

    const down = await caught(upstreamFetch(fetch, "http://127.0.0.1:9", "https://api.crossref.org/works/x", undefined, opts));
    expect(down.kind).toBe("network");
  });

  it("turns a non-JSON body into a parse error", async () => {
    const res = await upstreamFetch(fetch, fake.url, "https://api.crossref.org/works/10.5555/fail-malformed-1", undefined, opts);
    const err = await caught(readJson(res, "test"));
    expect(err.kind).toBe("parse");
  });
});

describe("createRateLimiter", () => {
  function clock() {
    let t = 1_000_000;
    const slept: number[] = [];
    return {
      now: () => t,
      sleep: async (ms: number) => {
        slept.push(ms);
        t += ms;
      },
      advance: (ms: number) => {
        t += ms;
      },
      slept,
    };
  }

  it("lets a burst through, then spaces callers by the interval", async () => {
    const c = clock();
    const limiter = createRateLimiter({ perSecond: 4, now: c.now, sleep: c.sleep });
    for (let i = 0; i < 4; i++) await limiter.acquire();
    expect(c.slept).toEqual([]);
    await limiter.acquire();
    await limiter.acquire();
    expect(c.slept).toEqual([250, 250]);
  });

  it("supports fractional rates (arXiv: one per 3.75 s)", async () => {
    const c = clock();
    const limiter = createRateLimiter({ perSecond: 1 / 3.75, burst: 1, now: c.now, sleep: c.sleep });
    await limiter.acquire();
    await limiter.acquire();
    expect(c.slept).toEqual([3750]);
  });

  it("throws rate_limited instead of waiting longer than maxWaitMs", async () => {
    const c = clock();
    const limiter = createRateLimiter({ perSecond: 1, maxWaitMs: 1500, provider: "x", now: c.now, sleep: async () => {} });
    await limiter.acquire();
    await limiter.acquire(); // waits 1000 (reserved)
    const err = await caught(limiter.acquire()); // would wait 2000
    expect(err.kind).toBe("rate_limited");
    expect(err.provider).toBe("x");
    expect(err.retryAfterSeconds).toBe(2);
  });

  it("enforces a daily budget with cost units and resets after a day", async () => {
    const c = clock();
    const limiter = createRateLimiter({ perSecond: 1000, perDay: 25, now: c.now, sleep: c.sleep });
    await limiter.acquire(10);
    await limiter.acquire(10);
    const err = await caught(limiter.acquire(10));
    expect(err.kind).toBe("rate_limited");
    expect(err.retryAfterSeconds).toBe(86_400);
    c.advance(86_400_000);
    await expect(limiter.acquire(10)).resolves.toBeUndefined();
  });

  it("pause() holds every caller back", async () => {
    const c = clock();
    const limiter = createRateLimiter({ perSecond: 10, now: c.now, sleep: c.sleep, maxWaitMs: 60_000 });
    limiter.pause(5000);
    await limiter.acquire();
    expect(c.slept[0]).toBe(5000);
  });

  it("rejects a non-positive rate", () => {
    expect(() => createRateLimiter({ perSecond: 0 })).toThrow(RangeError);
  });
});

describe("fake upstream server", () => {
  it("counts hits per provider and key, and reports them at /__stats", async () => {
    await fetch(`${fake.url}/oa.publisher.test/pdf/10.5555/stats-1.pdf`).then((r) => r.arrayBuffer());
    await fetch(`${fake.url}/oa.publisher.test/pdf/10.5555/stats-1.pdf`).then((r) => r.arrayBuffer());
    const stats = (await (await fetch(`${fake.url}/__stats`)).json()) as Record<string, number>;
    expect(stats["publisher:10.5555/stats-1"]).toBe(2);
  });

  it("answers 502 JSON for an unknown host and 404 for an unknown path of a known host", async () => {
    const unknown = await fetch(`${fake.url}/nowhere.test/x`);
    expect(unknown.status).toBe(502);
    expect(((await unknown.json()) as { error: string }).error).toContain("nowhere.test");
    const noRoute = await fetch(`${fake.url}/oa.publisher.test/not-a-route`);
    expect(noRoute.status).toBe(404);
  });

  it("applies /__latency to every answer and /__reset restores it and clears hits", async () => {
    const own = await startFakeUpstream();
    try {
      expect((await fetch(`${own.url}/__latency?ms=150`, { method: "POST" })).status).toBe(200);
      const t0 = Date.now();
      await fetch(`${own.url}/oa.publisher.test/pdf/10.5555/lat-1.pdf`).then((r) => r.arrayBuffer());
      expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
      expect(own.state.latencyMs).toBe(150);
      await fetch(`${own.url}/__reset`, { method: "POST" });
      expect(own.state.latencyMs).toBe(0);
      expect(own.state.hits.size).toBe(0);
      expect((await fetch(`${own.url}/__latency?ms=-1`, { method: "POST" })).status).toBe(400);
    } finally {
      await own.close();
    }
  });

  it("applies a provider's own latency instead of the global one, and pads PDFs to a size that still reads", async () => {
    const own = await startFakeUpstream();
    try {
      expect((await fetch(`${own.url}/__latency?ms=200&provider=publisher`, { method: "POST" })).status).toBe(200);
      expect((await fetch(`${own.url}/__latency?ms=1&provider=nobody`, { method: "POST" })).status).toBe(400);
      const t0 = Date.now();
      await fetch(`${own.url}/oa.publisher.test/pdf/10.5555/lat-2.pdf`).then((r) => r.arrayBuffer());
      expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
      expect(own.state.providerLatencyMs.get("publisher")).toBe(200);

      expect((await fetch(`${own.url}/__pdf-size?bytes=1500000`, { method: "POST" })).status).toBe(200);
      const res = await fetch(`${own.url}/oa.publisher.test/pdf/10.5555/size-1.pdf`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
      expect(bytes.length).toBeGreaterThan(1_400_000);
      expect(bytes.length).toBeLessThanOrEqual(1_500_000);
      const text = bytes.toString("latin1");
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      // The last startxref still points at the original xref table.
      const xref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
      expect(text.slice(xref, xref + 4)).toBe("xref");

      await fetch(`${own.url}/__reset`, { method: "POST" });
      expect(own.state.providerLatencyMs.size).toBe(0);
      expect(own.state.pdfBytes).toBe(0);
    } finally {
      await own.close();
    }
  });

  it("serves a structurally valid PDF (startxref points at the xref table)", async () => {
    const res = await fetch(`${fake.url}/repo.example.test/bitstream/10.5555/pdf-1.pdf`);
    const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const firstObj = Number(/\n(\d{10}) 00000 n /.exec(text)![1]);
    expect(text.slice(firstObj, firstObj + 7)).toBe("1 0 obj");
  });

  it("serves landing pages with citation meta tags and an HTML impostor labelled as PDF", async () => {
    const landing = await (await fetch(`${fake.url}/oa.publisher.test/article/10.5555/oa-landing-1`)).text();
    expect(landing).toContain('<meta name="citation_pdf_url" content="https://oa.publisher.test/pdf/10.5555/oa-landing-1.pdf">');
    expect(landing).toContain('<meta name="citation_doi" content="10.5555/oa-landing-1">');
    expect(landing).toContain('<meta name="dc.identifier" content="doi:10.5555/oa-landing-1">');
    const impostor = await fetch(`${fake.url}/oa.publisher.test/impostor/10.5555/html-impostor-1.pdf`);
    expect(impostor.headers.get("content-type")).toBe("application/pdf");
    expect((await impostor.text()).startsWith("<!doctype html>")).toBe(true);
  });

  it("points redirects to its own hosts back at itself, so following them stays local", async () => {
    const res = await fetch(`${fake.url}/oa.publisher.test/redirect/10.5555/redir-1.pdf`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${fake.url}/oa.publisher.test/pdf/10.5555/redir-1.pdf`);
  });

  it("closes promptly while a request is still hanging", async () => {
    const own = await startFakeUpstream();
    const pending = fetch(`${own.url}/oa.publisher.test/slow/10.5555/hang-1.pdf`).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await own.close();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
