import { Hono } from "hono";
import { z } from "zod";
import { SendVerifyEmailQuery, SendVerifyEmailResult } from "../../../contract/institutions";
import type { AppEnv } from "../../lib/context";
import { timingSafeEqualStrings } from "../../lib/crypto";
import { defineEndpoint } from "../../lib/endpoint";
import { coreMessages } from "../../lib/messages";
import { anyone, signedIn } from "../../lib/roles";
import { services } from "../../services";
import { followJoinLink, sendJoinLink } from "./join";
import { institutionMessages as m } from "./messages";

export const institutionRoutes = new Hono<AppEnv>();

defineEndpoint(
  institutionRoutes,
  {
    method: "get",
    path: "/send/verify/email",
    summary: "Sends a single-use link (24 h) to an address on a contracted institution's domain; following it joins the institution",
    roles: signedIn,
    query: SendVerifyEmailQuery,
    response: SendVerifyEmailResult,
    tag: "institutions",
  },
  async (c, { query, user }) => {
    // The spec makes this a GET that sends mail: the `_token` parameter keeps other sites from triggering it.
    if (!timingSafeEqualStrings(query._token, c.var.csrfToken)) {
      return c.json({ message: coreMessages.csrf, status: "error", error: coreMessages.csrf }, 419 as never);
    }
    const s = services(c);
    await sendJoinLink({ db: s.db, now: s.now, notifier: s.notifier, origin: s.origin }, user, query.email);
    c.var.log.info("institutions.link_sent", {});
    return c.json({ status: "ok" as const, msg: m.emailSent });
  },
);

defineEndpoint(
  institutionRoutes,
  {
    method: "get",
    path: "/verify/university/:token",
    summary:
      "The joining link from the e-mail: sets the user's institution once, then redirects home with ?university_verify=joined|expired|used|invalid|taken",
    roles: anyone,
    html: true,
    tag: "institutions",
  },
  async (c) => {
    const result = await followJoinLink(c.var.db, z.string().parse(c.req.param("token") ?? ""), c.var.now());
    c.var.log.info("institutions.link_followed", { outcome: result.outcome });
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(`/?university_verify=${result.outcome}`, 302);
  },
);
