import {
  Alert,
  Button,
  Center,
  Checkbox,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError, sessionRequest } from '#api/client.ts';
import { providerLabel } from '#api/name-format.ts';
import { getSession, safeNext, sessionChanged, type Who } from '#api/session.ts';
import { type Me, meQuery } from '#api/system.ts';
import { contractResolver } from '#components/form-resolver.ts';
import { LanguageSwitch } from '#components/language-switch.tsx';
import { forgetLock } from '#components/lock/lock-store.ts';
import { forgetSignedInData } from '#components/sign-out.ts';
import { describeError } from '#components/states.tsx';

// Messages are keys of the `sign-in` namespace's `errors`.
const formSchema = z
  .object({
    mode: z.enum(['basic', 'apiKey']),
    user: z.string(),
    password: z.string(),
    key: z.string(),
    remember: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'basic') {
      if (!v.user.trim()) ctx.addIssue({ code: 'custom', path: ['user'], message: 'userRequired' });
      if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'passwordRequired' });
    } else if (!v.key.trim()) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'keyRequired' });
    }
  });

type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** What is posted to the app's server once; it keeps the credentials in its sealed cookie (docs/decisions/0018). */
function credentials(v: FormOutput): Record<string, unknown> {
  return v.mode === 'basic'
    ? { user: v.user.trim(), password: v.password, remember: v.remember }
    : { key: v.key.trim(), remember: v.remember };
}

/** The demo credentials of the reference service (docs/api.md#tenants). */
const DEMO = { user: 'demo', password: 'demo' };

interface Provider {
  userid: number;
  givenname: string;
  familyname: string;
  title: string;
}

/** The answer of POST /session: signed in, or (a practice without whoami) the providers to pick from. */
type SignInAnswer = { who: Who; me: Me | null } | { pick: Provider[] };

function isPick(a: SignInAnswer): a is { pick: Provider[] } {
  return 'pick' in a;
}

