// What each embedded engine needs from Debian, checked on the file system: the programs it spawns
// and the data files (models, apertium modes) they read. The registry refuses a language whose
// engine is not installed, and the health report lists what is missing, so a fresh machine without
// `npm start` as root says so instead of failing each record with a spawn error.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { missingPrograms } from './installed-programs';

export interface Installation {
  /** Programs and data files (by file name: the report is public) that are absent; empty when the engine can run. */
  missing: string[];
}

const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

const apertiumModesDir = () => path.join(process.env.APERTIUM_DATADIR ?? '/usr/share/apertium', 'modes');

function check(programs: readonly string[], files: readonly string[] = []): Installation {
  return { missing: [...missingPrograms(programs), ...files.filter((file) => !existsSync(file)).map((file) => path.basename(file))] };
}

export const embeddedInstallation = {
  pocketsphinx: () => check(['pocketsphinx_continuous'], [POCKETSPHINX_MODEL_DIR]),
  /** One apertium mode (a language pair's data, e.g. eng-spa from apertium-eng-spa). */
  apertium: (mode: string) => check(['apertium', 'apertium-wblank-mode'], [path.join(apertiumModesDir(), `${mode}.mode`)]),
  espeak: () => check(['espeak-ng']),
  /** flite's English voices; pitch shifts other than the voice's own also need ffmpeg (rubberband). */
  flite: () => check(['flite']),
  media: () => check(['ffprobe', 'ffmpeg']),
};
