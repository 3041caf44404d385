import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithRouter, testUser } from "../../lib/test-render";
import { shellMessages as m } from "./messages";
import UserMenu, { menuGroupsFor } from "./user-menu";

afterEach(cleanup);

const none = { isAdmin: false, isSolver: false, isContract: false };

describe("menuGroupsFor", () => {
  it("gives a regular user the profile links in the spec's order, without a group title", () => {
    const groups = menuGroupsFor(none);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.title).toBeUndefined();
    expect(groups[0]!.links.map((l) => l.href)).toEqual([
      "/profile",
      "/profile/financial",
      "/profile/booksAndArticles",
      "/batch",
      "/profile/directBooks",
      "/profile/offilneArticles",
      "/profile/offlineBooksStandards",
      "/profile/vipServices",
      "/profile/scifinders",
      "/profile/standards",
    ]);
  });

  it("adds the admin group with every /admin link", () => {
    const groups = menuGroupsFor({ ...none, isAdmin: true });
    expect(groups.map((g) => g.key)).toEqual(["profile", "admin"]);
    expect(groups[0]!.title).toBe(m.groups.profile);
    expect(groups[1]!.links.map((l) => l.href)).toEqual([
      "/admin/",
      "/admin/offlineArticles",
      "/admin/offlineBooks",
      "/admin/directBooks",
      "/admin/directAccess",
      "/admin/contracts",
      "/admin/users",
      "/admin/solvers",
      "/admin/transactions",
      "/admin/createInvoice",
      "/admin/fileReports",
    ]);
  });

  it("names every entry of an admin's menu once (the admin's own offline requests and the desks are told apart)", () => {
    const labels = menuGroupsFor({ isAdmin: true, isSolver: true, isContract: false }).flatMap((g) => g.links.map((l) => l.label));
    expect(labels.length).toBeGreaterThan(10);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("adds the partner panel and the solver dashboard for those roles", () => {
    const groups = menuGroupsFor({ isAdmin: false, isSolver: true, isContract: true });
    expect(groups.map((g) => g.key)).toEqual(["profile", "panel", "solver"]);
    expect(groups[1]!.links.map((l) => l.href)).toEqual(["/panel2/statistics", "/panel2/users", "/panel2/userGroup", "/panel2/articles"]);
    expect(groups.map((g) => g.href)).toEqual([undefined, "/panel", "/solver"]);
    expect(groups[2]!.links.map((l) => l.href)).toEqual(["/admin/fileReports"]);
  });
});

describe("UserMenu", () => {
  it("opens a menu with the role groups and logout last, in red", async () => {
    const user = testUser({ name: "مریم رضایی", admin: 1 });
    renderWithRouter(<UserMenu user={user} roles={{ ...none, isAdmin: true }} />);
    fireEvent.click(await screen.findByRole("button", { name: m.userMenu("مریم رضایی") }));
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    // profile 10 (with the reading lists), the admin header link + 11, logout
    expect(items).toHaveLength(10 + 1 + 11 + 1);
    const header = within(menu).getByRole("menuitem", { name: m.groups.admin });
    expect(header.getAttribute("href")).toBe("/admin");
    expect(header.className).toContain("ui-menu__item--group");
    const logout = items.at(-1)!;
    expect(logout.textContent).toContain(m.logout);
    expect(logout.className).toContain("ui-menu__item--danger");
    expect(within(menu).getByRole("menuitem", { name: "داشبورد مدیریت" }).getAttribute("href")).toBe("/admin/");
  });
});
