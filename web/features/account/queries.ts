import { queryOptions } from "@tanstack/react-query";
import type { ProfileDetails } from "../../../contract/profile";
import { api } from "../../lib/api";

/** Every profile query sits under this key; mutations invalidate it (the mobile dialog too). */
export const profileKey = ["profile"] as const;

export const profileDetailsQuery = () =>
  queryOptions({
    queryKey: [...profileKey, "details"],
    queryFn: ({ signal }) => api<ProfileDetails>("/profile/ajax/details", { signal }),
  });

export type OutboxMessage = { id: number; channel: "sms" | "email"; recipient: string; subject: string | null; text: string; created_at: string };

export const devOutboxQuery = () =>
  queryOptions({
    queryKey: ["dev", "outbox"],
    queryFn: ({ signal }) => api<{ messages: OutboxMessage[] }>("/dev/outbox.json", { signal }),
    // Developers keep the page open while they click through the site.
    refetchInterval: 5000,
  });
