import { Button, Card, Field, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAST_CODE_LENGTH } from '../../shared/contract/limits';

/** The cast screen's six-digit code entry. */
export function CastCodeForm({ error, busy, onSubmit }: { error: string | null; busy: boolean; onSubmit(code: string): void }) {
  const { t } = useTranslation('meetings');
  const [code, setCode] = useState('');
  return (
    <Card.Root data-testid="cast-code-form">
      <Card.Body>
        <form onSubmit={(e) => { e.preventDefault(); onSubmit(code); }}>
          <Stack gap="4">
            <Heading size="lg">{t('castTitle')}</Heading>
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>{t('castCodeLabel', { length: CAST_CODE_LENGTH })}</Field.Label>
              <HStack>
                <Input value={code} inputMode="numeric" maxLength={CAST_CODE_LENGTH} fontSize="2xl" letterSpacing="0.3em" onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))} data-testid="cast-code-input" />
                <Button type="submit" colorPalette="brand" loading={busy} data-testid="cast-code-submit">{t('castConnect')}</Button>
              </HStack>
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
