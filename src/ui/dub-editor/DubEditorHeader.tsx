// The dub editor's header: the record name (editable, required), the language being dubbed, the
// save state (saved / saving / failed with retry), undo and redo, the editing tools, zoom, the
// source/dubbed video switch, the voiceover button (a slot the route fills) and the shortcut help.
// Drawn again on every edit (undo and redo become available, the selection's number changes in the
// voiceover slot): the layout is plain elements with dub-editor.css's classes and every control is
// memoised apart, so an edit redraws only the button it changes.
import { Badge, Box, Button, chakra, HStack, IconButton, Text } from '@chakra-ui/react';
import { memo, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveStateView } from './dub-editor-view';
import '../common/ghost-button.css';
import './dub-editor.css';

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

const RecordName = memo(function RecordName({ name, onRename }: Pick<DubEditorHeaderProps, 'name' | 'onRename'>) {
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
});

const SaveState = memo(function SaveState({ state, failure, onRetry }: { state: SaveStateView; failure: string | null; onRetry(): void }) {
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
});

type HeaderAction = Parameters<DubEditorHeaderProps['onAction']>[0];

const LanguageSelect = memo(function LanguageSelect({ languages, language, onLanguage }: Pick<DubEditorHeaderProps, 'languages' | 'language' | 'onLanguage'>) {
  const { t } = useTranslation('dubEditor');
  return (
    <Select value={language} required aria-label={t('header.language')} onChange={(event) => onLanguage(event.currentTarget.value)} data-testid="dub-language">
      {languages.map((entry) => (
        <option key={entry.code} value={entry.code}>
          {entry.name}
        </option>
      ))}
    </Select>
  );
});

/** Plain buttons (dub-editor.css): see there. */
const ToolButton = memo(function ToolButton({ action, label, disabled, onAction }: { action: HeaderAction; label: string; disabled: boolean; onAction: DubEditorHeaderProps['onAction'] }) {
  return (
    <button type="button" className="ghost-button dub-tool-button" data-variant="outline" disabled={disabled} onClick={() => onAction(action)} data-testid={`tool-${action}`}>
      {label}
    </button>
  );
});

// Undo and redo stay clickable with an empty history (only dimmed), so the click is answered with
// the translated "nothing undoable" (features §5) instead of a button that silently stops working.
const HistoryButton = memo(function HistoryButton({ action, label, available, onAction }: { action: 'undo' | 'redo'; label: string; available: boolean; onAction: DubEditorHeaderProps['onAction'] }) {
  return (
    <button type="button" className="ghost-button dub-tool-button" data-variant="outline" data-empty={!available || undefined} onClick={() => onAction(action)} data-testid={`tool-${action}`}>
      {label}
    </button>
  );
});

const DubbedSwitch = memo(function DubbedSwitch({ showing, onShowDubbed }: { showing: boolean; onShowDubbed(showing: boolean): void }) {
  const { t } = useTranslation('dubEditor');
  return (
    <Button size="xs" variant={showing ? 'solid' : 'outline'} onClick={() => onShowDubbed(!showing)} data-testid="show-dubbed">
      {showing ? t('header.showSource') : t('header.showDubbed')}
    </Button>
  );
});

const HelpButton = memo(function HelpButton({ onAction }: { onAction: DubEditorHeaderProps['onAction'] }) {
  const { t } = useTranslation('dubEditor');
  return (
    <IconButton size="xs" variant="ghost" aria-label={t('help.open')} title={t('help.open')} onClick={() => onAction('help')} data-testid="shortcut-help-open">
      ?
    </IconButton>
  );
});

/** Undo, redo and the line tools: drawn again when the history fills or empties, with its labels kept per language. */
const EditToolbar = memo(function EditToolbar({ canUndo, canRedo, hasSelection, onAction }: Pick<DubEditorHeaderProps, 'canUndo' | 'canRedo' | 'hasSelection' | 'onAction'>) {
  const { t } = useTranslation('dubEditor');
  const label = useMemo(
    () => ({
      tools: t('header.tools'),
      undo: t('shortcut.undo'),
      redo: t('shortcut.redo'),
      split: t('shortcut.split'),
      merge: t('shortcut.merge'),
      insert: t('shortcut.insert'),
      delete: t('shortcut.delete'),
      zoomOut: t('shortcut.zoomOut'),
      zoomIn: t('shortcut.zoomIn'),
    }),
    [t],
  );
  return (
    <div className="dub-editor-row dub-editor-toolbar" role="toolbar" aria-label={label.tools}>
      <HistoryButton action="undo" label={label.undo} available={canUndo} onAction={onAction} />
      <HistoryButton action="redo" label={label.redo} available={canRedo} onAction={onAction} />
      <div className="dub-editor-separator" />
      <ToolButton action="split" label={label.split} disabled={!hasSelection} onAction={onAction} />
      <ToolButton action="merge" label={label.merge} disabled={!hasSelection} onAction={onAction} />
      <ToolButton action="insert" label={label.insert} disabled={false} onAction={onAction} />
      <ToolButton action="delete" label={label.delete} disabled={!hasSelection} onAction={onAction} />
      <div className="dub-editor-separator" />
      <ToolButton action="zoomOut" label={label.zoomOut} disabled={false} onAction={onAction} />
      <ToolButton action="zoomIn" label={label.zoomIn} disabled={false} onAction={onAction} />
    </div>
  );
});

export const DubEditorHeader = memo(function DubEditorHeader(props: DubEditorHeaderProps) {
  const { onAction, hasSelection } = props;
  return (
    <header className="dub-editor-header" data-testid="dub-editor-header">
      <div className="dub-editor-row dub-editor-row-top">
        <div className="dub-editor-row dub-editor-gap-3">
          <RecordName name={props.name} onRename={props.onRename} />
          <LanguageSelect languages={props.languages} language={props.language} onLanguage={props.onLanguage} />
          <SaveState state={props.saveState} failure={props.saveFailure ?? null} onRetry={props.onRetrySave} />
        </div>
        <div className="dub-editor-row dub-editor-gap-2">
          {props.dubbedVideo.available && <DubbedSwitch showing={props.dubbedVideo.showing} onShowDubbed={props.onShowDubbed} />}
          {props.voiceover}
          <HelpButton onAction={onAction} />
        </div>
      </div>
      <EditToolbar canUndo={props.canUndo} canRedo={props.canRedo} hasSelection={hasSelection} onAction={onAction} />
    </header>
  );
});
