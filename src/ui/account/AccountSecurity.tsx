// Account security of the personal centre: e-mail, phone and WeChat with bind or change actions,
// and the password change. Rows only; the dialogs are apart (AccountSecurityDialogs.tsx).
import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface AccountSecurityProps {
  email: string | null;
  phone: string | null;
  wechatBound: boolean;
  wechatBusy: boolean;
  wechatError: { message?: string; messageKey?: string } | null;
  onBind(kind: 'email' | 'phone'): void;
  onWechatBind(): void;
  onWechatUnbind(): void;
  onChangePassword(): void;
}

function Row({ label, value, testId, children }: { label: string; value: string; testId: string; children: React.ReactNode }) {
  return (
    <HStack justify="space-between" gap="4" py="2" borderBottomWidth="1px" data-testid={testId}>
      <Stack gap="0">
        <Text fontWeight="medium">{label}</Text>
        <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-value`}>
          {value}
        </Text>
      </Stack>
      {children}
    </HStack>
  );
}

export function AccountSecurity(props: AccountSecurityProps) {
  const { t } = useTranslation('profile');
  const wechatError = props.wechatError ? (props.wechatError.message ?? t(props.wechatError.messageKey ?? 'failed')) : null;
  return (
    <Stack as="section" gap="2" aria-labelledby="profile-security" data-testid="profile-security">
      <Heading as="h2" size="md" id="profile-security">
        {t('security')}
      </Heading>
      <Row label={t('email')} value={props.email ?? t('notBound')} testId="security-email">
        <Button size="sm" variant="outline" onClick={() => props.onBind('email')} data-testid="bind-email">
          {props.email ? t('change') : t('bind')}
        </Button>
      </Row>
      <Row label={t('phone')} value={props.phone ?? t('notBound')} testId="security-phone">
        <Button size="sm" variant="outline" onClick={() => props.onBind('phone')} data-testid="bind-phone">
          {props.phone ? t('change') : t('bind')}
        </Button>
      </Row>
      <Row label={t('wechat')} value={props.wechatBound ? t('bound') : t('notBound')} testId="security-wechat">
        <Button
          size="sm"
          variant="outline"
          loading={props.wechatBusy}
          onClick={props.wechatBound ? props.onWechatUnbind : props.onWechatBind}
          data-testid={props.wechatBound ? 'wechat-unbind' : 'wechat-bind'}
        >
          {props.wechatBound ? t('unbind') : t('bind')}
        </Button>
      </Row>
      {wechatError && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="wechat-error">
          {wechatError}
        </Text>
      )}
      <Row label={t('password')} value="••••••••" testId="security-password">
        <Button size="sm" variant="outline" onClick={props.onChangePassword} data-testid="change-password">
          {t('changePassword')}
        </Button>
      </Row>
    </Stack>
  );
}
