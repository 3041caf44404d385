/**
 * What every client test file (clients/*.test.ts) sets up the same way: the fake upstream for the
 * file, a fetch that records what a client asked for, and the UpstreamError a call rejects with.
 */
import { afterAll, beforeAll } from "vitest";
import { UpstreamError } from "../../clients/http";
import { startFakeUpstream, type FakeUpstream } from "./upstream-server";

/** The fake upstream, started before the file's tests and closed after them. */
export function useFakeUpstream(): FakeUpstream {
  let server: FakeUpstream | undefined;
  beforeAll(async () => {
    server = await startFakeUpstream({ port: 0 });
  });
  afterAll(() => server?.close());
  const live = (): FakeUpstream => {
    if (!server) throw new Error("the fake upstream starts in beforeAll");
    return server;
  };
  return {
    get url() {
      return live().url;
    },
    get port() {
      return live().port;
    },
    get state() {
      return live().state;
    },
    close: () => live().close(),
  };
}

/** The real fetch, with what `record` makes of each call kept in `seen`. */
export function recordingFetchOf<T>(record: (input: RequestInfo | URL, init?: RequestInit) => T): { seen: T[]; fetch: typeof fetch } {
  const seen: T[] = [];
  const recording: typeof fetch = (input, init) => {
    seen.push(record(input, init));
    return fetch(input, init);
  };
  return { seen, fetch: recording };
}

/** The UpstreamError `p` rejects with (anything else fails the test). */
export async function caught(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof UpstreamError) return err;
    throw err;
  }
  throw new Error("expected an UpstreamError");
}
