/**
 * `npm run start:offline`: the same stack as `npm start`, with every outside service played by the
 * bundled fake upstream, for a machine without internet. State lives in .wrangler/offline-state
 * (kept between runs; --fresh starts it again). `npm start` stays the real thing.
 */
import path from "node:path";
import { offlineSamples } from "./offline-samples";
import { root, startOfflineStack } from "./offline-stack";

const port = Number(process.env.PORT ?? 8787);
const stack = await startOfflineStack({
  port,
  stateDir: path.join(root, ".wrangler/offline-state"),
  fresh: process.argv.includes("--fresh"),
  log: (chunk) => process.stdout.write(chunk),
});
console.log(`\nDaryaft (offline: every outside service is the fake upstream at ${stack.upstreamUrl})`);
console.log(`  ${stack.baseUrl}   development logins: README.md, password daryaft-dev-1234\n  Paste one of these DOIs on the home page:`);
for (const s of offlineSamples) console.log(`  ${s.doi.padEnd(24)} ${s.outcome}`);
const stop = () => void stack.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
