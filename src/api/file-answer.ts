// Calls that answer with a file (exports, the summary as Word, read-aloud audio) answer with an
// envelope instead when the file cannot be made. These helpers let such a call go through the
// client's error catalogue like any other: a refusal becomes an ApiError, a file a DownloadedFile.
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** "name.ext" from Content-Disposition (the UTF-8 form first), else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

type BlobAnswer = { data?: Blob; error?: unknown; response: Response };

/**
 * Reads a call made with parseAs 'blob'. A JSON body is an envelope (a refusal), handed on parsed
 * so the catalogue judges it; a file comes back with the name the server gave it. The success type
 * stays what the contract promises: an envelope never reaches a caller as data.
 */
export async function asFileAnswer(
  answer: BlobAnswer,
  fallbackName: string,
): Promise<{ data?: DownloadedFile; error?: unknown; response: Response }> {
  const { data, response } = answer;
  if (!(data instanceof Blob)) return { error: answer.error, response };
  if (data.type.includes('json')) return { error: JSON.parse(await data.text()) as unknown, response };
  return { data: { blob: data, fileName: fileNameFrom(response.headers.get('content-disposition'), fallbackName) }, response };
}
