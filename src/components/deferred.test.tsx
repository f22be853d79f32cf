import { MantineProvider, Menu } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaceholderProps } from './deferred.tsx';

/*
 * The test setup marks the first content at once; these tests need a page whose content is not there yet, so each
 * takes a fresh copy of deferred.tsx (its "first content" state is per module).
 */
type DeferredModule = typeof import('./deferred.tsx');
async function freshDeferred(): Promise<DeferredModule> {
  vi.resetModules();
  return import('./deferred.tsx');
}

/** A load that the test finishes (or fails) when it wants to. */
function controlledLoad<P>() {
  const attempts: { resolve: (c: ComponentType<P>) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<ComponentType<P>>((resolve, reject) => {
        attempts.push({ resolve, reject });
      }),
  );
  return { load, attempts };
}

function Real({ label }: { label: string }) {
  return <button type="button">{`real ${label}`}</button>;
}

function Stand({ label }: { label: string } & PlaceholderProps) {
  return (
    <button type="button" aria-disabled>
      {`placeholder ${label}`}
    </button>
  );
}

/** A menu, as the header's user menu. */
function RealMenu() {
  return (
    <Menu>
      <Menu.Target>
        <button type="button">Petra Sommer</button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Lets pending promises and zero-delay timers run. */
async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe('deferred()', () => {
  let mod: DeferredModule;
  beforeEach(async () => {
    mod = await freshDeferred();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the placeholder, loads nothing before the first content, then the real component', async () => {
    const { load, attempts } = controlledLoad<{ label: string }>();
    const Part = mod.deferred(load, Stand);
    render(<Part label="menu" />);
    expect(screen.getByRole('button', { name: 'placeholder menu' })).toHaveAttribute('aria-disabled', 'true');
    await settle();
    expect(load).not.toHaveBeenCalled();

    act(() => mod.markFirstContent());
    // The load starts a frame and a task after the first content: on a busy machine that is more than settle()'s
    // 20 ms (CI failed here once under load), so wait for it rather than for a fixed time.
    await act(() => vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1)));
    // Loading, not there yet: still the placeholder.
    expect(screen.getByRole('button', { name: 'placeholder menu' })).toBeInTheDocument();
    act(() => attempts[0].resolve(Real));
    expect(await screen.findByRole('button', { name: 'real menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'placeholder menu' })).not.toBeInTheDocument();

    // Once loaded, another instance is the real one from its first render, and nothing loads again.
    render(<Part label="again" />);
    expect(screen.getByRole('button', { name: 'real again' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads by itself some seconds after it was first asked for when the page never says its content is there', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const load = vi.fn(async () => Real);
    const Part = mod.deferred(load, Stand);
    render(<Part label="search" />);
    await act(() => vi.advanceTimersByTimeAsync(7500));
    expect(load).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(load).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await screen.findByRole('button', { name: 'real search' })).toBeInTheDocument();
  });

  it('loads at once when a person points at the placeholder', async () => {
    const user = userEvent.setup();
    const { load, attempts } = controlledLoad<{ label: string }>();
    const Part = mod.deferred(load, Stand);
    render(<Part label="menu" />);
    await user.hover(screen.getByRole('button', { name: 'placeholder menu' }));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => attempts[0].resolve(Real));
    expect(await screen.findByRole('button', { name: 'real menu' })).toBeInTheDocument();
    // Pointing is not pressing: nothing was clicked, nothing has focus.
    expect(screen.getByRole('button', { name: 'real menu' })).not.toHaveFocus();
  });

  it('loads at once on focus and moves the focus into the real component', async () => {
    const user = userEvent.setup();
    const { load, attempts } = controlledLoad<{ label: string }>();
    const Part = mod.deferred(load, Stand);
    render(<Part label="menu" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'placeholder menu' })).toHaveFocus();
    expect(load).toHaveBeenCalledTimes(1);
    act(() => attempts[0].resolve(Real));
    expect(await screen.findByRole('button', { name: 'real menu' })).toHaveFocus();
  });

  it('does not take the focus back when the person left the placeholder before the code came', async () => {
    const user = userEvent.setup();
    const { load, attempts } = controlledLoad<{ label: string }>();
    const Part = mod.deferred(load, Stand);
    render(
      <>
        <Part label="menu" />
        <button type="button">next</button>
      </>,
    );
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'next' })).toHaveFocus();
    act(() => attempts[0].resolve(Real));
    await screen.findByRole('button', { name: 'real menu' });
    expect(screen.getByRole('button', { name: 'next' })).toHaveFocus();
  });

  it('makes a press on the placeholder again on the real component: the menu opens', async () => {
    const user = userEvent.setup();
    const { load, attempts } = controlledLoad<object>();
    const UserMenu = mod.deferred(load, () => (
      <button type="button" aria-disabled>
        Petra Sommer
      </button>
    ));
    render(
      <MantineProvider env="test">
        <UserMenu />
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Petra Sommer' }));
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument();
    act(() => attempts[0].resolve(RealMenu));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Petra Sommer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a press with the keyboard (Enter) carries over too', async () => {
    const user = userEvent.setup();
    const { load, attempts } = controlledLoad<object>();
    const clicked = vi.fn();
    const UserMenu = mod.deferred(load, () => (
      <button type="button" aria-disabled>
        Petra Sommer
      </button>
    ));
    render(<UserMenu />);
    await user.tab();
    await user.keyboard('{Enter}');
    act(() =>
      attempts[0].resolve(() => (
        <button type="button" onClick={clicked}>
          Petra Sommer
        </button>
      )),
    );
    await settle();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Petra Sommer' })).toHaveFocus();
  });

  it('after a failed load (offline) keeps the placeholder and tries again when woken', async () => {
    const user = userEvent.setup();
    const { load, attempts } = controlledLoad<{ label: string }>();
    const Part = mod.deferred(load, Stand);
    render(<Part label="menu" />);
    act(() => mod.markFirstContent());
    // The load starts a frame and a task after the first content: on a busy machine that is more than settle()'s
    // 20 ms (CI failed here once under load), so wait for it rather than for a fixed time.
    await act(() => vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1)));
    act(() => attempts[0].reject(new TypeError('Failed to fetch dynamically imported module')));
    await settle();
    expect(screen.getByRole('button', { name: 'placeholder menu' })).toBeInTheDocument();

    await user.hover(screen.getByRole('button', { name: 'placeholder menu' }));
    expect(load).toHaveBeenCalledTimes(2);
    act(() => attempts[1].resolve(Real));
    expect(await screen.findByRole('button', { name: 'real menu' })).toBeInTheDocument();
  });

  it('after a failed load tries again by itself a second later (load-later.ts)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const { load, attempts } = controlledLoad<{ label: string }>();
    const Part = mod.deferred(load, Stand);
    render(<Part label="menu" />);
    act(() => mod.markFirstContent());
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => attempts[0].reject(new TypeError('offline')));
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => attempts[1].resolve(Real));
    vi.useRealTimers();
    expect(await screen.findByRole('button', { name: 'real menu' })).toBeInTheDocument();
  });

  it('counts the first content as shown once the page is there and its first queries have settled', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const load = vi.fn(async () => Real);
    const Part = mod.deferred(load, Stand);
    render(<Part label="search" />);
    let shown = false;
    let fetching = 0;
    const listeners = new Set<() => void>();
    const change = () => {
      for (const fn of listeners) fn();
    };
    mod.markFirstContentWhenSettled({
      pageShown: () => shown,
      fetching: () => fetching,
      subscribe: (fn) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    });
    // The page's code arrives and the router shows it, but React is still drawing it (a busy machine: 1.5 s in
    // slices), its queries not yet started: that quiet moment is not the end.
    shown = true;
    change();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(load).not.toHaveBeenCalled();
    // The page is on screen; a query starts at once, another one after a short pause, each takes a while.
    mod.pageRendered();
    fetching = 1;
    change();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    fetching = 0;
    change();
    await act(() => vi.advanceTimersByTimeAsync(200));
    fetching = 1;
    change();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(load).not.toHaveBeenCalled();
    fetching = 0;
    change();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(load).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('leaves the first content to a page that marks it itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const load = vi.fn(async () => Real);
    const Part = mod.deferred(load, Stand);
    render(<Part label="search" />);
    mod.firstContentMarkedByPage();
    mod.markFirstContentWhenSettled({ pageShown: () => true, fetching: () => 0, subscribe: () => () => {} });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(load).not.toHaveBeenCalled();
    mod.markFirstContent();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load before the cards of a page that marks them itself, however long they take; a minute at most', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const load = vi.fn(async () => Real);
    const Part = mod.deferred(load, Stand);
    render(<Part label="search" />);
    mod.firstContentMarkedByPage();
    // A busy machine: the cards take longer than the fallback of a page that does not say so.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(load).not.toHaveBeenCalled();
    mod.markFirstContent();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(load).toHaveBeenCalledTimes(1);

    // A page that never marks them (its request failed): the parts come a minute after they were first asked for.
    const fresh = await freshDeferred();
    const never = vi.fn(async () => Real);
    const Other = fresh.deferred(never, Stand);
    render(<Other label="menu" />);
    fresh.firstContentMarkedByPage();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(never).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(never).toHaveBeenCalledTimes(1);
  });
});
