// A fake API for SPA component tests: fetch answers from a per-test table and records each call.
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

export type Call = { path: string; body: unknown };

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * Before each test: `fetch` answers `answers[path]()` (anything else is a 500 with `unexpected`), each
 * call lands in `calls`, and the page carries a CSRF token. After each: the DOM, stubbed globals,
 * timers and localStorage are reset. Fill `answers` in the test; both objects are reused.
 */
export function fakeApi({ unexpected = "unexpected call" }: { unexpected?: string } = {}) {
  const calls: Call[] = [];
  const answers: Record<string, () => Response> = {};
  beforeEach(() => {
    calls.length = 0;
    for (const key of Object.keys(answers)) delete answers[key];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[path];
      return answer ? answer() : json({ status: "error", error: unexpected }, 500);
    });
    document.head.innerHTML = '<meta name="csrf-token" content="test-token">';
  });
  resetAfterEach();
  return { calls, answers };
}

/** After each test: unmount, drop stubbed globals, real timers again, empty localStorage. */
export function resetAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
  });
}
