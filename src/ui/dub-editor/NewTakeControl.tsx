// The "new take" button of the dub editor's header (issue 25 §3): voices the selected line again
// without re-voicing the rest, and says what happened — queued (the task shows the re-dub's
// progress) or why not. Also shows how much of the original voice the last dub left (voiceLeftDb).
// Plain props: the route wires the newTake machine and the task.
import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

export interface NewTakeControlProps {
  /** Number (1-based) of the selected line, null when none is selected. */
  selectedNumber: number | null;
  phase: 'idle' | 'starting' | 'started' | 'failed';
  /** The line the last take was asked for. */
  takeNumber: number | null;
  /** Why the take was refused: the server's text or the translated fallback. */
  failure: string | null;
  /** dB the original (voice and bed) sits below the dub under the dubbed lines; null before a dub. */
  voiceLeftDb: number | null;
  onNewTake(): void;
}

/** Memoised: it sits in the editor's header, which an edit draws again. */
export const NewTakeControl = memo(function NewTakeControl(props: NewTakeControlProps) {
  const { t } = useTranslation('dubEditor');
  return (
    <HStack gap="2">
      {props.voiceLeftDb !== null && (
        <Badge size="sm" variant="subtle" colorPalette={props.voiceLeftDb >= 25 ? 'green' : 'orange'} title={t('voiceLeft.hint')} data-testid="voice-left">
          {t('voiceLeft.badge', { db: Math.round(props.voiceLeftDb) })}
        </Badge>
      )}
      <Button
        size="xs"
        variant="outline"
        loading={props.phase === 'starting'}
        disabled={props.selectedNumber === null}
        title={t('newTake.hint')}
        onClick={props.onNewTake}
        data-testid="new-take"
      >
        {props.selectedNumber === null ? t('newTake.button') : t('newTake.buttonLine', { index: props.selectedNumber })}
      </Button>
      {props.phase === 'started' && (
        <Text fontSize="xs" color="fg.muted" role="status" data-testid="new-take-status">
          {t('newTake.started', { index: props.takeNumber ?? 0 })}
        </Text>
      )}
      {props.phase === 'failed' && (
        <Text fontSize="xs" color="fg.error" role="alert" data-testid="new-take-status">
          {props.failure}
        </Text>
      )}
    </HStack>
  );
});
