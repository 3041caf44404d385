import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context";
import { timingSafeEqualStrings } from "../../lib/crypto";
import { bindEndpoint } from "../../lib/endpoint";
import { coreMessages } from "../../lib/messages";
import { services } from "../../services";
import { followJoinLink, sendJoinLink } from "./join";
import { institutionMessages as m } from "./messages";
import { institutionsApi } from "../../../contract/endpoints/institutions";

export const institutionRoutes = new Hono<AppEnv>();

bindEndpoint(institutionRoutes, institutionsApi.sendVerifyEmail, async (c, { query, user }) => {
  // The spec makes this a GET that sends mail: the `_token` parameter keeps other sites from triggering it.
  if (!timingSafeEqualStrings(query._token, c.var.csrfToken)) {
    return c.json({ message: coreMessages.csrf, status: "error", error: coreMessages.csrf }, 419 as never);
  }
  const s = services(c);
  await sendJoinLink({ db: s.db, now: s.now, notifier: s.notifier, origin: s.origin }, user, query.email);
  c.var.log.info("institutions.link_sent", {});
  return c.json({ status: "ok" as const, msg: m.emailSent });
});

bindEndpoint(institutionRoutes, institutionsApi.verifyUniversity, async (c) => {
  const result = await followJoinLink(c.var.db, z.string().parse(c.req.param("token") ?? ""), c.var.now());
  c.var.log.info("institutions.link_followed", { outcome: result.outcome });
  c.header("Referrer-Policy", "no-referrer");
  return c.redirect(`/?university_verify=${result.outcome}`, 302);
});
