// The recording of one meeting, on the instance its host is connected to: host audio goes into a
// streaming recogniser (VAD-gated, so silence never reaches it), partials are published at once,
// and each final is numbered, appended to the meeting's record and published as recognised — in
// utterance order, one at a time — while it is translated once per meeting translation language;
// its speaker label and translations follow as the same final completed (a second subtitle.final
// of the same segmentId, stored first too), also in utterance order.
import { randomUUID } from 'node:crypto';
import type { Subscription } from 'rxjs';
import type { MeetingsService } from '../domain/meetings/meetings-service';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import { languagesOf, meetingLanguagesOf } from '../domain/meetings/meeting-view';
import { EngineError } from '../engines/engine-errors';
import type { Engines } from '../engines/registry';
import type { RecognitionStream, StreamResult } from '../engines/types';
import type { LiveBus, UnnumberedMessage } from './live-bus';
import { translateFinal, translationTargets } from './final-translations';
import { LiveSocketError } from './live-errors';
import { MeetingAudioWriter, publishMeetingAudio, type MeetingAudioDeps } from './meeting-audio';
import { SpeakerTurns } from './speaker-turns';
import type { CompiledVocabulary } from '../domain/vocabulary/compiled-vocabulary';
import { vocabularyOnUtterance } from '../domain/vocabulary/transcript-vocabulary';

export interface SessionTimings {
  /** When the recogniser delivered the final (performance.now()). */
  recognizedAt: number;
  /** When its audio ended, in meeting audio ms. */
  audioEndMs: number;
}

export interface RecordingSessionDeps {
  meetings: MeetingsService;
  engines: Engines;
  bus: LiveBus;
  log: { warn(obj: unknown, msg?: string): void };
  /** A recogniser failure the host should hear about (the session reopens on the next frame). */
  onFailure(error: LiveSocketError): void;
  /** Observes finals leaving the recogniser (the benchmark splits latency with it). */
  onRecognized?(segmentId: string, timings: SessionTimings): void;
  /** Where the accepted audio is kept (absent: the meeting keeps no audio). */
  audio?: MeetingAudioDeps;
  /** Languages someone reads now (absent: every meeting language is translated). */
  readingLanguages?(): Promise<string[]>;
  /** The meeting's vocabulary (absent or null: none applies). */
  vocabulary?(): Promise<CompiledVocabulary | null>;
}

const BYTES_PER_MS = 32; // 16 kHz × 2 bytes

export class RecordingSession {
  readonly language: string;
  private readonly targets: string[];
  private stream: RecognitionStream | null = null;
  private subscription: Subscription | null = null;
  private streamDone: Promise<void> = Promise.resolve();
  private streamOffsetMs = 0;
  private segmentIds = new Map<number, string>();
  private finals: Promise<void> = Promise.resolve();
  /** Translations of finals already out, delivered in final order (see onResult). */
  private completions: Promise<void> = Promise.resolve();
  private audioBytes = 0;
  private readonly audioWriter: MeetingAudioWriter | null;
  /** Who spoke each final; kept for the whole session, so labels hold across pause and resume. */
  private readonly turns = new SpeakerTurns();
  /** Read when the recogniser opens (the room caches it; a changed pick applies from the next start or resume); finals wait for it, partials use it once it is here. */
  private vocabulary: Promise<CompiledVocabulary | null> = Promise.resolve(null);
  private vocabularyNow: CompiledVocabulary | null = null;
  /** Whether the open recogniser took the proper words as hints (then no correction pass runs). */
  private recognizerTookHints = false;
  lastAudioSeq = -1;

  constructor(
    private meeting: MeetingRow,
    private readonly deps: RecordingSessionDeps,
  ) {
    this.language = meetingLanguagesOf(meeting).spoken;
    this.targets = languagesOf(meeting.translation_languages);
    this.audioBytes = meeting.audio_ms * BYTES_PER_MS;
    this.audioWriter = deps.audio ? new MeetingAudioWriter(deps.audio, meeting.id) : null;
    this.readVocabulary();
  }

  private readVocabulary(): void {
    this.vocabulary = (this.deps.vocabulary?.() ?? Promise.resolve(null)).then((vocabulary) => (this.vocabularyNow = vocabulary));
  }

  get audioMs(): number {
    return Math.floor(this.audioBytes / BYTES_PER_MS);
  }

