// A reader of the spoken language gets each line once (issue 26): no "translation" that repeats it.
import { ChakraProvider } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveSubtitleLine, SubtitleLook } from '../../shared/contract/meeting';
import { renderUi } from '../test-render';
import { system } from '../theme-more-recipes';
import { SubtitleList } from './SubtitleList';

const look = (display: SubtitleLook['display']): SubtitleLook => ({ fontSize: 24, color: '#fff', backgroundColor: '#000', display });
const line = (translations: Record<string, string>): LiveSubtitleLine => ({
  segmentId: 's1',
  startMs: 0,
  endMs: 900,
  text: 'Good morning everyone.',
  translations,
  translationErrors: {},
  final: true,
});

const shown = () => ({
  originals: screen.queryAllByTestId('subtitle-original').map((n) => n.textContent),
  translations: screen.queryAllByTestId('subtitle-translation').map((n) => n.getAttribute('data-lang')),
});

describe('SubtitleList', () => {
  it('shows the host each language once: the spoken one as the original only', async () => {
    const finals = [line({ 'en-US': 'Good morning everyone.', 'zh-CN': '大家早上好。' })];
    await renderUi(<SubtitleList finals={finals} partials={[]} translationLanguages={['en-US', 'zh-CN']} spokenLanguage="en-US" style={look('bilingual')} emptyText="" />);
    expect(shown()).toEqual({ originals: ['Good morning everyone.'], translations: ['zh-CN'] });
  });

  it('gives a reader of the spoken language the line once, even in a translation-only look', async () => {
    await renderUi(<SubtitleList finals={[line({})]} partials={[]} translationLanguages={['en-GB']} spokenLanguage="en-US" style={look('translation')} emptyText="" />);
    expect(shown()).toEqual({ originals: ['Good morning everyone.'], translations: [] });
  });

  it('drops a kept translation that only repeats its line', async () => {
    await renderUi(<SubtitleList finals={[line({ 'fr-FR': 'good morning everyone. ' })]} partials={[]} translationLanguages={['fr-FR']} style={look('translation')} emptyText="" />);
    expect(shown()).toEqual({ originals: ['Good morning everyone.'], translations: [] });
  });

  it('keeps a real translation under the line, and zh-TW under zh-CN speech', async () => {
    await renderUi(<SubtitleList finals={[line({ 'zh-TW': '大家早安。' })]} partials={[]} translationLanguages={['zh-TW']} spokenLanguage="zh-CN" style={look('bilingual')} emptyText="" />);
    expect(shown()).toEqual({ originals: ['Good morning everyone.'], translations: ['zh-TW'] });
  });

  it('shows a line sent before its translation as spoken, even in a translation-only look, then its translation in its place', async () => {
    const { rerender } = await renderUi(<SubtitleList finals={[{ ...line({}), pending: true }]} partials={[]} translationLanguages={['es-ES']} spokenLanguage="en-US" style={look('translation')} emptyText="" />);
    expect(shown()).toEqual({ originals: ['Good morning everyone.'], translations: [] });
    rerender(
      <ChakraProvider value={system}>
        <SubtitleList finals={[line({ 'es-ES': 'Buenos días a todos.' })]} partials={[]} translationLanguages={['es-ES']} spokenLanguage="en-US" style={look('translation')} emptyText="" />
      </ChakraProvider>,
    );
    expect(shown()).toEqual({ originals: [], translations: ['es-ES'] });
    expect(screen.getAllByTestId('subtitle-final')).toHaveLength(1);
  });

  it('puts a participant’s own language first and largest, the spoken line under it, smaller', async () => {
    const finals = [line({ 'es-ES': 'Buenos días a todos.' })];
    await renderUi(<SubtitleList finals={finals} partials={[]} translationLanguages={['es-ES']} spokenLanguage="en-US" style={look('bilingual')} emptyText="" readerFirst />);
    const [first, second] = Array.from(screen.getByTestId('subtitle-final').children) as HTMLElement[];
    expect(first?.getAttribute('data-testid')).toBe('subtitle-translation');
    expect(second?.getAttribute('data-testid')).toBe('subtitle-original');
    // The reader's line at the panel's size, the spoken one smaller.
    expect(getComputedStyle(first!).fontSize).not.toBe('0.7em');
    expect(getComputedStyle(second!).fontSize).toBe('0.7em');
  });
});
