// The leave approval workflow (docs/api/absences.md, "Leave approval"): the statuses of a leave approval
// application, and which change of `approved` each state allows. Pure: no SQL, no HTTP.

/** Application status ids; id 1 "genehmigt" is the live system's, the others are ours. */
export const LeaveStatus = { Requested: 0, Approved: 1, Rejected: 2, Revoked: 3 } as const;
export type LeaveStatusId = (typeof LeaveStatus)[keyof typeof LeaveStatus];

/** Names in the tenant's language (German for 'de', English otherwise). */
/** An absence whose application has one of these statuses no longer counts anywhere. */
export const NO_LONGER_COUNTING: readonly number[] = [LeaveStatus.Rejected, LeaveStatus.Revoked];

/** Where an absence stands: without an application it is planned or approved; with one, its status. */
export type AbsenceState = 'planned' | 'approved' | 'requested' | 'granted' | 'rejected' | 'revoked';

export function stateOf(approved: boolean, applicationStatus: number | null): AbsenceState {
  if (applicationStatus === null) return approved ? 'approved' : 'planned';
  return (
    (
      {
        [LeaveStatus.Requested]: 'requested',
        [LeaveStatus.Approved]: 'granted',
        [LeaveStatus.Rejected]: 'rejected',
        [LeaveStatus.Revoked]: 'revoked',
      } as const
    )[applicationStatus as LeaveStatusId] ?? 'requested'
  );
}

/** The result of asking for `approved`: the new flag and, where an application exists, its new status. */
export type Decision = { approved: boolean; status: number | null; changed: boolean } | { refused: string };

/**
 * `approved: true` approves a planned or requested absence; `approved: false` makes an approved absence without
 * application planned again and revokes a granted one. `approved` is the value the absence reads, so asking for the
 * present value changes nothing — a requested absence reads `approved: false`, and only an explicit rejection
 * (`reject`: the legacy `approval_status: "rejected"`) rejects it. Rejected and revoked applications are final.
 */
export function decide(state: AbsenceState, approved: boolean, reject = false): Decision {
  switch (state) {
    case 'planned':
      return approved
        ? { approved: true, status: null, changed: true }
        : { approved: false, status: null, changed: false };
    case 'approved':
      return approved
        ? { approved: true, status: null, changed: false }
        : { approved: false, status: null, changed: true };
    case 'requested':
      if (!approved && !reject) return { approved: false, status: LeaveStatus.Requested, changed: false };
      return { approved, status: approved ? LeaveStatus.Approved : LeaveStatus.Rejected, changed: true };
    case 'granted':
      return approved
        ? { approved: true, status: LeaveStatus.Approved, changed: false }
        : { approved: false, status: LeaveStatus.Revoked, changed: true };
    case 'rejected':
    case 'revoked':
      return approved
        ? {
            refused: `The leave application was ${state === 'rejected' ? 'rejected' : 'revoked'}; it cannot be approved any more. Request the absence anew.`,
          }
        : {
            approved: false,
            status: state === 'rejected' ? LeaveStatus.Rejected : LeaveStatus.Revoked,
            changed: false,
          };
  }
}
