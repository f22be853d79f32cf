import { IconTools } from '@tabler/icons-react';
import { Page } from './page.tsx';
import { EmptyState } from './states.tsx';

/** What an area shows until it is built. */
export function NotBuiltYet({ title, message }: { title: string; message: string }) {
  return (
    <Page title={title}>
      <EmptyState title={message} icon={<IconTools size={32} stroke={1.5} aria-hidden />} />
    </Page>
  );
}
