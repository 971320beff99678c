import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ApertiumTranslator, type EngineLog } from './apertium-translator';

const execFileAsync = promisify(execFile);
const warnings: { details: object; message: string }[] = [];
const log: EngineLog = { warn: (details, message) => warnings.push({ details, message }) };
const translator = new ApertiumTranslator(undefined, { log });
/** The per-call apertium run the pipeline replaces: the reference its answers must equal. */
const oneShot = new ApertiumTranslator(undefined, { streaming: false });
const enEs = { from: 'en-US', to: 'es-ES' };
const esEn = { from: 'es-ES', to: 'en-US' };

afterAll(() => translator.close());

const sentences = [
  'The cat is black.',
  'hello my friend',
  'I want some water. Thank you.',
  'Where is the train station?',
  "It's raining again, isn't it?",
  'We will meet tomorrow at 10:30 in room 4B.',
  'The quick brown fox jumps over the lazy dog!',
  'Please send the report to maria@example.com before Friday.',
  'Prices rose by 5% (roughly $20) last year',
  'Said ~ she',
];

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('apertium translator', () => {
  it('translates English sentences to Spanish, one output per input in order', async () => {
    const out = await translator.translate(['The cat is black.', '', 'I want some water.\nThank you.'], enEs);
    expect(out).toHaveLength(3);
    expect(out[0]).toBe('El gato es negro.');
    expect(out[1]).toBe('');
    expect(out[2]).toMatch(/agua/);
    expect(out[2]).not.toContain('\n');
  });

  it('translates Spanish to English and accepts regional tags of the same languages', async () => {
    expect(await translator.translate(['El gato es negro.'], esEn)).toEqual(['The cat is black.']);
    expect(await translator.translate(['The house is big.'], { from: 'en-GB', to: 'es-MX' })).toEqual(['La casa es grande.']);
  });

  it('answers exactly what a one-shot apertium run answers, sentence by sentence', async () => {
    for (const sentence of sentences) {
      const [streamed] = await translator.translate([sentence], enEs);
      expect(streamed).toBe((await oneShot.translate([sentence], enEs))[0]);
    }
    const spanish = ['¿Dónde está la estación?', 'Mañana vamos a la playa con los niños.'];
    for (const sentence of spanish) expect(await translator.translate([sentence], esEn)).toEqual(await oneShot.translate([sentence], esEn));
  });

  it('keeps one pipeline per pair: 50 sequential translations reuse one process', async () => {
    await translator.translate(['Warm up.'], enEs);
    const pid = translator.pipelinePid('en-US', 'es-ES');
    expect(pid).not.toBeNull();
    const started = performance.now();
    for (let i = 0; i < 50; i++) {
      const [out] = await translator.translate([`The house number ${i} is big.`], enEs);
      expect(out).toBe(`El número de casa ${i} es grande.`);
    }
    console.log(`50 sequential apertium translations through the pipeline: ${(performance.now() - started).toFixed(1)} ms`);
    expect(translator.pipelinePid('en-US', 'es-ES')).toBe(pid);
  });

  it('keeps many segments of one request apart', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `The house number ${i} is big.`);
    const out = await translator.translate(texts, enEs);
    expect(out).toHaveLength(40);
    out.forEach((text, i) => expect(text).toBe(`El número de casa ${i} es grande.`));
  });

  it('passes apertium markup characters, NUL, newlines and Chinese through without disturbing the next request', async () => {
    const tricky = [
      'The cat [is] black.',
      '^cat<n>$ and $dog^ are ^here',
      'a/b \\ back\\slash @home {brace} <tag> *star ~tilde',
      'first line\nsecond line\r\n\tthird line',
      'The cat\0is black.',
      '你好，世界',
      'The house is big. 我们明天见。',
      '[[',
      '\\',
      '.[]',
      '\0\0',
    ];
    for (const text of tricky) {
      const [streamed] = await translator.translate([text], enEs);
      // Same answer as the one-shot run (which sees the same flattened text), and the following request is untouched.
      expect(streamed).toBe((await oneShot.translate([text], enEs))[0]);
      expect(await translator.translate(['The cat is black.'], enEs)).toEqual(['El gato es negro.']);
    }
    const [markup, , slashes, lines, nul, chinese] = await translator.translate(tricky, enEs);
    expect(markup).toBe('El gato [es] negro.');
    expect(slashes).toMatch(/\/b \\ .*\\.* @.*\{.*\} <.*> \*.* ~/);
    expect(lines).not.toMatch(/[\n\r\t]/);
    expect(lines).toMatch(/línea/);
    expect(nul).toBe('El gato es negro.');
    expect(chinese).toBe('你好，世界');
  });

  it('gives concurrent callers their own answers', async () => {
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? translator.translate([`The house number ${i} is big.`, `The cat number ${i} is black.`], enEs)
        : translator.translate([`El gato número ${i} es negro.`], esEn),
    );
    const answers = await Promise.all(calls);
    answers.forEach((answer, i) =>
      expect(answer).toEqual(i % 2 === 0 ? [`El número de casa ${i} es grande.`, `El número de gato ${i} es negro.`] : [`The cat number ${i} is black.`]),
    );
  });

  it('recovers after its process is killed: the caller in flight gets a one-shot answer, the next request a new pipeline', async () => {
    await translator.translate(['Warm up.'], enEs);
    const pid = translator.pipelinePid('en-US', 'es-ES')!;
    warnings.length = 0;
    const inFlight = translator.translate(Array.from({ length: 30 }, (_, i) => `The house number ${i} is big.`), enEs);
    process.kill(-pid, 'SIGKILL');
    const out = await inFlight;
    out.forEach((text, i) => expect(text).toBe(`El número de casa ${i} es grande.`));
    await vi.waitFor(() => expect(processAlive(pid)).toBe(false));
    expect(await translator.translate(['The cat is black.'], enEs)).toEqual(['El gato es negro.']);
    const next = translator.pipelinePid('en-US', 'es-ES');
    expect(next).not.toBeNull();
    expect(next).not.toBe(pid);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.details).toMatchObject({ mode: 'eng-spa', reason: expect.stringMatching(/exited|stdin/) });
  });

  it('falls back to a one-shot run once, logging why, when the pipeline cannot start', async () => {
    const broken: { details: object; message: string }[] = [];
    const noModes = new ApertiumTranslator(undefined, { modesDir: '/nonexistent', log: { warn: (details, message) => broken.push({ details, message }) } });
    try {
      expect(await noModes.translate(['The cat is black.'], enEs)).toEqual(['El gato es negro.']);
      expect(broken).toHaveLength(1);
      expect(broken[0]!.details).toMatchObject({ engine: 'apertium', mode: 'eng-spa', reason: expect.stringMatching(/could not start/) });
    } finally {
      await noModes.close();
    }
  });

  it('falls back, logging why, when the pipeline stops answering or answers out of step', async () => {
    const modesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apertium-modes-'));
    // Stand-in pipelines: one that never answers, one whose answers lose their ids.
    fs.writeFileSync(path.join(modesDir, 'eng-spa.mode'), 'tail -f /dev/null\n');
    fs.writeFileSync(path.join(modesDir, 'spa-eng.mode'), "sed -u 's/parley-/other-/'\n");
    const seen: { details: object; message: string }[] = [];
    const faulty = new ApertiumTranslator(undefined, { modesDir, stallTimeoutMs: 200, startupGraceMs: 0, log: { warn: (details, message) => seen.push({ details, message }) } });
    try {
      expect(await faulty.translate(['The cat is black.'], enEs)).toEqual(['El gato es negro.']);
      expect(seen[0]?.details).toMatchObject({ mode: 'eng-spa', reason: expect.stringMatching(/no answer within 200 ms/) });
      expect(await faulty.translate(['El gato es negro.'], esEn)).toEqual(['The cat is black.']);
      expect(seen[1]?.details).toMatchObject({ mode: 'spa-eng', reason: expect.stringMatching(/out of step/) });
      expect(seen).toHaveLength(2);
    } finally {
      await faulty.close();
      fs.rmSync(modesDir, { recursive: true, force: true });
    }
  });

  it('rejects an aborted request without touching the others', async () => {
    const controller = new AbortController();
    const cancelled = translator.translate(['The cat is black.'], { ...enEs, signal: controller.signal });
    const other = translator.translate(['The house is big.'], enEs);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    expect(await other).toEqual(['La casa es grande.']);
    expect(await translator.translate(['The cat is black.'], enEs)).toEqual(['El gato es negro.']);
  });

  it('ends its pipelines on close and answers later requests with one-shot runs', async () => {
    const own = new ApertiumTranslator(undefined, { log });
    own.prepare('en-US', 'es-ES');
    await vi.waitFor(() => expect(own.pipelinePid('en-US', 'es-ES')).not.toBeNull());
    const pid = own.pipelinePid('en-US', 'es-ES')!;
    await own.close();
    // The pipeline is told to end at close; the OS reaps it a moment later on a loaded machine.
    await vi.waitFor(() => expect(processAlive(pid)).toBe(false));
    expect(own.pipelinePid('en-US', 'es-ES')).toBeNull();
    expect(await own.translate(['The cat is black.'], enEs)).toEqual(['El gato es negro.']);
  });

  it('lets a script that closes it end normally, and one that forgets to close it end too', async () => {
    const script = (close: boolean) => `
      import { ApertiumTranslator } from ${JSON.stringify(new URL('./apertium-translator.ts', import.meta.url).pathname)};
      const translator = new ApertiumTranslator();
      const [out] = await translator.translate(['The cat is black.'], { from: 'en-US', to: 'es-ES' });
      ${close ? 'await translator.close();' : ''}
      console.log(out, translator.pipelinePid('en-US', 'es-ES') === null ? 'closed' : 'open');`;
    for (const close of [true, false]) {
      const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(close)], { timeout: 20_000 });
      expect(stdout.trim()).toBe(`El gato es negro. ${close ? 'closed' : 'open'}`);
    }
  });

  it('refuses a pair it has not got, naming TRANSLATE_URL', async () => {
    await expect(translator.translate(['你好'], { from: 'zh-CN', to: 'en-US' })).rejects.toMatchObject({
      code: 'engine_unavailable',
      key: 'engines:noTranslation',
      params: { from: 'zh-CN', to: 'en-US', setting: 'TRANSLATE_URL' },
    });
  });
});
