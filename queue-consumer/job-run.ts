/**
 * The consumer's handle on the FetchJob Durable Object for one job: the run calls of
 * contract/jobs/fetch-job-rpc.ts, reached through the FETCH_JOB binding (the Worker's class is
 * never imported; the binding's generated type checks that the DO still offers these calls).
 */
import type { FetchJobRun } from "../contract/jobs/fetch-job-rpc";

export function fetchJobRun(env: Cloudflare.Env, key: string): FetchJobRun {
  const ns = env.FETCH_JOB;
  return ns.get(ns.idFromName(key));
}
