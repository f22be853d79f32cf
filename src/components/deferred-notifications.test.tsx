import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredNotifications } from './deferred-notifications.tsx';

describe('toasts loaded when first needed', () => {
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
});
