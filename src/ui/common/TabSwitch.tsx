// A row of tabs that only switches a value; the page renders the one active form itself.
// Chakra's Tabs (a zag state machine) is kept off the sign-in pages on purpose: it weighed ~12 KB gzip
// of the /login first paint and, used without Tabs.Content, pointed aria-controls at panels that did not
// exist (axe: aria-valid-attr-value). This follows the WAI-ARIA tabs pattern with plain buttons:
// one tab in the Tab order (roving tabindex), arrows/Home/End move and select, focus stays visible.
import { Button, HStack } from '@chakra-ui/react';
import { useRef, type KeyboardEvent } from 'react';

export interface TabSwitchOption<T extends string> {
  value: T;
  label: string;
  testId?: string;
}

export interface TabSwitchProps<T extends string> {
  value: T;
  options: readonly TabSwitchOption<T>[];
  onChange(value: T): void;
  /** Names the tab list for screen readers. */
  label: string;
  /** id of the element that shows the selected tab's content, when there is one (aria-controls). */
  panelId?: string;
  /** id prefix for the tabs, so a panel can point back with aria-labelledby. */
  idPrefix: string;
  size?: 'sm' | 'md';
  /** Tabs share the row's width equally. */
  fitted?: boolean;
}

export const tabSwitchTabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;

export function TabSwitch<T extends string>(props: TabSwitchProps<T>) {
  const { value, options, onChange, label, panelId, idPrefix, size = 'md', fitted = false } = props;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const option = options[(index + options.length) % options.length]!;
    onChange(option.value);
    tabs.current[(index + options.length) % options.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: options.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <HStack role="tablist" aria-label={label} gap={0} borderBottomWidth="1px" borderColor="border">
      {options.map((option, index) => {
        const selected = option.value === value;
        return (
          <Button
            key={option.value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={tabSwitchTabId(idPrefix, option.value)}
            role="tab"
            type="button"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            variant="ghost"
            size={size}
            flex={fitted ? 1 : undefined}
            rounded="none"
            mb="-1px"
            borderBottomWidth="2px"
            borderColor={selected ? 'brand.fg' : 'transparent'}
            color={selected ? 'brand.fg' : 'fg.muted'}
            fontWeight={selected ? 'semibold' : 'medium'}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={option.testId}
            data-selected={selected ? '' : undefined}
          >
            {option.label}
          </Button>
        );
      })}
    </HStack>
  );
}
