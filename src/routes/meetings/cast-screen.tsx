// /cast and /cast/:code: the cast code entry. A code is entered (or given, or the one this device
// saved is reused), checked, then the projection display (/screenProjection?code=) opens. The
// screenCast machine runs it (visitor token, the check, the saved code).
import { Button, HStack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  screenCastMachine,
  selectCastErrorKey,
  selectCastErrorMessage,
  selectCastStage,
  selectSavedCastCode,
} from '../../machines/meetings/screenCast.machine';
import { CastCodeForm } from '../../ui/meetings/CastCodeForm';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { StandalonePage } from '../../ui/pages/StandalonePage';

export function CastScreen({ code }: { code?: string }) {
  const { t } = useTranslation('meetings');
  const navigate = useNavigate();
  const [machine] = useState(() =>
    screenCastMachine.provide({
      actions: { openProjection: (_, found) => navigate(`/screenProjection?code=${encodeURIComponent(found.code)}`, { replace: true }) },
    }),
  );
  const cast = useActorRef(machine, { input: { code: code ?? null } });
  const stage = useSelector(cast, selectCastStage);
  const errorMessage = useSelector(cast, selectCastErrorMessage);
  const errorKey = useSelector(cast, selectCastErrorKey);
  const saved = useSelector(cast, selectSavedCastCode);
  const error = errorMessage ?? (errorKey ? t(errorKey) : null);
  return (
    <StandalonePage>
      {stage === 'linkExpired' ? (
        <LinkExpired title={t('linkExpired')} body={t('castExpiredBody')} />
      ) : stage === 'found' ? (
        <Text>{t('castOpening')}</Text>
      ) : (
        <>
          <CastCodeForm error={error} busy={stage === 'connecting'} onSubmit={(value) => cast.send({ type: 'cast.submit', code: value })} />
          {saved && stage === 'codeEntry' && (
            <HStack mt="3" gap="3" data-testid="cast-saved">
              <Text fontSize="sm" color="fg.muted">{t('castSavedCode', { code: saved })}</Text>
              <Button size="xs" variant="outline" onClick={() => cast.send({ type: 'cast.submit', code: saved })} data-testid="cast-use-saved">
                {t('castUseSaved')}
              </Button>
            </HStack>
          )}
        </>
      )}
    </StandalonePage>
  );
}
