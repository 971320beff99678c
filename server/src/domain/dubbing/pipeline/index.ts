export { runDubbing, type DubDeps, type DubForm, type DubInput, type DubLine, type DubResult, type DubProgressStep } from './run-dubbing';
export { DubbingError, type DubErrorKey, type DubStep } from './errors';
export { decodeSubtitleBytes, parseSrt, srtLines, type SrtType } from './srt';
export type { SpeakerVoice } from './voices';
export { revoice, currentKey, needsRevoicing, type RevoiceInput, type RevoiceLine, type RevoiceResult, type RevoicedLine, type RevoiceDeps } from './revoice';
export { burnIn, type BurnInSettings } from './burn-in';
export { chooseVoices } from './voices';
