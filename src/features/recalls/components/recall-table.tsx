import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconMail, IconMailbox, IconMessage, IconPencil, IconSend, IconUserEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerQuery } from '#api/system.ts';
import { formatDateTime } from '#components/format.ts';
import { PatientName } from '#components/person-name.tsx';
import { RecallFailureText, resendBlocker, resendNeedsAddress } from '#components/recall-error.tsx';
import type { Recall, RecallStatus, RecallType } from '#contract/recall.ts';
import { describeFrequency } from '../frequency.ts';
import classes from './recall-table.module.css';

export const statusColor: Record<RecallStatus, string> = { sent: 'green', pending: 'blue', error: 'red' };

const typeIcon: Record<RecallType, typeof IconMail> = {
  brief: IconMailbox,
  sms: IconMessage,
  mail: IconMail,
};

export interface RecallTableProps {
  recalls: Recall[];
  templates: boolean;
  /** The practice's day: a pending recall before it is marked overdue. */
  today: string;
  onEdit: (recall: Recall) => void;
  onToggleActive: (recall: Recall, active: boolean) => void;
  /** A failed recall saved again: queued to be sent once more (after its patient's data were mended). */
  onSendAgain: (recall: Recall) => void;
  /** Recalls being sent again. */
  resending: ReadonlySet<number>;
  /** Recalls whose active switch is being saved, and the state being saved. */
  saving: ReadonlyMap<number, boolean>;
}

/** Rows rendered at once; the rest follow in a render that yields to the browser (no long task with many rows). */
const FIRST_ROWS = 15;

export function RecallTable({
  recalls,
  templates,
  today,
  onEdit,
  onToggleActive,
  onSendAgain,
  resending,
  saving,
}: RecallTableProps) {
  const { t } = useTranslation('recalls');
  const rows = useDeferredValue(recalls, recalls.slice(0, FIRST_ROWS));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.due')}</Table.Th>
            <Table.Th scope="col">{t('table.title')}</Table.Th>
            {!templates && <Table.Th scope="col">{t('table.patient')}</Table.Th>}
            <Table.Th scope="col">{t('table.type')}</Table.Th>
            <Table.Th scope="col">{t('table.status')}</Table.Th>
            <Table.Th scope="col">{t('table.recurring')}</Table.Th>
            <Table.Th scope="col">{t('table.active')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const TypeIcon = typeIcon[r.recallType];
            return (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(r.recallDate)}
                  {r.status === 'pending' && r.patid > 0 && r.recallDate.slice(0, 10) < today && (
                    <Text size="xs" className={classes.errorMsg}>
                      {t('table.overdue')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {r.title}
                  </Text>
                  {r.recallText && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {r.recallText}
                    </Text>
                  )}
                  {r.internalComment && (
                    <Text size="xs" fs="italic" c="dimmed" lineClamp={1}>
                      {t('labelValue', { ns: 'common', label: t('table.comment'), value: r.internalComment })}
                    </Text>
                  )}
                </Table.Td>
                {!templates && (
                  <Table.Td>
                    <Stack gap={0}>
                      <Anchor component={Link} to={`/patients/${r.patid}`} size="sm">
                        <PatientName patid={r.patid} />
                      </Anchor>
                      {r.customerMobile && (
                        <Text size="xs">
                          {t('labelValue', {
                            ns: 'common',
                            label: t('table.mobile'),
                            value: r.customerMobile,
                          })}
                        </Text>
                      )}
                      {r.customerMail && (
                        <Text size="xs">
                          {t('labelValue', { ns: 'common', label: t('table.mail'), value: r.customerMail })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <TypeIcon size={16} aria-hidden />
                    {/* The app's word (SMS, Brief): whole, never "SM" over "S" in a narrow column. */}
                    <Text size="sm" style={{ overflowWrap: 'normal' }}>
                      {t(`type.${r.recallType}`)}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColor[r.status]} variant="dot">
                    {t(`status.${r.status}`)}
                  </Badge>
                  {r.status === 'error' && r.errorMsg && (
                    <Text size="xs" className={classes.errorMsg} maw={220}>
                      <RecallFailureText recall={r} />
                    </Text>
                  )}
                  {r.status === 'error' && r.patid > 0 && (
                    <FailedRecallActions
                      recall={r}
                      resending={resending.has(r.id)}
                      onSendAgain={onSendAgain}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {r.recurring === 1 ? describeFrequency(r.recurringFrequency, t) : t('table.oneTime')}
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={saving.get(r.id) ?? r.active === 1}
                    disabled={saving.has(r.id)}
                    onChange={(e) => onToggleActive(r, e.currentTarget.checked)}
                    aria-label={t('table.activeOf', { title: r.title, id: r.id })}
                  />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('table.edit')}>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => onEdit(r)}
                      aria-label={t('table.editOf', { title: r.title, id: r.id })}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Under a failed recall: "Send again" only when the patient's data now let it go out (recall-error.tsx
 * resendBlocker); otherwise what is missing, and the patient's data form as the way to mend it. A recall sent again
 * without a mail address would be counted as pending and fail once more.
 */
function FailedRecallActions({
  recall,
  resending,
  onSendAgain,
}: {
  recall: Recall;
  resending: boolean;
  onSendAgain: (recall: Recall) => void;
}) {
  const { t } = useTranslation('recalls');
  const needsAddress = resendNeedsAddress(recall);
  // Only a letter that failed for its address reads the patient's record (cached per patient, as the name is).
  const patient = useQuery({ ...customerQuery(recall.patid), enabled: needsAddress && recall.patid > 0 });
  const blocker = resendBlocker(
    recall,
    !needsAddress ? undefined : patient.data ? patient.data : patient.isError ? null : undefined,
  );
  const mendTo = `/patients/${recall.patid}?edit=1`;
  return (
    <Stack gap={4} mt={4} align="flex-start">
      {blocker === null || blocker === 'unknown' ? (
        // 24 px high at least: a target a finger or a trembling hand can hit (WCAG 2.5.8).
        <Anchor component={Link} to={mendTo} size="xs" className={classes.mend}>
          {t('table.mend')}
        </Anchor>
      ) : (
        <>
          <Text size="xs" fw={600} maw={220}>
            {t(`table.needs.${blocker}`)}
          </Text>
          <Button
            component={Link}
            to={mendTo}
            size="xs"
            variant="light"
            leftSection={<IconUserEdit size={14} aria-hidden />}
          >
            {t('table.mend')}
          </Button>
        </>
      )}
      {blocker === null && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} aria-hidden />}
          loading={resending}
          onClick={() => onSendAgain(recall)}
          aria-label={t('table.sendAgainOf', { title: recall.title, id: recall.id })}
        >
          {t('table.sendAgain')}
        </Button>
      )}
    </Stack>
  );
}