export function Component() {
  const { t } = useTranslation('sign-in');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const next = safeNext(params.get('next'));
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;

  // After a 401 the user name stays filled in; the password never is.
  const [initial] = useState(() => (signedOut ? null : getSession()));
  const [failure, setFailure] = useState<unknown>(null);
  const [demo, setDemo] = useState(false);
  const [picking, setPicking] = useState<Provider[] | null>(null);
  const typed = useRef(false);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: contractResolver(formSchema),
    defaultValues: {
      mode: initial?.auth.kind ?? 'basic',
      user: initial?.auth.kind === 'basic' ? initial.auth.user : '',
      password: '',
      key: '',
      remember: initial?.remember ?? false,
    },
  });
  const { register, handleSubmit, formState, watch, setValue, getValues } = form;
  const mode = watch('mode');

  // Signing out: forget the credentials and everything loaded with them.
  useEffect(() => {
    if (!signedOut) return;
    forgetSignedInData(queryClient);
  }, [signedOut, queryClient]);

  // A sealed cookie left behind (a sign-out that did not reach the server) is dropped here, before any sign-in.
  const dropped = useRef<Promise<unknown> | null>(null);
  useEffect(() => {
    if (signedOut || !getSession()) {
      dropped.current = sessionRequest('/session/sign-out').catch(() => undefined);
    }
  }, [signedOut]);

  // On the demo practice of the reference service the app's server says so, and the demo credentials are offered.
  useEffect(() => {
    let live = true;
    sessionRequest('/session', null, { timeoutMs: 5000 })
      .then((r) => {
        const offered = (r as { demo?: unknown } | null)?.demo === true;
        if (!live || !offered) return;
        setDemo(true);
        // Never over what someone has typed meanwhile.
        if (!typed.current && getValues('mode') === 'basic' && !getValues('user') && !getValues('password')) {
          setValue('user', DEMO.user);
          setValue('password', DEMO.password);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [getValues, setValue]);

  function finish(me: Me) {
    // The form is emptied: the page keeps no password or key once the server holds them.
    form.reset({ mode: getValues('mode'), user: '', password: '', key: '', remember: false });
    // A lock left from before (another sign-in) does not apply to this one.
    forgetLock();
    sessionChanged();
    queryClient.clear();
    queryClient.setQueryData(meQuery().queryKey, me);
    // Without a `next`: the start page (the index route redirects to Today or the area chosen in settings).
    void navigate(next ?? '/', { replace: true });
  }

  async function post(values: FormOutput, userid?: number): Promise<void> {
    setFailure(null);
    await dropped.current;
    try {
      const answer = (await sessionRequest('/session', {
        ...credentials(values),
        ...(userid ? { userid } : {}),
      })) as SignInAnswer;
      if (isPick(answer)) {
        // A service without whoami: the credentials are right, the user says who they are.
        setPicking(answer.pick);
        return;
      }
      const who = answer.who;
      finish(
        answer.me ?? {
          userid: who.userid ?? 0,
          username: who.user ?? 'API key',
          givenname: picking?.find((p) => p.userid === who.userid)?.givenname ?? '',
          familyname: picking?.find((p) => p.userid === who.userid)?.familyname ?? '',
          modules: null,
          tenant: who.tenant,
        },
      );
    } catch (e) {
      setPicking(null);
      setFailure(e);
    }
  }

  const onSubmit = handleSubmit((values) => post(values));

  if (picking) {
    return (
      <SignInFrame title={t('pick.title')}>
        <PickUser
          providers={picking}
          onPicked={(userid) => void handleSubmit((values) => post(values, userid))()}
        />
      </SignInFrame>
    );
  }

  // The schema's messages are the keys under errors.
  const errorText = (key: string | undefined) =>
    key ? t(`errors.${key as 'userRequired' | 'passwordRequired' | 'keyRequired'}`) : undefined;
  const failureText = (e: unknown) => {
    if (!isApiError(e)) return describeError(e, t);
    // Held after too many failures (docs/api.md#hardening): how long, in the user's language (describeError says it).
    return e.kind === 'unauthorized'
      ? t(mode === 'apiKey' ? 'wrongKey' : 'wrongPassword')
      : describeError(e, t);
  };

  return (
    <SignInFrame title={t('title')}>
      <form
        onSubmit={(e: FormEvent) => void onSubmit(e)}
        onInput={() => {
          typed.current = true;
          // What failed was about what was there before: an edit takes the message away.
          setFailure(null);
        }}
        noValidate
      >
        <Stack gap="md">
          {next && initial && <Text>{t('again')}</Text>}
          {!next && <Text>{t('intro')}</Text>}
          {demo && (
            <Alert variant="light" color="indigo" icon={<IconInfoCircle aria-hidden />}>
              {t('demo')}
            </Alert>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sign-in-method">
              {t('method')}
            </Text>
            <SegmentedControl
              aria-labelledby="sign-in-method"
              value={mode}
              onChange={(v) => setValue('mode', v === 'apiKey' ? 'apiKey' : 'basic')}
              data={[
                { value: 'basic', label: t('methodBasic') },
                { value: 'apiKey', label: t('methodKey') },
              ]}
            />
          </Stack>
          {mode === 'basic' ? (
            <>
              <TextInput
                label={t('user')}
                autoComplete="username"
                error={errorText(formState.errors.user?.message)}
                {...register('user')}
              />
              <PasswordInput
                label={t('password')}
                autoComplete="current-password"
                error={errorText(formState.errors.password?.message)}
                {...register('password')}
              />
            </>
          ) : (
            <PasswordInput
              label={t('apiKey')}
              autoComplete="off"
              error={errorText(formState.errors.key?.message)}
              {...register('key')}
            />
          )}
          <Checkbox label={t('remember')} description={t('rememberHint')} {...register('remember')} />
          {failure !== null && (
            <Alert color="red" variant="light" title={t('failed')} icon={<IconAlertTriangle aria-hidden />}>
              {failureText(failure)}
            </Alert>
          )}
          <Button type="submit" loading={formState.isSubmitting}>
            {t('submit')}
          </Button>
        </Stack>
      </form>
    </SignInFrame>
  );
}

function SignInFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <div>
            <Text c="dimmed" size="sm">
              {t('app.name')}
            </Text>
            <Title order={1}>{title}</Title>
          </div>
          <LanguageSwitch size="xs" />
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

function PickUser({ providers, onPicked }: { providers: Provider[]; onPicked: (userid: number) => void }) {
  const { t } = useTranslation('sign-in');
  const [value, setValue] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!value) {
          setMissing(true);
          return;
        }
        onPicked(Number(value));
      }}
      noValidate
    >
      <Stack gap="md">
        <Text>{t('pick.hint')}</Text>
        <Select
          label={t('pick.label')}
          searchable
          value={value}
          onChange={(v) => {
            setValue(v);
            setMissing(false);
          }}
          error={missing ? t('errors.pickRequired') : undefined}
          data={providers.map((p) => ({
            value: String(p.userid),
            label: providerLabel(p),
          }))}
        />
        <Button type="submit">{t('pick.submit')}</Button>
      </Stack>
    </form>
  );
}
