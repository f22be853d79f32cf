import { SimpleGrid, Table, Text } from '@mantine/core';
import { formatChf } from '#components/format.ts';
import { formatNumber } from '#i18n/number.ts';
import type { Total } from '../table-model.ts';

export interface TotalsGroup {
  /** e.g. `Totals by law`; names the table. */
  title: string;
  /** Header of the key column, e.g. `Law`. */
  keyHeader: string;
  totals: readonly Total[];
  /** Text for a key (translated status, …). */
  label?: (key: string) => string;
}

export interface TotalsProps {
  groups: readonly TotalsGroup[];
  countHeader: string;
  amountHeader: string;
  totalLabel: string;
  grand: Total;
}

/** Count and sum of the shown rows per group value, and over all of them. */
export function Totals({ groups, countHeader, amountHeader, totalLabel, grand }: TotalsProps) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: Math.min(3, groups.length) }}
      spacing="md"
      style={{ alignItems: 'start' }}
    >
      {groups.map((g) => (
        <Table key={g.title} withTableBorder verticalSpacing={4} aria-label={g.title}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <Text fw={600} size="sm" c="var(--mantine-color-text)">
              {g.title}
            </Text>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{g.keyHeader}</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {countHeader}
              </Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {amountHeader}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {g.totals.map((t) => (
              <Table.Tr key={t.key}>
                <Table.Th scope="row" fw={500}>
                  {g.label ? g.label(t.key) : t.key}
                </Table.Th>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(t.count)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {formatChf(t.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{totalLabel}</Table.Th>
              <Table.Td style={{ textAlign: 'right', fontWeight: 600 }}>{formatNumber(grand.count)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontWeight: 600 }}>{formatChf(grand.amount)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      ))}
    </SimpleGrid>
  );
}
