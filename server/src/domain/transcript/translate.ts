// Renders a key of any loaded namespace ('engines:noTranslation', 'transcripts:…') with parameters
// known only at run time; i18next's typed t() only accepts literal keys of the default namespace.
import type { ServerT } from '../../i18n';

export function translate(t: ServerT, key: string, params: object = {}): string {
  return String((t as unknown as (key: string, options: object) => unknown)(key, params));
}
