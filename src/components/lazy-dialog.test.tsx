import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyDialog } from './lazy-dialog.tsx';

describe('dialogs loaded when first needed', () => {
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
