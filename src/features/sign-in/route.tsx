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
import { call, isApiError } from '../../api/client.ts';
import { isMissingOperation, type Me, meQuery } from '../../api/people.ts';
import { getSession, ownBase, type Session, safeNext, saveSession, tenantOfBase } from '../../api/session.ts';
import { contractResolver } from '../../components/form-resolver.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { forgetLock } from '../../components/lock/lock-store.ts';
import { forgetSignedInData } from '../../components/sign-out.ts';
import { describeError } from '../../components/states.tsx';

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

// Messages are keys of the `sign-in` namespace's `errors`.
const formSchema = z
  .object({
    base: z.string().trim().min(1, { error: 'baseRequired' }).refine(isHttpUrl, { error: 'baseInvalid' }),
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

function toSession(v: FormOutput): Session {
  return {
    base: v.base.replace(/\/+$/, ''),
    auth:
      v.mode === 'basic'
        ? { kind: 'basic', user: v.user.trim(), password: v.password }
        : { kind: 'apiKey', key: v.key.trim() },
    remember: v.remember,
  };
}

/** The demo credentials of the reference service (extensions.md section 2). */
const DEMO = { user: 'demo', password: 'demo' };

interface Picking {
  session: Session;
  providers: { userid: number; givenname: string; familyname: string; title: string }[];
}

export function Component() {
  const { t } = useTranslation('sign-in');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const next = safeNext(params.get('next'));
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;

  // After a 401 the practice and user name stay filled in; the password never is.
  const [initial] = useState(() => (signedOut ? null : getSession()));
  const [failure, setFailure] = useState<unknown>(null);
  const [demo, setDemo] = useState(false);
  // On the app's own service the address is already right: it waits behind "Other practice…".
  const [addressShown, setAddressShown] = useState(() => (initial?.base ?? ownBase()) !== ownBase());
  const [picking, setPicking] = useState<Picking | null>(null);
  const typed = useRef(false);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: contractResolver(formSchema),
    defaultValues: {
      base: initial?.base ?? ownBase(),
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

  // On the reference service (the app's own /v1 answering whoami to demo/demo) the demo credentials are offered.
  useEffect(() => {
    if (getValues('base') !== ownBase()) return;
    const controller = new AbortController();
    call(
      'whoami',
      {},
      {
        session: { base: ownBase(), auth: { kind: 'basic', ...DEMO }, remember: false },
        signal: controller.signal,
        timeoutMs: 5000,
      },
    )
      .then(() => {
        setDemo(true);
        // Never over what someone has typed meanwhile.
        if (!typed.current && getValues('mode') === 'basic' && !getValues('user') && !getValues('password')) {
          setValue('user', DEMO.user);
          setValue('password', DEMO.password);
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [getValues, setValue]);

  function finish(session: Session, me: Me) {
    // A lock left from before (another sign-in) does not apply to this one.
    forgetLock();
    saveSession(session);
    queryClient.clear();
    queryClient.setQueryData(meQuery().queryKey, me);
    void navigate(next ?? '/leads', { replace: true });
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const session = toSession(values);
    try {
      const me = await call('whoami', {}, { session });
      finish(session, me);
    } catch (e) {
      if (!isMissingOperation(e)) {
        setFailure(e);
        return;
      }
      // A service without whoami: check the credentials with getProviders, then the user says who they are.
      try {
        const providers = await call('getProviders', { getall: 1 }, { session });
        setPicking({ session, providers });
      } catch (e2) {
        setFailure(e2);
      }
    }
  });

  if (picking) {
    return (
      <SignInFrame title={t('pick.title')}>
        <PickUser
          picking={picking}
          onPicked={(userid) => {
            const p = picking.providers.find((x) => x.userid === userid);
            if (!p) return;
            const session = { ...picking.session, userid };
            finish(session, {
              userid,
              username: session.auth.kind === 'basic' ? session.auth.user : 'API key',
              givenname: p.givenname,
              familyname: p.familyname,
              modules: null,
              tenant: tenantOfBase(session.base),
            });
          }}
        />
      </SignInFrame>
    );
  }

  const errorText = (key: string | undefined) => (key ? t(`errors.${key}`) : undefined);
  const failureText = (e: unknown) => {
    if (!isApiError(e)) return describeError(e, t);
    // Throttled after too many failures (extensions.md section 7): say how long, in the user's language.
    if (e.httpStatus === 429) return t('errors.tooMany', { count: e.retryAfter ?? 60 });
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
          {addressShown || formState.errors.base ? (
            <TextInput
              id="sign-in-address"
              label={t('practiceAddress')}
              description={t('practiceAddressHint')}
              autoComplete="url"
              error={errorText(formState.errors.base?.message)}
              {...register('base')}
            />
          ) : (
            <Button
              variant="subtle"
              justify="flex-start"
              px={0}
              aria-expanded={false}
              onClick={() => {
                setAddressShown(true);
                // The field takes the place of the button: the focus goes on to it.
                setTimeout(() => document.getElementById('sign-in-address')?.focus());
              }}
            >
              {t('otherPractice')}
            </Button>
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

function PickUser({ picking, onPicked }: { picking: Picking; onPicked: (userid: number) => void }) {
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
          data={picking.providers.map((p) => ({
            value: String(p.userid),
            label: [p.title, p.givenname, p.familyname].filter(Boolean).join(' '),
          }))}
        />
        <Button type="submit">{t('pick.submit')}</Button>
      </Stack>
    </form>
  );
}
