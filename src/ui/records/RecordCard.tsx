// One record of the card view: the same parts as a row, stacked in a tile; plain elements styled by
// record-list.css, as the rows are (issue 27).
import { useTranslation } from 'react-i18next';
import { RecordActions } from './RecordActions';
import { Cover, FavouriteButton, StateWithReason } from './RecordCells';
import { NameOrEditor, SelectBox, languagesOf, type ItemProps } from './RecordListRow';
import { formatDateTime, formatDuration } from './format';

export function RecordCard(props: ItemProps) {
  const { record } = props;
  const { t } = useTranslation('records');
  const selected = props.selectedIds.includes(record.id);
  return (
    <div className="rl-card" data-selected={selected ? '' : undefined} data-testid={`record-card-${record.id}`}>
      <div className="rl-card-top">
        <SelectBox {...props} />
        <div className="rl-card-actions">
          <FavouriteButton record={record} onToggle={() => props.onFavourite(record.id)} />
          <RecordActions recordId={record.id} name={record.showName} onAction={(action) => props.onAction(record.id, action)} />
        </div>
      </div>
      <Cover record={record} size="48px" />
      <NameOrEditor {...props} />
      <div className="rl-card-state">
        <StateWithReason record={record} onRetry={props.onRetry && (() => props.onRetry?.(record.id))} retrying={props.retryingId === record.id} />
        <p className="rl-muted-xs">{formatDuration(record.duration ?? record.audioDuration)}</p>
      </div>
      <p className="rl-muted-xs rl-truncate">{languagesOf(record, t('noTargetLanguage'))}</p>
      <p className="rl-muted-xs rl-truncate">
        {formatDateTime(record.createTime)} · {record.folderName ?? '—'}
      </p>
    </div>
  );
}
