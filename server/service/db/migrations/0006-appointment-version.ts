/**
 * docs/api.md#versions: `version` grows with every change of an appointment (modifyAppointment with a stale
 * `ifVersion` changes nothing: 409); `state_changed` is when `state` last changed (practice time), null before.
 */
export const appointmentVersion = `
ALTER TABLE appointments ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE appointments ADD COLUMN state_changed TEXT;
`;
