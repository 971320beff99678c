import { Button, Menu, Portal } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type NewMenuChoice = 'meeting' | 'upload' | 'dub';

export interface NewMenuProps {
  size?: 'xs' | 'sm';
  onChoose(choice: NewMenuChoice): void;
}

export function NewMenu({ onChoose, size = 'sm' }: NewMenuProps) {
  const { t } = useTranslation('nav');
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root
      onSelect={(details) => {
        // Focus the trigger before the chosen dialog opens: a dialog gives focus back, when it closes,
        // to what had it when it opened; the menu item it would otherwise remember is gone by then.
        trigger.current?.focus();
        onChoose(details.value as NewMenuChoice);
      }}
    >
      <Menu.Trigger asChild>
        <Button ref={trigger} size={size} colorPalette="brand" data-testid="new-menu-trigger">
          + {t('new')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="meeting" data-testid="new-menu-meeting">
              {t('newMeeting')}
            </Menu.Item>
            <Menu.Item value="upload" data-testid="new-menu-upload">
              {t('newUpload')}
            </Menu.Item>
            <Menu.Item value="dub" data-testid="new-menu-dub">
              {t('newDub')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
