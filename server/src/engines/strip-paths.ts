// Engine and tool errors (ffprobe, ffmpeg, remote services) quote what they were given: a file in the
// data folder, or for shared storage a signed address whose query is a key. Those details reach users
// in translated messages, so each path or address is cut to its last name (what the tool opened,
// without where this server keeps it).
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi;
// An absolute path of two names or more (/srv/parley/data/…), not a fraction (1/2) or a lone '/x'.
const ABSOLUTE_PATH = /(?<![\w.:/~-])\/(?:[^\s/'"<>:,()]+\/)+[^\s/'"<>:,()]*/g;

function lastName(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return parts.at(-1) ?? '';
}

export function withoutServerPaths(text: string): string {
  return text
    .replace(ADDRESS, (address) => {
      try {
        return lastName(new URL(address).pathname) || new URL(address).protocol.replace(':', '');
      } catch {
        return '';
      }
    })
    .replace(ABSOLUTE_PATH, (found) => lastName(found));
}
