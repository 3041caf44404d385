/** Fields stored as links accept only http(s) URLs with a host, written without hidden characters (lib/link-url.ts). */
import { describe, expect, it } from "vitest";
import { AdminSiteInput } from "./direct-access";
import { DeskDeliverInput } from "./offline";

const HOSTILE = [
  "javascript:alert(document.domain)//10.5555/none-1",
  "data:text/html,x",
  "https://exa\u200bmple.com/",
  "https://example.com/\u202eevil",
  "http://",
  "https://:443/",
  "//evil.example/",
];

describe("stored links are http(s)", () => {
  it.each(HOSTILE)("the desk's delivery link refuses %j", (link) => {
    const r = DeskDeliverInput.safeParse({ link });
    expect(r.success).toBe(false);
    expect(r.error!.issues.some((i) => i.path[0] === "link")).toBe(true);
  });

  it("the desk's delivery link takes an https URL", () => {
    expect(DeskDeliverInput.safeParse({ link: "https://drive.example.org/file/1" }).success).toBe(true);
  });

  it.each(HOSTILE)("a direct-access site's links refuse %j", (url) => {
    for (const field of ["url", "link", "link2"]) {
      const r = AdminSiteInput.safeParse({ name: "Site", [field]: url });
      expect(r.success, field).toBe(false);
      expect(
        r.error!.issues.some((i) => i.path[0] === field),
        field,
      ).toBe(true);
    }
  });
});
