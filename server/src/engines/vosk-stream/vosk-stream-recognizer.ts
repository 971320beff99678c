// Recognition through a Vosk server (alphacep/kaldi-cn, kaldi-en ... images, or any server speaking
// its WebSocket protocol): live meetings stream with partials; an uploaded file goes through the same
// protocol (converted to 16 kHz PCM and sent as fast as the server answers), so one server can be
// a language's whole recognition. Configured per language in config.ts (ASR_STREAM_URL[_ZH_CN]).
import fs from 'node:fs/promises';
import path from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { aborted } from '../engine-errors';
import { toWav16kMono } from '../media';
import { withTempDir } from '../temp-dir';
import type { RecognitionStream, SpeechRecognizer, StreamResult, Transcript, TranscribeOptions } from '../types';
import { decodeWav } from '../wav';
import { VoskRecognitionStream, type VoskStreamOptions } from './vosk-stream';

export interface StreamServiceConfig {
  url: string;
  /** The languages this server's model serves (the setting names them). */
  languages: string[];
  /** Send the vocabulary as phrase_list (ASR_STREAM_PHRASE_LIST=1); see README for why it is opt-in. */
  phraseList: boolean;
}

/** 250 ms per message for files: small enough for steady answers, few enough messages. */
const FILE_CHUNK_BYTES = 8000;

export class VoskStreamRecognizer implements SpeechRecognizer {
  readonly id = 'vosk-stream';
  readonly takesHints: boolean;

  constructor(
    readonly service: StreamServiceConfig,
    private readonly streamOptions: Partial<VoskStreamOptions> = {},
  ) {
    this.takesHints = service.phraseList;
  }

  languages(): string[] {
    return this.service.languages;
  }

  createStream(options: { language: string; hints?: readonly string[] }): RecognitionStream {
    return new VoskRecognitionStream({
      ...this.streamOptions,
      url: this.service.url,
      language: options.language,
      phraseList: this.service.phraseList && options.hints?.length ? options.hints : null,
    });
  }

  async transcribe(mediaPath: string, options: TranscribeOptions): Promise<Transcript> {
    return withTempDir('asr-stream', async (dir) => {
      const wav = path.join(dir, 'audio.wav');
      await toWav16kMono(mediaPath, wav, { signal: options.signal });
      const { samples } = decodeWav(await fs.readFile(wav));
      return this.transcribePcm(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), options);
    });
  }

  async transcribePcm(pcm: Buffer, options: TranscribeOptions): Promise<Transcript> {
    const stream = this.createStream({ language: options.language, ...(options.hints ? { hints: options.hints } : {}) });
    const onAbort = () => stream.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const results = lastValueFrom(stream.results$.pipe(toArray()));
    for (let at = 0; at < pcm.length; at += FILE_CHUNK_BYTES) stream.write(pcm.subarray(at, at + FILE_CHUNK_BYTES));
    stream.end();
    try {
      const finals = (await results).filter((result): result is StreamResult => result.kind === 'final' && result.text !== '');
      if (options.signal?.aborted) throw aborted(this.id);
      return {
        words: finals.flatMap((final) => final.words),
        segments: finals.map((final) => ({ startMs: final.startMs, endMs: final.endMs, text: final.text, words: final.words })),
      };
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}
