// The lock key of one project's planned hours (db/transaction.ts): bookings of the project take it.
import { lockNamespace } from '../../db/transaction.js';

export const projectLockKey = lockNamespace<[projectId: number]>('p');
