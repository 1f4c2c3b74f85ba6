/**
 * The staff audit trail's one door in: every module records its staff changes here, once per change, at the end of
 * the trail's chain of keyed hashes (chain.ts, docs/decisions/045-audit-chain.md).
 */
import type { AuditAction, AuditEntity } from "@shop/domain/constants";
import type { FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { callerOf } from "../../plugins/auth.ts";
import { findCustomer } from "../users/customers.ts";
import { appendEntry, chainKey } from "./chain.ts";

export interface AuditChange {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** The record before the change; null when it is new. */
  before: unknown;
  /** The record after the change; null when it is gone. */
  after: unknown;
}

/** JSON as the database keeps it: dates as ISO strings, undefined fields dropped. */
const plain = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** The chain's key for this shop's settings: AUDIT_SECRET, or JWT_SECRET when it is not set. */
export const auditChainKey = (env: Pick<Env, "AUDIT_SECRET" | "JWT_SECRET">) =>
  chainKey(env.AUDIT_SECRET ?? env.JWT_SECRET);

/**
 * Records a change made by the staff member calling `request`. Their email is copied in, so the entry still says
 * who it was when the account is gone. Pass the transaction that made the change when there is one, so both
 * commit or neither.
 */
export async function recordAudit(db: Db | Tx, request: FastifyRequest, change: AuditChange): Promise<void> {
  const actor = callerOf(request).id;
  const who = await findCustomer(db, actor);
  await appendEntry(db, auditChainKey(request.server.env), {
    at: new Date(),
    actorId: actor,
    actorEmail: who?.email ?? "",
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: plain(change.before),
    after: plain(change.after),
  });
}
