import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LiveParticipant } from '../../shared/contract/meeting';
import { languageName } from './language-name';

/** Joined users: index, name, translation language, join and leave time (features §2). Projection
 *  screens are not participants: only their number is shown, apart. After the end the heading counts
 *  everyone who joined (no one is present then). */
export function ParticipantList({ participants, screens = 0, ended = false, errorText }: {
  participants: readonly LiveParticipant[];
  screens?: number;
  ended?: boolean;
  /** Why the join records could not be read (the live list still shows). */
  errorText?: string | null;
}) {
  const { t, i18n } = useTranslation('meetings');
  const present = participants.filter((p) => p.leaveTime === null).length;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language);
  return (
    <Card.Root data-testid="participant-list">
      <Card.Body>
        <Heading size="sm" mb="2" data-testid="participant-count">
          {ended ? t('participantsJoined', { count: participants.length }) : t('participants', { count: present })}
        </Heading>
        {errorText && <Text fontSize="sm" color="fg.error" mb="2" data-testid="participant-list-error">{errorText}</Text>}
        {screens > 0 && (
          <Text fontSize="sm" color="fg.muted" mb="2" data-testid="screens-connected">{t('screensConnected', { count: screens })}</Text>
        )}
        <Stack gap="1" fontSize="sm">
          {participants.map((p, index) => (
            <Text key={`${p.userId}@${p.joinTime}`} color={p.leaveTime ? 'fg.muted' : undefined} data-testid="participant" data-lang={p.translationLanguage ?? ''}>
              {index + 1}. {p.userName}
              {p.translationLanguage ? ` · ${languageName(p.translationLanguage, i18n.language)}` : ''} · {time(p.joinTime)}
              {p.leaveTime ? ` – ${time(p.leaveTime)}` : ''}
            </Text>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
