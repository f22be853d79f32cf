import { type Db, sql } from '../db/database.ts';

/** Whether a patient number names a patient, and whether that patient is deleted (bookings, recalls, links). */
export function patientState(db: Db, patid: number): 'active' | 'deleted' | 'missing' {
  const row = sql(db, 'SELECT deleted FROM patients WHERE patid = ?').get(patid) as
    | { deleted: number }
    | undefined;
  if (!row) return 'missing';
  return row.deleted === 0 ? 'active' : 'deleted';
}
