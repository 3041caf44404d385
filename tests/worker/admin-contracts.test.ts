/** Admin contracts (institutions) and solvers. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Contract, ContractList, SolverList, adminTexts } from "../../contract/admin";
import { schema } from "../../db/client";
import { newId } from "../../db/ids";
import { adminMessages } from "../../worker/features/admin/messages";
import { db, makeUser } from "./auth-helpers";
import { adminClient, expect422, expectAdminOnly, expectNothingChanged } from "./admin-factories";
import type { Client } from "./helpers";

let admin: Client;
beforeAll(async () => {
  admin = (await adminClient()).client;
});

const tag = () => Math.random().toString(36).slice(2, 8);
const CONTRACT_TABLES = ["universities", "university_domains", "users", "audit_log"];
const valid = (over: Record<string, unknown> = {}) => ({
  name: "دانشگاه صنعتی اصفهان",
  logo: "https://cdn.example.org/iut.png",
  domains: [`${tag()}.iut.ac.ir`, `mail-${tag()}.iut.ac.ir`],
  access: ["article_download", "standard_download"],
  new_access: null,
  quotas: { article_download: 500, standard_download: 20 },
  active: true,
  ...over,
});

async function create(body: Record<string, unknown>) {
  const res = await admin.post("/admin/ajax/contracts", body);
  expect(res.status, await res.clone().text()).toBe(200);
  return Contract.parse(await res.json());
}

describe("contracts", () => {
  it("creates an institution with its domains, access list and quotas, then lists it", async () => {
    const body = valid({ domains: [`@${tag()}.IUT.ac.ir `] });
    const c = await create(body);
    expect(c).toMatchObject({ name: body.name, logo: body.logo, access: body.access, quotas: body.quotas, active: true, members: 0, partners: [] });
    expect(c.domains).toEqual([(body.domains as string[])[0]!.trim().slice(1).toLowerCase()]);
    const rows = await env.DB.prepare("SELECT domain FROM university_domains WHERE university_id = ?").bind(c.id).all();
    expect(rows.results).toEqual([{ domain: c.domains[0] }]);
    const list = ContractList.parse(await (await admin.get("/admin/ajax/contracts")).json());
    expect(list.data.find((x) => x.id === c.id)).toEqual(c);
  });

  it("new_access pairs and an inactive contract", async () => {
    const c = await create(valid({ access: [], quotas: {}, new_access: [{ key: "scopus_lab", description: "دسترسی به آزمایشگاه اسکوپوس" }], active: false }));
    expect(c.new_access).toEqual([{ key: "scopus_lab", description: "دسترسی به آزمایشگاه اسکوپوس" }]);
    expect(c.active).toBe(false);
  });

  it("an edit replaces the domains; members are counted", async () => {
    const c = await create(valid());
    const member = await makeUser();
    await env.DB.prepare("UPDATE users SET university_id = ?, university_verified_at = ? WHERE id = ?").bind(c.id, Date.now(), member.id).run();
    const domain = `${tag()}.example.ac.ir`;
    const res = await admin.post(
      `/admin/ajax/contracts/${c.id}`,
      valid({ name: "نام تازه", domains: [domain], access: ["grammarly"], quotas: { grammarly: 3 } }),
    );
    const after = Contract.parse(await res.json());
    expect(after).toMatchObject({ name: "نام تازه", domains: [domain], access: ["grammarly"], quotas: { grammarly: 3 }, members: 1 });
    const old = await env.DB.prepare("SELECT COUNT(*) AS n FROM university_domains WHERE domain IN (?, ?)")
      .bind(...c.domains)
      .first<{ n: number }>();
    expect(old!.n).toBe(0);
  });

  it("a domain of another institution is refused and nothing is written", async () => {
    const a = await create(valid());
    const body = valid({ domains: [`${tag()}.free.ir`, a.domains[0]] });
    await expectNothingChanged(CONTRACT_TABLES, async () => {
      const res = await admin.post("/admin/ajax/contracts", body);
      await expect422(res, "domains", adminMessages.domainTaken(a.domains[0]!, a.name));
    });
    const b = await create(valid());
    await expectNothingChanged(CONTRACT_TABLES, async () =>
      expect422(await admin.post(`/admin/ajax/contracts/${b.id}`, valid({ domains: [a.domains[1]] })), "domains"),
    );
  });

  it.each([
    [{ name: "" }, "name", adminTexts.nameRequired],
    [{ name: "x".repeat(201) }, "name", adminTexts.nameTooLong],
    [{ logo: "javascript:alert(1)" }, "logo", adminTexts.logoInvalid],
    [{ logo: "http://insecure.example/logo.png" }, "logo", adminTexts.logoInvalid],
    [{ domains: [] }, "domains", adminTexts.domainsRequired],
    [{ domains: "ut.ac.ir" }, "domains", adminTexts.domainsRequired],
    [{ domains: ["not a domain"] }, "domains.0", adminTexts.domainInvalid],
    [{ domains: ["a.ut.ac.ir", "A.ut.ac.ir"] }, "domains", adminTexts.domainsDuplicate],
    [{ access: ["shadow_library"], quotas: {} }, "access.0", adminTexts.accessInvalid],
    [{ access: ["grammarly", "grammarly"], quotas: {} }, "access", adminTexts.accessDuplicate],
    [{ quotas: { article_download: -1 } }, "quotas.article_download", adminTexts.quotaInvalid],
    [{ quotas: { article_download: 1.5 } }, "quotas.article_download", adminTexts.quotaInvalid],
    [{ quotas: { grammarly: 5 } }, "quotas", adminTexts.quotaKeyInvalid],
    [{ new_access: [{ key: "Bad Key", description: "x" }] }, "new_access.0.key", adminTexts.newAccessKeyInvalid],
    [{ new_access: [{ key: "lab", description: " " }] }, "new_access.0.description", adminTexts.newAccessDescriptionRequired],
    [{ active: "yes" }, "active", adminTexts.flagInvalid],
  ])("422 for %j, nothing written", async (over, field, message) => {
    await expectNothingChanged(CONTRACT_TABLES, async () => expect422(await admin.post("/admin/ajax/contracts", valid(over)), field, message));
  });

  it("assigns a partner by e-mail and removes them; an unknown contract or user is refused", async () => {
    const c = await create(valid());
    const p = await makeUser();
    const res = await admin.post(`/admin/ajax/contracts/${c.id}/partners`, { user: p.email });
    expect(Contract.parse(await res.json()).partners).toEqual([{ id: p.id, name: "کاربر ساخته‌شده", email: p.email }]);
    expect(await env.DB.prepare("SELECT is_partner, university_id FROM users WHERE id = ?").bind(p.id).first()).toEqual({ is_partner: 1, university_id: c.id });
    const other = await makeUser();
    await expectNothingChanged(CONTRACT_TABLES, async () => {
      await expect422(await admin.post(`/admin/ajax/contracts/${c.id}/partners`, { user: "nobody@nowhere.test" }), "user", adminMessages.userNotFound);
      await expect422(await admin.post(`/admin/ajax/contracts/${c.id}/partners`, { user: " " }), "user", adminTexts.userRequired);
      expect((await admin.post(`/admin/ajax/contracts/uni_nowhere/partners`, { user: p.email })).status).toBe(404);
      expect((await admin.post(`/admin/ajax/contracts/${c.id}/partners/${other.id}/remove`, {})).status).toBe(404);
    });
    const removed = Contract.parse(await (await admin.post(`/admin/ajax/contracts/${c.id}/partners/${p.id}/remove`, {})).json());
    expect(removed.partners).toEqual([]);
    expect(await env.DB.prepare("SELECT is_partner, university_id FROM users WHERE id = ?").bind(p.id).first()).toEqual({ is_partner: 0, university_id: null });
  });

  it("every contract endpoint is admin-only and a refusal writes nothing", async () => {
    const c = await create(valid());
    const u = await makeUser();
    await expectAdminOnly((cl) => cl.get("/admin/ajax/contracts"));
    await expectAdminOnly((cl) => cl.post("/admin/ajax/contracts", valid()), CONTRACT_TABLES);
    await expectAdminOnly((cl) => cl.post(`/admin/ajax/contracts/${c.id}`, valid()), CONTRACT_TABLES);
    await expectAdminOnly((cl) => cl.post(`/admin/ajax/contracts/${c.id}/partners`, { user: u.email }), CONTRACT_TABLES);
    await expectAdminOnly((cl) => cl.post(`/admin/ajax/contracts/${c.id}/partners/${u.id}/remove`, {}), CONTRACT_TABLES);
  });
});

describe("solvers", () => {
  async function request(assignedTo: string | null, status: "registered" | "in_progress" | "delivered" | "rejected") {
    const owner = await makeUser();
    await db()
      .insert(schema.offlineRequests)
      .values({
        id: newId("off"),
        userId: owner.id,
        kind: "book",
        url: "https://example.org/solutions",
        docKey: `s-${tag()}`,
        isSolution: true,
        status,
        assignedTo,
      });
  }

  it("lists solvers with their open and delivered requests; adds and removes the role", async () => {
    const s = await makeUser({ solver: true });
    await request(s.id, "in_progress");
    await request(s.id, "delivered");
    await request(s.id, "delivered");
    await request(s.id, "rejected");
    await request(null, "registered");
    const list = SolverList.parse(await (await admin.get("/admin/ajax/solvers")).json());
    expect(list.data.find((x) => x.id === s.id)).toMatchObject({ open: 1, delivered: 2 });

    const n = await makeUser();
    const added = SolverList.parse(await (await admin.post("/admin/ajax/solvers", { user: n.mobile })).json());
    expect(added.data.find((x) => x.id === n.id)).toMatchObject({ open: 0, delivered: 0 });
    const removed = SolverList.parse(await (await admin.post(`/admin/ajax/solvers/${n.id}/remove`, {})).json());
    expect(removed.data.some((x) => x.id === n.id)).toBe(false);
    expect(await env.DB.prepare("SELECT is_solver FROM users WHERE id = ?").bind(n.id).first()).toEqual({ is_solver: 0 });
  });

  it("a solver holding open requests keeps the role; unknown users and non-solvers are refused", async () => {
    const s = await makeUser({ solver: true });
    await request(s.id, "in_progress");
    const plain = await makeUser();
    await expectNothingChanged(["users", "audit_log"], async () => {
      const res = await admin.post(`/admin/ajax/solvers/${s.id}/remove`, {});
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ status: "error", error: adminMessages.solverHasOpen(1) });
      expect(await (await admin.post(`/admin/ajax/solvers/${plain.id}/remove`, {})).json()).toEqual({ status: "error", error: adminMessages.notSolver });
      expect((await admin.post(`/admin/ajax/solvers/usr_nobody/remove`, {})).status).toBe(404);
      await expect422(await admin.post("/admin/ajax/solvers", { user: "nobody@nowhere.test" }), "user", adminMessages.userNotFound);
      await expect422(await admin.post("/admin/ajax/solvers", {}), "user", adminTexts.userRequired);
    });
  });

  it("is admin-only", async () => {
    const s = await makeUser({ solver: true });
    const u = await makeUser();
    await expectAdminOnly((c) => c.get("/admin/ajax/solvers"));
    await expectAdminOnly((c) => c.post("/admin/ajax/solvers", { user: u.email }), ["users", "audit_log"]);
    await expectAdminOnly((c) => c.post(`/admin/ajax/solvers/${s.id}/remove`, {}), ["users", "audit_log"]);
  });
});
