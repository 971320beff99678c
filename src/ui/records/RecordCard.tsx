// One record of the card view: the same parts as a row, stacked in a tile.
import { Box, Text } from '@chakra-ui/react';
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
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      h="full"
      overflow="hidden"
      bg={selected ? 'brand.subtle' : 'bg'}
      borderColor={selected ? 'brand.solid' : undefined}
      display="flex"
      flexDirection="column"
      gap="2"
      minW="0"
      data-testid={`record-card-${record.id}`}
    >
      <Box display="flex" alignItems="center" justifyContent="space-between">
        <SelectBox {...props} />
        <Box display="flex" alignItems="center">
          <FavouriteButton record={record} onToggle={() => props.onFavourite(record.id)} />
          <RecordActions recordId={record.id} name={record.showName} onAction={(action) => props.onAction(record.id, action)} />
        </Box>
      </Box>
      <Cover record={record} size="48px" />
      <NameOrEditor {...props} />
      <Box display="flex" gap="2" alignItems="center" flexWrap="wrap">
        <StateWithReason record={record} onRetry={props.onRetry && (() => props.onRetry?.(record.id))} retrying={props.retryingId === record.id} />
        <Text fontSize="xs" color="fg.muted">
          {formatDuration(record.duration ?? record.audioDuration)}
        </Text>
      </Box>
      <Text fontSize="xs" color="fg.muted" truncate>
        {languagesOf(record, t('noTargetLanguage'))}
      </Text>
      <Text fontSize="xs" color="fg.muted" truncate>
        {formatDateTime(record.createTime)} · {record.folderName ?? '—'}
      </Text>
    </Box>
  );
}
