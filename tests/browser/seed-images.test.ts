/**
 * Every picture the seed data points at is served as an image by the built site:
 * before, `/images/uni/*.svg` did not exist and the SPA's HTML came back instead.
 */
import { describe, expect, it } from "vitest";
import { universities } from "../../db/seed-data/site-content";
import { baseUrl } from "./harness";

const seededImages = universities.map((u) => u.logo);

describe("seeded images", () => {
  it("lists at least the three university logos", () => {
    expect(seededImages.length).toBeGreaterThanOrEqual(3);
  });

  it.each(seededImages)("%s is served as an image", async (path) => {
    const res = await fetch(`${baseUrl()}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\//);
    const body = await res.text();
    expect(body).toMatch(/^<svg[\s>]/);
    expect(body).not.toMatch(/<html/i);
  });
});
