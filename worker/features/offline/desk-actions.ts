/**
 * The delivery desk's verbs: claim (implicit in any action, or a take-over), price (with what the
 * payment will deliver), reject, deliver, "same as", confirm and split a group, note, assign a solver.
 * Each is one guarded batch of changes (changes.ts) and answers the request as the desk shows it.
 */
import { eq } from "drizzle-orm";
import { rejectTemplates, type DeskDeliverInput, type DeskPriceInput, type DeskItem } from "../../../contract/offline";
import { schema } from "../../../db/client";
import { DomainError, ValidationError } from "../../lib/errors";
import { runMoneyBatch } from "../../money/ledger";
import { deliveryHours, deskHours } from "./deadlines";
import { groupKeyOf, groupOf } from "./grouping";
import { WEAK_BASES } from "./same-edition";
import { attachmentFor, deliveredColumns, discard, preparedColumns, type Attachment } from "./attachments";
import { documentName, offlineText } from "./messages";
import { sendOfflineNotice, type OfflineNotice } from "./notifications";
import * as q from "./queries";
import type { OfflineRow } from "./queries";
import { applyChanges, quotaReturnFor, refundFor, type Change } from "./changes";
import { PAGE_OF, type Actor, type OfflineDeps } from "./context";
import { deskItemById, deskTarget, mayAct } from "./desk";

export type DeskResult = { request: DeskItem; affected: string[] };

async function result(deps: OfflineDeps, actor: Actor, id: string, affected: string[]): Promise<DeskResult> {
  return { request: await deskItemById(deps, id, actor.id), affected };
}

function notice(deps: OfflineDeps, rows: OfflineRow[], build: (row: OfflineRow, link: string) => OfflineNotice) {
  return Promise.all(rows.map((row) => sendOfflineNotice(deps.notifier, deps.log, build(row, `${deps.origin}${PAGE_OF[row.kind]}`))));
}

/**
 * Whether a request's place in its group may carry the group's price and file to it, or its own to
 * the group: not while it joined without an edition (or a standard's year) on one side and staff
 * have not confirmed it — its user may want another edition, and a file attached through the group
 * would be delivered by their payment without anyone having looked.
 */
const firmlyGrouped = (r: OfflineRow) => !(WEAK_BASES as readonly string[]).includes(r.groupBasis ?? "");

/** Other requests of the same group that this actor may act on and that `eligible` accepts (none through an unconfirmed link). */
async function groupMembers(deps: OfflineDeps, actor: Actor, row: OfflineRow, eligible: (r: OfflineRow) => boolean): Promise<OfflineRow[]> {
  if (!firmlyGrouped(row)) return [];
  const group = await q.groupRows(deps.db, groupOf(row));
  return group.map((g) => g.request).filter((r) => r.id !== row.id && firmlyGrouped(r) && mayAct(actor, r) && eligible(r));
}

/**
 * Whether the actor may act on a request someone else holds: only with `takeOver`, which the refusal
 * asks for by naming the holder. Returns the holder being displaced, to be told.
 */
async function displacedHolder(deps: OfflineDeps, actor: Actor, row: OfflineRow, takeOver: boolean | undefined): Promise<{ id: string; name: string } | null> {
  if (row.assignedTo === null || row.assignedTo === actor.id) return null;
  const holder = await q.findUser(deps.db, row.assignedTo);
  const who = { id: row.assignedTo, name: holder?.name ?? "" };
  if (!takeOver) throw new DomainError(offlineText.heldBy(who.name), 409, { code: "held_by", holder: who });
  return who;
}

async function tellDisplaced(deps: OfflineDeps, actor: Actor, row: OfflineRow, displaced: { id: string } | null) {
  if (!displaced) return;
  const by = (await q.findUser(deps.db, actor.id))?.name ?? "";
  await sendOfflineNotice(deps.notifier, deps.log, {
    userId: displaced.id,
    template: "desk_taken_over",
    params: { name: documentName(row), by, link: `${deps.origin}/admin/offlineBooks` },
  });
}

/** The holder columns of the first action on a request: whoever acts holds it (claim is implicit). */
const heldBy = (actor: Actor) => ({ assignedTo: actor.id });

