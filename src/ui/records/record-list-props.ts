// What the record list view is given (its parts, the row and the card, read the same props).
import type { RecordAction } from './RecordActions';
import type { RecordView } from './RecordCells';

export type RecordListVariant = 'records' | 'shares';

export interface RecordListViewProps {
  rows: RecordView[];
  viewMode: 'list' | 'card';
  variant: RecordListVariant;
  selectedIds: readonly string[];
  editingId: string | null;
  renameErrorText?: string | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  /** The share page address of a shared record (shares list). */
  shareUrlOf?(record: RecordView): string | null;
  /** The address of the record's transcript page: the name is a real link (new tab, copy link). */
  hrefOf(record: RecordView): string;
  /** A plain click on the name: open the transcript in the app. */
  onOpen(id: string): void;
  onLoadMore(): void;
  onToggleSelect(id: string): void;
  onAction(id: string, action: RecordAction): void;
  onRenameSubmit(id: string, title: string): void;
  onRenameCancel(): void;
  onFavourite(id: string): void;
  onRevoke?(id: string): void;
  onCopyLink?(id: string): void;
  /** Retry on a failed record; `retryingId` names the one on its way. */
  onRetry?(id: string): void;
  retryingId?: string | null;
}
