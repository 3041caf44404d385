import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { schema } from "../../../db/client";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { anyone } from "../../lib/roles";

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(schema.outboxChannels),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export const OutboxList = z.object({ messages: z.array(OutboxMessage) });

const OutboxQuery = z.object({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const notifyRoutes = new Hono<AppEnv>();

/** The development outbox: what would have gone by SMS or e-mail. Absent (404) outside development and tests. */
defineEndpoint(
  notifyRoutes,
  {
    method: "get",
    path: "/dev/outbox.json",
    devOnly: true,
    summary: "Development outbox: latest SMS and e-mail messages (development and test only)",
    roles: anyone,
    query: OutboxQuery,
    response: OutboxList,
    tag: "dev",
  },
  async (c, { query }) => {
    const { db } = c.var;
    const o = schema.devOutbox;
    const rows = await db
      .select()
      .from(o)
      .where(query.recipient ? eq(o.recipient, query.recipient.toLowerCase()) : undefined)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(query.limit ?? 50);
    c.header("Cache-Control", "no-store");
    return c.json({
      messages: rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, text: r.body, created_at: r.createdAt.toISOString() })),
    });
  },
);
