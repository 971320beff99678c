import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type RecordAction = 'rename' | 'move' | 'share' | 'delete';

export interface RecordActionsProps {
  recordId: string;
  name: string;
  onAction(action: RecordAction): void;
}

/** The row's "more" menu; its content mounts only when opened so long lists stay light. */
export function RecordActions({ recordId, name, onAction }: RecordActionsProps) {
  const { t } = useTranslation('records');
  const actions: RecordAction[] = ['rename', 'move', 'share', 'delete'];
  const label: Record<RecordAction, string> = { rename: t('rename'), move: t('moveTo'), share: t('share'), delete: t('delete') };
  return (
    <Menu.Root lazyMount unmountOnExit onSelect={(details) => onAction(details.value as RecordAction)}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="ghost" fontSize="md" aria-label={`${t('moreActions')}: ${name}`} data-testid={`record-menu-${recordId}`}>
          ⋯
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) => (
              <Menu.Item key={action} value={action} data-testid={`record-menu-${action}`} color={action === 'delete' ? 'fg.error' : undefined}>
                {label[action]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
