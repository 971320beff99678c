// /cast, /cast/:code and /screenProjection: a code is entered (or given), then the meeting's
// subtitles are projected full screen until the link expires.
import { Box } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveSubtitlesMachine } from '../../machines/meetings/liveSubtitles.machine';
import { DEFAULT_MEETING_CONFIG } from '../../machines/meetings/meetingSetup.rules';
import { screenCastMachine } from '../../machines/meetings/screenCast.machine';
import { CastCodeForm } from '../../ui/meetings/CastCodeForm';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { SubtitleList } from '../../ui/meetings/SubtitleList';
import { StandalonePage } from '../../ui/pages/StandalonePage';
import { ensureToken, socketUrlFor } from './live-connection';

function Projection({ meetingId, onExpired }: { meetingId: string; onExpired(): void }) {
  const { t } = useTranslation('meetings');
  const subtitles = useActorRef(liveSubtitlesMachine, { input: { socketUrl: socketUrlFor(meetingId) } });
  const view = useSelector(subtitles, (s) => s.context);
  const ended = useSelector(subtitles, (s) => s.status === 'done');
  useEffect(() => {
    if (ended) onExpired();
  }, [ended, onExpired]);
  // Only the latest lines fit a projected screen.
  return (
    <Box data-testid="cast-projecting">
      <SubtitleList
        fill
        finals={view.finals.slice(-3)}
        partials={view.partials}
        translationLanguages={[]}
        style={{ ...DEFAULT_MEETING_CONFIG.style, fontSize: 40, display: 'original' }}
        emptyText={t('waitingForSpeech')}
      />
    </Box>
  );
}

export function CastScreen({ code }: { code?: string }) {
  const { t } = useTranslation('meetings');
  const cast = useActorRef(screenCastMachine, { input: { code: code ?? null } });
  const state = useSelector(cast, (s) => s);
  const [tokenReady, setTokenReady] = useState(false);
  useEffect(() => {
    void ensureToken().finally(() => setTokenReady(true));
  }, []);
  const error = state.context.errorMessage ?? (state.context.errorKey ? t(state.context.errorKey) : null);
  if (state.matches('projecting') && state.context.screen && tokenReady) {
    return <Projection meetingId={state.context.screen.meetingId} onExpired={() => cast.send({ type: 'cast.expired' })} />;
  }
  return (
    <StandalonePage>
      {state.matches('linkExpired') ? (
        <LinkExpired title={t('linkExpired')} body={t('castExpiredBody')} />
      ) : (
        <CastCodeForm error={error} busy={state.matches('connecting')} onSubmit={(value) => cast.send({ type: 'cast.submit', code: value })} />
      )}
    </StandalonePage>
  );
}
