// Shapes shared by the record machines, their calls and the route layer (all from the contract).
import type { components, operations } from '../../api/schema';
import type { RecordView } from '../../shared/contract/record';

/** A record row; a dubbing record also carries its task's dubbing state (`dub`). */
export type RecordItem = RecordView;
export type FolderNode = components['schemas']['Folder'];
export type FolderRemoval = components['schemas']['FolderRemoval'];
export type { SubtitleLine } from '../../shared/contract/transcript';
export type RecordQuery = NonNullable<operations['recordsQuery']['parameters']['query']>;
export type SortColumn = NonNullable<RecordQuery['orderByColumn']>;
export type { ExportFormat } from '../../shared/contract/transcript';

export interface RecordPage {
  total: number;
  rows: RecordItem[];
}

/** Which records a list shows: the record list (optionally one folder), favourites or active shares. */
export type RecordScope = 'all' | 'favourite' | 'shared';

export interface RecordEdit {
  id: string;
  showName?: string;
  favorite?: boolean;
  folderId?: string;
  /** '0' revokes the record's share link. */
  shareStatus?: '0' | '1';
}

/** Rows read again while they were being processed: the records as they are now, and those gone. */
export interface RecordRefresh {
  updated: RecordItem[];
  goneIds: string[];
}

/** A folder created (no id) or renamed. */
export interface FolderSave {
  id?: string;
  parentId?: string;
  folderName: string;
}

/** The owner's share settings of one record. */
export interface ShareSave {
  id: string;
  shareStatus: '0' | '1';
  copyStatus?: '0' | '1';
  shareExpireTime?: string | null;
}
