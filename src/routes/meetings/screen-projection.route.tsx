// /screenProjection?code=: the full-screen subtitle display a TV or projector shows (public page).
// Large text in the host's style (original and/or the screen's translation), following the newest
// line; the host pauses it, switches its language and size, or disconnects it. The
// screenProjection machine runs it all (code, meeting, socket with reconnects, the host's controls).
import { Box, Button, Center, Flex, Spinner, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../shell/router-link';
import type { ActorRefFrom } from 'xstate';
import type { SubtitleLook } from '../../shared/contract/meeting';
import { selectFinals, selectIsReconnecting, selectPartials, type liveSubtitlesMachine } from '../../machines/meetings/liveSubtitles.machine';
import {
  screenProjectionMachine,
  selectHeldFinals,
  selectProjectionLanguage,
  selectProjectionSpokenLanguage,
  selectProjectionLook,
  selectProjectionMeetingName,
  selectProjectionStage,
  selectProjectionSubtitles,
  type ScreenProjectionStage,
} from '../../machines/meetings/screenProjection.machine';
import { readsSpokenLanguage } from '../../shared/contract/meeting-languages';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { SubtitleList } from '../../ui/meetings/SubtitleList';
import { StandalonePage } from '../../ui/pages/StandalonePage';

// A projected screen shows only the latest lines, large.
const LINES_SHOWN = 3;
const NO_LINES: never[] = [];
const sameLook = (a: SubtitleLook, b: SubtitleLook) =>
  a.fontSize === b.fontSize && a.color === b.color && a.backgroundColor === b.backgroundColor && a.display === b.display;

function Display({ subtitles, look, language, spoken, held, stage, name }: {
  subtitles: ActorRefFrom<typeof liveSubtitlesMachine>;
  look: SubtitleLook;
  language: string;
  spoken: string;
  held: number | null;
  stage: ScreenProjectionStage;
  name: string;
}) {
  const { t } = useTranslation('meetings');
  const finals = useSelector(subtitles, selectFinals);
  const partials = useSelector(subtitles, selectPartials);
  const reconnecting = useSelector(subtitles, selectIsReconnecting);
  const shown = (held === null ? finals : finals.slice(0, held)).slice(-LINES_SHOWN);
  // A screen that picked a language other than the spoken one reads like a participant's page: that
  // language first and largest, the spoken line small under it (issue 26 §3).
  const readerFirst = !!language && !(spoken && readsSpokenLanguage(spoken, language));
  return (
    <Flex direction="column" h="100dvh" position="relative" bg={look.backgroundColor} data-testid="screen-projection" data-stage={stage} data-language={language}>
      {name && (
        <Text as="h1" px={{ base: '4', md: '6' }} pt="2" fontSize={{ base: 'sm', md: 'lg' }} fontWeight="semibold" color={look.color} opacity={0.75} truncate data-testid="projection-meeting-name">
          {name}
        </Text>
      )}
      <Box flex="1" minH="0">
        <SubtitleList
          fill
          readerFirst={readerFirst}
          testId="projection-subtitles"
          finals={shown}
          partials={held === null ? partials : NO_LINES}
          translationLanguages={language ? [language] : []}
          spokenLanguage={spoken}
          style={look}
          emptyText={t('waitingForSpeech')}
        />
      </Box>
      {(stage === 'paused' || reconnecting) && (
        <Text position="absolute" top="2" right="3" fontSize={{ base: 'xs', md: 'lg' }} px={{ base: '2', md: '3' }} py="1" borderRadius="md" bg="blackAlpha.700" color="white" data-testid="projection-status">
          {stage === 'paused' ? t('projectionPaused') : t('projectionReconnecting')}
        </Text>
      )}
    </Flex>
  );
}

export default function ScreenProjectionPage() {
  const { t } = useTranslation('meetings');
  const [params] = useSearchParams();
  const code = params.get('code') ?? params.get('shortCode') ?? '';
  const [input] = useState(() => ({ code, screenName: t('screenName', { code }) }));
  const screen = useActorRef(screenProjectionMachine, { input });
  const stage = useSelector(screen, selectProjectionStage);
  const subtitles = useSelector(screen, selectProjectionSubtitles);
  const look = useSelector(screen, selectProjectionLook, sameLook);
  const language = useSelector(screen, selectProjectionLanguage);
  const held = useSelector(screen, selectHeldFinals);
  const spoken = useSelector(screen, selectProjectionSpokenLanguage);
  const name = useSelector(screen, selectProjectionMeetingName);
  if ((stage === 'showing' || stage === 'paused') && subtitles) {
    return <Display subtitles={subtitles} look={look} language={language} spoken={spoken} held={held} stage={stage} name={name} />;
  }
  if (stage === 'connecting') {
    return (
      <Center minH="100vh" data-testid="screen-projection" data-stage={stage}>
        <Spinner size="xl" />
      </Center>
    );
  }
  return (
    <StandalonePage>
      <LinkExpired
        title={stage === 'disconnected' ? t('projectionDisconnected') : t('linkExpired')}
        body={stage === 'disconnected' ? t('projectionDisconnectedBody') : t('castExpiredBody')}
      >
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/cast" data-testid="projection-enter-code">{t('projectionEnterCode')}</RouterLink>
        </Button>
      </LinkExpired>
    </StandalonePage>
  );
}
