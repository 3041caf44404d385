/** Worker tests: one fake upstream (real wire formats) for the whole run; its URL becomes UPSTREAM_BASE. */
import type { TestProject } from "vitest/node";
import { startFakeUpstream } from "../fakes/upstream-server";

export default async function setup(project: TestProject) {
  const upstream = await startFakeUpstream({ port: 0 });
  project.provide("fakeUpstreamUrl", upstream.url);
  return () => upstream.close();
}
