// Refusals of the upload calls. Keys live in the `uploads` namespace; another user's upload answers
// exactly like a missing one (404), so upload ids cannot be probed.
import { AppError } from '../../errors';

export const uploadNotFound = () => new AppError(404, 'uploads:notFound');
// The multipart body itself is broken (boundary missing or wrong, cut short): the client's fault, never a 500.
export const brokenMultipart = () => new AppError(400, 'uploads:brokenMultipart');
export const uploadInconsistent = () => new AppError(400, 'uploads:inconsistent');
export const overLimit = () => new AppError(400, 'uploads:overLimit');
export const fileMissing = () => new AppError(400, 'uploads:fileMissing');
export const partMissing = () => new AppError(400, 'uploads:partMissing');
export const partOutOfRange = (part: number, count: number) => new AppError(400, 'uploads:partOutOfRange', { part, count });
export const wrongOrder = (part: number, expected: number) => new AppError(400, 'uploads:wrongOrder', { part, expected });
export const chunkTooLarge = (part: number, limit: number) => new AppError(400, 'uploads:chunkTooLarge', { part, limit });
export const chunkWrongSize = (part: number, expected: number, actual: number) =>
  new AppError(400, 'uploads:chunkWrongSize', { part, expected, actual });
export const sessionMismatch = () => new AppError(400, 'uploads:sessionMismatch');
export const useChunks = () => new AppError(400, 'uploads:useChunks');
export const emptyFile = () => new AppError(400, 'uploads:emptyFile');
export const notMedia = () => new AppError(400, 'uploads:notMedia');
export const nameRequired = () => new AppError(400, 'uploads:nameRequired');
export const uploadedFileNotFound = () => new AppError(404, 'uploads:fileNotFound');
export const alreadySubmitted = () => new AppError(400, 'uploads:alreadySubmitted');
export const urlNotAllowed = () => new AppError(400, 'uploads:urlNotAllowed');
export const fetchFailed = (detail: string) => new AppError(400, 'uploads:fetchFailed', { detail: detail.slice(0, 200) });
// A link to the server's own network (loopback, private, link-local, ...) is refused before any connection.
export const addressNotAllowed = () => new AppError(400, 'uploads:addressNotAllowed');
export const credentialsNotAllowed = () => new AppError(400, 'uploads:credentialsNotAllowed');
export const tooManyRedirects = (max: number) => new AppError(400, 'uploads:tooManyRedirects', { max });
// A chunk whose bytes do not match the checksum the client sent: damaged on the way, send it again.
export const chunkChecksum = (part: number) => new AppError(400, 'uploads:chunkChecksum', { part });
// Instance-local staging only: this instance does not hold the upload's earlier chunks, so it cannot
// place this one (never written as zeros elsewhere); a retry through the balancer reaches the one that does.
export const chunkElsewhere = (part: number) => new AppError(503, 'uploads:chunkElsewhere', { part });
// On finishing, a stored chunk no longer reads back as it was stored: it is forgotten and must be sent again.
export const chunkLost = (part: number) => new AppError(503, 'uploads:chunkLost', { part });
