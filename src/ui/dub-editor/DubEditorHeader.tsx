// The dub editor's header: the record name (editable, required), the language being dubbed, the
// save state (saved / saving / failed with retry), undo and redo, the editing tools, zoom, the
// source/dubbed video switch, the voiceover button (a slot the route fills) and the shortcut help.
import { Badge, Box, Button, chakra, HStack, IconButton, Text } from '@chakra-ui/react';
import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveStateView } from './dub-editor-view';

export const RECORD_NAME_MAX = 250;

export interface DubEditorHeaderProps {
  name: string;
  onRename(name: string): void;
  languages: ReadonlyArray<{ code: string; name: string }>;
  language: string;
  onLanguage(code: string): void;
  saveState: SaveStateView;
  /** Why the last save failed (the server's message or the translated fallback). */
  saveFailure?: string | null;
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  dubbedVideo: { available: boolean; showing: boolean };
  onShowDubbed(showing: boolean): void;
  onAction(action: 'undo' | 'redo' | 'split' | 'merge' | 'insert' | 'delete' | 'zoomIn' | 'zoomOut' | 'help'): void;
  onRetrySave(): void;
  voiceover?: ReactNode;
}

const NameInput = chakra('input', {
  base: { fontSize: 'md', fontWeight: 'semibold', px: '2', py: '1', rounded: 'sm', borderWidth: '1px', borderColor: 'transparent', bg: 'transparent', minW: '12rem', _hover: { borderColor: 'border' }, _focus: { borderColor: 'colorPalette.solid', bg: 'bg' } },
});
const Select = chakra('select', { base: { fontSize: 'sm', px: '2', py: '1', rounded: 'sm', borderWidth: '1px', bg: 'bg' } });

function RecordName({ name, onRename }: Pick<DubEditorHeaderProps, 'name' | 'onRename'>) {
  const { t } = useTranslation('dubEditor');
  const [empty, setEmpty] = useState(false);
  return (
    <Box>
      <NameInput
        key={name}
        defaultValue={name}
        maxLength={RECORD_NAME_MAX}
        required
        aria-label={t('header.name')}
        aria-invalid={empty || undefined}
        data-testid="record-name"
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            event.currentTarget.value = name;
            setEmpty(false);
            event.currentTarget.blur();
          }
        }}
        onInput={(event) => setEmpty(!event.currentTarget.value.trim())}
        onBlur={(event) => {
          const next = event.currentTarget.value.trim();
          // Required: an empty name is not sent, the old one stays until a real name is typed.
          if (!next) return setEmpty(true);
          setEmpty(false);
          if (next !== name) onRename(next);
        }}
      />
      {empty && (
        <Text fontSize="xs" color="fg.error" data-testid="record-name-required">
          {t('header.nameRequired')}
        </Text>
      )}
    </Box>
  );
}

function SaveState({ state, failure, onRetry }: { state: SaveStateView; failure: string | null; onRetry(): void }) {
  const { t } = useTranslation('dubEditor');
  const palette = state === 'failed' ? 'red' : state === 'saving' ? 'orange' : 'green';
  return (
    <HStack gap="1" role="status" aria-live="polite" data-testid="save-state" data-state={state}>
      <Badge colorPalette={palette} variant="subtle" title={state === 'failed' && failure ? failure : undefined}>
        {t(`save.${state}`)}
      </Badge>
      {state === 'failed' && failure && (
        <Text fontSize="xs" color="fg.error" maxW="16rem" truncate data-testid="save-failure">
          {failure}
        </Text>
      )}
      {state === 'failed' && (
        <Button size="2xs" variant="outline" colorPalette="red" onClick={onRetry} data-testid="save-retry">
          {t('save.retry')}
        </Button>
      )}
    </HStack>
  );
}

export const DubEditorHeader = memo(function DubEditorHeader(props: DubEditorHeaderProps) {
  const { t } = useTranslation('dubEditor');
  const tool = (action: Parameters<DubEditorHeaderProps['onAction']>[0], label: string, disabled = false) => (
    <Button size="xs" variant="outline" disabled={disabled} onClick={() => props.onAction(action)} data-testid={`tool-${action}`}>
      {label}
    </Button>
  );
  // Undo and redo stay clickable with an empty history (only dimmed), so the click is answered with
  // the translated "nothing undoable" (features §5) instead of a button that silently stops working.
  const history = (action: 'undo' | 'redo', label: string, available: boolean) => (
    <Button size="xs" variant="outline" opacity={available ? 1 : 0.6} data-empty={!available || undefined} onClick={() => props.onAction(action)} data-testid={`tool-${action}`}>
      {label}
    </Button>
  );
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel" px="3" py="2" data-testid="dub-editor-header">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <HStack gap="3" wrap="wrap">
          <RecordName name={props.name} onRename={props.onRename} />
          <Select value={props.language} required aria-label={t('header.language')} onChange={(event) => props.onLanguage(event.currentTarget.value)} data-testid="dub-language">
            {props.languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </Select>
          <SaveState state={props.saveState} failure={props.saveFailure ?? null} onRetry={props.onRetrySave} />
        </HStack>
        <HStack gap="2" wrap="wrap">
          {props.dubbedVideo.available && (
            <Button size="xs" variant={props.dubbedVideo.showing ? 'solid' : 'outline'} onClick={() => props.onShowDubbed(!props.dubbedVideo.showing)} data-testid="show-dubbed">
              {props.dubbedVideo.showing ? t('header.showSource') : t('header.showDubbed')}
            </Button>
          )}
          {props.voiceover}
          <IconButton size="xs" variant="ghost" aria-label={t('help.open')} title={t('help.open')} onClick={() => props.onAction('help')} data-testid="shortcut-help-open">
            ?
          </IconButton>
        </HStack>
      </HStack>
      <HStack gap="1.5" mt="2" wrap="wrap" role="toolbar" aria-label={t('header.tools')}>
        {history('undo', t('shortcut.undo'), props.canUndo)}
        {history('redo', t('shortcut.redo'), props.canRedo)}
        <Box w="px" h="5" bg="border" mx="1" />
        {tool('split', t('shortcut.split'), !props.hasSelection)}
        {tool('merge', t('shortcut.merge'), !props.hasSelection)}
        {tool('insert', t('shortcut.insert'))}
        {tool('delete', t('shortcut.delete'), !props.hasSelection)}
        <Box w="px" h="5" bg="border" mx="1" />
        {tool('zoomOut', t('shortcut.zoomOut'))}
        {tool('zoomIn', t('shortcut.zoomIn'))}
      </HStack>
    </Box>
  );
});
