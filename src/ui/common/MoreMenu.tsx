import { Button, Menu, Portal } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import './ghost-button.css';
import './more-menu.css';

export interface MoreMenuProps<A extends string> {
  actions: readonly A[];
  labels: Record<A, string>;
  onAction(action: A): void;
  /** Accessible name of the ⋯ button (it has no visible text). */
  triggerLabel: string;
  triggerTestId: string;
  itemTestId(action: A): string;
  size?: '2xs' | 'xs';
  fontSize?: string;
  /**
   * Render a plain ⋯ button and build the menu on its first use (a long list's rows): a menu per
   * row was a Chakra menu machine, its recipe styles and a trigger Button each, built for every row on
   * screen before the list could answer a tap (issue 27).
   */
  deferred?: boolean;
}

/**
 * The "⋯" menu of a row (records, folders). Content mounts only when opened so long lists stay light;
 * 'delete' is shown in the error colour.
 */
export function MoreMenu<A extends string>(props: MoreMenuProps<A>) {
  const [used, setUsed] = useState(!props.deferred);
  if (!used) return <PlainTrigger {...props} onUse={() => setUsed(true)} />;
  return <ChakraMoreMenu {...props} openAtOnce={props.deferred === true} />;
}

/** The deferred menu's stand-in: the same name, test id and popup role as the real trigger. */
function PlainTrigger<A extends string>(props: MoreMenuProps<A> & { onUse(): void }) {
  // The keys that open a menu from its trigger (Enter and Space arrive as a click).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    props.onUse();
  };
  return (
    <button
      type="button"
      className="ghost-button more-menu-trigger"
      data-size={props.size ?? 'xs'}
      style={props.fontSize ? { fontSize: `var(--chakra-font-sizes-${props.fontSize})` } : undefined}
      aria-label={props.triggerLabel}
      aria-haspopup="menu"
      aria-expanded="false"
      data-testid={props.triggerTestId}
      onClick={props.onUse}
      onKeyDown={onKeyDown}
    >
      ⋯
    </button>
  );
}

function ChakraMoreMenu<A extends string>(props: MoreMenuProps<A> & { openAtOnce: boolean }) {
  // A deferred menu was asked for by a tap on its stand-in: it mounts open, as the tap meant. Left
  // uncontrolled: a controlled menu gave focus back to its trigger a render late, after a dialog its
  // item opened had taken it, and that dialog closed at once (focus outside).
  return (
    <Menu.Root lazyMount unmountOnExit defaultOpen={props.openAtOnce} onSelect={(details) => props.onAction(details.value as A)}>
      <Menu.Trigger asChild>
        <Button size={props.size ?? 'xs'} variant="ghost" fontSize={props.fontSize} aria-label={props.triggerLabel} data-testid={props.triggerTestId}>
          ⋯
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {props.actions.map((action) => (
              <Menu.Item key={action} value={action} data-testid={props.itemTestId(action)} color={action === 'delete' ? 'fg.error' : undefined}>
                {props.labels[action]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
