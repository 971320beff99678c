// The dub editor's voice-over panel (issue 13 §5, features §2 'voiceover start checklist'): what
// will be re-voiced, what it costs, the speakers and their voices, then the synthesis with its
// progress, the composed video to preview and the zip to download. Renders what it is given.
import { Box, Button, CloseButton, Dialog, HStack, List, Portal, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type VoiceoverPanelPhase = 'loading' | 'loadFailed' | 'ready' | 'starting' | 'composing' | 'failed' | 'downloading' | 'closed';

export interface VoiceoverSpeakerView {
  id: string;
  name: string;
  voice?: string | null | undefined;
}

export interface VoiceoverChecklistView {
  revoiceLines: number;
  totalLines: number;
  earlierDubbings: number;
  costSeconds: number;
  speakers: VoiceoverSpeakerView[];
  voices: Array<{ code: string; name: string }>;
}

export interface VoiceoverPanelProps {
  phase: VoiceoverPanelPhase;
  checklist: VoiceoverChecklistView | null;
  /** Seconds of dubbing balance left after the cost check, when the server keeps a balance. */
  balanceSeconds: number | null;
  progress: number | null;
  step: string | null;
  errorText?: string | undefined;
  canStart: boolean;
  previewUrl: string | null;
  /** The per-speaker voice picker (issue 25 §2); without it the speakers' voices are listed read-only. */
  voicePicker?: ReactNode;
  onStart(): void;
  onRetry(): void;
  onDownload(): void;
  onClose(): void;
}

/** 3725 → "1:02:05", 65 → "1:05". */
export function clockText(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

function Checklist({ checklist, hasResult, voicePicker }: { checklist: VoiceoverChecklistView; hasResult: boolean; voicePicker?: ReactNode }) {
  const { t } = useTranslation('dubbing');
  const voiceName = (code: string | null | undefined) => (code ? (checklist.voices.find((voice) => voice.code === code)?.name ?? code) : t('voiceover.noVoice'));
  const linesText =
    checklist.revoiceLines > 0
      ? t('voiceover.lines', { count: checklist.revoiceLines, total: checklist.totalLines })
      : hasResult
        ? t('voiceover.nothingChanged')
        : t('voiceover.composeOnly');
  const costText =
    checklist.costSeconds === 0
      ? t(checklist.earlierDubbings === 1 ? 'voiceover.freeRedub' : 'voiceover.free')
      : t(checklist.earlierDubbings > 1 ? 'voiceover.costHalf' : 'voiceover.cost', { duration: clockText(checklist.costSeconds) });
  return (
    <List.Root as="ol" gap="2" ps="5" data-testid="voiceover-checklist">
      <List.Item data-testid="voiceover-lines" data-count={checklist.revoiceLines}>
        {linesText}
      </List.Item>
      <List.Item data-testid="voiceover-cost" data-seconds={checklist.costSeconds}>
        {costText}
      </List.Item>
      <List.Item>
        {t('voiceover.speakers', { count: checklist.speakers.length })}
        {voicePicker ?? (
          <List.Root ps="4" mt="1" gap="0.5" fontSize="sm" color="fg.muted" data-testid="voiceover-speakers">
            {checklist.speakers.map((speaker) => (
              <List.Item key={speaker.id}>
                {speaker.name} — {voiceName(speaker.voice)}
              </List.Item>
            ))}
          </List.Root>
        )}
      </List.Item>
    </List.Root>
  );
}

export function VoiceoverPanel(props: VoiceoverPanelProps) {
  const { t } = useTranslation('dubbing');
  const { phase, checklist } = props;
  const busy = phase === 'starting' || phase === 'composing';
  return (
    <Dialog.Root open={phase !== 'closed'} onOpenChange={(details) => !details.open && props.onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="voiceover-panel" data-phase={phase}>
            <Dialog.Header>
              <Dialog.Title>{t('voiceover.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {phase === 'loading' && <Spinner size="sm" aria-label={t('voiceover.loading')} />}
                {checklist && <Checklist checklist={checklist} hasResult={props.previewUrl !== null} voicePicker={props.voicePicker} />}
                {props.balanceSeconds !== null && (
                  <Text fontSize="sm" color="fg.muted" data-testid="voiceover-balance">
                    {t('voiceover.balance', { duration: clockText(props.balanceSeconds) })}
                  </Text>
                )}
                {phase === 'composing' && (
                  <Box data-testid="voiceover-progress" data-percent={props.progress ?? undefined}>
                    <Text fontSize="sm" mb="1">
                      {props.step ? t(`voiceover.step.${props.step}`, { defaultValue: t('voiceover.composing') }) : t('voiceover.composing')}
                      {props.progress !== null ? ` · ${props.progress}%` : ''}
                    </Text>
                    <Progress.Root value={props.progress} max={100} size="sm" colorPalette="brand">
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Box>
                )}
                {props.errorText && (
                  <Text role="alert" color="fg.error" fontSize="sm" data-testid="voiceover-error">
                    {props.errorText}
                  </Text>
                )}
                {props.previewUrl && (
                  <Box>
                    <Text fontSize="sm" fontWeight="medium" mb="1">
                      {t('voiceover.preview')}
                    </Text>
                    <video src={props.previewUrl} controls preload="metadata" style={{ width: '100%', borderRadius: 6 }} data-testid="voiceover-video" />
                  </Box>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" justify="end" w="full">
                {phase === 'loadFailed' || phase === 'failed' ? (
                  <Button variant="outline" onClick={props.onRetry} data-testid="voiceover-retry">
                    {t('retry')}
                  </Button>
                ) : null}
                {props.previewUrl && (
                  <Button variant="outline" onClick={props.onDownload} loading={phase === 'downloading'} data-testid="voiceover-download">
                    {t('voiceover.download')}
                  </Button>
                )}
                <Button colorPalette="brand" disabled={!props.canStart} loading={busy} onClick={props.onStart} data-testid="voiceover-start">
                  {t('voiceover.start')}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('voiceover.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
