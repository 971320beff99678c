import { Badge, Box, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { languageName } from './language-name';

export interface SummaryItemView {
  text: string;
  speaker?: string | null;
}

export interface SummaryBodyProps {
  content: string;
  keyPoints?: string[] | undefined;
  decisions?: SummaryItemView[] | undefined;
  actionItems?: SummaryItemView[] | undefined;
  keywords?: string[] | undefined;
  /** The language it is written in, and the transcript's when it was translated. */
  lang?: string | null | undefined;
  sourceLang?: string | null | undefined;
  note?: string | null | undefined;
}

/**
 * An AI summary as a person reads it (issue 24): the summary, its key points, the decisions and
 * action items (with who stated them), the keywords, the language it is in and the service's note.
 * One body for the record page, the host's ended screen and the participants' download page.
 */
export function SummaryBody(props: SummaryBodyProps) {
  const { t, i18n } = useTranslation('summary');
  const name = (code: string) => languageName(code, i18n.language);
  const translated = props.lang && props.sourceLang && props.sourceLang.toLowerCase() !== props.lang.toLowerCase();
  return (
    <Stack gap="3" fontSize="sm" data-testid="summary-body">
      {props.lang && (
        <Text fontSize="xs" color="fg.muted" data-testid="summary-language">
          {translated ? t('translatedFrom', { language: name(props.lang), source: name(props.sourceLang!) }) : t('writtenIn', { language: name(props.lang) })}
        </Text>
      )}
      <Text whiteSpace="pre-wrap" lineHeight="tall" data-testid="summary-content">
        {props.content}
      </Text>
      <Points title={t('keyPoints')} items={(props.keyPoints ?? []).map((text) => ({ text }))} testId="summary-key-points" />
      <Points title={t('decisions')} items={props.decisions ?? []} testId="summary-decisions" />
      <Points title={t('actionItems')} items={props.actionItems ?? []} testId="summary-action-items" />
      {props.keywords && props.keywords.length > 0 && (
        <Box data-testid="summary-keywords">
          <Text fontWeight="medium" mb="1">
            {t('keywords')}
          </Text>
          <Wrap gap="1">
            {props.keywords.map((keyword) => (
              <Badge key={keyword} variant="subtle" colorPalette="gray">
                {keyword}
              </Badge>
            ))}
          </Wrap>
        </Box>
      )}
      {props.note && (
        <Text fontSize="xs" color="fg.muted" fontStyle="italic" data-testid="summary-note">
          {props.note}
        </Text>
      )}
    </Stack>
  );
}

function Points({ title, items, testId }: { title: string; items: SummaryItemView[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <Box data-testid={testId}>
      <Text fontWeight="medium" mb="1">
        {title}
      </Text>
      <Box as="ul" ps="5" listStyleType="disc">
        {items.map((item, index) => (
          <li key={`${index}-${item.text}`}>
            {item.speaker && <Text as="span" fontWeight="semibold">{item.speaker}: </Text>}
            {item.text}
          </li>
        ))}
      </Box>
    </Box>
  );
}
