import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './use-url-params.ts';

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
