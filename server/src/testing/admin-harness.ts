// `npm run admin` as a test calls it: against a fresh database of the given variant, output captured.
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../config';
import { runAdmin } from '../admin/run-admin';
import type { DatabaseVariant } from './database-variants';

export function useAdminHarness(variant: DatabaseVariant) {
  const state: { config?: ServerConfig; cleanup?: () => Promise<void> } = {};
  beforeAll(async () => {
    if (variant.skipReason) return;
    const created = await variant.create();
    state.config = created.config;
    state.cleanup = created.cleanup;
  });
  afterAll(async () => {
    await state.cleanup?.();
  });

  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, state.config!, { out: (l) => out.push(l), err: (l) => err.push(l) }, 'en_US.UTF-8');
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  return { admin, config: () => state.config! };
}
