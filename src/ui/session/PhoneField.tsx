// Area-code picker (flag, code, region name) beside the national number.
import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { areaCodeOptions } from './area-codes';

export interface PhoneFieldProps {
  areaCode: string;
  phone: string;
  onAreaCodeChange(code: string): void;
  onPhoneChange(phone: string): void;
  testIdPrefix: string;
  error?: string;
}

export function PhoneField({ areaCode, phone, onAreaCodeChange, onPhoneChange, testIdPrefix, error }: PhoneFieldProps) {
  const { t, i18n } = useTranslation('auth');
  const options = areaCodeOptions(i18n.language);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{t('fields.phone')}</Field.Label>
      <HStack width="100%" gap={2} align="stretch">
        <NativeSelect.Root width="9.5rem" flexShrink={0}>
          <NativeSelect.Field
            aria-label={t('fields.areaCode')}
            value={areaCode}
            onChange={(e) => onAreaCodeChange(e.currentTarget.value)}
            data-testid={`${testIdPrefix}-area-code`}
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          placeholder={t('fields.phonePlaceholder')}
          aria-label={t('fields.phone')}
          onChange={(e) => onPhoneChange(e.currentTarget.value)}
          data-testid={`${testIdPrefix}-phone`}
        />
      </HStack>
      {error ? <Field.ErrorText data-testid={`${testIdPrefix}-phone-error`}>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
