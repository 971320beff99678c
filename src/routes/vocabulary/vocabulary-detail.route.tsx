// /vocabularyDetail?id= (features §2, §3): the library detail machine drawn by EntryTable (inline
// editing, selection, bulk delete with a confirmation), with search, and the import machine drawn
// by ImportDialog (preview, import, template) plus the export button.
import { Button, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  libraryDetailMachine,
  selectHasMoreEntries,
  selectLibraryDetail,
  selectLibraryDetailPhase,
} from '../../machines/vocabulary/libraryDetail.machine';
import {
  previewIsClean,
  selectImport,
  selectImportPhase,
  vocabularyImportMachine,
} from '../../machines/vocabulary/vocabularyImport.machine';
import { ConfirmDialog } from '../../ui/common/ConfirmDialog';
import { VOCABULARY_HAND_CAP, VOCABULARY_IMPORT_CAP } from '../../shared/contract/vocabulary-limits';
import { PageFrame } from '../../ui/pages/PageFrame';
import { EntryTable } from '../../ui/vocabulary/EntryTable';
import { ErrorLine } from '../../ui/vocabulary/ErrorLine';
import { ImportDialog } from '../../ui/vocabulary/ImportDialog';
import type { KindName, ShownError } from '../../ui/vocabulary/vocabulary-view-types';
import { RouterLink } from '../shell/router-link';
import { showNotice } from '../shell/show-toast';

const SEARCH_DELAY_MS = 300;

function shownError(context: { errorMessage?: string | undefined; errorKey?: string | undefined; errorParams?: Record<string, string | number> | undefined }): ShownError | null {
  return context.errorMessage || context.errorKey ? { message: context.errorMessage, key: context.errorKey, params: context.errorParams } : null;
}

