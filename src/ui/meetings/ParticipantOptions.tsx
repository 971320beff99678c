import { HStack, NativeSelect, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { languageName } from './language-name';

export interface ParticipantOptionsProps {
  languages: readonly string[];
  language: string;
  voice: boolean;
  voiceSupported: boolean;
  onLanguage(code: string): void;
  onVoice(on: boolean): void;
}

/** While reading live subtitles: switch the translation language and the voice broadcast. */
export function ParticipantOptions(props: ParticipantOptionsProps) {
  const { t, i18n } = useTranslation('meetings');
  return (
    // One compact row on a phone: the subtitles get the screen.
    <HStack gap={{ base: '2', md: '4' }} flexWrap="wrap" rowGap="1" data-testid="participant-options">
      <NativeSelect.Root size={{ base: 'xs', md: 'sm' }} width="auto">
        <NativeSelect.Field
          value={props.language}
          aria-label={t('yourLanguage')}
          onChange={(e) => props.onLanguage(e.currentTarget.value)}
          data-testid="live-language"
        >
          {props.languages.map((code) => (
            <option key={code} value={code}>{languageName(code, i18n.language)}</option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Switch.Root size={{ base: 'xs', md: 'sm' }} checked={props.voice} disabled={!props.voiceSupported} onCheckedChange={(d) => props.onVoice(d.checked)} data-testid="live-voice">
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{props.voiceSupported ? t('voiceBroadcast') : t('voiceUnsupported')}</Switch.Label>
      </Switch.Root>
    </HStack>
  );
}
