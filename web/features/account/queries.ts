import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { OutboxMessage } from "../../../contract/dev";
import { devApi } from "../../../contract/endpoints/dev";
import { profileApi } from "../../../contract/endpoints/profile";
import type { InputOf } from "../../../contract/endpoint";
import { call } from "../../lib/api";

export type { OutboxMessage };

/** Every profile query sits under this key; mutations invalidate it (the mobile dialog too). */
export const profileKey = ["profile"] as const;

export const profileDetailsQuery = () =>
  queryOptions({
    queryKey: [...profileKey, "details"],
    queryFn: ({ signal }) => call(profileApi.details, {}, { signal }),
  });

export const devOutboxQuery = () =>
  queryOptions({
    queryKey: ["dev", "outbox"],
    queryFn: ({ signal }) => call(devApi.outbox, {}, { signal }),
    // Developers keep the page open while they click through the site.
    refetchInterval: 5000,
  });

/** The profile's three forms; each answers `{status, message}`. */
export const profileChanges = {
  details: mutationOptions({ mutationFn: (body: InputOf<typeof profileApi.updateDetails>) => call(profileApi.updateDetails, body) }),
  email: mutationOptions({ mutationFn: (body: InputOf<typeof profileApi.changeEmail>) => call(profileApi.changeEmail, body) }),
  password: mutationOptions({ mutationFn: (body: InputOf<typeof profileApi.changePassword>) => call(profileApi.changePassword, body) }),
};

export const endSessionMutation = () => mutationOptions({ mutationFn: (id: string) => call(profileApi.endSession, { id }) });

export const endOtherSessionsMutation = () => mutationOptions({ mutationFn: () => call(profileApi.endOtherSessions) });

/** The e-mailed link's token, sent by POST so a mail scanner that only fetches the link changes nothing. */
export const verifyEmailMutation = () => mutationOptions({ mutationFn: (token: string) => call(profileApi.verifyEmail, { token }) });
