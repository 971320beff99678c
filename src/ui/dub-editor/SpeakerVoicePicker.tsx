// The voice picker of the dub editor (issue 25 §2): per speaker, a list of the voices this server
// has for the dubbing language, each naming its engine ("eSpeak NG (embedded)", "speech API server")
// — unavailable ones shown disabled with the server's reason before anyone picks — and a control that plays a short sample of the selected voice. Renders what it is
// given; the machine (speakerVoice.machine.ts) loads, plays and saves.
import { Button, HStack, List, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineLabel, type EngineName } from '../common/LanguageSelect';

export interface PickerVoiceView {
  id: string;
  name: string;
  available: boolean;
  unavailableReason?: string | null | undefined;
  /** The engine that speaks it, named beside it. */
  servedBy?: EngineName | undefined;
}

export interface PickerSpeakerView {
  id: string;
  name: string;
  voice?: string | null | undefined;
}

export interface SpeakerVoicePickerProps {
  phase: 'loading' | 'loadFailed' | 'ready' | 'sampling' | 'playing' | 'saving' | 'cloning';
  speakers: PickerSpeakerView[];
  voices: PickerVoiceView[];
  /** Voices chosen in this session by speaker id; they win over the speakers' stored voices. */
  chosen: Record<string, string>;
  sampleVoice: string | null;
  sample: Blob | null;
  savingSpeakerId: string | null;
  /** The server has a voice-cloning service: each speaker can get their own voice cloned. */
  cloning?: boolean;
  cloningSpeakerId?: string | null;
  errorText?: string | undefined;
  onChoose(speakerId: string, speakerName: string, voice: string): void;
  onSample(voice: string): void;
  onStop(): void;
  onEnded(): void;
  onRetry(): void;
  onClone?(speakerId: string): void;
}

/** Plays the sample blob once; tells when it ended. */
function SamplePlayer({ sample, onEnded }: { sample: Blob; onEnded(): void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(sample);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [sample]);
  return url ? <audio src={url} autoPlay onEnded={onEnded} data-testid="voice-sample-audio" /> : null;
}

export function SpeakerVoicePicker(props: SpeakerVoicePickerProps) {
  const { t } = useTranslation('dubEditor');
  const engineLabel = useEngineLabel();
  const voiceLabel = (v: PickerVoiceView) => (v.servedBy ? `${v.name} · ${engineLabel([v.servedBy])}` : v.name);
  if (props.phase === 'loading') return <Spinner size="sm" aria-label={t('voices.loading')} />;
  if (props.phase === 'loadFailed') {
    return (
      <HStack gap="2" data-testid="voice-picker-failed">
        <Text color="fg.error" fontSize="sm">
          {props.errorText ?? t('voices.failed')}
        </Text>
        <Button size="xs" variant="outline" onClick={props.onRetry}>
          {t('voices.retry')}
        </Button>
      </HStack>
    );
  }
  return (
    <>
      <List.Root ps="4" mt="1" gap="1" fontSize="sm" data-testid="voiceover-speakers">
        {props.speakers.map((speaker) => {
          const voice = props.chosen[speaker.id] ?? speaker.voice ?? '';
          const playing = props.sampleVoice !== null && props.sampleVoice === voice;
          return (
            <List.Item key={speaker.id} data-testid="voice-picker-speaker">
              <HStack gap="2" wrap="wrap">
                <Text minW="20">{speaker.name}</Text>
                <NativeSelect.Root size="xs" w="64" disabled={props.savingSpeakerId === speaker.id}>
                  <NativeSelect.Field
                    aria-label={t('voices.label', { name: speaker.name })}
                    value={voice}
                    data-testid="voice-picker-select"
                    onChange={(event) => props.onChoose(speaker.id, speaker.name, event.target.value)}
                  >
                    {!props.voices.some((v) => v.id === voice) && <option value={voice}>{voice || t('voices.none')}</option>}
                    {props.voices.map((v) => (
                      <option key={v.id} value={v.id} disabled={!v.available}>
                        {v.available ? voiceLabel(v) : t('voices.unavailable', { name: v.name, reason: v.unavailableReason ?? '' })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={!props.voices.some((v) => v.id === voice && v.available)}
                  loading={playing && props.phase === 'sampling'}
                  onClick={() => (playing ? props.onStop() : props.onSample(voice))}
                  data-testid="voice-picker-sample"
                >
                  {playing ? t('voices.stop') : t('voices.play')}
                </Button>
                {props.cloning && props.onClone && (
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={props.phase !== 'ready'}
                    loading={props.cloningSpeakerId === speaker.id}
                    onClick={() => props.onClone?.(speaker.id)}
                    data-testid="voice-picker-clone"
                  >
                    {t('voices.clone', { name: speaker.name })}
                  </Button>
                )}
              </HStack>
            </List.Item>
          );
        })}
      </List.Root>
      {props.errorText && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {props.errorText}
        </Text>
      )}
      {props.phase === 'playing' && props.sample && <SamplePlayer sample={props.sample} onEnded={props.onEnded} />}
    </>
  );
}
