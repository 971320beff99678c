import { Button, Card, Field, Heading, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import { PARTICIPANT_NAME_MAX } from '../../shared/contract/limits';
import { useTranslation } from 'react-i18next';
import { languageName } from './language-name';

export interface JoinFormProps {
  meetingName: string;
  hostName: string | null;
  languages: string[];
  language: string;
  voice: boolean;
  voiceSupported: boolean;
  name: string;
  onName(name: string): void;
  onLanguage(code: string): void;
  onVoice(on: boolean): void;
  onJoin(): void;
}

/** The participant's join page: translation language, voice broadcast, join. */
export function JoinForm(props: JoinFormProps) {
  const { t, i18n } = useTranslation('meetings');
  return (
    <Card.Root data-testid="meeting-join">
      <Card.Body>
        <Stack gap="5">
          <Stack gap="1">
            <Heading size="lg" data-testid="join-meeting-name">{props.meetingName}</Heading>
            {props.hostName && <Text color="fg.muted">{t('hostedBy', { name: props.hostName })}</Text>}
          </Stack>
          <Field.Root>
            <Field.Label>{t('yourName')}</Field.Label>
            <Input
              value={props.name}
              maxLength={PARTICIPANT_NAME_MAX}
              placeholder={t('yourNamePlaceholder')}
              autoComplete="nickname"
              onChange={(e) => props.onName(e.currentTarget.value)}
              data-testid="join-name"
            />
            <Field.HelperText>{t('yourNameHint')}</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('yourLanguage')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={props.language} onChange={(e) => props.onLanguage(e.currentTarget.value)} data-testid="join-language">
                {props.languages.map((code) => (
                  <option key={code} value={code}>{languageName(code, i18n.language)}</option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Switch.Root checked={props.voice} disabled={!props.voiceSupported} onCheckedChange={(d) => props.onVoice(d.checked)} data-testid="join-voice">
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{props.voiceSupported ? t('voiceBroadcast') : t('voiceUnsupported')}</Switch.Label>
          </Switch.Root>
          <Button colorPalette="brand" size="lg" onClick={props.onJoin} data-testid="join-submit">
            {t('join')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
