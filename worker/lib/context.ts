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
  /**
   * Work that must not hold the answer (see worker/services.ts `defer`): production hands it to
   * waitUntil; tests run it before the answer goes out, so they can read what it wrote.
   */
  deferred: Promise<unknown>[];
};

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
