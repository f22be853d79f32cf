import type { StatFilter, StatGroupBy, StatMetric } from '../../../contract/sales.ts';
import { opQuery } from '../queries.ts';

/** The sales area's statistics (getLeadStats); the reasons counted over every page of getLeads are in leads.ts. */

export interface LeadStatsInput {
  groupBy: StatGroupBy;
  metric: StatMetric;
  filter?: StatFilter;
}

export function leadStatsQuery(groupBy: StatGroupBy, metric: StatMetric, filter: StatFilter) {
  const input: LeadStatsInput = { groupBy, metric, ...(Object.keys(filter).length > 0 ? { filter } : {}) };
  return opQuery('getLeadStats', input);
}
