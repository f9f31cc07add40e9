// Roles are an employee's `rights` (0 User, 1 Administrator, 2 Controller, 3 User with extended rights, 4 Project
// Controller — the real system's numbers), named for the permission matrix.
export const ROLES = ['user', 'administrator', 'controller', 'extended', 'project_controller'] as const;
export type Role = (typeof ROLES)[number];

export const roleOf = (rights: number): Role => ROLES[rights] ?? 'user';
