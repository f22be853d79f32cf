import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, sessionRequest } from '#api/client.ts';
import { personName } from '#api/name-format.ts';
import { getSession, useSession } from '#api/session.ts';
import { meQuery } from '#api/system/people.ts';
import { practiceTitle } from '../layout/practice-name.ts';
import { signOut } from '../sign-out.ts';
import { describeError } from '../states.tsx';
import { lockSettled, unlockScreen } from './lock-store.ts';

/** The lock screen's form: asks for the password (or key) again. Loaded apart from the app (screen-lock.tsx). */
export function LockForm() {
  const { t } = useTranslation('common');
  const session = useSession();
  const queryClient = useQueryClient();
  const { data: me } = useQuery({ ...meQuery(), enabled: session !== null });
  // The secret is never kept: cleared after every try. `wrong` is its error; another failure is kept aside.
  const form = useForm<{ secret: string }>({ defaultValues: { secret: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const checking = form.formState.isSubmitting;
  const wrong = form.formState.errors.secret !== undefined;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...secretField } = form.register('secret', { required: true });
  const byKey = session?.auth.kind === 'apiKey';

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const name = me ? personName(me) || me.username : '';
  const tenant = me?.tenant ?? session?.tenant ?? '';

  const refuse = () => {
    form.reset({ secret: '' });
    form.setError('secret', { type: 'wrong' });
    inputRef.current?.focus();
  };

  const onSubmit = form.handleSubmit(async ({ secret: value }) => {
    const current = getSession();
    if (!current) return;
    setFailure(null);
    try {
      // The app's server checks it with the service (the password may have changed, the key been revoked), and
      // only for the user (or the very key) that locked; then the cookie carries the credentials again.
      await lockSettled();
      await sessionRequest(
        '/session/unlock',
        current.auth.kind === 'basic' ? { password: value } : { key: value.trim() },
      );
      form.reset({ secret: '' });
      unlockScreen();
      // What was asked while the session was locked (a reload behind the lock) was refused: asked again now.
      void queryClient.refetchQueries({ predicate: (q) => q.state.status === 'error' });
    } catch (error) {
      if ((isApiError(error) && error.kind === 'unauthorized') || !isApiError(error)) refuse();
      else {
        form.reset({ secret: '' });
        setFailure(error);
        inputRef.current?.focus();
      }
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="lg">
            <Group gap="sm" wrap="nowrap">
              <IconLock size={28} aria-hidden />
              <div>
                <Text c="dimmed" size="sm">
                  {t('app.name')}
                </Text>
                <Title order={1}>{t('lock.title')}</Title>
              </div>
            </Group>
            <div>
              <Text data-testid="lock-practice">{practiceTitle(tenant, t)}</Text>
              {name && <Text data-testid="lock-user">{t('lock.user', { name })}</Text>}
            </div>
            <Text size="sm">{byKey ? t('lock.hintKey') : t('lock.hintPassword')}</Text>
            <PasswordInput
              {...secretField}
              ref={(el) => {
                registerRef(el);
                inputRef.current = el;
              }}
              label={byKey ? t('lock.apiKey') : t('lock.password')}
              autoComplete={byKey ? 'off' : 'current-password'}
              error={wrong ? (byKey ? t('lock.wrongKey') : t('lock.wrongPassword')) : undefined}
            />
            {failure !== null && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {describeError(failure, t)}
              </Alert>
            )}
            <Button type="submit" loading={checking} disabled={checking}>
              {t('lock.unlock')}
            </Button>
            <Button variant="subtle" onClick={() => signOut({ otherTabs: true })}>
              {t('lock.signOut')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
