import type { Db } from "../../db/client";
import type { Bindings } from "../env";
import type { Logger } from "../../lib/logger";
import type { Role, UserRow } from "./roles";

export type SessionInfo = { id: string; remember: boolean; expiresAt: Date };

/** Per-request services, built once by the services middleware. */
type AppVariables = {
  requestId: string;
  log: Logger;
  db: Db;
  /** Milliseconds since the epoch; tests may move it (see worker/services.ts). */
  now: () => number;
  user: UserRow | null;
  session: SessionInfo | null;
  roles: Role[];
  csrfToken: string;
};

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
