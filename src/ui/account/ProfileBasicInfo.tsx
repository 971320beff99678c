// Basic information of the personal centre: the avatar (choose → square preview → upload) and the
// nickname and name, shown and edited in place. Renders what the profile and avatar machines hold.
import { Avatar, Box, Button, Field, HStack, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_ACCEPT, NICKNAME_MAX, PROFILE_NAME_MAX } from '../../shared/contract/profile-limits';

type Shown = { message?: string; messageKey?: string } | null;

export interface ProfileBasicInfoProps {
  displayName: string;
  avatarUrl: string | null;
  /** Object address of the square crop waiting for confirmation. */
  previewUrl: string | null;
  avatarBusy: boolean;
  avatarError: Shown;
  onAvatarFile(file: File): void;
  onAvatarConfirm(): void;
  onAvatarCancel(): void;
  editing: boolean;
  saving: boolean;
  nickname: string;
  name: string;
  savedNickname: string;
  savedName: string;
  profileError: Shown;
  onEdit(): void;
  onNicknameChange(value: string): void;
  onNameChange(value: string): void;
  onSave(): void;
  onCancel(): void;
}

export function ProfileBasicInfo(props: ProfileBasicInfoProps) {
  const { t } = useTranslation('profile');
  const fileInput = useRef<HTMLInputElement>(null);
  const text = (shown: Shown) => (shown ? (shown.message ?? t(shown.messageKey ?? 'failed', { max: NICKNAME_MAX, mb: 2 })) : null);
  const avatarError = text(props.avatarError);
  const profileError = text(props.profileError);
  return (
    <Stack as="section" gap="4" aria-labelledby="profile-basic" data-testid="profile-basic">
      <Heading as="h2" size="md" id="profile-basic">
        {t('basicInfo')}
      </Heading>
      <HStack gap="4" align="center">
        <Avatar.Root size="2xl" colorPalette="brand">
          {props.previewUrl ? <Avatar.Image src={props.previewUrl} alt={t('avatarPreview')} data-testid="avatar-preview" /> : props.avatarUrl ? <Avatar.Image src={props.avatarUrl} alt={t('avatar')} data-testid="avatar-image" /> : null}
          <Avatar.Fallback name={props.displayName} />
        </Avatar.Root>
        <Stack gap="2">
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_ACCEPT}
            hidden
            data-testid="avatar-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) props.onAvatarFile(file);
              event.target.value = '';
            }}
          />
          {props.previewUrl ? (
            <HStack gap="2">
              <Button size="sm" colorPalette="brand" loading={props.avatarBusy} onClick={props.onAvatarConfirm} data-testid="avatar-confirm">
                {t('avatarUse')}
              </Button>
              <Button size="sm" variant="outline" disabled={props.avatarBusy} onClick={props.onAvatarCancel} data-testid="avatar-cancel">
                {t('cancel')}
              </Button>
            </HStack>
          ) : (
            <Button size="sm" variant="outline" loading={props.avatarBusy} onClick={() => fileInput.current?.click()} data-testid="avatar-choose">
              {t('avatarChange')}
            </Button>
          )}
          <Text fontSize="xs" color="fg.muted">
            {t('avatarHint')}
          </Text>
          {avatarError && (
            <Text fontSize="sm" color="fg.error" role="alert" data-testid="avatar-error">
              {avatarError}
            </Text>
          )}
        </Stack>
      </HStack>
      {props.editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave();
          }}
        >
          <Stack gap="3" maxW="sm">
            <Field.Root>
              <Field.Label>{t('nickname')}</Field.Label>
              <Input value={props.nickname} maxLength={NICKNAME_MAX + 10} onChange={(e) => props.onNicknameChange(e.target.value)} data-testid="profile-nickname-input" />
            </Field.Root>
            <Field.Root invalid={!!profileError}>
              <Field.Label>{t('name')}</Field.Label>
              <Input value={props.name} maxLength={PROFILE_NAME_MAX + 10} onChange={(e) => props.onNameChange(e.target.value)} data-testid="profile-name-input" />
              {profileError && <Field.ErrorText data-testid="profile-error">{profileError}</Field.ErrorText>}
            </Field.Root>
            <HStack gap="2">
              <Button type="submit" size="sm" colorPalette="brand" loading={props.saving} data-testid="profile-save">
                {t('save')}
              </Button>
              <Button size="sm" variant="outline" disabled={props.saving} onClick={props.onCancel}>
                {t('cancel')}
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <Stack gap="1">
          <Box>
            <Text as="span" color="fg.muted">
              {t('nickname')}:{' '}
            </Text>
            <Text as="span" data-testid="profile-nickname">
              {props.savedNickname || t('notSet')}
            </Text>
          </Box>
          <Box>
            <Text as="span" color="fg.muted">
              {t('name')}:{' '}
            </Text>
            <Text as="span" data-testid="profile-name">
              {props.savedName}
            </Text>
          </Box>
          <Box>
            <Button size="sm" variant="outline" onClick={props.onEdit} data-testid="profile-edit">
              {t('edit')}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
