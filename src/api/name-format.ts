/**
 * The one format of each kind of name: a patient's (`Müller-Schmid, Anna`), a practitioner's (`Dr. Anna Berger`)
 * and a user's (`Anna Berger`). Pure and without imports, so that the shell's header and lock can use them without
 * loading any area's operations.
 */

/** `Müller-Schmid, Anna`: in lists, searches, dialogs and exports. */
export function patientName(p: { lastname?: string; firstname?: string }): string {
  return [p.lastname, p.firstname].filter(Boolean).join(', ');
}

/** `Dr. Anna Berger`. */
export function providerLabel(p: { title?: string; givenname?: string; familyname?: string }): string {
  return [p.title, p.givenname, p.familyname].filter(Boolean).join(' ');
}

/** `Anna Berger`; '' when neither name is known (the caller names the fallback: the user name, the number). */
export function personName(p: { givenname?: string; familyname?: string }): string {
  return [p.givenname, p.familyname].filter(Boolean).join(' ');
}
