import { endpoint } from "../endpoint";

/** One message of the development outbox; its schema lives with the route (worker/features/notify/routes.ts). */
export type OutboxMessage = { id: number; channel: "sms" | "email"; recipient: string; subject: string | null; text: string; created_at: string };

/** Development only: the SMS and email the site would have sent. */
export const notifyApi = {
  devOutbox: endpoint<{ returns: { messages: OutboxMessage[] } }>()("get", "/dev/outbox.json"),
};
