// order/consumer/media (features §7): charges processing one of the caller's records to their
// balance, measured from the record's own length (never the length the caller states). Uploads share
// the transcription's charge key (no second charge while an attempt is paid); each call for a dubbing
// is one dubbing, priced (full, then the re-dubbing price) inside the charge's lock, so concurrent
// calls are counted and priced one after another. Live interpreting is metered by the meeting itself as it runs.
import type { Kysely } from 'kysely';
import type { Database, UsageKind } from '../../db/schema';
import { AppError } from '../../errors';
import type { BillingUser, Entitlements } from '../entitlements/entitlements-service';
import { availableSeconds } from '../entitlements/metering';
import { dubbingCostSeconds } from '../entitlements/tier-rules';
import { chargeUpload } from '../entitlements/upload-charges';
import { findOwnedRecord } from '../records/record-access';

export async function consumeMedia(
  db: Kysely<Database>,
  entitlements: Entitlements,
  user: BillingUser,
  request: { usage: UsageKind; transId?: string | undefined; zoneHint?: string | null },
): Promise<{ enough: boolean; cost: number; balance: number | null }> {
  if (request.usage === 'live') throw new AppError(400, 'billing:orders.liveMeteredByMeeting');
  if (!request.transId) throw new AppError(400, 'errors.invalidField', { field: 'transId' });
  const record = await findOwnedRecord(db, user.id, request.transId);
  const length = Math.ceil((record.duration_ms ?? 0) / 1000);
  let cost = length;
  if (request.usage === 'upload') {
    await chargeUpload(db, entitlements, user, { recordId: record.id, seconds: length, note: record.show_name, zoneHint: request.zoneHint ?? null });
  } else {
    // Priced inside the charge's lock: concurrent calls are successive dubbings, each at its own price.
    let earlier = 0;
    await entitlements.charge(user, {
      usage: 'dubbing',
      chargeKey: (account) => {
        earlier = account.state.dubbingsOf.get(record.id) ?? 0;
        return `dubbing:${record.id}:${earlier + 1}`;
      },
      seconds: () => (cost = dubbingCostSeconds(length, earlier)),
      recordId: record.id,
      note: record.show_name,
      zoneHint: request.zoneHint ?? null,
    });
  }
  const after = await entitlements.account(user, request.zoneHint);
  return { enough: true, cost, balance: after.billing ? availableSeconds(after.rule, after.state, request.usage) : null };
}
