import { describe, expect, it } from "vitest";
import { limitAddress } from "./client-address";

describe("limitAddress", () => {
  it("counts an IPv6 client by its /64, however the address is written", () => {
    const same = [
      "2001:db8:12:34::1",
      "2001:0db8:0012:0034:ffff:ffff:ffff:ffff",
      "2001:DB8:12:34:a:b:c:d",
      "2001:db8:12:34::1%eth0",
      " 2001:db8:12:34:0:0:1.2.3.4 ",
    ];
    expect(new Set(same.map(limitAddress))).toEqual(new Set(["2001:db8:12:34::/64"]));
    expect(limitAddress("2001:db8:12:35::1")).toBe("2001:db8:12:35::/64");
    expect(limitAddress("::1")).toBe("0:0:0:0::/64");
    expect(limitAddress("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("an IPv4 client is itself, also written IPv4-mapped", () => {
    expect(limitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(limitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(limitAddress("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("no header is no address; a value that is no address is kept, cut short", () => {
    expect(limitAddress(undefined)).toBeNull();
    expect(limitAddress("")).toBeNull();
    expect(limitAddress("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(limitAddress("::g")).toBe("::g");
    expect(limitAddress(`x${":".repeat(200)}`)).toHaveLength(64);
  });
});
