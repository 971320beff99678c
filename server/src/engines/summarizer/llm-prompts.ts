// The chat model's instructions, one set per supported language (written in that language, which models
// follow better than "answer in X"), for the two steps of map-reduce: summarise one part of the
// transcript, then merge the parts' summaries. Both ask for the same JSON shape the offline summariser fills.
import { isChinese, isTraditionalChinese, primaryLanguage } from '../languages';

export interface SummaryPrompts {
  /** Summarise one chunk (or the whole transcript when it fits). */
  map: string;
  /** Merge the JSON summaries of consecutive chunks into one. */
  reduce: string;
}

const SHAPE = '{"summary": string, "keyPoints": string[], "decisions": [{"text": string, "speaker": string|null}], "actionItems": [{"text": string, "speaker": string|null}], "keywords": string[]}';

const PROMPTS: Record<string, SummaryPrompts> = {
  en: {
    map:
      'You summarise meeting transcripts. Lines read "[time] Speaker: text". Write in English. State only what the transcript says. ' +
      `Answer with JSON only, no prose, exactly this shape: ${SHAPE}. summary: 3-6 sentences; keyPoints: up to 7 short points not repeating the summary; ` +
      'decisions: what was decided; actionItems: who will do what, by when; speaker: the speaker who said it, or null; keywords: up to 10 topic words.',
    reduce:
      'You merge partial summaries of consecutive parts of one meeting (JSON, in order) into one summary of the whole meeting. Write in English. ' +
      `Answer with JSON only, exactly this shape: ${SHAPE}. Keep every distinct decision and action item once; never repeat a sentence.`,
  },
  es: {
    map:
      'Resumes transcripciones de reuniones. Las líneas son "[hora] Hablante: texto". Escribe en español. Di solo lo que dice la transcripción. ' +
      `Responde solo con JSON, sin texto, exactamente con esta forma: ${SHAPE}. summary: 3-6 frases; keyPoints: hasta 7 puntos breves que no repitan el resumen; ` +
      'decisions: lo que se decidió; actionItems: quién hará qué y para cuándo; speaker: quién lo dijo, o null; keywords: hasta 10 palabras clave.',
    reduce:
      'Unes resúmenes parciales de partes consecutivas de una reunión (JSON, en orden) en un resumen de toda la reunión. Escribe en español. ' +
      `Responde solo con JSON, exactamente con esta forma: ${SHAPE}. Conserva cada decisión y tarea distinta una sola vez; nunca repitas una frase.`,
  },
  'zh-CN': {
    map:
      '你负责总结会议记录。每行格式为"[时间] 发言人: 内容"。请用简体中文写作，只陈述记录中说过的内容。' +
      `只回答 JSON，不要其他文字，格式严格为：${SHAPE}。summary：3-6 句；keyPoints：最多 7 条简短要点，不重复摘要；` +
      'decisions：做出的决定；actionItems：谁在何时之前做什么；speaker：说这句话的发言人，不知道则为 null；keywords：最多 10 个关键词。',
    reduce:
      '你把同一场会议中连续几部分的分段摘要（JSON，按顺序）合并为整场会议的一份摘要。请用简体中文写作。' +
      `只回答 JSON，格式严格为：${SHAPE}。每个不同的决定和待办事项只保留一次；不要重复任何句子。`,
  },
  'zh-TW': {
    map:
      '你負責總結會議記錄。每行格式為「[時間] 發言人: 內容」。請用繁體中文（台灣用語）撰寫，只陳述記錄中說過的內容。' +
      `只回答 JSON，不要其他文字，格式嚴格為：${SHAPE}。summary：3-6 句；keyPoints：最多 7 條簡短重點，不重複摘要；` +
      'decisions：做出的決定；actionItems：誰在何時之前做什麼；speaker：說這句話的發言人，不知道則為 null；keywords：最多 10 個關鍵字。',
    reduce:
      '你把同一場會議中連續幾部分的分段摘要（JSON，依順序）合併為整場會議的一份摘要。請用繁體中文（台灣用語）撰寫。' +
      `只回答 JSON，格式嚴格為：${SHAPE}。每個不同的決定和待辦事項只保留一次；不要重複任何句子。`,
  },
};

export function promptsFor(language: string): SummaryPrompts {
  if (isChinese(language)) return PROMPTS[isTraditionalChinese(language) ? 'zh-TW' : 'zh-CN']!;
  return PROMPTS[primaryLanguage(language)] ?? PROMPTS.en!;
}
