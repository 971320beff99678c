// The voice picker's catalogue for one dubbing language (issue 25 §2): the voices the synthesiser
// serving the language really has (available), then the embedded voices Parley knows for it that
// cannot speak here now — flite not installed, espeak-ng missing, or a remote speech service
// (TTS_URL) speaking instead — shown as unavailable with the reason, before anyone picks them.
import type { components } from '../../../../../src/api/schema';
import type { Locale } from '../../../../../src/shared/contract/limits';
import { embeddedInstallation } from '../../../engines/embedded-installation';
import { EspeakSynthesizer } from '../../../engines/espeak-synthesizer';
import { FLITE_PREFIX, FliteSynthesizer } from '../../../engines/flite-synthesizer';
import type { Engines } from '../../../engines/registry';
import { servingEngine } from '../../../engines/serving-engine';
import { EngineUnavailableError } from '../../../engines/engine-errors';
import type { Voice } from '../../../engines/types';
import type { ServerT } from '../../../i18n';
import { voiceName, voicesFor } from './voices';

export type DubVoice = components['schemas']['DubVoice'];
export type DubVoiceCatalogue = components['schemas']['DubVoiceCatalogue'];

const espeak = new EspeakSynthesizer();
const flite = new FliteSynthesizer();

/** Which engine a voice id belongs to (ids are unique across engines). */
export function engineOfVoice(id: string, remote: string | null): string {
  if (id.startsWith(FLITE_PREFIX)) return 'flite';
  if (espeak.voices().some((v) => v.id === id)) return 'espeak-ng';
  return remote ?? 'remote';
}

function exactly(voices: Voice[], language: string): Voice[] {
  const exact = voices.filter((v) => v.language.toLowerCase() === language.toLowerCase());
  return exact.length ? exact : voices;
}

/** The remote speech service speaking this language (its own route or TTS_URL), or null when an embedded engine does. */
function remoteSpeaking(engines: Pick<Engines, 'synthesizerFor'>, language: string): string | null {
  try {
    const synthesizer = engines.synthesizerFor(language);
    return servingEngine(synthesizer).remote ? synthesizer.id : null;
  } catch (error) {
    if (error instanceof EngineUnavailableError) return null;
    throw error;
  }
}

export function voiceCatalogue(engines: Pick<Engines, 'synthesizerFor' | 'voiceCloner'>, language: string, locale: Locale, t: ServerT): DubVoiceCatalogue {
  // Per language, as the routing decides: a speech service routed for zh-CN leaves English embedded.
  const remote = remoteSpeaking(engines, language);
  const available = voicesFor(engines, language);
  const known = [...exactly(flite.voices(language), language), ...exactly(espeak.voices(language), language)];
  const shown = (voice: Voice, isAvailable: boolean, reason: string | null): DubVoice => ({
    id: voice.id,
    name: voiceName(voice, language, locale, t),
    engine: engineOfVoice(voice.id, remote),
    servedBy: servingEngine({ id: engineOfVoice(voice.id, remote) }),
    gender: voice.gender ?? null,
    available: isAvailable,
    unavailableReason: reason,
  });
  const unavailableReason = (voice: Voice): string => {
    if (remote) return t('transcripts:dubVoiceRemoteInUse');
    const engine = engineOfVoice(voice.id, remote);
    const missing = engine === 'flite' ? embeddedInstallation.flite().missing : embeddedInstallation.espeak().missing;
    return missing.length ? t('transcripts:dubVoiceNotInstalled', { engine }) : t('transcripts:dubVoiceNotForLanguage');
  };
  const ids = new Set(available.map((v) => v.id));
  return {
    lang: language,
    voices: [...available.map((v) => shown(v, true, null)), ...known.filter((v) => !ids.has(v.id)).map((v) => shown(v, false, unavailableReason(v)))],
    cloning: Boolean(engines.voiceCloner),
  };
}
