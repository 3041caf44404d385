import { describe, expect, it } from "vitest";
import type { UserInfo } from "../../../contract/user-info";
import { testUser } from "../../lib/test-render";
import { formatCountdown } from "./messages";
import { autoMobileStep, destinationAfterSignIn, stepAfterSave } from "./rules";
import { secondsLeft } from "./use-countdown";

const user = (over: Partial<UserInfo> = {}): UserInfo =>
  testUser({ id: "usr_1", name: "کاربر", email: "a@b.c", mobile: "09120000000", mobile_verifed: 0, ...over });

describe("autoMobileStep (spec §4)", () => {
  it.each([
    ["a guest", null, "ordinary", true, null],
    ["no mobile", user({ mobile: null }), "ordinary", true, 0],
    ["no mobile, SMS confirmation off", user({ mobile: null }), "ordinary", false, 0],
    ["an unverified mobile", user(), "ordinary", true, 1],
    ["an unverified mobile, SMS confirmation off", user(), "ordinary", false, null],
    ["a verified mobile", user({ mobile_verifed: 1 }), "ordinary", true, null],
    ["a university user without mobile", user({ mobile: null }), "university", true, null],
    ["a university user, unverified", user(), "university", true, null],
  ] as const)("%s → %s", (_label, info, userType, sms, expected) => {
    expect(autoMobileStep({ userInfo: info, userType, mobileSmsConfirmation: sms })).toBe(expected);
  });
});

describe("stepAfterSave", () => {
  it("goes to step 1 only when SMS confirmation is on and the number is unverified", () => {
    expect(stepAfterSave({ mobileSmsConfirmation: true, verified: false })).toBe(1);
    expect(stepAfterSave({ mobileSmsConfirmation: true, verified: true })).toBe("close");
    expect(stepAfterSave({ mobileSmsConfirmation: false, verified: false })).toBe("close");
  });
});

describe("destinationAfterSignIn", () => {
  it.each([
    [{ pathname: "/", search: "" }, false, "reload"],
    [{ pathname: "/", search: "?login" }, false, "/"],
    [{ pathname: "/", search: "?a=1&login=" }, false, "/"],
    [{ pathname: "/prices", search: "" }, false, "reload"],
    [{ pathname: "/prices", search: "" }, true, "/"],
    [{ pathname: "/", search: "" }, true, "reload"],
  ] as const)("%j with pending intent %s → %s", (location, pending, expected) => {
    expect(destinationAfterSignIn(location, pending)).toBe(expected);
  });
});

describe("countdown", () => {
  it("formats 04:00 down to 00:00 in Persian digits", () => {
    expect(formatCountdown(240)).toBe("۰۴:۰۰");
    expect(formatCountdown(61)).toBe("۰۱:۰۱");
    expect(formatCountdown(0)).toBe("۰۰:۰۰");
    expect(formatCountdown(-5)).toBe("۰۰:۰۰");
  });

  it("counts whole seconds left from the end time", () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(240_000, 0)).toBe(240);
    expect(secondsLeft(240_000, 500)).toBe(240);
    expect(secondsLeft(240_000, 1000)).toBe(239);
    expect(secondsLeft(240_000, 240_000)).toBe(0);
    expect(secondsLeft(240_000, 300_000)).toBe(0);
  });
});
