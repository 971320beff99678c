import { Button, Menu, Portal } from '@chakra-ui/react';

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
}

/**
 * The "⋯" menu of a row (records, folders). Content mounts only when opened so long lists stay light;
 * 'delete' is shown in the error colour.
 */
export function MoreMenu<A extends string>(props: MoreMenuProps<A>) {
  return (
    <Menu.Root lazyMount unmountOnExit onSelect={(details) => props.onAction(details.value as A)}>
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
