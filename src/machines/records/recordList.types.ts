// Shapes shared by the record machines, their calls and the route layer (from the contract), and the
// record list machine's own.
import type { components, operations } from '../../api/schema';
import type { ErrorText } from '../../api/errors';
import type { RecordView } from '../../shared/contract/record';
import type { ExportFormat } from '../../shared/contract/transcript';

/** A record row; a dubbing record also carries its task's dubbing state (`dub`). */
export type RecordItem = RecordView;
export type FolderNode = components['schemas']['Folder'];
export type FolderRemoval = components['schemas']['FolderRemoval'];
export type { SubtitleLine } from '../../shared/contract/transcript';
export type RecordQuery = NonNullable<operations['recordsQuery']['parameters']['query']>;
export type SortColumn = NonNullable<RecordQuery['orderByColumn']>;
export type { ExportFormat };

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

// ---------------------------------------------------------------------------------------------
// The record list machine's own shapes (recordList.machine.ts; its rules in recordList.rules.ts,
// its batch operations in recordBatch.machine.ts).
// ---------------------------------------------------------------------------------------------

export type ViewMode = 'list' | 'card';

export interface RecordSort {
  column: SortColumn;
  ascending: boolean;
}

/** yyyy-MM-dd days (inclusive), as the date inputs give them; null is open-ended. */
export interface DateRange {
  beginDate: string | null;
  endDate: string | null;
}

export interface RecordListInput {
  scope: RecordScope;
  folderId?: string | null;
  viewMode?: ViewMode;
  pageSize?: number;
}

/** One operation on several records at once: a delete (confirmed first) or an export. */
export type RecordBatchInput = { operation: 'delete'; ids: string[] } | { operation: 'export'; ids: string[]; format: ExportFormat };

export interface RecordListContext extends ErrorText {
  scope: RecordScope;
  viewMode: ViewMode;
  sort: RecordSort;
  filter: DateRange;
  folderId: string | null;
  pageSize: number;
  rows: RecordItem[];
  total: number;
  pagesLoaded: number;
  selectedIds: string[];
  /** The batch operation under way (the recordBatch child runs it), or none. */
  batch: RecordBatchInput | null;
  pendingEdit: RecordEdit | null;
  editingId: string | null;
  renameErrorKey?: string;
  /** The share link waiting for the user's confirmation to revoke it. */
  pendingRevokeId: string | null;
  /** The failed record being queued again (Retry). */
  pendingRetryId: string | null;
  /** Whether the page is on screen (document visible and its route active); polling needs it. */
  visible: boolean;
}

export type RecordListEvent =
  | { type: 'list.viewModeChanged'; mode: ViewMode }
  | { type: 'list.sortChanged'; sort: RecordSort }
  | { type: 'list.filterChanged'; filter: DateRange }
  | { type: 'list.folderChanged'; folderId: string | null }
  | { type: 'list.loadMore' }
  | { type: 'list.reload' }
  | { type: 'selection.toggled'; id: string }
  | { type: 'selection.allToggled' }
  | { type: 'selection.cleared' }
  | { type: 'batch.deleteRequested' }
  | { type: 'record.deleteRequested'; id: string }
  | { type: 'batch.deleteConfirmed' }
  | { type: 'batch.deleteCancelled' }
  | { type: 'batch.exportRequested'; format: ExportFormat }
  | { type: 'record.renameStarted'; id: string }
  | { type: 'record.renameCancelled' }
  | { type: 'record.renamed'; id: string; title: string }
  | { type: 'record.favouriteToggled'; id: string }
  | { type: 'record.moved'; id: string; folderId: string }
  | { type: 'record.replaced'; record: RecordItem }
  | { type: 'record.revokeRequested'; id: string }
  | { type: 'record.revokeConfirmed' }
  | { type: 'record.revokeCancelled' }
  | { type: 'record.retryRequested'; id: string }
  | { type: 'list.visibilityChanged'; visible: boolean }
  | { type: 'progress.tick' };