  /** Opens the recogniser; an unavailable engine is a clear error before any audio is taken. */
  open(): void {
    if (this.stream) return;
    this.readVocabulary();
    let stream: RecognitionStream;
    try {
      const recognizer = this.deps.engines.recognizerFor(this.language);
      // The room read the vocabulary when the host joined, so it is normally here before the first frame.
      const hints = this.vocabularyNow?.hints ?? [];
      stream = recognizer.createStream({ language: this.language, ...(hints.length ? { hints } : {}) });
      this.recognizerTookHints = Boolean(recognizer.takesHints && hints.length);
    } catch (error) {
      if (error instanceof EngineError) throw new LiveSocketError(503, error.key, { ...error.params });
      throw error;
    }
    this.stream = stream;
    // Start the translation pipelines now, while the first words are spoken, not when the first final waits.
    for (const to of this.targets) this.deps.engines.prepareTranslation(this.language, to);
    this.streamOffsetMs = this.audioMs;
    this.segmentIds = new Map();
    const offset = this.streamOffsetMs;
    const ids = this.segmentIds;
    this.streamDone = new Promise<void>((resolve) => {
      this.subscription = stream.results$.subscribe({
        next: (result) => this.onResult(result, offset, ids),
        error: (error: unknown) => {
          if (this.stream === stream) this.stream = null;
          this.deps.log.warn({ err: error, meetingId: this.meeting.id }, 'live recognition failed');
          this.deps.onFailure(new LiveSocketError(503, 'recognitionFailed', { reason: failureReason(error) }));
          resolve();
        },
        complete: () => resolve(),
      });
    });
  }

  /** Frames at or below the last frame number are resends after a reconnect: ignored. */
  write(frameSeq: number, pcm: Buffer): void {
    if (frameSeq <= this.lastAudioSeq) return;
    this.lastAudioSeq = frameSeq;
    if (!this.stream) this.open();
    this.stream!.write(pcm);
    this.turns.write(this.audioBytes, pcm);
    this.audioBytes += pcm.length;
    this.audioWriter?.append(pcm);
  }

  /** Publishes the audio kept so far as the record's media; `final` when the meeting ended. */
  async publishAudio(final: boolean): Promise<void> {
    if (!this.deps.audio) return;
    await this.audioWriter?.settled();
    await publishMeetingAudio(this.deps.audio, this.meeting, final).catch((error: unknown) =>
      this.deps.log.warn({ err: error, meetingId: this.meeting.id }, 'meeting audio not published'),
    );
  }

  /** Finishes the utterance in progress (pause, stop, host lost) and waits for its final to be stored. */
  async flush(): Promise<void> {
    const stream = this.stream;
    this.stream = null;
    if (stream) {
      stream.end();
      await this.streamDone;
    }
    await this.finals;
    await this.completions;
    await this.deps.meetings.addAudio(this.meeting.id, this.audioMs);
  }

  abort(): void {
    this.stream?.abort();
    this.stream = null;
    this.subscription?.unsubscribe();
  }

  updateMeeting(row: MeetingRow) {
    this.meeting = row;
  }

  private segmentIdFor(ids: Map<number, string>, utterance: number): string {
    let id = ids.get(utterance);
    if (!id) {
      id = randomUUID();
      ids.set(utterance, id);
    }
    return id;
  }

