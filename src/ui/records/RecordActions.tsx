import { useTranslation } from 'react-i18next';
import { MoreMenu } from '../common/MoreMenu';

export type RecordAction = 'rename' | 'move' | 'share' | 'delete';

export interface RecordActionsProps {
  recordId: string;
  name: string;
  onAction(action: RecordAction): void;
}

/** The row's "more" menu. */
export function RecordActions({ recordId, name, onAction }: RecordActionsProps) {
  const { t } = useTranslation('records');
  const actions: RecordAction[] = ['rename', 'move', 'share', 'delete'];
  const label: Record<RecordAction, string> = { rename: t('rename'), move: t('moveTo'), share: t('share'), delete: t('delete') };
  return (
    <MoreMenu
      actions={actions}
      labels={label}
      onAction={onAction}
      triggerLabel={`${t('moreActions')}: ${name}`}
      triggerTestId={`record-menu-${recordId}`}
      itemTestId={(action) => `record-menu-${action}`}
      fontSize="md"
      deferred
    />
  );
}
