// Issue 11: the tier table of features §6 enforced by the server, as ONE table-driven test on SQLite
// and PostgreSQL. Each row is a rule of the table; each column a tier (no membership, duration pack,
// VIP, SVIP); each cell what the server answers. Tiers are set up through the ledger (grants), the
// checks go through the API where an API exists (meeting create/edit, cast, permissions, dubbing
// cost check) and through the metering service for daily allowances (hours of media are not made).
import { describe, expect, it } from 'vitest';
import type { PackageType } from '../db/schema';
import { grantToUserId } from '../domain/entitlements/grants';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { loadEngineConfig } from '../engines/config';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();
const HOUR = 3_600;
const langs = (n: number) => Array.from({ length: n }, (_, i) => `x${String.fromCharCode(97 + i)}-US`);

type Tier = 'none' | 'duration' | 'vip' | 'svip';
const TIERS: readonly Tier[] = ['none', 'duration', 'vip', 'svip'];
/** What each tier holds in these tests: memberships for 30 days, the pack 10 hours (none: nothing, no trial). */
const HOLDINGS: Record<Tier, Array<[PackageType, number]>> = { none: [], duration: [['3', 10]], vip: [['2', 30]], svip: [['1', 30]] };

type Outcome = number; // the envelope code: 200 or a 92505xxx refusal
const OK = 200;
const BALANCE = 92505000;
const QUOTA = 92505001;
const NO_RIGHT = 92505003;

interface Probe {
  kit: ReturnType<typeof useRecordsTestApp>;
  who: TestUser;
}

async function meeting(p: Probe, recognition: number, interpretation: number): Promise<Outcome> {
  return (await p.kit.post('/speech/meeting/create', p.who, { recognitionLanguages: langs(recognition), translationLanguages: langs(interpretation) })).code ?? 0;
}

async function charge(p: Probe, usage: 'live' | 'upload', seconds: number, key: string): Promise<Outcome> {
  try {
    await p.kit.app.services.entitlements.charge(p.who.user, { usage, seconds, chargeKey: `${key}:${p.who.user.id}` });
    return OK;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

async function permission(p: Probe, name: string): Promise<boolean> {
  return (await p.kit.post('/expense/account/queryUserFunctionJudge', p.who, {})).data[name];
}

async function meetingFeature(p: Probe, feature: 'invite' | 'cast'): Promise<Outcome> {
  const created = await p.kit.post('/speech/meeting/create', p.who, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
  if (created.code !== OK) return created.code ?? 0;
  return feature === 'invite'
    ? (await p.kit.post('/speech/meeting/edit', p.who, { id: created.data.id, inviteStatus: '1' })).code ?? 0
    : (await p.kit.post('/speech/meeting/createScreenCode', p.who, { meetingId: created.data.id })).code ?? 0;
}

async function dubbing(p: Probe): Promise<Outcome> {
  return (await p.kit.post('/expense/cost/dubbingAccountCostBefore', p.who, { rightsType: '7', sourceType: '5', duration: 60 })).code ?? 0;
}

/** features §6 × tier: [rule, probe, expected per tier none / duration / VIP / SVIP]. */
const TABLE: Array<[string, (p: Probe) => Promise<Outcome | boolean>, [unknown, unknown, unknown, unknown]]> = [
  ['live interpreting: a meeting may start', (p) => meeting(p, 1, 1), [BALANCE, OK, OK, OK]],
  ['live interpreting: 3 h a day for VIP, 10 h for SVIP, beyond from the pack', (p) => charge(p, 'live', 3 * HOUR, 'live-a'), [BALANCE, OK, OK, OK]],
  ['live interpreting: the 3 h 1 s beyond VIP’s day needs a pack', (p) => charge(p, 'live', 3 * HOUR + 1, 'live-b'), [BALANCE, OK, QUOTA, OK]],
  ['live interpreting: 10 h 1 s is beyond SVIP’s day', (p) => charge(p, 'live', 10 * HOUR + 1, 'live-c'), [BALANCE, BALANCE, QUOTA, QUOTA]],
  ['local upload: 10 h a day for VIP', (p) => charge(p, 'upload', 10 * HOUR, 'up-a'), [BALANCE, OK, OK, OK]],
  ['local upload: 10 h 1 s needs SVIP or a pack', (p) => charge(p, 'upload', 10 * HOUR + 1, 'up-b'), [BALANCE, BALANCE, QUOTA, OK]],
  ['local upload: 20 h 1 s is beyond SVIP’s day', (p) => charge(p, 'upload', 20 * HOUR + 1, 'up-c'), [BALANCE, BALANCE, QUOTA, QUOTA]],
  ['recognition languages: 2', (p) => meeting(p, 2, 1), [BALANCE, OK, OK, OK]],
  ['recognition languages: 3', (p) => meeting(p, 3, 1), [BALANCE, NO_RIGHT, NO_RIGHT, OK]],
  ['recognition languages: 10', (p) => meeting(p, 10, 1), [BALANCE, NO_RIGHT, NO_RIGHT, OK]],
  ['interpretation languages: 2', (p) => meeting(p, 1, 2), [BALANCE, OK, OK, OK]],
  ['interpretation languages: 3', (p) => meeting(p, 1, 3), [BALANCE, NO_RIGHT, NO_RIGHT, OK]],
  ['interpretation languages: 4', (p) => meeting(p, 1, 4), [BALANCE, NO_RIGHT, NO_RIGHT, OK]],
  ['custom vocabulary and word replacement', (p) => permission(p, 'proprietaryWords'), [false, false, false, true]],
  ['translation terms', (p) => permission(p, 'translateGlossary'), [false, false, false, true]],
  ['sensitive words', (p) => permission(p, 'sensitiveWords'), [false, false, false, true]],
  ['invitations (permission)', (p) => permission(p, 'inviteMeeting'), [false, false, false, true]],
  ['multi-screen casting (permission)', (p) => permission(p, 'screenCasting'), [false, false, false, true]],
  ['invitations (meeting edit)', (p) => meetingFeature(p, 'invite'), [BALANCE, NO_RIGHT, NO_RIGHT, OK]],
  ['multi-screen casting (cast code)', (p) => meetingFeature(p, 'cast'), [BALANCE, NO_RIGHT, NO_RIGHT, OK]],
  ['AI voiceover needs a dubbing pack, whatever the tier', (p) => dubbing(p), [NO_RIGHT, NO_RIGHT, NO_RIGHT, NO_RIGHT]],
];

describe.each(variants)('tier rules on $name', (variant) => {
  // No trial: 'none' holds nothing. Remote engines configured (never called) so any language may be chosen.
  const kit = useRecordsTestApp(variant, { trialMinutes: 0, engines: loadEngineConfig({ ASR_URL: 'http://127.0.0.1:9/', TRANSLATE_URL: 'http://127.0.0.1:9/' }) });

  async function userOf(tier: Tier): Promise<TestUser> {
    const who = await kit.signUp(tier);
    for (const [type, amount] of HOLDINGS[tier]) await grantToUserId(kit.app.db, kit.clock, who.user.id, type, amount);
    return who;
  }

  describe.skipIf(variant.skipReason)('', () => {
    it.each(TABLE)('%s', async (_rule, probe, expected) => {
      const answers: unknown[] = [];
      // A fresh user per cell, so one cell's use never counts against another's.
      for (const tier of TIERS) answers.push(await probe({ kit, who: await userOf(tier) }));
      expect(Object.fromEntries(TIERS.map((tier, i) => [tier, answers[i]]))).toEqual(Object.fromEntries(TIERS.map((tier, i) => [tier, expected[i]])));
    });
  });
});