  private onResult(result: StreamResult, offsetMs: number, ids: Map<number, string>) {
    const segmentId = this.segmentIdFor(ids, result.utteranceIndex);
    const startMs = offsetMs + result.startMs;
    const endMs = offsetMs + result.endMs;
    if (result.kind === 'partial') {
      const text = this.vocabularyNow ? this.vocabularyNow.replace(result.text) : result.text;
      void this.deps.bus
        .publish(this.meeting.id, { type: 'subtitle.partial', segmentId, startMs, endMs, text, lang: this.language })
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'live publish failed'));
      return;
    }
    this.deps.onRecognized?.(segmentId, { recognizedAt: performance.now(), audioEndMs: endMs });
    // An utterance without words that cleared a partial still sends an empty final, so the partial goes away.
    const tookHints = this.recognizerTookHints;
    this.finals = this.finals
      .then(async () => {
        // Proper words corrected and replacements made before anyone (the record included) sees the final.
        const vocabulary = await this.vocabulary;
        const { text, words: recognised } = vocabulary ? vocabularyOnUtterance(result, vocabulary, { correct: !tookHints }) : result;
        const cleared = { type: 'subtitle.final', segmentId, startMs, endMs, text: '', lang: this.language, speaker: null, translations: {} } as const;
        // Nothing to keep: the empty final only clears the partial.
        if (!text) return void (await this.deps.bus.publish(this.meeting.id, cleared));
        // The translators (other processes or services) start now; the line waits neither for them
        // (nor for who reads which language) nor for its speaker label: it goes out as recognised,
        // and the same final completed (same segmentId) follows with both.
        const translating = translationTargets(this.language, this.targets, this.deps.readingLanguages).then((targets) =>
          targets.length ? translateFinal(this.deps.engines, this.language, targets, text, vocabulary) : { translations: {}, translationErrors: {} },
        );
        translating.catch(() => undefined); // awaited below; this only keeps an early throw from going unhandled
        const early = { ...cleared, text, speakerIndex: null, pending: true };
        const words = recognised.map((word) => ({ text: word.text, startMs: offsetMs + word.startMs, endMs: offsetMs + word.endMs }));
        const toStore = { seq: 0, segmentId, lang: this.language, startMs, endMs, text, translations: {}, translationErrors: {}, words, speaker: null };
        const recordLines = await this.storeThenPublish(early, cleared, segmentId, (seq) =>
          this.deps.meetings.appendFinal(this.meeting, { ...toStore, seq }, Math.max(this.audioMs, endMs)),
        );
        if (!recordLines) return;
        // In final order too (the speaker clustering learns as it goes), but apart, so the next line
        // never waits for this one's label or translation.
        this.completions = this.completions
          .then(async () => {
            const speaker = await this.speakerOf(startMs, endMs);
            const { translations, translationErrors } = await translating;
            const { pending: _, ...source } = early;
            const complete = {
              ...source,
              speaker: speaker?.given ?? null,
              speakerIndex: speaker?.index ?? null,
              translations,
              ...(Object.keys(translationErrors).length ? { translationErrors } : {}),
            };
            const completion = { segmentId, translations, translationErrors, recordLines, speaker: speaker && { index: speaker.index, name: speaker.recordName } };
            await this.storeThenPublish(complete, early, segmentId, (seq) => this.deps.meetings.completeFinal(this.meeting, { ...completion, seq }));
          })
          .catch((error: unknown) => this.deps.log.warn({ err: error, meetingId: this.meeting.id }, 'live final speaker and translations not delivered'));
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, meetingId: this.meeting.id }, 'live final not delivered'));
  }

  /** The utterance's speaker (in final order: the clustering learns as it goes) and its names. */
  private async speakerOf(startMs: number, endMs: number): Promise<{ index: number; given: string | null; recordName: string } | null> {
    const index = this.turns.speakerOf(startMs, endMs);
    if (index === null) return null;
    const given = await this.deps.meetings.speakerName(this.meeting.id, index);
    return { index, given, recordName: this.deps.meetings.recordSpeakerName(this.meeting, index, given) };
  }

  /**
   * A final (or its completion) is numbered and stored before anyone can see it: its seq is reserved
   * on the bus (later messages wait), it is stored with it, then it goes out at that seq. A kill at
   * any point leaves nothing that a client saw but the database lacks. A failed store sends the
   * placeholder in its place (the early final, or for a first store the empty final: the partial goes
   * away; the seq is not a gap) and tells the host. Answers what the store answered, or null.
   */
  private async storeThenPublish<T>(message: UnnumberedMessage, placeholder: UnnumberedMessage, segmentId: string, store: (seq: number) => Promise<T>): Promise<T | null> {
    const meetingId = this.meeting.id;
    let seq = await this.deps.bus.reserve(meetingId, placeholder);
    let stored: T;
    try {
      stored = await store(seq);
    } catch (error) {
      this.notStored(error, segmentId);
      await this.deps.bus.abandon(meetingId, seq);
      return null;
    }
    // The reservation outlived its time (a store slower than RESERVATION_TTL_MS): the placeholder went
    // out at that seq; the stored final is renumbered to a new one and goes out there.
    for (let attempt = 1; !(await this.deps.bus.commit(meetingId, seq, message)); attempt++) {
      if (attempt > 3) {
        this.deps.log.warn({ meetingId, segmentId, seq }, 'live final stored but its reservations kept expiring; not published live');
        return stored;
      }
      seq = await this.deps.bus.reserve(meetingId, placeholder);
      try {
        await this.deps.meetings.renumberFinal(meetingId, segmentId, seq);
      } catch (error) {
        this.deps.log.warn({ err: error, meetingId, segmentId }, 'live final stored but not renumbered; not published live');
        await this.deps.bus.abandon(meetingId, seq);
        return stored;
      }
    }
    return stored;
  }

  private notStored(error: unknown, segmentId: string) {
    this.deps.log.warn({ err: error, meetingId: this.meeting.id, segmentId }, 'live final not stored; not published');
    const reason = error instanceof Error ? error.message : String(error);
    this.deps.onFailure(new LiveSocketError(503, 'finalNotStored', { reason }));
  }
}

/** What the host reads after "Speech recognition stopped:": the engine and what happened to it. */
function failureReason(error: unknown): string {
  if (error instanceof EngineError && error.params.engine) return [error.params.engine, error.params.detail].filter(Boolean).join(': ');
  return error instanceof Error ? error.message : String(error);
}
