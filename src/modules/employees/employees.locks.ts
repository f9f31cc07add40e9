// The lock key of one employee's bookings, absences and receipts (db/transaction.ts): every write of them takes it
// first, and so do the writes that change what they are checked against (employees.repository.ts lockEmployee).
import { lockNamespace } from '../../db/transaction.js';

export const employeeLockKey = lockNamespace<[username: string]>('e');
