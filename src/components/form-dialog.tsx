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
import { applyServerError, type ServerTarget } from './server-error.ts';
import { describeError } from './states.tsx';
import { type NavigationBlock, useNavigationBlock } from './unsaved-changes.tsx';

/*
 * The one frame of a dialog with a form (docs/decisions/0030): it owns the form (react-hook-form with the zod
 * schema), the error above the buttons, Cancel and Submit (Submit off while the save is in flight), the reset each
 * time it opens, and "discard your changes?" when it is closed, or the page left, with unsaved input (through the
 * app's one navigation guard, unsaved-changes.tsx). A dialog built on it writes only its fields.
 */

export type FormDialogForm<F extends FieldValues, O> = UseFormReturn<F, unknown, O>;

type SubmitProps = Omit<ButtonProps, 'type' | 'loading' | 'children'>;

export interface FormDialogProps<F extends FieldValues, O>
  extends Omit<DialogProps, 'children' | 'onClose' | 'onSubmit' | 'title'> {
  /** Its title; from the form's values when they change it (a recall that becomes a template). */
  title: ReactNode | ((form: FormDialogForm<F, O>) => ReactNode);
  /** Cancel, Escape, the close button (after "discard?" when something was typed). */
  onClose: () => void;
  schema: z.ZodType<O, F>;
  /** What the form starts from each time the dialog opens. */
  defaultValues: DefaultValues<F>;
  /**
   * Saves; the dialog stays in flight until it settles. Resolves when done (it closes the dialog itself: onClose,
   * or the caller's own "done"); throws what the service refused, shown on its field or above the buttons.
   */
  onSubmit: (values: O, form: FormDialogForm<F, O>) => unknown;
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
  /** Shown in place of the form and its buttons (a result, a second question); the form keeps its values. */
  instead?: ReactNode;
  children: (form: FormDialogForm<F, O>) => ReactNode;
}

export function FormDialog<F extends FieldValues, O = F>({
  opened,
  onClose,
  title,
  schema,
  defaultValues,
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
  children,
  ...dialogProps
}: FormDialogProps<F, O>) {
  const { t } = useTranslation('common');
  const form = useForm<F, unknown, O>({ resolver: contractResolver(schema), defaultValues });
  const { isDirty, isSubmitting, errors } = form.formState;
  const [asking, setAsking] = useState(false);
  const inFlight = useRef(false);

  // Each opening starts from the default values, without the last opening's answers or errors.
  const startValues = useRef(defaultValues);
  startValues.current = defaultValues;
  const { reset } = form;
  useEffect(() => {
    if (!opened) return;
    reset(startValues.current);
    setAsking(false);
  }, [opened, reset]);

  const saving = isSubmitting || busy;

  const requestClose = () => {
    if (saving) return;
    if (confirmDiscard && isDirty) setAsking(true);
    else onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    // Two presses in one frame send once: the button is off only after React renders again.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await onSubmit(values, form);
      // Saved: nothing unsaved is left to ask about (an error onSubmit set on purpose stays).
      form.reset(form.getValues(), { keepErrors: true });
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
  };

  return (
    <Dialog
      {...dialogProps}
      opened={opened}
      onClose={requestClose}
      title={typeof title === 'function' ? title(form) : title}
    >
      {instead ?? (
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate aria-label={formLabel}>
            <Stack gap="sm">
              {children(form)}
              {rootError && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  title={errorTitle}
                  styles={{ title: { color: 'var(--mantine-color-text)' } }}
                >
                  {rootError}
                </Alert>
              )}
              {confirmDiscard ? (
                <GuardedFooter {...footer} guard={isDirty && !isSubmitting} includeSearch={includeSearch} />
              ) : (
                <Footer {...footer} />
              )}
            </Stack>
          </form>
        </FormProvider>
      )}
    </Dialog>
  );
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
  return (
    <Group gap="sm" justify="flex-end" mt="xs">
      <Button variant="default" onClick={requestClose} disabled={saving}>
        {cancelLabel}
      </Button>
      <Button {...submitProps} type="submit" loading={saving}>
        {submitLabel}
      </Button>
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
