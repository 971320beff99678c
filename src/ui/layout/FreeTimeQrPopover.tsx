import { Button, Popover, Portal, Text } from '@chakra-ui/react';
import { motion } from 'framer-motion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FREE_TIME_QR_ANIMATION_MS, QR_IMAGE_SIZE_PX } from '../../shared/contract/limits';

const PULSES = 5;

export interface FreeTimeQrPopoverProps {
  qrDataUrl: string | null;
  /** The code is drawn when first asked for, not at page load (issue 27): the popover says when. */
  onOpen?: () => void;
}

export function FreeTimeQrPopover({ qrDataUrl, onOpen }: FreeTimeQrPopoverProps) {
  const { t } = useTranslation('nav');
  const [openCount, setOpenCount] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        // A new key restarts the animation each time the popover opens.
        if (details.open) {
          setOpenCount((count) => count + 1);
          onOpen?.();
        }
      }}
    >
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost" data-testid="free-time-trigger">
          {t('freeTime')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="auto">
            <Popover.Arrow />
            <Popover.Body display="flex" flexDirection="column" alignItems="center" gap="2">
              <Text fontWeight="semibold">{t('freeTimeTitle')}</Text>
              {qrDataUrl && (
                <motion.img
                  key={openCount}
                  src={qrDataUrl}
                  alt={t('freeTimeTitle')}
                  width={QR_IMAGE_SIZE_PX}
                  height={QR_IMAGE_SIZE_PX}
                  data-testid="free-time-qr"
                  initial={{ scale: 1, rotate: 0 }}
                  animate={{ scale: [1, 1.08, 1], rotate: [0, -3, 3, 0] }}
                  transition={{ duration: FREE_TIME_QR_ANIMATION_MS / PULSES / 1000, repeat: PULSES - 1, ease: 'easeInOut' }}
                />
              )}
              <Text fontSize="xs" color="fg.muted">
                {t('freeTimeHint')}
              </Text>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
