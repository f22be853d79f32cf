import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** What the route's error page would show: a failure that got past the part. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The page failed</p> : this.props.children;
  }
}

const page = (Part: ReturnType<typeof lazyPart<{ name: string }>>) => (
  <Boundary>
    <p>The board</p>
    <Suspense fallback={null}>
      <Part name="Anna" />
    </Suspense>
  </Boundary>
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyPart', () => {
  it('shows the part once its code is there', async () => {
    const Part = lazyPart(() => Promise.resolve(Greeting));
    render(page(Part));
    expect(await screen.findByText('Hello Anna')).toBeInTheDocument();
  });

  it('offline: leaves the part out and says so instead of failing the page, then shows it when the connection is back', async () => {
    const show = vi.spyOn(notifications, 'show');
    const hide = vi.spyOn(notifications, 'hide');
    let online = false;
    const load = vi.fn(() =>
      online ? Promise.resolve(Greeting) : Promise.reject(new TypeError('Failed to fetch')),
    );
    const Part = lazyPart(load);
    render(page(Part));
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show.mock.calls[0][0]).toMatchObject({ color: 'orange', title: 'No connection' });
    expect(String(show.mock.calls[0][0].message)).toContain('opens by itself when the connection is back');
    expect(screen.getByText('The board')).toBeInTheDocument();
    expect(screen.queryByText('The page failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Hello Anna')).not.toBeInTheDocument();

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello Anna')).toBeInTheDocument();
    expect(load.mock.calls.length).toBeGreaterThanOrEqual(2);
    // The notice goes with the reason for it.
    expect(hide).toHaveBeenCalledWith(show.mock.calls[0][0].id);
  });
});
