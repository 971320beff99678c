// The long-running apertium pipeline reads apertium's stream format, not plain text, and no
// deformatter of apertium's can serve it: apertium-destxt buffers its input and has no null-flush
// mode. These two functions do what apertium-destxt and apertium-retxt do for the single-line,
// single-spaced texts the translator sends, so the pipeline's answers match `apertium -u <mode>`
// byte for byte (apertium-stream-format.test.ts compares them with the real programs).

/** Characters apertium-destxt escapes with a backslash; any of them unescaped would be read as markup. */
const ESCAPED = new Set(['[', ']', '\\', '/', '@', '<', '>', '^', '$', '{', '}']);

/**
 * Whitespace becomes single spaces, as before: a newline inside a subtitle is just a space, and a
 * blank line would split the text. Control characters ('\0' ends a chunk in null-flush mode) go too.
 */
export function flattenForApertium(text: string): string {
  return text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

const escapeRun = (text: string) => Array.from(text, (ch) => (ESCAPED.has(ch) ? `\\${ch}` : ch)).join('');

/**
 * apertium-destxt's output for one flattened text: special characters escaped, '~' (and the spaces
 * around it) kept aside as a superblank, and the '.[]' sentence end destxt adds so the tagger sees
 * one, which fromApertiumStream takes away again. A trailing '~' run joins the final blank, as there.
 */
export function toApertiumStream(flat: string): string {
  const trailing = /[ ~]*$/.exec(flat)![0];
  const body = flat.slice(0, flat.length - trailing.length);
  const marked = body
    .split(/([ ~]*~[ ~]*)/)
    .map((part, i) => (i % 2 === 1 ? `[${part}]` : escapeRun(part)))
    .join('');
  return `${marked}.[][${trailing}\n]`;
}

/** apertium-retxt: unescape, drop superblank brackets (their content is the original formatting) and the added '.[]'. */
export function fromApertiumStream(stream: string): string {
  let out = '';
  for (let i = 0; i < stream.length; i++) {
    const ch = stream[i]!;
    if (ch === '\\') {
      const next = stream[i + 1];
      if (next !== undefined && ESCAPED.has(next)) {
        out += next;
        i++;
      } else out += ch;
    } else if (ch === '.' && stream.startsWith('[]', i + 1)) {
      i += 2;
    } else if (ch !== '[' && ch !== ']') {
      out += ch;
    }
  }
  return out;
}
