import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { bindEndpoint } from "../../lib/endpoint";
import { NotFoundError } from "../../lib/errors";
import { type UserRow } from "../../lib/roles";
import { deskList, issueAccount, rejectOrder, takeOrder, uploadReport, type DeskDeps } from "./desk";
import { vipMessages as m } from "./messages";
import { myScifinders, myServiceOrders, vipCards } from "./service";
import { uploadForCheck } from "./uploads";
import { vipApi } from "../../../contract/endpoints/vip";

export const vipRoutes = new Hono<AppEnv>();

const OrderId = z.string().regex(/^svc_[0-9a-z]{22}$/);

function orderIdOf(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!OrderId.safeParse(id).success) throw new NotFoundError(m.orderNotFound);
  return id;
}

function deskDeps(c: Context<AppEnv>, admin: UserRow): DeskDeps {
  const s = services(c);
  return { db: s.db, files: s.files, signingSecret: s.signingSecret, now: s.now, notifier: s.notifier, log: s.log, origin: s.origin, adminId: admin.id };
}

bindEndpoint(vipRoutes, vipApi.services, async (c) => c.json({ services: await vipCards(c.var.db, c.var.user, c.var.now()) }));

bindEndpoint(vipRoutes, vipApi.upload, async (c, { body, user }) => {
  const { id } = await uploadForCheck(services(c), user, body);
  c.var.log.info("vip.upload", { type: body.type, size: body.file.size, order: id });
  return c.json({ status: "ok" as const, id, redirect: "/profile/vipServices" });
});

bindEndpoint(vipRoutes, vipApi.orders, async (c, { user }) =>
  c.json({ orders: await myServiceOrders(c.var.db, user.id, services(c).signingSecret, c.var.now()) }),
);

bindEndpoint(vipRoutes, vipApi.scifinders, async (c, { user }) => c.json({ accounts: await myScifinders(c.var.db, user.id, c.var.now()) }));

// ---- service desk -----------------------------------------------------------------------

bindEndpoint(vipRoutes, vipApi.adminServices, async (c, { query, user }) => c.json({ orders: await deskList(deskDeps(c, user), query) }));

bindEndpoint(vipRoutes, vipApi.takeService, async (c, { user }) => c.json({ status: "ok" as const, order: await takeOrder(deskDeps(c, user), orderIdOf(c)) }));

bindEndpoint(vipRoutes, vipApi.reportService, async (c, { body, user }) =>
  c.json({ status: "ok" as const, order: await uploadReport(deskDeps(c, user), orderIdOf(c), body.file, body.note) }),
);

bindEndpoint(vipRoutes, vipApi.serviceAccount, async (c, { body, user }) =>
  c.json({ status: "ok" as const, order: await issueAccount(deskDeps(c, user), orderIdOf(c), body) }),
);

bindEndpoint(vipRoutes, vipApi.rejectService, async (c, { body, user }) =>
  c.json({ status: "ok" as const, order: await rejectOrder(deskDeps(c, user), orderIdOf(c), body.reason) }),
);
