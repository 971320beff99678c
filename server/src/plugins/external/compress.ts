// Compression of the answers the server builds per request (issue 27): API JSON, text, subtitles,
// XML, and the page itself (index.html carries a fresh nonce, so it cannot be compressed ahead). The
// built files are compressed once at build time and sent as they are (web-static.ts, preCompressed);
// they pass through here untouched because they already carry a content-encoding.
//
// Only text is compressed. Media and archives are compressed already (a second pass costs CPU for
// nothing), and their byte offsets must stay those of the file for Range requests; answers that write
// the socket themselves (media with Range, the dubbing zip streamed through archiver, file exports, the
// meeting WebSocket) hijack the reply and never reach this plugin's onSend hook; of those, text file
// exports (txt, srt, vtt) are compressed by the same rule in compressed-body.ts. Note for new routes:
// the plugin also consults mime-db, which calls application/octet-stream compressible, so a route that
// sends raw bytes as octet-stream through reply.send must say `compress: false` (the blob endpoint does).
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Below about one network packet, compressing saves no round trip and only costs CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text types: text/* but event streams (which must flush per event), JSON, XML, JavaScript, SVG and
 * SubRip subtitles (application/x-subrip, unknown to mime-db).
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/(?:javascript|x-subrip)(?:;|$)|^image\/svg\+xml(?:;|$)/;

export default fp(
  async (app) => {
    await app.register(compress, {
      globalCompression: true,
      // Request bodies stay as they are: no client sends compressed ones, and the blob endpoint
      // streams its block bytes itself.
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      // Brotli for every current browser, gzip for the rest; deflate is left out (ambiguous framing
      // across clients). The plugin's Brotli quality (4) suits per-request work.
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compress' },
);
