import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet';

const isHidden = (element: HTMLElement) => element.closest('[hidden]') !== null;

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid={`counter-${name}`} onClick={() => setCount((c) => c + 1)}>
      {name}:{count}
    </button>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <KeepAliveOutlet />,
        children: [
          { index: true, element: <Counter name="home" /> },
          { path: 'recordList', element: <Counter name="records" /> },
          { path: 'favourList', element: <Counter name="favourites" /> },
          { path: 'shareList', element: <Counter name="shares" /> },
          { path: 'vocabulary', element: <Outlet /> },
        ],
      },
    ],
    { initialEntries: ['/recordList'] },
  );
  render(<RouterProvider router={router} />);
  const go = (to: string) => act(() => router.navigate(to));
  const click = (id: string) => act(() => screen.getByTestId(id).click());
  return { go, click };
}

describe('KeepAliveOutlet', () => {
  it('keeps recordList mounted (hidden) while another route shows, and restores its state on return', async () => {
    const { go, click } = setup();
    click('counter-records');
    click('counter-records');
    expect(screen.getByTestId('counter-records').textContent).toBe('records:2');

    await go('/');
    expect(isHidden(screen.getByTestId('counter-home'))).toBe(false);
    const hidden = screen.getByTestId('counter-records');
    expect(isHidden(hidden)).toBe(true);

    await go('/recordList');
    expect(screen.getByTestId('counter-records').textContent).toBe('records:2');
    expect(isHidden(screen.getByTestId('counter-records'))).toBe(false);
    expect(screen.queryByTestId('counter-home')).toBeNull();
  });

  it('resets the kept page when switching between the three keep-alive pages', async () => {
    const { go, click } = setup();
    click('counter-records');
    await go('/favourList');
    expect(screen.queryByTestId('counter-records')).toBeNull();
    click('counter-favourites');
    expect(screen.getByTestId('counter-favourites').textContent).toBe('favourites:1');

    await go('/recordList');
    expect(screen.getByTestId('counter-records').textContent).toBe('records:0');
    expect(screen.queryByTestId('counter-favourites')).toBeNull();
  });

  it('does not keep other pages alive', async () => {
    const { go, click } = setup();
    await go('/');
    click('counter-home');
    await go('/shareList');
    await go('/');
    expect(screen.getByTestId('counter-home').textContent).toBe('home:0');
  });
});