/** Claim: the request is this staff member's to work on; a paid request (or an article) is now in progress. */
export async function claimRequest(deps: OfflineDeps, actor: Actor, id: string, input: { take_over?: boolean | undefined } = {}): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!(q.OPEN_STATUSES as readonly string[]).includes(row.status)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const startsWork = row.status === "paid" || (row.kind === "article" && row.status === "registered");
  await applyChanges(deps, [
    {
      row,
      to: startsWork ? "in_progress" : row.status,
      action: displaced ? "taken_over" : "claimed",
      actorId: actor.id,
      note: displaced?.name ?? null,
      set: { ...heldBy(actor), canEdit: false },
      audit: { previous_assignee: row.assignedTo },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

const priceable = (r: OfflineRow) => r.kind !== "article" && (r.status === "registered" || r.status === "priced");

/**
 * Pricing, optionally with what the payment will deliver (a PDF, a link, or the group's file): the
 * user never sees it before paying; the payment delivers it (requests.ts, paidStatements). With `apply_to_group`
 * the price (and the attachment) go to every open request of the group, each user paying their own,
 * and the members who have paid already get the attachment now.
 */
export async function priceRequest(deps: OfflineDeps, actor: Actor, id: string, input: DeskPriceInput): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (row.kind === "article") throw new DomainError(offlineText.articleNotPriced);
  if (!priceable(row)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const attachment = await attachmentFor(deps, row, input, actor.id, (source) => mayAct(actor, source));
  const members = input.apply_to_group ? await groupMembers(deps, actor, row, (r) => priceable(r) || (attachment !== null && paidUndelivered(r))) : [];
  const toPrice = [row, ...members.filter(priceable)];
  const toDeliver = members.filter(paidUndelivered);
  const now = new Date(deps.now);
  const changes: Change[] = toPrice.map((t) => ({
    row: t,
    to: "priced" as const,
    action: "priced",
    actorId: actor.id,
    note: null,
    set: {
      price: input.price,
      canEdit: false,
      answeredAt: t.answeredAt ?? now,
      ...(attachment ? preparedColumns(attachment) : {}),
      ...(t === row ? heldBy(actor) : {}),
    },
    audit: {
      price: input.price,
      previous_price: t.price,
      group: toPrice.length > 1,
      ...(attachment ? { attached: attachment.kind === "file" ? { file: attachment.key, name: attachment.name } : { link: attachment.link } } : {}),
      ...(t === row ? { previous_assignee: row.assignedTo } : {}),
    },
  }));
  if (attachment) changes.push(...toDeliver.map((t) => deliveryChange(actor, t, attachment, now, false)));
  try {
    await applyChanges(deps, changes);
  } catch (err) {
    await discard(deps.files, attachment);
    throw err;
  }
  await tellDisplaced(deps, actor, row, displaced);
  const hours = await deskHours(deps.db);
  const fresh = await q.findRequests(
    deps.db,
    toPrice.map((t) => t.id),
  );
  // Attached at pricing: the price message says the file comes with the payment.
  await notice(deps, fresh, (t, link) => ({
    userId: t.userId,
    template: "offline_priced",
    params: { name: documentName(t), price: input.price, delivery: t.preparedFileKey || t.preparedLink ? "at_payment" : deliveryHours(hours, t.kind), link },
  }));
  await notice(deps, toDeliver, (t, link) => ({ userId: t.userId, template: "offline_delivered", params: { name: documentName(t), link } }));
  return result(
    deps,
    actor,
    id,
    [...toPrice, ...toDeliver].map((t) => t.id),
  );
}

/** Paid (or being worked on) and not yet delivered. */
const paidUndelivered = (r: OfflineRow) => r.status === "paid" || r.status === "in_progress";

/** The change that delivers `a` to `t` now. */
function deliveryChange(actor: Actor, t: OfflineRow, a: Attachment, now: Date, isTarget: boolean): Change {
  return {
    row: t,
    to: "delivered" as const,
    action: "delivered",
    actorId: actor.id,
    note: null,
    set: {
      ...deliveredColumns(a),
      deliveredAt: now,
      answeredAt: t.answeredAt ?? now,
      assignedTo: isTarget ? actor.id : (t.assignedTo ?? actor.id),
      canEdit: false,
    },
    audit: a.kind === "file" ? { file: a.key, size: a.size, name: a.name } : { link: a.link },
  };
}

export async function rejectRequest(
  deps: OfflineDeps,
  actor: Actor,
  id: string,
  input: { template?: keyof typeof rejectTemplates | undefined; reason?: string | undefined; take_over?: boolean | undefined },
): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!(q.OPEN_STATUSES as readonly string[]).includes(row.status)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const reason = input.reason ?? rejectTemplates[input.template!];
  await applyChanges(deps, [
    {
      row,
      to: "rejected",
      action: "rejected",
      actorId: actor.id,
      note: reason,
      set: { rejectReason: reason, canEdit: false, answeredAt: row.answeredAt ?? new Date(deps.now), ...heldBy(actor) },
      audit: {
        template: input.template ?? null,
        reason,
        refunded:
          row.kind === "article"
            ? "offline_article_credit"
            : row.paidWith && (row.status === "paid" || row.status === "in_progress")
              ? row.paidWith
              : row.status === "paid" || row.status === "in_progress"
                ? row.price
                : null,
      },
      extra: [...refundFor(deps, row, "rejected"), ...(await quotaReturnFor(deps, row))],
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  await notice(deps, [row], (t, link) => ({ userId: t.userId, template: "offline_rejected", params: { name: documentName(t), reason, link } }));
  return result(deps, actor, id, [id]);
}

/** Delivery is possible once paid (or in progress), and for a registered request (a free copy). */
const deliverable = (r: OfflineRow) => r.status === "paid" || r.status === "in_progress" || r.status === "registered";
/** Group members get the file only when they, too, have paid (books) or spent their credit (articles). */
const groupDeliverable = (r: OfflineRow) => r.status === "paid" || r.status === "in_progress" || (r.kind === "article" && r.status === "registered");

export async function deliverRequest(deps: OfflineDeps, actor: Actor, id: string, input: DeskDeliverInput): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!deliverable(row)) throw new DomainError(offlineText.wrongStatus(row.status));
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const targets = [row, ...(input.apply_to_group ? await groupMembers(deps, actor, row, groupDeliverable) : [])];
  const attachment = (await attachmentFor(deps, row, input, actor.id, (source) => mayAct(actor, source)))!;
  const now = new Date(deps.now);
  try {
    await applyChanges(
      deps,
      targets.map((t) => deliveryChange(actor, t, attachment, now, t === row)),
    );
  } catch (err) {
    // Nothing refers to the object now: do not leave it behind.
    await discard(deps.files, attachment);
    throw err;
  }
  await tellDisplaced(deps, actor, row, displaced);
  await notice(deps, targets, (t, link) => ({ userId: t.userId, template: "offline_delivered", params: { name: documentName(t), link } }));
  return result(
    deps,
    actor,
    id,
    targets.map((t) => t.id),
  );
}

/**
 * "Same as": staff join this request to another request's group (one piece of work from then on:
 * its price and file apply to both). Only requests of one kind group.
 */
export async function sameAsRequest(
  deps: OfflineDeps,
  actor: Actor,
  id: string,
  input: { target: string; take_over?: boolean | undefined },
): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (input.target === id) throw new ValidationError({ target: [offlineText.sameAsSelf] });
  const target = await q.findRequest(deps.db, input.target);
  if (!target || !mayAct(actor, target)) throw new ValidationError({ target: [offlineText.notFound] });
  if (target.kind !== row.kind) throw new ValidationError({ target: [offlineText.kindsDiffer] });
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const groupKey = groupKeyOf(target);
  const dropped = groupKey === groupKeyOf(row) ? null : await groupFileLeftBehind(deps, row);
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "grouped",
      actorId: actor.id,
      note: target.title ?? target.url,
      set: { groupKey, groupBasis: "staff", ...(dropped ? detached : {}) },
      audit: { same_as: target.id, group: groupKey, previous_group: groupKeyOf(row), previous_basis: row.groupBasis, ...(dropped ? { dropped } : {}) },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

const detached = { preparedFileKey: null, preparedFileName: null, preparedFileSize: null, preparedLink: null };

/**
 * A priced request leaving its group leaves the group's file behind: an attachment it shares with
 * another request of that group was found for the group's document, which staff have just said is
 * not this one, so this request's payment must not deliver it (it becomes paid, for staff to
 * deliver). Answers what is dropped, for the audit, or null.
 */
async function groupFileLeftBehind(deps: OfflineDeps, row: OfflineRow): Promise<Record<string, string> | null> {
  if (row.status !== "priced" || (!row.preparedFileKey && !row.preparedLink)) return null;
  const others = (await q.groupRows(deps.db, groupOf(row))).map((g) => g.request).filter((m) => m.id !== row.id);
  const key = row.preparedFileKey;
  const link = row.preparedLink;
  const shared = others.some(
    (m) => (key !== null && (m.preparedFileKey === key || m.fileKey === key)) || (link !== null && (m.preparedLink === link || m.deliveredLink === link)),
  );
  if (!shared) return null;
  return key ? { file: key } : { link: link! };
}

/** Staff say the automatic grouping is right (it was made without an edition or a year on one side). */
export async function confirmGroup(deps: OfflineDeps, actor: Actor, id: string, input: { take_over?: boolean | undefined }): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "group_confirmed",
      actorId: actor.id,
      note: null,
      set: { groupKey: groupKeyOf(row), groupBasis: "staff" },
      audit: { group: groupKeyOf(row), previous_basis: row.groupBasis },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

/** Staff say it is not the same document: it leaves its group and stands alone. */
export async function splitFromGroup(deps: OfflineDeps, actor: Actor, id: string, input: { take_over?: boolean | undefined }): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  const displaced = await displacedHolder(deps, actor, row, input.take_over);
  const own = `split:${row.id}`;
  const dropped = await groupFileLeftBehind(deps, row);
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "split",
      actorId: actor.id,
      note: null,
      set: { groupKey: own, groupBasis: null, ...(dropped ? detached : {}) },
      audit: { previous_group: groupKeyOf(row), previous_basis: row.groupBasis, ...(dropped ? { dropped } : {}) },
    },
  ]);
  await tellDisplaced(deps, actor, row, displaced);
  return result(deps, actor, id, [id]);
}

