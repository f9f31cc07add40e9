// Which roles use which pages (a session's `role`; docs/api/permissions.md has the matrix). The role only chooses
// what the app offers: the API decides every request.

/** Roles that decide leave requests (absences:approve). */
export const DECIDES_LEAVE = ['administrator', 'controller'];
/** Roles that read and write every closing (month-closings). */
export const CLOSES_MONTHS = ['administrator', 'controller'];
/** Roles that read others' absences: their department's (extended rights) or everyone's. */
export const SEES_TEAM = ['administrator', 'controller', 'extended'];
