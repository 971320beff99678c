// The shortcut help panel ('?' or the header's ? button): every shortcut of the keymap, in the
// interface language, with the keys of this platform.
import { Box, Grid, Kbd, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';
import { bindingLabel, SHORTCUTS } from './keymap';

export const ShortcutHelp = memo(function ShortcutHelp({ open, isApple, onClose }: { open: boolean; isApple: boolean; onClose(): void }) {
  const { t } = useTranslation('dubEditor');
  const keyName = (key: string) => t(`keys.${key}`);
  return (
    <DialogFrame open={open} title={t('help.title')} testId="shortcut-help" onClose={onClose} widthPx={480}>
      <Grid templateColumns="1fr auto" gap="2" alignItems="center" role="list">
        {SHORTCUTS.map((shortcut) => (
          <Box key={shortcut.action} display="contents" role="listitem" data-testid={`shortcut-row-${shortcut.action}`}>
            <Text fontSize="sm">{t(`shortcut.${shortcut.action}`)}</Text>
            <Text fontSize="sm" textAlign="right">
              {shortcut.bindings.map((binding, index) => (
                <span key={index}>
                  {index > 0 && ` ${t('help.or')} `}
                  <Kbd size="sm">{bindingLabel(binding, isApple, keyName)}</Kbd>
                </span>
              ))}
            </Text>
          </Box>
        ))}
      </Grid>
      <Text fontSize="xs" color="fg.muted" mt="4">
        {t('help.typing')}
      </Text>
    </DialogFrame>
  );
});
