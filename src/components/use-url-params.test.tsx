import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearPrivateParams, useUrlParams } from './use-url-params.ts';

let set: ReturnType<typeof useUrlParams>[1] = () => {};

function Probe() {
  const [params, setParams] = useUrlParams();
  set = setParams;
  return <output>{params.toString()}</output>;
}

describe('useUrlParams', () => {
  it('keeps both of two functional updates made before the next render', () => {
    const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: ['/?a=1'] });
    const view = render(<RouterProvider router={router} />);
    act(() => {
      set((p) => {
        p.set('from', '2026-01-01');
        return p;
      });
      set((p) => {
        p.set('until', '2026-02-01');
        return p;
      });
    });
    expect(router.state.location.search).toBe('?a=1&from=2026-01-01&until=2026-02-01');
    expect(view.container.textContent).toBe('a=1&from=2026-01-01&until=2026-02-01');
  });
});

let setPrivate: ReturnType<typeof useUrlParams>[1] = () => {};

function PrivateProbe() {
  const [params, setParams] = useUrlParams({ private: ['q', 'ahv'] });
  setPrivate = setParams;
  return <output>{params.toString()}</output>;
}

describe('useUrlParams with private params', () => {
  it('keeps search text out of the address, and Back brings it back', () => {
    sessionStorage.clear();
    const router = createMemoryRouter([{ path: '/', element: <PrivateProbe /> }], {
      initialEntries: ['/?folder=2'],
    });
    const view = render(<RouterProvider router={router} />);
    act(() => {
      setPrivate((p) => {
        p.set('q', 'Muster');
        p.set('ahv', '756.1234.5678.97');
        return p;
      });
    });
    expect(router.state.location.search).toBe('?folder=2');
    expect(view.container.textContent).toBe('folder=2&q=Muster&ahv=756.1234.5678.97');
    act(() => {
      setPrivate((p) => {
        p.set('q', 'Meier');
        p.delete('ahv');
        return p;
      });
    });
    expect(router.state.location.search).toBe('?folder=2');
    expect(view.container.textContent).toBe('folder=2&q=Meier');
    act(() => {
      void router.navigate(-1);
    });
    expect(view.container.textContent).toBe('folder=2&q=Muster&ahv=756.1234.5678.97');
    expect(JSON.stringify(router.state.location)).not.toContain('Muster');
  });

  it('moves search text that arrives in the address out of it', async () => {
    sessionStorage.clear();
    const router = createMemoryRouter([{ path: '/', element: <PrivateProbe /> }], {
      initialEntries: ['/?q=Muster&folder=2'],
    });
    const view = render(<RouterProvider router={router} />);
    await act(async () => {});
    expect(router.state.location.search).toBe('?folder=2');
    expect(view.container.textContent).toBe('folder=2&q=Muster');
  });

  it('forgets every stored search when signing out', () => {
    sessionStorage.clear();
    const router = createMemoryRouter([{ path: '/', element: <PrivateProbe /> }], { initialEntries: ['/'] });
    const view = render(<RouterProvider router={router} />);
    act(() => setPrivate(new URLSearchParams({ q: 'Muster' })));
    expect(view.container.textContent).toBe('q=Muster');
    clearPrivateParams();
    act(() => {
      void router.navigate(-1);
    });
    act(() => {
      void router.navigate(1);
    });
    expect(view.container.textContent).toBe('');
  });
});
