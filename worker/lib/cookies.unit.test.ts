/** The one-writer rule, read from the source: no cookie is written in worker/ except through lib/cookies.ts. */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("cookies: one writer", () => {
  it("only worker/lib/cookies.ts imports hono's cookie helpers or names a Set-Cookie header it writes", () => {
    const offenders: string[] = [];
    for (const file of sources(root)) {
      const rel = path.relative(root, file);
      if (rel === path.join("lib", "cookies.ts")) continue;
      const text = readFileSync(file, "utf8");
      if (/from\s+["']hono\/cookie["']/.test(text)) offenders.push(`${rel}: imports hono/cookie`);
      // Copying the cookies a handler already set onto another response is allowed (page/routes.ts); writing one is not.
      for (const m of text.matchAll(/\.(?:set|append)\(\s*["']set-cookie["']\s*,\s*([^)]*)\)/gi))
        if (!/^cookie\b/.test(m[1]!.trim())) offenders.push(`${rel}: writes Set-Cookie (${m[1]})`);
    }
    expect(offenders).toEqual([]);
  });
});
