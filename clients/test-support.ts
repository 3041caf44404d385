/**
 * Shared set-up for the clients' tests (clients/*.test.ts): the local fake
 * upstream's lifetime, a fetch that records what each request looked like,
 * and `caught` for asserting on an UpstreamError. Only tests import this.
 */
import { afterAll, beforeAll } from "vitest";
import { UpstreamError } from "./http";

/**
 * Start a server before the file's tests and close it after; the returned
 * object reads through to the started one (so `fake.url` works in tests).
 * The starter is passed in so this module stays free of Node-only imports.
 */
export function useFakeUpstream<F extends object & { close(): Promise<void> }>(start: () => Promise<F>): F {
  let started: F | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  return new Proxy({} as F, {
    get(_target, key) {
      if (!started) throw new Error("the fake upstream starts in beforeAll");
      return Reflect.get(started, key, started);
    },
  });
}

/** A fetch that keeps `record(input, init)` of every request in `seen`, then really fetches. */
export function recorder<T>(record: (input: RequestInfo | URL, init: RequestInit | undefined) => T): {
  fetch: typeof fetch;
  seen: T[];
} {
  const seen: T[] = [];
  return {
    seen,
    fetch: (input, init) => {
      seen.push(record(input, init));
      return fetch(input, init);
    },
  };
}

/** The UpstreamError a promise rejects with; anything else fails the test. */
export async function caught(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof UpstreamError) return err;
    throw err;
  }
  throw new Error("expected an UpstreamError");
}