/** Import and export of one library; mounted once the library (and so its kind) is known. */
function ImportExport({ libraryId, kind, onImported }: { libraryId: string; kind: KindName; onImported(): void }) {
  const { t } = useTranslation('vocabulary');
  const [open, setOpen] = useState(false);
  const actor = useActorRef(vocabularyImportMachine, { input: { libraryId, kind } });
  const phase = useSelector(actor, selectImportPhase);
  const context = useSelector(actor, selectImport);
  useEffect(() => {
    const subscriptions = [actor.on('notice', (notice) => showNotice(notice, t)), actor.on('vocabulary.imported', onImported)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, onImported, t]);
  const close = () => {
    if (phase === 'done') actor.send({ type: 'import.reset' });
    setOpen(false);
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="entries-import">
        {t('import')}
      </Button>
      <Button size="sm" variant="outline" loading={phase === 'exporting'} onClick={() => actor.send({ type: 'import.exportRequested' })} data-testid="entries-export">
        {t('export')}
      </Button>
      <ImportDialog
        open={open}
        kind={kind}
        phase={phase}
        rowCap={VOCABULARY_IMPORT_CAP[kind]}
        fileName={context.file?.name ?? null}
        preview={context.preview}
        canConfirm={previewIsClean(context.preview)}
        imported={context.imported}
        error={shownError(context)}
        onFiles={(files) => actor.send({ type: 'import.filesChosen', files })}
        onConfirm={() => actor.send({ type: 'import.confirmed' })}
        onReset={() => actor.send({ type: 'import.reset' })}
        onTemplate={() => actor.send({ type: 'import.templateRequested' })}
        onClose={close}
      />
    </>
  );
}

function LibraryDetail({ libraryId }: { libraryId: string }) {
  const { t } = useTranslation(['vocabulary', 'pages']);
  const actor = useActorRef(libraryDetailMachine, { input: { libraryId } });
  const phase = useSelector(actor, selectLibraryDetailPhase);
  const context = useSelector(actor, selectLibraryDetail);
  const hasMore = useSelector(actor, selectHasMoreEntries);
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    const subscription = actor.on('notice', (notice) => showNotice(notice, t));
    return () => subscription.unsubscribe();
  }, [actor, t]);
  // The search runs as the user pauses typing.
  useEffect(() => {
    if (keyword.trim() === actor.getSnapshot().context.keyword) return;
    const timer = setTimeout(() => actor.send({ type: 'entries.search', keyword }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword, actor]);
  const onLoadMore = useCallback(() => actor.send({ type: 'entries.loadMore' }), [actor]);
  const onImported = useCallback(() => actor.send({ type: 'entries.reload' }), [actor]);

  const library = context.library;
  const error = shownError(context);
  return (
    <PageFrame title={library?.name ?? t('pages:vocabularyDetail')}>
      <RouterLink to={`/vocabulary${library ? `?kind=${library.kind}` : ''}`} data-testid="vocabulary-back">
        {t('back')}
      </RouterLink>
      {!library && phase === 'loading' && <Spinner aria-label={t('common:loading')} />}
      {!library && phase === 'failed' && (
        <Stack align="start">
          <ErrorLine error={error} testId="entries-load-error" />
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'entries.retry' })}>
            {t('retry')}
          </Button>
        </Stack>
      )}
      {library && (
        <Stack gap="3">
          <Text color="fg.muted" data-testid="library-kind">
            {t(`kind.${library.kind}`)} · {t('entryCount', { count: context.keyword ? library.wordCount : context.total, max: VOCABULARY_HAND_CAP[library.kind] })}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Input
              size="sm"
              maxW="16rem"
              type="search"
              value={keyword}
              placeholder={t('searchPlaceholder')}
              aria-label={t('searchLabel')}
              maxLength={100}
              data-testid="entries-search"
              onChange={(event) => setKeyword(event.target.value)}
            />
            <Button size="sm" colorPalette="brand" disabled={context.draft !== null} onClick={() => actor.send({ type: 'entry.addRequested' })} data-testid="entries-add">
              {t('add')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={context.selected.length === 0}
              onClick={() => actor.send({ type: 'entries.bulkDeleteRequested' })}
              data-testid="entries-bulk-delete"
            >
              {t('bulkDelete', { count: context.selected.length })}
            </Button>
            <ImportExport libraryId={libraryId} kind={library.kind} onImported={onImported} />
          </HStack>
          <EntryTable
            kind={library.kind}
            rows={context.rows}
            selected={context.selected}
            draft={context.draft}
            error={phase === 'failed' ? null : error}
            saving={phase === 'saving'}
            hasMore={hasMore}
            loadingMore={phase === 'loadingMore'}
            emptyText={context.keyword ? t('noMatches') : t('noEntries')}
            onLoadMore={onLoadMore}
            onToggle={(id) => actor.send({ type: 'entries.selectionToggled', id })}
            onToggleAll={() => actor.send({ type: 'entries.allToggled' })}
            onEdit={(entry) => actor.send({ type: 'entry.editRequested', entry })}
            onDraft={(change) => actor.send({ type: 'entry.draftChanged', ...change })}
            onSubmit={() => actor.send({ type: 'entry.submitted' })}
            onCancel={() => actor.send({ type: 'entry.editCancelled' })}
            onDelete={(id) => actor.send({ type: 'entry.deleteRequested', id })}
          />
          {phase === 'failed' && (
            <Stack align="start">
              <ErrorLine error={error} testId="entries-load-error" />
              <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'entries.retry' })}>
                {t('retry')}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={phase === 'confirmingBulkDelete'}
        title={t('bulkDeleteTitle')}
        body={t('bulkDeleteBody', { count: context.selected.length })}
        confirmLabel={t('deleteConfirm')}
        testId="entries-delete-confirm"
        onConfirm={() => actor.send({ type: 'entries.bulkDeleteConfirmed' })}
        onCancel={() => actor.send({ type: 'entries.bulkDeleteCancelled' })}
      />
    </PageFrame>
  );
}

export default function VocabularyDetailPage() {
  const { t } = useTranslation(['vocabulary', 'pages']);
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) {
    return (
      <PageFrame title={t('pages:vocabularyDetail')}>
        <RouterLink to="/vocabulary">{t('back')}</RouterLink>
      </PageFrame>
    );
  }
  // A new id (another library opened from a link) starts a fresh machine.
  return <LibraryDetail key={id} libraryId={id} />;
}
