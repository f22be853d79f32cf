import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { Namespace, TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#api/client.ts';
import { errorTitle } from './error-heading.ts';
import { limitMessage } from './field-rules.ts';

/** Shared states of a page or a panel: loading, nothing there, failed (with Retry). */

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{label ?? t('state.loading')}</Text>
      </Group>
    </Center>
  );
}

export interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  /** E.g. a button to create the first record. */
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={480} ta="center">
        {icon ?? <IconInbox size={32} stroke={1.5} aria-hidden />}
        <Text fw={600}>{title ?? t('state.empty')}</Text>
        {description && <Text c="dimmed">{description}</Text>}
        {action}
      </Stack>
    </Center>
  );
}

/** These helpers take any area's `t`; their strings are in `common` (one object: the first load counts bytes). */
const inCommon = { ns: 'common' } as const;

/** The texts api/client.ts and api/envelope.ts write when the service sent no message of its own. */
const ownHttpMessage = /^The server answered (HTTP|status) /;

/**
 * An account held after too many failed sign-ins (HTTP 429, docs/api.md#hardening): how long to wait, from the answer's
 * Retry-After, in whole minutes rounded up, in seconds below a minute. Without one, a minute.
 */
export function heldText(retryAfter: number | undefined, t: TFunction<Namespace>): string {
  const seconds = Math.max(1, Math.ceil(retryAfter ?? 60));
  return seconds < 60
    ? t('held.seconds', { ...inCommon, count: seconds })
    : t('held.minutes', { ...inCommon, count: Math.ceil(seconds / 60) });
}

/**
 * A sentence for a person: the server's own message where there is one, ours where there is none. Takes any area's
 * `t` (its strings are in `common`).
 */
export function describeError(error: unknown, t: TFunction<Namespace>): string {
  if (isApiError(error)) {
    switch (error.kind) {
      case 'network':
        return t('error.network', inCommon);
      case 'timeout':
        return t('error.timeout', inCommon);
      case 'unauthorized':
        return t('error.unauthorized', inCommon);
      case 'contract': {
        // An input the app's check refused before sending for a limit of the service: the limit, in the user's
        // language (the fields say it themselves; this is for a text that reached a call some other way).
        const refused = /^Invalid input at [\w.]+: (.*)$/s.exec(error.msg)?.[1];
        const said = refused === undefined ? refused : limitMessage(refused);
        if (said !== undefined && said !== refused) return said;
        // The technical detail (which operation, which field) stays in the ApiError, for a developer, not on screen.
        return error.httpStatus === 0 ? t('error.invalidInput', inCommon) : t('error.contract', inCommon);
      }
      default:
        if (error.httpStatus === 429) return heldText(error.retryAfter, t);
        // The service's own message says most; our stand-in for none ("The server answered HTTP 500.") is no
        // sentence for a person.
        return ownHttpMessage.test(error.msg) ? t('error.server', inCommon) : error.msg;
    }
  }
  const msg = error instanceof Error ? error.message : String(error);
  return t('error.unexpected', { ns: 'common', msg });
}

export interface ErrorStateProps {
  error: unknown;
  /** Shows a Retry button. */
  onRetry?: () => void;
  /** Instead of the default heading (what failed, by the operation: `Leads konnten nicht geladen werden`). */
  title?: string;
}

export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={
        <Title order={2} size="h4">
          {title ?? errorTitle(error, t)}
        </Title>
      }
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text>{describeError(error, t)}</Text>
        {onRetry && (
          <Button variant="default" onClick={onRetry}>
            {t('state.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** What a page needs of a query to decide between its data and its error. */
export interface ShownQuery {
  isError: boolean;
  data: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The error replaces what is shown only when there is nothing to show: a refetch that failed (no connection, a
 * busy server) keeps the last data on screen, and with it any dialog or form open above it, with what was typed in it
 * (docs/decisions/0039).
 */
export function failedWithoutData(query: Pick<ShownQuery, 'isError' | 'data'>): boolean {
  return query.isError && query.data === undefined;
}

/** Above data a refetch could not renew: it is the last loaded state; Retry loads again. Nothing otherwise. */
export function RefreshFailed({ query }: { query: ShownQuery }) {
  const { t } = useTranslation('common');
  if (!query.isError || query.data === undefined) return null;
  return (
    <Alert color="orange" variant="light" p="xs" role="status">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm">{t('state.refreshFailed')}</Text>
        <Button variant="default" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('state.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
