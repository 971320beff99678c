// zh-TW in Taiwan usage (issue 29): OpenCC's Taiwan phrase set ('cn' → 'twp': characters, then
// Taiwan phrases such as 信息→資訊, 設置→設定, 視頻→影片, 用戶→使用者) followed by the reviewed
// glossary below for the product's own terms, which no general phrase set gets right. The glossary is
// applied to OpenCC's output, so it may also undo an over-eager phrase rewrite (類型 kept as 類型).
// Used by scripts/convert-zh-tw.ts (writes the zh-TW files) and by the test that keeps them so; the
// app itself never converts at run time.
import * as OpenCC from 'opencc-js';

export interface GlossaryEntry {
  /** As it reads after OpenCC (mainland wording in Traditional characters, or OpenCC's own choice). */
  from: string;
  /** Taiwan usage for this product. */
  to: string;
  why: string;
  /** Rewritten before OpenCC runs, where OpenCC's own rewrite of a part would break the term. */
  beforeOpenCC?: boolean;
}

/** Reviewed product terms, longest first where one contains another. */
export const TAIWAN_GLOSSARY: readonly GlossaryEntry[] = [
  { from: '退出登入', to: '登出', why: 'sign out is 登出 in Taiwan' },
  { from: '二維碼', to: 'QR 碼', why: 'QR codes are called QR 碼 / QR Code in Taiwan' },
  { from: '掃碼', to: '掃描', why: 'scan (a QR) is 掃描' },
  { from: '郵箱地址', to: '電子郵件地址', why: 'an e-mail address is 電子郵件地址' },
  { from: '郵箱', to: '電子郵件', why: '郵箱 is mainland usage for e-mail' },
  { from: '手機號碼', to: '手機號碼', why: 'already Taiwan usage (kept before the next entry)' },
  { from: '手機號', to: '手機號碼', why: 'a phone number is 手機號碼' },
  { from: '賬', to: '帳', why: 'account, bill: Taiwan writes 帳號, 帳戶, 帳單' },
  { from: '充值', to: '儲值', why: 'top-up is 儲值' },
  { from: '套餐', to: '方案', why: 'a package or plan on sale is 方案' },
  { from: '質量', to: '品質', why: 'quality is 品質' },
  { from: '型別', to: '類型', why: 'OpenCC turns 類型 into the programming term 型別; a package kind is 類型' },
  { from: '影片會議', to: '視訊會議', why: 'a video meeting is 視訊會議' },
  { from: '智能', to: '智慧', why: 'smart/AI features are 智慧' },
  { from: '實時', to: '即時', why: 'real-time is 即時' },
  { from: '在線', to: '線上', why: 'online is 線上' },
  { from: '搜索', to: '搜尋', why: 'search is 搜尋' },
  { from: '配音視頻', to: '配音影片', why: 'a dubbed video: kept from the next entry', beforeOpenCC: true },
  { from: '音視頻', to: '影音', why: 'audio and video together is 影音 (OpenCC would make it 音影片)', beforeOpenCC: true },
  { from: '天后', to: '天後', why: 'after (後), not the goddess 天后: a character-only conversion left it' },
  { from: '文本', to: '文字', why: 'text is 文字' },
  { from: '使用者端', to: '用戶端', why: 'a client program is 用戶端 in Taiwan; OpenCC turns its 用戶 into 使用者' },
  { from: '許可權', to: '權限', why: 'OpenCC over-converts 權限 (permission) into the programming term 許可權' },
  { from: '畫素', to: '像素', why: 'OpenCC over-converts 像素; a pixel is 像素 in Taiwan too' },
  { from: '外掛', to: '擴充功能', why: 'a browser plugin is 擴充功能; 外掛 reads as a cheat' },
  { from: '解綁', to: '解除繫結', why: 'unbind is 解除繫結' },
  { from: '隻能', to: '只能', why: 'only (只) is not the measure word 隻' },
];

const openccTaiwan = OpenCC.Converter({ from: 'cn', to: 'twp' });

export function applyGlossary(text: string, glossary: readonly GlossaryEntry[]): string {
  // One pass over the text, longest match first at each position: an entry's output is never
  // rewritten by a later entry (手機號碼 stays, it does not become 手機號碼碼).
  const entries = [...glossary].sort((a, b) => b.from.length - a.from.length);
  let out = '';
  for (let index = 0; index < text.length; ) {
    const entry = entries.find((candidate) => text.startsWith(candidate.from, index));
    if (entry) {
      out += entry.to;
      index += entry.from.length;
    } else {
      out += text[index];
      index += 1;
    }
  }
  return out;
}

/** A string in Taiwan usage: OpenCC's Taiwan phrases, then the product glossary. */
export function toTaiwan(text: string): string {
  const before = TAIWAN_GLOSSARY.filter((entry) => entry.beforeOpenCC);
  const after = TAIWAN_GLOSSARY.filter((entry) => !entry.beforeOpenCC);
  return applyGlossary(openccTaiwan(applyGlossary(text, before)), after);
}
