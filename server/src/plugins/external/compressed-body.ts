// The compress plugin's rule for answers a handler writes to the socket itself (file exports hijack the
// reply to skip the envelope, so no onSend hook sees them): a text body over the threshold goes as br
// or gzip when the client accepts one, anything else (docx, zip, wav) as it is.
import zlib from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES, COMPRESSIBLE_TYPES } from './compress';

export type BodyEncoding = 'br' | 'gzip';

/** The quality @fastify/compress uses per request: 11 would cost several times the CPU for a few %. */
const BROTLI_QUALITY = 4;

/** br or gzip if the Accept-Encoding header accepts it (a q above 0, or `*`), br first; else null. */
export function acceptedEncoding(header: string | undefined): BodyEncoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [token = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.map((parameter) => /^q=([\d.]+)$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (token) weights.set(token, q === undefined ? 1 : Number(q));
  }
  const weight = (token: BodyEncoding) => weights.get(token) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

export interface EncodedBody {
  body: Buffer;
  /** The content-encoding to announce, or null when the body goes as it is. */
  encoding: BodyEncoding | null;
  /** Whether the answer depends on Accept-Encoding (a compressible type), for the Vary header. */
  varies: boolean;
}

export function encodeBody(acceptEncoding: string | undefined, contentType: string, body: Buffer): EncodedBody {
  const varies = COMPRESSIBLE_TYPES.test(contentType);
  const encoding = varies && body.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(acceptEncoding) : null;
  if (encoding === 'br') {
    return { body: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }), encoding, varies };
  }
  if (encoding === 'gzip') return { body: zlib.gzipSync(body), encoding, varies };
  return { body, encoding: null, varies };
}
