import { Alert, Button, type ButtonProps, Group, type MantineSpacing, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Dialog, type DialogProps } from './dialog.tsx';
import { contractResolver } from './form-resolver.ts';
import { SaveFailed } from './save-failed.tsx';
import { applyServerError, type ServerTarget } from './server-error.ts';
import { describeError } from './states.tsx';
import { type NavigationBlock, useNavigationBlock, useUnsavedChangesGuard } from './unsaved-changes.tsx';

/*
 * The one frame of a dialog with a form (docs/decisions/0030): it owns the form (react-hook-form with the zod
 * schema), the error above the buttons, Cancel and Submit (Submit off while the save is in flight), the reset each
 * time it opens, and "discard your changes?" when it is closed, or the page left, with unsaved input (through the
 * app's one navigation guard, unsaved-changes.tsx). A dialog built on it writes only its fields. A save that cannot
 * reach the service or is refused keeps the dialog open with its values and says so, with Retry (SaveFailed, 0039).
 *
 * A draft (the new patient) is a form the caller makes with useDraftForm and keeps: it is not reset on opening,
 * closing keeps it without asking, and the page asks before leaving while it holds input, open or closed.
 */

/** The fields a person types or chooses in (a Select is a read-only input with a list); not a hidden or disabled one. */
const FIELD = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'input[readonly][aria-haspopup]:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
].join(', ');

/**
 * Opened, the focus is in the form's first field: Mantine's Modal focuses the element marked `data-autofocus`, else
 * the first it can focus, which is the close button in the header. A dialog that marks a field itself (or a safe
 * answer) keeps its choice. The mark is set as the form mounts, before Mantine's focus trap looks (a timeout later).
 */
function markFirstField(form: HTMLFormElement | null) {
  if (!form) return;
  const dialog = form.closest('[role="dialog"]') ?? form;
  if (dialog.querySelector('[data-autofocus]')) return;
  form.querySelector(FIELD)?.setAttribute('data-autofocus', '');
}

export type FormDialogForm<F extends FieldValues, O> = UseFormReturn<F, unknown, O>;

/** A form that outlives its dialog (`draft` of FormDialog): made by the caller, with the kit's resolver. */
export function useDraftForm<F extends FieldValues, O = F>(
  schema: z.ZodType<O, F>,
  defaultValues: DefaultValues<F>,
): FormDialogForm<F, O> {
  return useForm<F, unknown, O>({ resolver: contractResolver(schema), defaultValues });
}

/** What onSubmit may say besides "saved" (resolving) and "refused" (throwing). */
export interface FormDialogSubmit<F extends FieldValues> {
  /** Nothing was saved and nothing is wrong with the input (a question comes first): it stays unsaved. */
  notSaved: () => void;
  /**
   * Nothing was saved: the service's record changed meanwhile. The form starts from `values` now; the fields the
   * person changed keep their input (unsaved against the new start), the others show the service's values.
   */
  rebase: (values: DefaultValues<F>) => void;
}

/** The form's start becomes `values`, keeping what the person changed (see FormDialogSubmit.rebase). */
function rebaseForm<F extends FieldValues, O>(form: FormDialogForm<F, O>, values: DefaultValues<F>) {
  form.reset(values, { keepDirtyValues: true, keepErrors: true });
  // reset() counts nothing as unsaved afterwards: what the person typed is, against the new start.
  form.resetDefaultValues(values);
}

type SubmitProps = Omit<ButtonProps, 'type' | 'loading' | 'children'>;

interface FormDialogOwnProps<F extends FieldValues, O>
  extends Omit<DialogProps, 'children' | 'onClose' | 'onSubmit' | 'title'> {
  /** Its title; from the form's values when they change it (a recall that becomes a template). */
  title: ReactNode | ((form: FormDialogForm<F, O>) => ReactNode);
  /** Cancel, Escape, the close button (after "discard?" when something was typed). */
  onClose: () => void;
  /**
   * Saves; the dialog stays in flight until it settles. Resolves when done (it closes the dialog itself: onClose,
   * or the caller's own "done"); throws what the service refused, shown on its field or above the buttons;
   * `submit.notSaved()` or `submit.rebase(record)` when it resolves without saving.
   */
  onSubmit: (values: O, form: FormDialogForm<F, O>, submit: FormDialogSubmit<F>) => unknown;
  /** The field a refusal of the service belongs to (`targetFrom(MSG_FIELD, fields)`); anything else goes above the buttons. */
  fieldOf?: (message: string) => ServerTarget<F>;
  /** A heading for the error above the buttons. */
  errorTitle?: string;
  submitLabel: string;
  /** The Submit button's look, and `disabled` while the form cannot be sent yet (from its values when needed). */
  submitProps?: SubmitProps | ((form: FormDialogForm<F, O>) => SubmitProps);
  cancelLabel?: string;
  /** Ask before closing with unsaved input (default true); a dialog of one choice may close without asking. */
  confirmDiscard?: boolean;
  /** Ask, too, when a link changes only the page's query string (a filter of the same page). Default: path only. */
  includeSearch?: boolean;
  /** The form's accessible name. */
  formLabel?: string;
  /** Besides its own save: the dialog is busy (Cancel and closing wait, Submit is off). */
  busy?: boolean;
  /**
   * Shown in place of the form and its buttons (a result, a second question); the form keeps its values. As a
   * function it may send the form from there (`submit`: through onSubmit, as Submit does; `saving` meanwhile).
   */
  instead?: ReactNode | ((dialog: { submit: () => void; saving: boolean }) => ReactNode);
  /** At the start of the buttons' row (the draft's "Clear"). */
  footerStart?: ReactNode;
  children: (form: FormDialogForm<F, O>) => ReactNode;
}

