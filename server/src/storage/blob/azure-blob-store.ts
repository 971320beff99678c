// The scale-out BlobStore: Azure Blob Storage (or Azurite) from AZURE_STORAGE_CONNECTION_STRING,
// through @azure/storage-blob. The browser talks to the same block protocol as with the embedded
// endpoint; only accountUrl changes. Reading for ffprobe uses a short read SAS URL (ffmpeg seeks
// over HTTP ranges), so the server never copies a video to probe it.
import type { Readable } from 'node:stream';
import { BlobServiceClient, BlobSASPermissions, ContainerSASPermissions, RestError } from '@azure/storage-blob';
import { BlobError, containerOf, locateUnder, type BlobInfo, type BlobStat, type BlobStore, type BlockList, type ByteSpan, type SasInfo } from '../../domain/storage/blob-store.port';

const READ_URL_LIFETIME_MS = 60 * 60_000;

function translated(error: unknown): unknown {
  if (error instanceof RestError) {
    const code = (error.details as { errorCode?: string } | undefined)?.errorCode ?? error.code ?? 'InternalError';
    return new BlobError(error.statusCode ?? 500, code, error.message);
  }
  return error;
}

export class AzureBlobStore implements BlobStore {
  readonly kind = 'azure' as const;
  private readonly service: BlobServiceClient;

  constructor(connectionString: string) {
    this.service = BlobServiceClient.fromConnectionString(connectionString);
  }

  private block(container: string, blob: string) {
    return this.service.getContainerClient(container).getBlockBlobClient(blob);
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translated(error);
    }
  }

  async putBlock(container: string, blob: string, blockId: string, body: Readable, maxBytes: number): Promise<void> {
    // Azure needs the length up front; a block is at most DUB_BLOCK_MAX_BYTES, so it is read whole.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new BlobError(413, 'RequestBodyTooLarge', `The request body is too large and exceeds the maximum permissible limit (${maxBytes} bytes).`);
      chunks.push(chunk as Buffer);
    }
    await this.call(async () => {
      await this.service.getContainerClient(container).createIfNotExists();
      await this.block(container, blob).stageBlock(blockId, Buffer.concat(chunks), size);
    });
  }

  async commitBlockList(container: string, blob: string, blockIds: string[]): Promise<void> {
    if (blockIds.length === 0) throw new BlobError(400, 'InvalidBlockList', 'The specified block list is invalid.');
    await this.call(() => this.block(container, blob).commitBlockList(blockIds));
  }

  async listBlocks(container: string, blob: string): Promise<BlockList> {
    return this.call(async () => {
      try {
        const list = await this.block(container, blob).getBlockList('all');
        const map = (items: { name: string; size: number }[] | undefined) => (items ?? []).map((b) => ({ name: b.name, size: b.size }));
        return { committed: map(list.committedBlocks), uncommitted: map(list.uncommittedBlocks) };
      } catch (error) {
        if (error instanceof RestError && error.statusCode === 404) return { committed: [], uncommitted: [] };
        throw error;
      }
    });
  }

  async size(container: string, blob: string): Promise<number | null> {
    return this.call(async () => {
      try {
        return (await this.block(container, blob).getProperties()).contentLength ?? 0;
      } catch (error) {
        if (error instanceof RestError && error.statusCode === 404) return null;
        throw error;
      }
    });
  }

  async stat(container: string, blob: string): Promise<BlobStat | null> {
    return this.call(async () => {
      try {
        const properties = await this.block(container, blob).getProperties();
        return { size: properties.contentLength ?? 0, etag: properties.etag ?? '' };
      } catch (error) {
        if (error instanceof RestError && error.statusCode === 404) return null;
        throw error;
      }
    });
  }

  async readStream(container: string, blob: string, range?: ByteSpan): Promise<Readable> {
    const [offset, count] = range ? [range.start, range.end - range.start + 1] : [0, undefined];
    return this.call(async () => (await this.block(container, blob).download(offset, count)).readableStreamBody as Readable);
  }

  async mediaInput(container: string, blob: string): Promise<string> {
    return this.call(() =>
      this.block(container, blob).generateSasUrl({ permissions: BlobSASPermissions.parse('r'), expiresOn: new Date(Date.now() + READ_URL_LIFETIME_MS) }),
    );
  }

  async delete(container: string, blob: string): Promise<void> {
    await this.call(async () => {
      const client = this.block(container, blob);
      if (!(await client.exists())) {
        // Only staged blocks: Azure keeps them a week unless a blob exists to delete, so make one.
        const staged = await this.listBlocks(container, blob);
        if (staged.uncommitted.length === 0) return;
        await client.commitBlockList([]);
      }
      await client.deleteIfExists();
    });
  }

  async listBlobs(container: string): Promise<string[]> {
    return this.call(async () => {
      const client = this.service.getContainerClient(container);
      if (!(await client.exists())) return [];
      const names: string[] = [];
      for await (const item of client.listBlobsFlat({ includeUncommitedBlobs: true })) names.push(item.name);
      return names.sort();
    });
  }

  async listBlobInfo(container: string): Promise<BlobInfo[]> {
    return this.call(async () => {
      const client = this.service.getContainerClient(container);
      if (!(await client.exists())) return [];
      const found: BlobInfo[] = [];
      for await (const item of client.listBlobsFlat({ includeUncommitedBlobs: true })) found.push({ name: item.name, modifiedAt: item.properties.lastModified });
      return found.sort((a, b) => a.name.localeCompare(b.name));
    });
  }

  accountUrl(): string {
    return this.service.url.split('?')[0]!.replace(/\/$/, '');
  }

  locate(url: string): { container: string; blob: string } | null {
    try {
      const given = new URL(url);
      const account = new URL(this.service.url);
      if (given.host !== account.host) return null;
      return locateUnder(given.pathname, account.pathname);
    } catch {
      return null;
    }
  }

  async sasFor(userId: string, expiresOn: Date): Promise<SasInfo> {
    const containerName = containerOf(userId);
    const container = this.service.getContainerClient(containerName);
    await this.call(() => container.createIfNotExists());
    const url = await this.call(() => container.generateSasUrl({ permissions: ContainerSASPermissions.parse('cw'), expiresOn }));
    return { accountUrl: this.accountUrl(), containerName, sasToken: url.split('?')[1] ?? '' };
  }
}
