import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  AccountInput,
  AdminServiceList,
  AdminServiceQuery,
  MyScifinders,
  MyServiceOrders,
  RejectInput,
  ReportInput,
  ServiceActionOk,
  UploadInput,
  UploadOk,
  VipServicesResponse,
} from "../../../contract/vip";
import type { AppEnv } from "../../lib/context";
import { services } from "../../services";
import { defineEndpoint } from "../../lib/endpoint";
import { NotFoundError } from "../../lib/errors";
import { adminOnly, anyone, signedIn, type UserRow } from "../../lib/roles";
import { deskList, issueAccount, rejectOrder, takeOrder, uploadReport, type DeskDeps } from "./desk";
import { vipMessages as m } from "./messages";
import { myScifinders, myServiceOrders, vipCards } from "./service";
import { uploadForCheck } from "./uploads";

export const vipRoutes = new Hono<AppEnv>();

const OrderId = z.string().regex(/^svc_[0-9a-z]{22}$/);

function orderIdOf(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!OrderId.safeParse(id).success) throw new NotFoundError(m.orderNotFound);
  return id;
}

function deskDeps(c: Context<AppEnv>, admin: UserRow): DeskDeps {
  const s = services(c);
  return { db: s.db, bucket: s.files, secret: s.signingSecret, now: s.now, adminId: admin.id, notifier: s.notifier, log: s.log, origin: s.origin };
}

defineEndpoint(
  vipRoutes,
  {
    method: "get",
    path: "/vip/services",
    summary:
      "Type-7 cards: plagiarism, grammar, AI check and SciFinder account with current prices; for the signed-in user, contract coverage and paid orders waiting for a file",
    roles: anyone,
    response: VipServicesResponse,
    tag: "vip",
  },
  async (c) => c.json({ services: await vipCards(c.var.db, c.var.user, c.var.now()) }),
);

defineEndpoint(
  vipRoutes,
  {
    method: "post",
    path: "/upload/ithenticate_grammarly_contract",
    verifiedMobile: true,
    summary:
      "Multipart `_token`, `file`, `type` (ithenticate, grammarly or ai): a Word (.doc/.docx) or, for plagiarism and AI checks, PDF file up to 20 MB, checked by content. Goes to the user's paid order waiting for a file, or is counted against a university contract that covers it",
    roles: signedIn,
    body: UploadInput,
    response: UploadOk,
    tag: "vip",
  },
  async (c, { body, user }) => {
    const { id } = await uploadForCheck({ db: c.var.db, bucket: services(c).files, now: c.var.now() }, user, body);
    c.var.log.info("vip.upload", { type: body.type, size: body.file.size, order: id });
    return c.json({ status: "ok" as const, id, redirect: "/profile/vipServices" });
  },
);

defineEndpoint(
  vipRoutes,
  {
    method: "get",
    path: "/profile/vip/orders",
    summary: "The user's plagiarism, grammar and AI check orders with status and, when done, the report link",
    roles: signedIn,
    response: MyServiceOrders,
    tag: "vip",
  },
  async (c, { user }) => c.json({ orders: await myServiceOrders(c.var.db, user.id, services(c).signingSecret, c.var.now()) }),
);

defineEndpoint(
  vipRoutes,
  {
    method: "get",
    path: "/profile/vip/scifinders",
    summary: "The user's SciFinder account orders: the issued account and its one-month guarantee",
    roles: signedIn,
    response: MyScifinders,
    tag: "vip",
  },
  async (c, { user }) => c.json({ accounts: await myScifinders(c.var.db, user.id, c.var.now()) }),
);

// ---- service desk -----------------------------------------------------------------------

defineEndpoint(
  vipRoutes,
  {
    method: "get",
    path: "/admin/ajax/services",
    summary: "Service orders for the desk (filter by status and kind), with links to the user's file and the report",
    roles: adminOnly,
    query: AdminServiceQuery,
    response: AdminServiceList,
    tag: "vip",
  },
  async (c, { query, user }) => c.json({ orders: await deskList(deskDeps(c, user), query) }),
);

defineEndpoint(
  vipRoutes,
  {
    method: "post",
    path: "/admin/ajax/services/:id/take",
    summary: "Take a submitted service order into work",
    roles: adminOnly,
    response: ServiceActionOk,
    tag: "vip",
  },
  async (c, { user }) => c.json({ status: "ok" as const, order: await takeOrder(deskDeps(c, user), orderIdOf(c)) }),
);

defineEndpoint(
  vipRoutes,
  {
    method: "post",
    path: "/admin/ajax/services/:id/report",
    summary: "Upload the finished report (multipart `file`: PDF or Word, checked by content; optional `note`); the order is done and the user notified",
    roles: adminOnly,
    body: ReportInput,
    response: ServiceActionOk,
    tag: "vip",
  },
  async (c, { body, user }) => c.json({ status: "ok" as const, order: await uploadReport(deskDeps(c, user), orderIdOf(c), body.file, body.note) }),
);

defineEndpoint(
  vipRoutes,
  {
    method: "post",
    path: "/admin/ajax/services/:id/account",
    summary: "Issue the SciFinder account (username, password); the one-month guarantee starts; the user is notified",
    roles: adminOnly,
    body: AccountInput,
    response: ServiceActionOk,
    tag: "vip",
  },
  async (c, { body, user }) => c.json({ status: "ok" as const, order: await issueAccount(deskDeps(c, user), orderIdOf(c), body) }),
);

defineEndpoint(
  vipRoutes,
  {
    method: "post",
    path: "/admin/ajax/services/:id/reject",
    summary: "Reject a service order with a reason; a paid order is refunded to the wallet; the user is notified",
    roles: adminOnly,
    body: RejectInput,
    response: ServiceActionOk,
    tag: "vip",
  },
  async (c, { body, user }) => c.json({ status: "ok" as const, order: await rejectOrder(deskDeps(c, user), orderIdOf(c), body.reason) }),
);
