import { Badge, Box, Button, Heading, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { recordPath } from '../../shared/contract/record';
import { Cover, StateWithReason, progressOf, showsProgress, type RecordView } from './RecordCells';
import { formatDateTime } from './format';

export type HomeAction = 'transcribe' | 'interpret' | 'dub';

export interface HomeRecent {
  phase: 'loading' | 'ready' | 'failed';
  rows: RecordView[];
  total: number;
  errorText?: string | undefined;
}

export interface HomeViewProps {
  /** Null while nobody is signed in: the actions show, the records and the guide do not. */
  recent: HomeRecent | null;
  guideShown: boolean;
  /** Dubbing has no upload yet (it arrives later): its card says so instead of pretending. */
  dubAvailable: boolean;
  onAction(action: HomeAction): void;
  onOpenRecord(record: RecordView): void;
  onAllRecords(): void;
  onRetry(): void;
  onDismissGuide(): void;
}

const ACTIONS: ReadonlyArray<{ action: HomeAction; title: string; body: string }> = [
  { action: 'transcribe', title: 'transcribeTitle', body: 'transcribeBody' },
  { action: 'interpret', title: 'interpretTitle', body: 'interpretBody' },
  { action: 'dub', title: 'dubTitle', body: 'dubBody' },
];

function ActionCard({ action, title, body, later, onAction }: { action: HomeAction; title: string; body: string; later: boolean; onAction(action: HomeAction): void }) {
  const { t } = useTranslation('home');
  return (
    <Button
      onClick={() => onAction(action)}
      variant="outline"
      h="auto"
      minH={{ base: '20', md: '32' }}
      p={{ base: '4', md: '5' }}
      whiteSpace="normal"
      textAlign="start"
      justifyContent="flex-start"
      alignItems="flex-start"
      flexDirection="column"
      gap="1.5"
      borderRadius="lg"
      data-testid={`home-action-${action}`}
    >
      <HStack gap="2" flexWrap="wrap">
        <Text fontSize={{ base: 'md', md: 'lg' }} fontWeight="semibold">
          {t(title)}
        </Text>
        {later && (
          <Badge colorPalette="gray" data-testid="home-dub-later">
            {t('comingLater')}
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted" fontWeight="normal">
        {t(body)}
      </Text>
    </Button>
  );
}

function Guide({ onDismiss }: { onDismiss(): void }) {
  const { t } = useTranslation('home');
  return (
    <Box borderWidth="1px" borderColor="brand.muted" bg="brand.subtle" borderRadius="lg" p="4" data-testid="home-guide">
      <HStack justify="space-between" align="flex-start" gap="3">
        <Heading as="h2" size="sm">
          {t('guideTitle')}
        </Heading>
        <Button size="xs" variant="ghost" onClick={onDismiss} data-testid="home-guide-dismiss">
          {t('guideDismiss')}
        </Button>
      </HStack>
      <Stack as="ol" gap="1" mt="2" ps="5" listStyleType="decimal" fontSize="sm">
        <li>{t('guideStep1')}</li>
        <li>{t('guideStep2')}</li>
        <li>{t('guideStep3')}</li>
      </Stack>
    </Box>
  );
}

function RecentRow({ record, onOpen }: { record: RecordView; onOpen(): void }) {
  const { t } = useTranslation('home');
  const running = showsProgress(record);
  return (
    <HStack
      as="li"
      gap="3"
      py="2.5"
      px="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      onClick={onOpen}
      data-testid={`home-record-${record.id}`}
    >
      <Cover record={record} size="36px" />
      <Box flex="1" minW="0">
        <Text fontWeight="medium" truncate title={record.showName}>
          <a
            href={recordPath(record)}
            onClick={(event) => {
              event.preventDefault();
            }}
            aria-label={t('openRecord', { name: record.showName })}
          >
            {record.showName}
          </a>
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(record.createTime)}
        </Text>
        {running && (
          <Progress.Root value={progressOf(record)} size="xs" mt="1" maxW="60" colorPalette="brand" data-testid={`home-progress-${record.id}`}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
      </Box>
      <Box flexShrink={0} maxW={{ base: '40%', md: '50%' }}>
        <StateWithReason record={record} />
      </Box>
    </HStack>
  );
}

function Recent({ recent, onOpenRecord, onAllRecords, onRetry }: { recent: HomeRecent } & Pick<HomeViewProps, 'onOpenRecord' | 'onAllRecords' | 'onRetry'>) {
  const { t } = useTranslation('home');
  return (
    <Box as="section" aria-labelledby="home-recent-title" data-testid="home-recent" data-phase={recent.phase}>
      <HStack justify="space-between" mb="1">
        <Heading as="h2" size="md" id="home-recent-title">
          {t('recentTitle')}
        </Heading>
        {recent.total > recent.rows.length && (
          <Button size="xs" variant="ghost" onClick={onAllRecords} data-testid="home-all-records">
            {t('allRecords', { count: recent.total })}
          </Button>
        )}
      </HStack>
      {recent.phase === 'loading' && (
        <Text color="fg.muted" fontSize="sm">
          {t('recentLoading')}
        </Text>
      )}
      {recent.phase === 'failed' && (
        <HStack gap="3">
          <Text color="fg.error" fontSize="sm" data-testid="home-recent-error">
            {recent.errorText}
          </Text>
          <Button size="xs" onClick={onRetry} data-testid="home-recent-retry">
            {t('retry')}
          </Button>
        </HStack>
      )}
      {recent.phase === 'ready' && recent.rows.length === 0 && (
        <Text color="fg.muted" fontSize="sm" data-testid="home-recent-empty">
          {t('recentEmpty')}
        </Text>
      )}
      {recent.rows.length > 0 && recent.phase !== 'failed' && (
        <Box as="ul" listStyleType="none">
          {recent.rows.map((record) => (
            <RecentRow key={record.id} record={record} onOpen={() => onOpenRecord(record)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The first screen after sign-in: the three things Parley does, the newest records, a short guide. */
export function HomeView({ recent, guideShown, dubAvailable, onAction, onOpenRecord, onAllRecords, onRetry, onDismissGuide }: HomeViewProps) {
  const { t } = useTranslation('home');
  return (
    <Stack gap={{ base: '5', md: '7' }} data-testid="home-page">
      <Heading as="h1" size={{ base: 'lg', md: 'xl' }} data-testid="page-title">
        {t('title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '3', md: '4' }}>
        {ACTIONS.map(({ action, title, body }) => (
          <ActionCard key={action} action={action} title={title} body={body} later={action === 'dub' && !dubAvailable} onAction={onAction} />
        ))}
      </SimpleGrid>
      {recent && guideShown && <Guide onDismiss={onDismissGuide} />}
      {recent && <Recent recent={recent} onOpenRecord={onOpenRecord} onAllRecords={onAllRecords} onRetry={onRetry} />}
    </Stack>
  );
}
