import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file starts from the real schema; migrations are idempotent per database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
