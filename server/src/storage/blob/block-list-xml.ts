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

export interface ListedBlob {
  name: string;
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
  contentEncoding?: string;
  contentLanguage?: string;
  contentMd5?: string;
  cacheControl?: string;
  contentDisposition?: string;
  metadata?: Record<string, string>;
}

/** List Blobs' <EnumerationResults> (flat listing; metadata only when include=metadata asked for it). */
export function listBlobsXml(page: { serviceEndpoint: string; container: string; prefix: string; marker: string; maxResults: number; blobs: ListedBlob[]; nextMarker: string }): string {
  const element = (name: string, value: string | number | undefined) => (value === undefined || value === '' ? '' : `<${name}>${escapeXml(String(value))}</${name}>`);
  const blobs = page.blobs
    .map((blob) => {
      const properties = [
        element('Last-Modified', blob.lastModified.toUTCString()),
        element('Etag', blob.etag),
        element('Content-Length', blob.size),
        element('Content-Type', blob.contentType),
        element('Content-Encoding', blob.contentEncoding),
        element('Content-Language', blob.contentLanguage),
        element('Content-MD5', blob.contentMd5),
        element('Cache-Control', blob.cacheControl),
        element('Content-Disposition', blob.contentDisposition),
        '<BlobType>BlockBlob</BlobType><LeaseStatus>unlocked</LeaseStatus><LeaseState>available</LeaseState><ServerEncrypted>false</ServerEncrypted>',
      ].join('');
      const metadata = blob.metadata ? `<Metadata>${Object.entries(blob.metadata).map(([k, v]) => element(k, v)).join('')}</Metadata>` : '';
      return `<Blob>${element('Name', blob.name)}<Properties>${properties}</Properties>${metadata}</Blob>`;
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="utf-8"?><EnumerationResults ServiceEndpoint="${escapeXml(page.serviceEndpoint)}" ContainerName="${escapeXml(page.container)}">` +
    `${element('Prefix', page.prefix)}${element('Marker', page.marker)}<MaxResults>${page.maxResults}</MaxResults><Blobs>${blobs}</Blobs>` +
    `${page.nextMarker ? element('NextMarker', page.nextMarker) : '<NextMarker />'}</EnumerationResults>`
  );
}
