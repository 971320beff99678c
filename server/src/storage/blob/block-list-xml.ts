// The XML bodies of Put Block List and Get Block List (Azure Blob REST API).
import { BlobError, type BlockList } from '../../domain/storage/blob-store.port';

const ENTRY = /<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g;

/** Block ids of a <BlockList> body in order. Every entry is taken as 'Latest' (staged, else committed). */
export function parseBlockListXml(xml: string): string[] {
  if (!/<BlockList>[\s\S]*<\/BlockList>/.test(xml)) throw new BlobError(400, 'InvalidXmlDocument', 'XML specified is not syntactically valid.');
  return [...xml.matchAll(ENTRY)].map((m) => unescapeXml((m[2] ?? '').trim()));
}

function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function blockListXml(list: BlockList): string {
  const blocks = (items: BlockList['committed']) => items.map((b) => `<Block><Name>${escapeXml(b.name)}</Name><Size>${b.size}</Size></Block>`).join('');
  return `<?xml version="1.0" encoding="utf-8"?><BlockList><CommittedBlocks>${blocks(list.committed)}</CommittedBlocks><UncommittedBlocks>${blocks(list.uncommitted)}</UncommittedBlocks></BlockList>`;
}

export function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>`;
}
