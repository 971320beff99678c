import { Button, Popover, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FREE_TIME_QR_ANIMATION_MS, QR_IMAGE_SIZE_PX } from '../../shared/contract/limits';
import './free-time-qr.css';

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
        // A new key restarts the animation (a new <img>) each time the popover opens.
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
                <img
                  key={openCount}
                  className="free-time-qr"
                  src={qrDataUrl}
                  alt={t('freeTimeTitle')}
                  width={QR_IMAGE_SIZE_PX}
                  height={QR_IMAGE_SIZE_PX}
                  data-testid="free-time-qr"
                  style={{ animationDuration: `${FREE_TIME_QR_ANIMATION_MS / PULSES}ms`, animationIterationCount: PULSES }}
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
