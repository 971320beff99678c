// /cast, /cast/:code and /screenProjection: a code is entered (or given), then the meeting's
// subtitles are projected full screen until the link expires. The screenCast machine runs it all
// (visitor token, code, the subtitle socket).
import { Box } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_SUBTITLE_LOOK } from '../../shared/contract/meeting';
import { selectLastFinals, selectPartials, type liveSubtitlesMachine } from '../../machines/meetings/liveSubtitles.machine';
import {
  screenCastMachine,
  selectCastErrorKey,
  selectCastErrorMessage,
  selectCastStage,
  selectProjectedSubtitles,
} from '../../machines/meetings/screenCast.machine';
import { CastCodeForm } from '../../ui/meetings/CastCodeForm';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { SubtitleList } from '../../ui/meetings/SubtitleList';
import { StandalonePage } from '../../ui/pages/StandalonePage';

const PROJECTED_LOOK = { ...DEFAULT_SUBTITLE_LOOK, fontSize: 40, display: 'original' as const };
// Only the latest lines fit a projected screen.
const selectProjectedFinals = selectLastFinals(3);
const sameLines = (a: readonly { segmentId: string }[], b: readonly { segmentId: string }[]) =>
  a.length === b.length && a.every((line, index) => line === b[index]);

function Projection({ subtitles }: { subtitles: ActorRefFrom<typeof liveSubtitlesMachine> }) {
  const { t } = useTranslation('meetings');
  const finals = useSelector(subtitles, selectProjectedFinals, sameLines);
  const partials = useSelector(subtitles, selectPartials);
  return (
    <Box data-testid="cast-projecting">
      <SubtitleList fill finals={finals} partials={partials} translationLanguages={[]} style={PROJECTED_LOOK} emptyText={t('waitingForSpeech')} />
    </Box>
  );
}

export function CastScreen({ code }: { code?: string }) {
  const { t } = useTranslation('meetings');
  const cast = useActorRef(screenCastMachine, { input: { code: code ?? null } });
  const stage = useSelector(cast, selectCastStage);
  const errorMessage = useSelector(cast, selectCastErrorMessage);
  const errorKey = useSelector(cast, selectCastErrorKey);
  const subtitles = useSelector(cast, selectProjectedSubtitles);
  const error = errorMessage ?? (errorKey ? t(errorKey) : null);
  if (stage === 'projecting' && subtitles) return <Projection subtitles={subtitles} />;
  return (
    <StandalonePage>
      {stage === 'linkExpired' ? (
        <LinkExpired title={t('linkExpired')} body={t('castExpiredBody')} />
      ) : (
        <CastCodeForm error={error} busy={stage === 'connecting'} onSubmit={(value) => cast.send({ type: 'cast.submit', code: value })} />
      )}
    </StandalonePage>
  );
}
