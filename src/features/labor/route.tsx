import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { IconAlertTriangle, IconFileUpload, IconFolderOpen, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Session, useSession } from '#api/session.ts';
import { meQuery } from '#api/system.ts';
import { formatDate } from '#components/format.ts';
import { NewPatientDialog } from '#components/new-patient/new-patient-dialog.tsx';
import { Page } from '#components/page.tsx';
import { UploadList } from './components/upload-list.tsx';
import { attachQueryClient, laborUploads, type UploadItem } from './upload-store.ts';

/** Who the uploads belong to: the list is forgotten when someone else signs in. */
function ownerOf(session: Session | null): string | null {
  if (!session) return null;
  const who = session.auth.kind === 'basic' ? `u:${session.auth.user}` : 'k';
  return `${session.base}|${who}`;
}

/** `/lab`: upload HL7 messages and PDF reports of the laboratory; the session's uploads with their answers. */
export function Component() {
  const { t } = useTranslation('labor');
  const queryClient = useQueryClient();
  const session = useSession();
  const me = useQuery(meQuery());
  const items = useSyncExternalStore(laborUploads.subscribe, laborUploads.getSnapshot);
  const openRef = useRef<() => void>(null);
  // The held message whose patient is being created here: once created, the message is checked again and sent.
  const [creatingFor, setCreatingFor] = useState<UploadItem | null>(null);
  const pid = creatingFor?.identity?.pid;

  useEffect(() => {
    attachQueryClient(queryClient);
  }, [queryClient]);
  const owner = ownerOf(session);
  useEffect(() => {
    laborUploads.setOwner(owner);
  }, [owner]);

  // modules is null when the service does not tell (no whoami): then the service decides per file.
  const noLabor = Array.isArray(me.data?.modules) && !me.data.modules.includes('labor');

  return (
    <Page title={t('title')}>
      {noLabor && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('noModule.title')}
          role="alert"
          data-testid="no-labor-module"
        >
          {t('noModule.text')}
        </Alert>
      )}

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text>{t('intro')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('pairing')}</List.Item>
            <List.Item>{t('patient')}</List.Item>
            <List.Item>{t('limits')}</List.Item>
          </List>
        </Stack>
      </Paper>

      <Stack gap="xs">
        <Dropzone
          onDrop={(files) => laborUploads.add(files)}
          openRef={openRef}
          multiple
          disabled={noLabor}
          // The button below opens the picker by keyboard; the area itself is for the mouse (drop or click).
          activateOnKeyboard={false}
          role="group"
          aria-label={t('drop.label')}
          // react-dropzone names its visually hidden file input "file upload", in English whatever the language; it
          // takes the area's name (not the button's, which is the way to choose files by keyboard).
          inputProps={{ 'aria-label': t('drop.label') }}
          data-testid="labor-dropzone"
        >
          <Group justify="center" gap="lg" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={44} stroke={1.5} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconAlertTriangle size={44} stroke={1.5} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileUpload size={44} stroke={1.5} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="lg" fw={600}>
                {t('drop.label')}
              </Text>
              <Text size="sm" c="dimmed">
                {noLabor ? t('drop.disabled') : t('drop.hint')}
              </Text>
            </div>
          </Group>
        </Dropzone>
        <Group>
          <Button
            leftSection={<IconFolderOpen size={18} aria-hidden />}
            onClick={() => openRef.current?.()}
            disabled={noLabor}
          >
            {t('drop.choose')}
          </Button>
        </Group>
      </Stack>

      {creatingFor && pid && (
        <NewPatientDialog
          key={creatingFor.id}
          opened
          onClose={() => setCreatingFor(null)}
          initial={{
            lastname: pid.lastname,
            firstname: pid.firstname,
            dob: pid.dob ? formatDate(pid.dob) : '',
          }}
          onCreated={() => laborUploads.retry(creatingFor.id)}
        />
      )}
      <UploadList
        items={items}
        onCreatePatient={setCreatingFor}
        onRetry={laborUploads.retry}
        onRemove={laborUploads.remove}
        onRetryAll={laborUploads.retryAllFailed}
        onClearFinished={laborUploads.clearFinished}
      />
    </Page>
  );
}
