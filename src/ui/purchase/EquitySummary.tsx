// The equity summary of the purchase dialog: the tier comparison of features §6 as one table
// (translated), folded under the pay panel so the packages, QR and price come first; the server's
// comparison picture, when it offers one, is a link inside the fold rather than a second table.
import { Button, Collapsible, Link, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

type Cell = { key: string; count?: number };
const payAsYouGo: Cell = { key: 'payAsYouGo' };
const yes: Cell = { key: 'yes' };
const no: Cell = { key: 'no' };
const hours = (count: number): Cell => ({ key: 'upToHours', count });
const upTo = (count: number): Cell => ({ key: 'upToCount', count });

/** features §6, columns duration pack, VIP, SVIP. */
const ROWS: Array<{ key: string; cells: [Cell, Cell, Cell] }> = [
  { key: 'rowLivePerDay', cells: [payAsYouGo, hours(3), hours(10)] },
  { key: 'rowRecognitionLanguages', cells: [upTo(2), upTo(2), upTo(10)] },
  { key: 'rowInterpretationLanguages', cells: [upTo(2), upTo(2), upTo(4)] },
  { key: 'rowUploadPerDay', cells: [payAsYouGo, hours(10), hours(20)] },
  { key: 'rowVocabulary', cells: [no, no, yes] },
  { key: 'rowInvite', cells: [no, no, yes] },
  { key: 'rowBasics', cells: [yes, yes, yes] },
];

export function EquitySummary({ rightsPictureUrl }: { rightsPictureUrl: string | null }) {
  const { t } = useTranslation('purchase');
  return (
    <Collapsible.Root data-testid="equity-summary">
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" data-testid="equity-toggle" px="2">
          {t('equityTitle')} ▾
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
      <Stack gap="2" pt="2">
      <Table.Root size="sm" variant="outline" data-testid="equity-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('feature')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('tierDuration')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('tierVip')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('tierSvip')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ROWS.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell>{t(row.key)}</Table.Cell>
              {row.cells.map((cell, index) => (
                <Table.Cell key={index}>{t(cell.key, cell.count !== undefined ? { count: cell.count } : {})}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {rightsPictureUrl ? (
        <Link href={rightsPictureUrl} target="_blank" rel="noopener noreferrer" fontSize="sm" color="brand.fg" data-testid="rights-picture">
          {t('rightsPictureLink')}
        </Link>
      ) : null}
      </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
