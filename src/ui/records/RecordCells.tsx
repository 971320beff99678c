import { Box, Button, Input, Text } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_TITLE_MAX } from '../../shared/contract/limits';
import { isDubRecord, isDubRunning, type DubTaskState, type RecordView } from '../../shared/contract/record';
// The list's rows render these many times: plain elements styled once there, not Chakra style props.
import '../common/ghost-button.css';
import './record-list.css';

export type { RecordView };

const STATE_COLOURS: Record<RecordView['state'], string> = {
  transcribing: 'blue',
  transcription_completed: 'green',
  transcription_err: 'red',
  translating: 'blue',
  translation_completed: 'green',
  translation_err: 'red',
};

const DUB_COLOURS: Record<DubTaskState, string> = {
  translating: 'blue',
  translated: 'blue',
  dubbing: 'blue',
  dubbed: 'green',
  failed: 'red',
};

type StateFields = Pick<RecordView, 'state' | 'progress' | 'dub' | 'meetingState'>;

/** A live meeting's record stays 'transcribing' until the end; while the meeting is paused it says so. */
const meetingPaused = (record: StateFields) => !record.dub && record.state === 'transcribing' && record.meetingState === 'paused';

const RUNNING: ReadonlyArray<RecordView['state']> = ['transcribing', 'translating'];
/** A job runs on the record and says how far it is (the list and the home page show the percent). */
export const showsProgress = (record: StateFields) =>
  record.dub ? isDubRunning(record.dub) && typeof record.dub.overall === 'number' : RUNNING.includes(record.state) && typeof record.progress === 'number';
const FAILED: ReadonlyArray<RecordView['state']> = ['transcription_err', 'translation_err'];

/** The percent shown for a running record: its dubbing task's whole run for a dub (never a step's 100%), else the record's. */
export const progressOf = (record: StateFields) => (record.dub ? record.dub.overall : record.progress) ?? 0;

/** The state label, with the percent done while a job runs ("Transcribing · 40%", "Dubbing · 40%"). */
export function stateLabel(t: (key: string, options?: Record<string, unknown>) => string, record: StateFields): string {
  if (meetingPaused(record)) return t('state.meetingPaused');
  const state = record.dub ? t(`dub.state.${record.dub.state}`) : t(`state.${record.state}`);
  return showsProgress(record) ? t('stateProgress', { state, percent: progressOf(record) }) : state;
}

/** The failure reason of a *_err record or a failed dub, when the server gave one. */
export function failureOf(record: Pick<RecordView, 'state' | 'errorMessage' | 'dub'>): string | null {
  if (record.dub) return record.dub.state === 'failed' ? (record.dub.errorMessage ?? record.errorMessage ?? null) : null;
  return FAILED.includes(record.state) && record.errorMessage ? record.errorMessage : null;
}

type BadgeFields = Pick<RecordView, 'id' | 'state' | 'progress' | 'errorMessage' | 'dub' | 'recordType' | 'meetingState'>;

export function StateBadge({ record }: { record: BadgeFields }) {
  const { t } = useTranslation('records');
  const colour = meetingPaused(record) ? 'orange' : ((record.dub ? DUB_COLOURS[record.dub.state] : STATE_COLOURS[record.state]) ?? 'gray');
  const failure = failureOf(record);
  return (
    <span
      className="rl-badge"
      style={{ background: `var(--chakra-colors-${colour}-subtle)`, color: `var(--chakra-colors-${colour}-fg)` }}
      title={failure ?? undefined}
      data-testid={`record-state-${record.id}`}
      data-state={record.dub ? `dub-${record.dub.state}` : meetingPaused(record) ? 'meeting-paused' : record.state}
    >
      {stateLabel(t, record)}
    </span>
  );
}

/** The 'Dub' mark of a dubbing task among the records. */
export function DubBadge({ record }: { record: Pick<RecordView, 'id' | 'recordType'> }) {
  const { t } = useTranslation('records');
  if (!isDubRecord(record)) return null;
  return (
    <span className="rl-dub-badge" data-testid={`record-dub-${record.id}`}>
      {t('dub.badge')}
    </span>
  );
}

/** The badge, and below it the failure reason of a failed record (its full text as a tooltip). */
export function StateWithReason({
  record,
  onRetry,
  retrying = false,
}: {
  record: BadgeFields;
  /** Offered on a failed record: queue the failed step again. */
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}) {
  const { t } = useTranslation('records');
  const failure = failureOf(record);
  const failed = !record.dub && !isDubRecord(record) && FAILED.includes(record.state);
  return (
    <div className="rl-state">
      <div className="rl-state-badges">
        <DubBadge record={record} />
        <StateBadge record={record} />
        {failed && onRetry && (
          <Button size="2xs" variant="outline" onClick={onRetry} loading={retrying} title={t('retryTitle')} data-testid={`record-retry-${record.id}`}>
            {t('retry')}
          </Button>
        )}
      </div>
      {failure && (
        <p className="rl-state-note rl-truncate" data-error="" title={failure} data-testid={`record-error-${record.id}`}>
          {failure}
        </p>
      )}
      {record.dub?.expired && (
        <p className="rl-state-note" data-testid={`record-dub-expired-${record.id}`}>
          {t('dub.expired')}
        </p>
      )}
    </div>
  );
}

/** The cover image, or the title's first letter on a brand tint when there is none. */
export function Cover({ record, size }: { record: RecordView; size: string }) {
  const { t } = useTranslation('records');
  if (record.videoCover) {
    return <img src={record.videoCover} alt={t('coverAlt', { name: record.showName })} width={48} height={48} style={{ width: size, height: size, objectFit: 'cover', borderRadius: 6 }} loading="lazy" />;
  }
  return (
    <div className="rl-cover" style={{ width: size, height: size }} aria-hidden>
      {record.showName.trim().charAt(0).toUpperCase() || '·'}
    </div>
  );
}

export function FavouriteButton({ record, onToggle }: { record: RecordView; onToggle(): void }) {
  const { t } = useTranslation('records');
  const on = record.favorite === true;
  return (
    <button
      type="button"
      className="ghost-button rl-icon-button"
      aria-pressed={on}
      aria-label={on ? t('unfavourite') : t('favourite')}
      title={on ? t('unfavourite') : t('favourite')}
      data-testid={`record-favourite-${record.id}`}
      onClick={onToggle}
    >
      {on ? '★' : '☆'}
    </button>
  );
}

export interface RenameFieldProps {
  record: RecordView;
  errorText?: string | undefined;
  onSubmit(title: string): void;
  onCancel(): void;
}

/** Inline title editor: Enter saves, Escape cancels; the machine decides whether the title is acceptable. */
export function RenameField({ record, errorText, onSubmit, onCancel }: RenameFieldProps) {
  const { t } = useTranslation('records');
  const [title, setTitle] = useState(record.showName);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <Box
      as="form"
      flex="1"
      minW="0"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(title);
      }}
    >
      <Box display="flex" gap="1">
        <Input
          size="xs"
          value={title}
          maxLength={RECORD_TITLE_MAX}
          autoFocus
          aria-label={t('renameInput')}
          aria-invalid={errorText ? true : undefined}
          data-testid="record-rename-input"
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button size="xs" type="submit" colorPalette="brand" data-testid="record-rename-save">
          {t('save')}
        </Button>
      </Box>
      {errorText && (
        <Text role="alert" fontSize="xs" color="fg.error" mt="1" data-testid="record-rename-error">
          {errorText}
        </Text>
      )}
    </Box>
  );
}
