// The audio of a meeting, kept so a finished meeting can be played and downloaded like an upload.
// Accepted host PCM is appended to a staging file of the MediaStore as it arrives (in batches, one
// write at a time, never the whole recording in memory). Publishing copies it behind a 44-byte WAV
// header into a second staging file and commits that over the record's object, then upserts the
// media_files row whose id is the record id, which is what the media endpoint serves. The PCM
// staging file outlives a pause (and a server restart), so a resumed meeting appends to the same
// recording and the published file is always the whole meeting; only the final publish removes it.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { LIVE_AUDIO_SAMPLE_RATE } from '../../../src/shared/contract/limits';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import type { MediaStore } from '../domain/storage/media-store.port';

export interface MeetingAudioDeps {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  log: { warn(obj: unknown, msg?: string): void };
}

const CHANNELS = 1;
const BITS_PER_SAMPLE = 16;
const BYTES_PER_SECOND = (LIVE_AUDIO_SAMPLE_RATE * CHANNELS * BITS_PER_SAMPLE) / 8;
export const WAV_HEADER_BYTES = 44;

/** The canonical 44-byte header of a PCM16LE mono WAV holding `dataBytes` of samples. */
export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(LIVE_AUDIO_SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE((CHANNELS * BITS_PER_SAMPLE) / 8, 32);
  header.writeUInt16LE(BITS_PER_SAMPLE, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export function pcmStagingId(meetingId: string): string {
  return `meeting-audio-${meetingId}`;
}

function wavStagingId(meetingId: string): string {
  return `meeting-audio-${meetingId}-wav`;
}

async function sizeOf(filePath: string): Promise<number | null> {
  return fsp.stat(filePath).then(
    (stat) => stat.size,
    () => null,
  );
}

/** Appends one meeting's accepted PCM to its staging file, in order, one write at a time. */
export class MeetingAudioWriter {
  private pending: Buffer[] = [];
  private offset: number | null = null;
  private writing: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(
    private readonly deps: MeetingAudioDeps,
    private readonly meetingId: string,
  ) {}

  append(pcm: Buffer): void {
    if (this.failed) return;
    // The socket may reuse the frame's memory; the batch keeps its own copy until written.
    this.pending.push(Buffer.from(pcm));
    if (this.pending.length === 1) this.writing = this.writing.then(() => this.drain());
  }

  /** Resolves once every appended frame is on disk. */
  async settled(): Promise<void> {
    await this.writing;
  }

  private async drain(): Promise<void> {
    const id = pcmStagingId(this.meetingId);
    try {
      if (this.offset === null) {
        await this.deps.store.openStaging(id);
        // A resumed recording (or one carried over a restart) goes on after the last whole sample.
        const size = (await sizeOf(this.deps.store.stagingPath(id))) ?? 0;
        this.offset = size - (size % 2);
      }
      while (this.pending.length) {
        const batch = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
        this.pending = [];
        const written = await this.deps.store.writeAt(id, this.offset, Readable.from([batch]), batch.length);
        this.offset += written.bytes;
      }
    } catch (error) {
      // A full disk must not stop the subtitles; the meeting goes on without its audio.
      this.failed = true;
      this.pending = [];
      this.deps.log.warn({ err: error, meetingId: this.meetingId }, 'meeting audio not stored');
    }
  }
}

/**
 * Publishes the meeting's recording so far as "<user>/<record>.wav" and its media_files row.
 * `final` (the meeting ended) removes the PCM staging file; otherwise a resume appends to it.
 * Answers the published data size, or null when the meeting has no record or recorded nothing.
 */
export async function publishMeetingAudio(deps: MeetingAudioDeps, meeting: MeetingRow, final: boolean): Promise<number | null> {
  const { store, db, clock } = deps;
  const pcmId = pcmStagingId(meeting.id);
  const pcmSize = await sizeOf(store.stagingPath(pcmId));
  if (pcmSize === null || !meeting.record_id) return null;
  const dataBytes = pcmSize - (pcmSize % 2);
  if (dataBytes === 0) {
    if (final) await store.discardStaging(pcmId);
    return null;
  }
  const wavId = wavStagingId(meeting.id);
  await store.openStaging(wavId);
  await store.truncateStaging(wavId, 0);
  await store.writeAt(wavId, 0, Readable.from([wavHeader(dataBytes)]), WAV_HEADER_BYTES);
  await store.writeAt(wavId, WAV_HEADER_BYTES, fs.createReadStream(store.stagingPath(pcmId), { start: 0, end: dataBytes - 1 }), dataBytes);
  const objectName = `${meeting.user_id}/${meeting.record_id}.wav`;
  await store.commit(wavId, objectName);

  const at = clock.now().toISOString();
  const fields = {
    object_name: objectName,
    ori_file_name: `${meeting.name.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim() || 'meeting'}.wav`,
    size_bytes: WAV_HEADER_BYTES + dataBytes,
    duration_ms: Math.floor((dataBytes * 1000) / BYTES_PER_SECOND),
    format_name: 'wav',
    has_video: 0,
  };
  const existing = await db.selectFrom('media_files').select('id').where('id', '=', meeting.record_id).executeTakeFirst();
  if (existing) {
    await db.updateTable('media_files').set(fields).where('id', '=', meeting.record_id).execute();
  } else {
    // submitted_at is set: this file is a record's already, never an upload waiting to be submitted.
    await db
      .insertInto('media_files')
      .values({ id: meeting.record_id, user_id: meeting.user_id, folder_id: meeting.folder_id, submitted_at: at, created_at: at, ...fields })
      .execute();
  }
  if (final) await store.discardStaging(pcmId);
  return dataBytes;
}
