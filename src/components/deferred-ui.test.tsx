import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredNotifications } from './deferred-notifications.tsx';
import { LazyDialog } from './lazy-dialog.tsx';

describe('dialogs and toasts loaded when first needed', () => {
  it('a toast shown before the notifications are loaded appears once they are', async () => {
    render(
      <MantineProvider env="test">
        <DeferredNotifications />
      </MantineProvider>,
    );
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    act(() => {
      notifications.show({ title: 'Saved', message: 'The lead is in Qualified.' });
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('The lead is in Qualified.')).toBeInTheDocument();
    act(() => notifications.clean());
  });

  it('a lazy dialog is not in the page until opened, then shows its title and content', async () => {
    const ui = (opened: boolean) => (
      <MantineProvider env="test">
        <LazyDialog opened={opened} onClose={() => undefined} title="Search" closeLabel="Close">
          <p>the field</p>
        </LazyDialog>
      </MantineProvider>
    );
    const { rerender } = render(ui(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(ui(true));
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText('the field')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
