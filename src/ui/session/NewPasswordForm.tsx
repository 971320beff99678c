// The form of /register and /resetPassword: e-mail (default) or phone, code, password, confirmation.
import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeFormProps } from './ContactCodeFields';
import { ContactCodeFields, useFieldErrorText } from './ContactCodeFields';
import { FormAlert } from './FormAlert';
import { TextField } from './TextField';

export type NewPasswordFieldName = 'email' | 'areaCode' | 'phone' | 'code' | 'password' | 'confirm';

export interface NewPasswordFormProps extends CodeFormProps<NewPasswordFieldName> {
  /** data-testid prefix: 'register' gives register-username, register-code, … */
  testIdPrefix: string;
  submitLabel: string;
  passwordLabel: string;
  links?: ReactNode;
}

export function NewPasswordForm(props: NewPasswordFormProps) {
  const { testIdPrefix: prefix, channel, values, fieldErrors, codeSend } = props;
  const { t } = useTranslation('auth');
  const errorOf = useFieldErrorText(fieldErrors);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap={4}>
        <ContactCodeFields
          testIdPrefix={prefix}
          emailTestId={`${prefix}-username`}
          channel={channel}
          values={values}
          errorOf={errorOf}
          codeSend={codeSend}
          onChannelChange={props.onChannelChange}
          onFieldChange={props.onFieldChange}
          onSendCode={props.onSendCode}
        />
        <TextField
          name="password"
          type="password"
          label={props.passwordLabel}
          placeholder={t('fields.passwordPlaceholder')}
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          value={values.password}
          onChange={(value) => props.onFieldChange('password', value)}
          error={errorOf('password')}
          testId={`${prefix}-password`}
        />
        <TextField
          name="confirm"
          type="password"
          label={t('fields.confirm')}
          placeholder={t('fields.confirmPlaceholder')}
          autoComplete="new-password"
          value={values.confirm}
          onChange={(value) => props.onFieldChange('confirm', value)}
          error={errorOf('confirm')}
          testId={`${prefix}-password-confirm`}
        />
        <FormAlert text={props.formError} testId={`${prefix}-error`} />
        <Button type="submit" colorPalette="blue" size="lg" width="100%" loading={props.submitting} data-testid={`${prefix}-submit`}>
          {props.submitLabel}
        </Button>
        {props.links}
      </Stack>
    </form>
  );
}
