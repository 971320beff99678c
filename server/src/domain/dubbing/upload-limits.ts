// Dub upload limits (features §9): 5 GB and 4 hours per file; blocks of 4 or 20 MB from the client.
export const DUB_FILE_MAX_BYTES = 5 * 1024 ** 3;
export const DUB_FILE_MAX_MS = 4 * 3600_000;
/** One staged block at most (Azure allows more; the spec's client sends 4 or 20 MB, the chunked path 10 MB). */
export const DUB_BLOCK_MAX_BYTES = 100 * 1024 ** 2;
/** How long a getBlobSasInfo token stays valid ("expiring within the hour"). */
export const DUB_SAS_LIFETIME_MS = 60 * 60_000;