/** Staff's note on a request: kept with it to delivery, never shown to the user. Not a claim. */
export async function noteRequest(deps: OfflineDeps, actor: Actor, id: string, input: { note: string }): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  const note = input.note.trim() || null;
  await runMoneyBatch(deps.db, [
    deps.db
      .update(schema.offlineRequests)
      .set({ staffNote: note, updatedAt: new Date(deps.now) })
      .where(eq(schema.offlineRequests.id, row.id)),
    q.insertAudit(deps.db, { actorId: actor.id, action: "offline.note", requestId: row.id, at: deps.now, details: { note } }),
  ]);
  return result(deps, actor, id, [id]);
}

/** Admins give a solution manual to a solver, who then sees it on /solver. */
export async function assignRequest(deps: OfflineDeps, actor: Actor, id: string, solverId: string): Promise<DeskResult> {
  const row = await deskTarget(deps, actor, id);
  if (!(q.OPEN_STATUSES as readonly string[]).includes(row.status)) throw new DomainError(offlineText.wrongStatus(row.status));
  const solver = await q.findUser(deps.db, solverId);
  if (!solver || !solver.isSolver) throw new ValidationError({ solver_id: [offlineText.notSolver] });
  await applyChanges(deps, [
    {
      row,
      to: row.status,
      action: "assigned",
      actorId: actor.id,
      note: solver.name,
      set: { assignedTo: solver.id, isSolution: true },
      audit: { solver: solver.id, previous_assignee: row.assignedTo },
    },
  ]);
  await sendOfflineNotice(deps.notifier, deps.log, {
    userId: solver.id,
    template: "desk_solver_assigned",
    params: { name: documentName(row), link: `${deps.origin}/solver` },
  });
  return result(deps, actor, id, [id]);
}
