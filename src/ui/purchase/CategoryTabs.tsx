// The category tabs of the pay panel (features §2): each tab is named by its package type, and its
// benefit lines sit under the tabs as a list in the tab's panel — never inside the tab itself, where
// a paragraph would spill over what follows. Every tab has its panel, so each trigger's
// aria-controls names an element that exists (axe: aria-valid-attr-value).
import { List, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CategoryView } from './pay-view-types';

export interface CategoryTabsProps {
  categories: CategoryView[];
  tab: number;
  /** While a QR loads the other tabs are disabled (the machine would ignore them). */
  busy: boolean;
  onTab(tab: number): void;
}

/** The server sends the benefit lines of a category as its desc, one per line. */
export function benefitLinesOf(category: CategoryView): string[] {
  return category.desc
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export function CategoryTabs({ categories, tab, busy, onTab }: CategoryTabsProps) {
  const { t } = useTranslation('purchase');
  return (
    <Tabs.Root value={String(tab)} onValueChange={(details) => onTab(Number(details.value))} variant="enclosed" size="sm">
      <Tabs.List aria-label={t('categories')} flexWrap="wrap">
        {categories.map((item, index) => (
          <Tabs.Trigger key={item.packageType} value={String(index)} disabled={busy && index !== tab} data-testid={`pay-tab-${index}`}>
            {t(`category_${item.packageType}`, { defaultValue: t('categoryOther') })}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {categories.map((item, index) => (
        <Tabs.Content key={item.packageType} value={String(index)} pt="2" pb="0" data-testid={`pay-tab-panel-${index}`}>
          <List.Root gap="0.5" ps="5" fontSize="sm" css={{ columnCount: { base: 1, md: 2 }, columnGap: '8' }} data-testid="pay-benefits">
            {benefitLinesOf(item).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
          {item.remark ? (
            <Text fontSize="xs" color="fg.muted" mt="1">
              {item.remark}
            </Text>
          ) : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
