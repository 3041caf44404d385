/** Solvers: who has the role, and their open and delivered requests on the offline desk. */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { SolverInput, SolverRow } from "../../../contract/admin";
import { schema, type Db } from "../../../db/client";
import { DomainError, NotFoundError, ValidationError } from "../../lib/errors";
import type { UserRow } from "../../lib/roles";
import { findUserId } from "../wallet/queries";
import { adminMessages as m } from "./messages";
import { auditRow } from "./users";

const OPEN = "('registered', 'priced', 'paid', 'in_progress')";

export async function listSolvers(db: Db): Promise<SolverRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT u.id, u.name, u.email, u.mobile,
              (SELECT COUNT(*) FROM offline_requests r WHERE r.assigned_to = u.id AND r.status IN ${OPEN}) AS open,
              (SELECT COUNT(*) FROM offline_requests r WHERE r.assigned_to = u.id AND r.status = 'delivered') AS delivered
       FROM users u WHERE u.is_solver = 1 ORDER BY u.name LIMIT 500`,
    )
    .all<SolverRow>();
  return results;
}

export async function addSolver(db: Db, actor: UserRow, input: z.output<typeof SolverInput>, now: number) {
  const id = await findUserId(db, input.user);
  if (!id) throw new ValidationError({ user: [m.userNotFound] });
  await db.batch([
    db
      .update(schema.users)
      .set({ isSolver: true, updatedAt: new Date(now) })
      .where(eq(schema.users.id, id)),
    auditRow(db, { actor, action: "solver.add", targetType: "user", targetId: id, details: {}, now }),
  ]);
  return listSolvers(db);
}

/** Refused while the solver still holds open requests, so none is left with nobody to finish it. */
export async function removeSolver(db: Db, actor: UserRow, id: string, now: number) {
  const [target] = await db.select({ isSolver: schema.users.isSolver }).from(schema.users).where(eq(schema.users.id, id));
  if (!target) throw new NotFoundError(m.userNotFound);
  if (!target.isSolver) throw new DomainError(m.notSolver, 409);
  const open = await db.$client
    .prepare(`SELECT COUNT(*) AS n FROM offline_requests WHERE assigned_to = ? AND status IN ${OPEN}`)
    .bind(id)
    .first<{ n: number }>();
  if (open && open.n > 0) throw new DomainError(m.solverHasOpen(open.n), 409);
  await db.batch([
    db
      .update(schema.users)
      .set({ isSolver: false, updatedAt: new Date(now) })
      .where(eq(schema.users.id, id)),
    auditRow(db, { actor, action: "solver.remove", targetType: "user", targetId: id, details: {}, now }),
  ]);
  return listSolvers(db);
}