export type FormDialogProps<F extends FieldValues, O> = FormDialogOwnProps<F, O> &
  (
    | {
        schema: z.ZodType<O, F>;
        /** What the form starts from each time the dialog opens. */
        defaultValues: DefaultValues<F>;
        draft?: undefined;
      }
    | {
        /** The caller's form (useDraftForm), kept while the dialog is closed; see the top of this file. */
        draft: FormDialogForm<F, O>;
        schema?: undefined;
        defaultValues?: undefined;
      }
  );

export function FormDialog<F extends FieldValues, O = F>(props: FormDialogProps<F, O>) {
  return props.draft ? (
    <Frame {...props} form={props.draft} />
  ) : (
    <OwnForm {...props} schema={props.schema} defaultValues={props.defaultValues} />
  );
}

/** A form of the dialog's own, from its default values each time it opens. */
function OwnForm<F extends FieldValues, O>({
  schema,
  defaultValues,
  ...props
}: FormDialogOwnProps<F, O> & { schema: z.ZodType<O, F>; defaultValues: DefaultValues<F> }) {
  const form = useForm<F, unknown, O>({ resolver: contractResolver(schema), defaultValues });
  // Each opening starts from the default values, without the last opening's answers or errors.
  const startValues = useRef(defaultValues);
  startValues.current = defaultValues;
  const { reset } = form;
  useEffect(() => {
    if (props.opened) reset(startValues.current);
  }, [props.opened, reset]);
  return <Frame {...props} form={form} />;
}

function Frame<F extends FieldValues, O>({
  form,
  draft,
  opened,
  onClose,
  title,
  onSubmit,
  fieldOf,
  errorTitle,
  submitLabel,
  submitProps,
  cancelLabel,
  confirmDiscard = true,
  includeSearch = false,
  formLabel,
  busy = false,
  instead,
  footerStart,
  children,
  ...dialogProps
}: FormDialogOwnProps<F, O> & { form: FormDialogForm<F, O>; draft?: unknown }) {
  const { t } = useTranslation('common');
  const { isDirty, isSubmitting, errors } = form.formState;
  const [asking, setAsking] = useState(false);
  const inFlight = useRef(false);
  const keepsDraft = draft !== undefined;

  useEffect(() => {
    if (opened) setAsking(false);
  }, [opened]);

  const saving = isSubmitting || busy;

  const requestClose = () => {
    if (saving) return;
    // A draft stays when the dialog closes: nothing is lost, nothing to ask.
    if (confirmDiscard && !keepsDraft && isDirty) setAsking(true);
    else onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    // Two presses in one frame send once: the button is off only after React renders again.
    if (inFlight.current) return;
    inFlight.current = true;
    let saved = true;
    const outcome: FormDialogSubmit<F> = {
      notSaved: () => {
        saved = false;
      },
      rebase: (start) => {
        saved = false;
        rebaseForm(form, start);
      },
    };
    try {
      await onSubmit(values, form, outcome);
      // Saved: nothing unsaved is left to ask about (an error onSubmit set on purpose stays).
      if (saved) form.reset(form.getValues(), { keepErrors: true });
    } catch (error) {
      // What was typed stays; the message goes where it belongs.
      applyServerError(form.setError, error, fieldOf ?? (() => null), {
        fallback: (e) => describeError(e, t),
        shouldFocus: false,
      });
    } finally {
      inFlight.current = false;
    }
  });

  const rootError = errors.root?.server?.message;
  const footer: FooterProps = {
    asking,
    setAsking,
    onClose,
    requestClose,
    saving,
    cancelLabel: cancelLabel ?? t('formDialog.cancel'),
    submitLabel,
    submitProps: typeof submitProps === 'function' ? submitProps(form) : submitProps,
    start: footerStart,
  };
  const shown = typeof instead === 'function' ? instead({ submit: () => void submit(), saving }) : instead;
  // `instead={asked && …}`: false, like nothing, shows the form.
  const shownInstead = shown === false ? null : shown;
  // The guard of a draft outside the open form (closed, or a second question in its place): the page asks.
  const draftOutside = keepsDraft && isDirty && !(opened && shownInstead == null);

  return (
    <>
      {draftOutside && <DraftGuard dirty={!saving} includeSearch={includeSearch} />}
      <Dialog
        {...dialogProps}
        opened={opened}
        onClose={requestClose}
        title={typeof title === 'function' ? title(form) : title}
      >
        {shownInstead ?? (
          <FormProvider {...form}>
            <form ref={markFirstField} onSubmit={submit} noValidate aria-label={formLabel}>
              <Stack gap="sm">
                {children(form)}
                {/* Unreachable or refused: the dialog stays open with the input, says so, and offers Retry. */}
                {rootError && <SaveFailed message={rootError} title={errorTitle} saving={saving} />}
                {confirmDiscard || keepsDraft ? (
                  <GuardedFooter {...footer} guard={isDirty && !saving} includeSearch={includeSearch} />
                ) : (
                  <Footer {...footer} />
                )}
              </Stack>
            </form>
          </FormProvider>
        )}
      </Dialog>
    </>
  );
}

