import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file starts from the real schema; migrations are idempotent per database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);

// Tests write D1 directly between requests: each starts with an empty shared-data cache
// (tests/worker/getpdf/shared-cache.test.ts checks the cache itself).
import { beforeEach } from "vitest";
import { invalidateShared } from "../../worker/lib/shared-cache";
beforeEach(() => invalidateShared());
