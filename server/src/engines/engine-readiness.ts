// What the health answer and the start-up log say of each engine (registry.ts and routed-engines.ts build it).
import type { EngineSetting } from './engine-errors';
import type { LanguagePair } from './types';

export interface EngineReadiness {
  kind: 'recognition' | 'translation' | 'synthesis' | 'summary' | 'media';
  engine: string;
  remote: boolean;
  ready: boolean;
  /** Languages served when ready ('*': any the remote service understands). */
  languages?: string[];
  pairs?: LanguagePair[];
  /** Programs and data files not installed (embedded engines). */
  missing: string[];
  /** The setting that adds a remote engine of this kind, when there is one. */
  setting: EngineSetting | null;
}
