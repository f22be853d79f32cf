import { TextInput } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '#api/client.ts';
import { renderWithProviders } from '#test/render.tsx';
import { FormDialog, useDraftForm } from './form-dialog.tsx';
import { targetFrom } from './server-error.ts';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

const schema = z.object({ name: z.string().trim().min(1, 'Enter a name.') });
type Values = z.infer<typeof schema>;

const refusal = (msg: string) => new ApiError({ op: 'addThing', kind: 'http', httpStatus: 200, msg });

/** A page with a button that opens the dialog; what Save does is the test's. */
function Harness({ save, onClose }: { save: (v: Values) => Promise<unknown>; onClose?: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <FormDialog<Values>
        opened={opened}
        onClose={() => {
          onClose?.();
          setOpened(false);
        }}
        title="New thing"
        schema={schema}
        defaultValues={{ name: '' }}
        onSubmit={async (values) => {
          await save(values);
          setOpened(false);
        }}
        fieldOf={targetFrom({ 'The name is taken.': 'name' }, { name: 'name' })}
        submitLabel="Save"
      >
        {(form) => (
          <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
        )}
      </FormDialog>
    </>
  );
}

async function open(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog', { name: 'New thing' });
}

describe('the form-dialog kit', () => {
  it('shows a refusal without a field above the buttons, and one with a field on it; the input stays', async () => {
    const save = vi.fn<(v: Values) => Promise<unknown>>();
    const { user } = renderWithProviders(<Harness save={save} />);
    const dialog = await open(user);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    save.mockRejectedValueOnce(refusal('The service is busy.'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is busy.');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Anna');

    save.mockRejectedValueOnce(refusal('The name is taken.'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is taken.')).toBeInTheDocument();
    expect(within(dialog).queryByText('The service is busy.')).not.toBeInTheDocument();
    expect(save).toHaveBeenLastCalledWith({ name: 'Anna' });
  });

  it('keeps a save that cannot reach the service open with the input, says it is not sent by itself, and Retry sends it', async () => {
    const save = vi.fn<(v: Values) => Promise<unknown>>();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Harness save={save} onClose={onClose} />);
    const dialog = await open(user);
    save.mockRejectedValueOnce(
      new ApiError({
        op: 'addThing',
        kind: 'network',
        httpStatus: 0,
        msg: 'The practice server cannot be reached.',
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('The practice server cannot be reached.');
    expect(alert).toHaveTextContent('It will not be sent by itself');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Anna');
    // Save stays possible: nothing waits for the connection by itself.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(save).toHaveBeenCalledTimes(1);

    save.mockResolvedValueOnce(null);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New thing' })).not.toBeInTheDocument());
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ name: 'Anna' });
  });

  it('asks before discarding typed input: Keep editing keeps it, Discard changes closes', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Harness save={async () => null} onClose={onClose} />);
    let dialog = await open(user);

    // Nothing typed: Cancel closes at once.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);

    dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const prompt = within(dialog).getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(prompt).toHaveTextContent('What you entered has not been saved and will be lost.');
    expect(within(prompt).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(within(prompt).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Anna');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('starts from the default values each time it opens, without the last error', async () => {
    const { user } = renderWithProviders(<Harness save={() => Promise.reject(refusal('Not now.'))} />);
    let dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not now.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open(user);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps Save and Cancel off while the save is in flight, and sends once', async () => {
    let finish: (v: unknown) => void = () => undefined;
    const save = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { user } = renderWithProviders(<Harness save={save} />);
    const dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(save).toHaveBeenCalledTimes(1);

    finish(null);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Saved, so closing asked nothing.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks inside the dialog before a link leaves the page with typed input', async () => {
    const { user, router } = renderWithProviders(<Harness save={async () => null} />);
    const dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');

    await act(() => router.navigate('/elsewhere'));
    const prompt = within(dialog).getByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(prompt).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Anna');

    await act(() => router.navigate('/elsewhere'));
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('a closed dialog holds no guard: the page’s own still asks', async () => {
    // React Router heeds only the blocker registered last: the closed dialog's would come after the page's.
    const { router } = renderWithProviders(<GuardedPage />);
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

/** A page with unsaved input of its own, and a closed kit dialog below its guard. */
function PageGuard() {
  return useUnsavedChangesGuard(true).dialog;
}
function GuardedPage() {
  return (
    <>
      <PageGuard />
      <Harness save={async () => null} />
    </>
  );
}

/** A draft kept by the page (the new patient's): Save asks a question first, then saves from it. */
function DraftHarness({ save }: { save: (v: Values) => Promise<unknown> }) {
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  const draft = useDraftForm<Values>(schema, { name: '' });
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <FormDialog<Values>
        draft={draft}
        opened={opened}
        onClose={() => setOpened(false)}
        title="New thing"
        onSubmit={async (values, _form, outcome) => {
          if (!asked) {
            setAsked(true);
            outcome.notSaved();
            return;
          }
          await save(values);
          draft.reset({ name: '' });
          setOpened(false);
        }}
        submitLabel="Save"
        instead={
          asked &&
          (({ submit }) => (
            <button type="button" onClick={submit}>
              Sure
            </button>
          ))
        }
      >
        {(form) => <TextInput label="Name" {...form.register('name')} />}
      </FormDialog>
    </>
  );
}

describe('a draft on the kit', () => {
  it('keeps the input while closed, and the page asks before it is lost', async () => {
    const { user, router } = renderWithProviders(<DraftHarness save={async () => null} />);
    let dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');
    // Closing keeps the draft: nothing to ask.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await act(() => router.navigate('/elsewhere'));
    const leave = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/');

    dialog = await open(user);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Anna');
  });

  it('stays unsaved after a question (notSaved), and saves once from it (instead sends the form)', async () => {
    const save = vi.fn(async (_: Values) => null);
    const { user, router } = renderWithProviders(<DraftHarness save={save} />);
    const dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const sure = await within(dialog).findByRole('button', { name: 'Sure' });
    expect(save).not.toHaveBeenCalled();

    // The question is on screen, the draft still unsaved: leaving asks.
    await act(() => router.navigate('/elsewhere'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', {
        name: 'Stay',
      }),
    );
    expect(router.state.location.pathname).toBe('/');

    await user.click(sure);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New thing' })).not.toBeInTheDocument());
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ name: 'Anna' });
    // Saved and emptied: nothing left to ask about.
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});

const twoFields = z.object({ name: z.string(), note: z.string() });
type TwoFields = z.infer<typeof twoFields>;

/** An edit form whose first Save finds the record changed meanwhile (the patient's data). */
function RebaseHarness({ save }: { save: (v: TwoFields) => void }) {
  const [opened, setOpened] = useState(false);
  const [clashed, setClashed] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <FormDialog<TwoFields>
        opened={opened}
        onClose={() => setOpened(false)}
        title="New thing"
        schema={twoFields}
        defaultValues={{ name: 'Ann', note: 'old note' }}
        onSubmit={(values, _form, outcome) => {
          if (!clashed) {
            setClashed(true);
            outcome.rebase({ name: 'Anne', note: 'their note' });
            return;
          }
          save(values);
          setOpened(false);
        }}
        submitLabel="Save"
      >
        {(form) => (
          <>
            <TextInput label="Name" {...form.register('name')} />
            <TextInput label="Note" {...form.register('note')} />
          </>
        )}
      </FormDialog>
    </>
  );
}

describe('rebase', () => {
  it("starts from the record read again, keeps the person's edit, and counts it as unsaved", async () => {
    const save = vi.fn();
    const { user } = renderWithProviders(<RebaseHarness save={save} />);
    const dialog = await open(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Anna');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The untouched field shows the service's value; the edited one the person's.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('their note'),
    );
    expect(name).toHaveValue('Anna');
    expect(save).not.toHaveBeenCalled();
    // Still unsaved: Cancel asks.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'Anna', note: 'their note' }));
  });

  it('counts nothing as unsaved when the edit is what the record says now', async () => {
    const { user } = renderWithProviders(<RebaseHarness save={() => undefined} />);
    const dialog = await open(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'e');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('their note'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
