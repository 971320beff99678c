// The part of archiver (5.x, a streaming zip writer with zip64) this code uses. The lead adds
// `archiver` and `@types/archiver` to package.json; until then this declaration types it.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface EntryData {
    name: string;
    /** true: stored without compression (media is compressed already). */
    store?: boolean;
    date?: Date;
  }

  interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }

  function archiver(format: 'zip', options?: { zlib?: { level?: number }; forceZip64?: boolean }): Archiver;
  export default archiver;
}