/** A draft's page guard while its form is not on screen: "leave the page?" as any page asks. */
function DraftGuard({ dirty, includeSearch }: { dirty: boolean; includeSearch: boolean }) {
  return useUnsavedChangesGuard(dirty, { includeSearch }).dialog;
}

interface FooterProps {
  asking: boolean;
  setAsking: (asking: boolean) => void;
  onClose: () => void;
  requestClose: () => void;
  saving: boolean;
  cancelLabel: string;
  submitLabel: string;
  submitProps: SubmitProps | undefined;
  start?: ReactNode;
  /** A link elsewhere waits for "discard?" (the guard of GuardedFooter). */
  block?: NavigationBlock;
}

/**
 * The footer with the navigation guard: rendered only inside the open dialog (the modal renders no content while
 * closed), because React Router allows one blocker at a time and a page may hold several closed dialogs.
 */
function GuardedFooter({
  guard,
  includeSearch,
  ...props
}: FooterProps & { guard: boolean; includeSearch: boolean }) {
  const block = useNavigationBlock(guard, { includeSearch });
  return <Footer {...props} block={block} />;
}

/** A long label (the draft's "Close (input is kept)") wraps on a phone instead of widening the dialog. */
export const wraps = {
  root: { maxWidth: '100%', height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
} as const;

/** Cancel and Submit, or "discard?" in their place. */
function Footer({
  asking,
  setAsking,
  onClose,
  requestClose,
  saving,
  cancelLabel,
  submitLabel,
  submitProps,
  start,
  block,
}: FooterProps) {
  if (asking || block?.blocked) {
    return (
      <DiscardPrompt
        onKeep={() => {
          setAsking(false);
          if (block?.blocked) block.stay();
        }}
        onDiscard={() => {
          setAsking(false);
          if (block?.blocked) block.leave();
          else onClose();
        }}
      />
    );
  }
  const buttons = (
    <Group gap="sm" justify="flex-end" mt={start ? undefined : 'xs'}>
      <Button variant="default" onClick={requestClose} disabled={saving} styles={wraps}>
        {cancelLabel}
      </Button>
      <Button {...submitProps} type="submit" loading={saving} styles={wraps}>
        {submitLabel}
      </Button>
    </Group>
  );
  if (!start) return buttons;
  return (
    <Group gap="sm" justify="space-between" mt="xs">
      {start}
      {buttons}
    </Group>
  );
}

/** "Discard your changes?" in place of the buttons: keep editing (focused) or discard. */
export function DiscardPrompt({
  onKeep,
  onDiscard,
  mb,
}: {
  onKeep: () => void;
  onDiscard: () => void;
  mb?: MantineSpacing;
}) {
  const { t } = useTranslation('common');
  // It appears in an open dialog: the focus moves to its safe answer (data-autofocus works only on opening).
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <Alert
      color="orange"
      variant="light"
      role="alertdialog"
      mb={mb}
      aria-label={t('formDialog.discardTitle')}
      title={t('formDialog.discardTitle')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('formDialog.discardText')}</Text>
        <Group gap="sm">
          <Button variant="default" ref={keep} onClick={onKeep}>
            {t('formDialog.keep')}
          </Button>
          <Button color="red" onClick={onDiscard}>
            {t('formDialog.discard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
