/** Shapes shared by the fake upstream server and its providers. */
export interface FakeRequest {
  method: string;
  host: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string;
}
export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body: string | Uint8Array;
  delayMs?: number;
}
export interface FakeState {
  latencyMs: number;
  /** Per provider (its `name`): used instead of latencyMs for that provider's answers. */
  providerLatencyMs: Map<string, number>;
  /** When > 0, every PDF answer is padded (valid PDF comments) to about this many bytes (up to pdfMaxBytes, by path). */
  pdfBytes: number;
  pdfMaxBytes: number;
  hits: Map<string, number>;
  hit(provider: string, key: string): void;
}
export interface FakeProvider {
  name: string;
  hosts: string[];
  handle(req: FakeRequest, state: FakeState): FakeResponse | null | Promise<FakeResponse | null>;
}
