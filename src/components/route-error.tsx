import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { isApiError } from '#api/client.ts';
import { Page } from './page.tsx';
import { ErrorState } from './states.tsx';

/** The error boundary of every route: what failed and a Retry, never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;

  const retry = () => {
    if (isApiError(error)) {
      // Forget the failed queries so they load afresh, then render the route again.
      void queryClient.resetQueries({ predicate: (q) => q.state.status === 'error' });
      void navigate(location, { replace: true });
    } else {
      // A failed chunk or a bug: a fresh page load is the most that can help.
      window.location.reload();
    }
  };

  return (
    <Stack p="md">
      <ErrorState error={error} onRetry={retry} />
    </Stack>
  );
}

export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <Page title={t('notFound.title')}>
      <Text>{t('error.notFound')}</Text>
      <Anchor component={Link} to="/leads">
        {t('error.backToStart')}
      </Anchor>
    </Page>
  );
}
