// Charges of upload transcriptions: one per attempt, keyed 'upload:<recordId>:<n>'. A job the queue
// retries by itself is the same attempt (no new charge); a failed attempt is refunded once; the
// owner's retry of a failed record is a new attempt and is charged again.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { REFUND_PREFIX } from './balances';
import type { BillingUser, Entitlements } from './entitlements-service';

const keyOf = (recordId: string, attempt: number | '') => `upload:${recordId}:${attempt}`;

async function chargesOf(db: Kysely<Database>, recordId: string) {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['source_key', 'kind'])
    .where('record_id', '=', recordId)
    .where('usage', '=', 'upload')
    .execute();
  const refunded = new Set(rows.filter((r) => r.kind === 'refund').map((r) => r.source_key.slice(REFUND_PREFIX.length)));
  const charges = rows.filter((r) => r.kind === 'consumption').map((r) => r.source_key);
  return { charges, open: charges.filter((key) => !refunded.has(key)) };
}

/** Charges the media seconds of one upload attempt, unless an attempt is already paid and running. */
export async function chargeUpload(
  _db: Kysely<Database>,
  entitlements: Entitlements,
  user: BillingUser,
  upload: { recordId: string; seconds: number; note: string; zoneHint?: string | null },
): Promise<void> {
  // The attempts are read from the user's replay inside the charge's own transaction (no scan of
  // the ledger by record): the check costs what the charge costs.
  await entitlements.chargeNextAttempt(user, {
    usage: 'upload',
    seconds: upload.seconds,
    keyPrefix: keyOf(upload.recordId, ''),
    recordId: upload.recordId,
    note: upload.note,
    zoneHint: upload.zoneHint ?? null,
  });
}

/** Gives back the open charge of a failed transcription (once: the refund has its own key). */
export async function refundUpload(db: Kysely<Database>, entitlements: Entitlements, recordId: string): Promise<void> {
  const { open } = await chargesOf(db, recordId);
  for (const key of open) await entitlements.refund(key);
}
