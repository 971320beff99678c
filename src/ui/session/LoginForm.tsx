// Sign-in form: password tab (e-mail or phone in one field) and verification-code tab (e-mail or
// phone with area code). Field errors arrive as i18n keys and are translated here.
import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabSwitch, tabSwitchTabId } from '../common/TabSwitch';
import type { CodeFormProps } from './code-form-props';
import { useFieldErrorText } from './code-form-props';
import { FormAlert } from './FormAlert';
import type { SocialProviderName } from './SocialButtons';
import { SocialButtons } from './SocialButtons';
import { TextField } from './TextField';

// The code tab's fields (channel tabs, code with its send button) load when the tab is first chosen:
// the password tab is what the sign-in page paints first.
const ContactCodeFields = lazy(() => import('./ContactCodeFields').then((module) => ({ default: module.ContactCodeFields })));

export type LoginFormMode = 'password' | 'code';
export type LoginFieldName = 'username' | 'password' | 'email' | 'areaCode' | 'phone' | 'code';

export interface LoginFormProps extends CodeFormProps<LoginFieldName> {
  mode: LoginFormMode;
  social: { busy: boolean; provider?: SocialProviderName };
  onModeChange(mode: LoginFormMode): void;
  onVisitor(): void;
  onSocial(provider: SocialProviderName): void;
  /** Links to register and reset, rendered by the page (it owns routing). */
  links: ReactNode;
}

export function LoginForm(props: LoginFormProps) {
  const { mode, channel, values, fieldErrors, formError, submitting, codeSend, social, links } = props;
  const { t } = useTranslation('auth');
  const errorOf = useFieldErrorText(fieldErrors);
  const busy = submitting || social.busy;

  return (
    <Stack gap={5}>
      <TabSwitch
        value={mode}
        onChange={props.onModeChange}
        label={t('tabs.signInMethod')}
        idPrefix="login-mode"
        panelId="login-mode-panel"
        fitted
        options={[
          { value: 'password', label: t('tabs.password'), testId: 'login-tab-password' },
          { value: 'code', label: t('tabs.code'), testId: 'login-tab-code' },
        ]}
      />

      <Box id="login-mode-panel" role="tabpanel" aria-labelledby={tabSwitchTabId('login-mode', mode)}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <Stack gap={4}>
            {mode === 'password' ? (
              <>
                <TextField
                  name="username"
                  label={t('fields.username')}
                  placeholder={t('fields.usernamePlaceholder')}
                  autoComplete="username"
                  value={values.username}
                  onChange={(value) => props.onFieldChange('username', value)}
                  error={errorOf('username')}
                  testId="login-username"
                />
                <TextField
                  name="password"
                  type="password"
                  label={t('fields.password')}
                  placeholder={t('fields.passwordPlaceholder')}
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(value) => props.onFieldChange('password', value)}
                  error={errorOf('password')}
                  testId="login-password"
                />
              </>
            ) : (
              <>
                <Text fontSize="sm" color="fg.muted">
                  {t('hints.codeSignInRegisters')}
                </Text>
                <Suspense fallback={<Spinner size="sm" alignSelf="center" />}>
                  <ContactCodeFields
                    testIdPrefix="login"
                    emailTestId="login-email"
                    channel={channel}
                    values={values}
                    errorOf={errorOf}
                    codeSend={codeSend}
                    onChannelChange={props.onChannelChange}
                    onFieldChange={props.onFieldChange}
                    onSendCode={props.onSendCode}
                  />
                </Suspense>
              </>
            )}

            <FormAlert text={formError} testId="login-error" />

            <Button type="submit" colorPalette="blue" size="lg" width="100%" loading={submitting} disabled={busy} data-testid="login-submit">
              {t('actions.signIn')}
            </Button>
            {links}
            <Button type="button" variant="ghost" width="100%" disabled={busy} onClick={props.onVisitor} data-testid="visitor-login">
              {t('actions.visitor')}
            </Button>
          </Stack>
        </form>
      </Box>

      <SocialButtons onStart={props.onSocial} busy={busy} busyProvider={social.busy ? social.provider : undefined} />
    </Stack>
  );
}
