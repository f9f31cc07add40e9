// What the Leave and Expenses pages ask the server (docs/web-app.md "Leave", "Expenses"), through the typed client
// like api.ts: the employee's absences of a year with the tenant's absence reasons and the vacation figures of the
// working-time balance; their receipts with the receipt types, their projects and the receipts' amount lines.
import type { Schemas } from '@zeitkonto/client';
import { ApiFailure, employeeDays, refusal, today, type Refusal, type Session } from './api';

export type Absence = Schemas['Absence'];
export type AbsenceReason = Schemas['AbsenceReason'];
export type VacationYear = Schemas['VacationYear'];
export type Receipt = Schemas['Receipt'];
export type ReceiptAmount = Schemas['ReceiptAmount'];
export type ReceiptType = Schemas['ReceiptType'];
export type ReceiptLine = Schemas['ReceiptAmountLine'];

/** A reason's text in the language (`comment`: German, then `|en:…` segments), else its name. */
export function reasonText(reason: Pick<AbsenceReason, 'name' | 'comment'>, lang: string): string {
  const [german, ...others] = (reason.comment ?? '').split('|');
  const other = others.find((o) => o.startsWith(`${lang}:`));
  if (other) return other.slice(lang.length + 1);
  return german || reason.name;
}

export type LeaveState = 'pending' | 'approved' | 'rejected' | 'revoked' | 'planned';

/** An absence's state: its leave application's status, else approved or only planned (docs/api/absences.md). */
export function leaveState(a: Absence): LeaveState {
  const status = a.leaveApprovalApplication?.status.id;
  if (status === 0) return 'pending';
  if (status === 2) return 'rejected';
  if (status === 3) return 'revoked';
  return a.approved ? 'approved' : 'planned';
}

export interface LeaveYear {
  absences: Absence[];
  reasons: AbsenceReason[];
  vacation: VacationYear | null;
}

/**
 * The employee's absences lying in the year (GET /absences lists those entirely inside the window), the reasons
 * they may enter themself, and the year's vacation figures: three requests.
 */
export async function leaveYear(s: Session, year: string): Promise<LeaveYear> {
  const [absences, reasons, balances] = await Promise.all([
    s.api.GET('/absences', {
      params: {
        query: { employee_id: s.employee, start_date: `${year}-01-01`, end_date: `${year}-12-31`, limit: 200 },
      },
    }),
    s.api.GET('/absence-reasons', { params: { query: { limit: 200 } } }),
    s.api.GET('/workhour-balances', { params: { query: { employee_id: s.employee } } }),
  ]);
  for (const r of [absences, reasons, balances])
    if (!r.data) throw new ApiFailure(r.error?.message ?? '', r.response.status);
  return {
    absences: [...absences.data!.data].sort((a, b) => b.start_date.localeCompare(a.start_date) || b.id - a.id),
    reasons: reasons.data!.data.filter((r) => Number(r.allow_self_entry) === 1),
    vacation: balances.data!.data[0]?.vacation.find((v) => String(v.year) === year) ?? null,
  };
}

export interface LeaveInput {
  absence_reason_id: string;
  start_date: string;
  end_date: string;
  half_day_from: boolean;
  half_day_to: boolean;
  /** Hours on each day, for a reason that takes hours; null: full days. */
  hours: number | null;
  note: string;
}

export async function requestLeave(s: Session, input: LeaveInput): Promise<Refusal | null> {
  const { hours, ...days } = input;
  const body = {
    ...days,
    employee_id: s.employee,
    ...(hours === null ? {} : { type: 2, hours, half_day_from: undefined, half_day_to: undefined }),
  };
  const { error } = await s.api.POST('/absences', { body: body as Schemas['AbsenceCreate'] });
  return error ? refusal(error) : null;
}

export async function withdrawLeave(s: Session, id: number): Promise<Refusal | null> {
  const { error } = await s.api.DELETE('/absences/{id}', { params: { path: { id } } });
  return error ? refusal(error) : null;
}

export interface ExpenseData {
  receipts: (Receipt & { amounts: ReceiptAmount[] })[];
  types: ReceiptType[];
  projects: { id: number; name: string }[];
}

/** How many of the latest receipts the page lists with their amount lines (one request each). */
export const LISTED_RECEIPTS = 10;

/**
 * The employee's latest receipts of the last year with their amount lines, the receipt types and the projects they
 * may book on: three requests, then one per listed receipt for its lines (the list carries headers only).
 */
export async function expenses(s: Session): Promise<ExpenseData> {
  const now = today();
  const [receipts, types, days] = await Promise.all([
    s.api.GET('/receipts', {
      params: {
        query: {
          employee_id: s.employee,
          start_date: `${Number(now.slice(0, 4)) - 1}${now.slice(4)}`,
          end_date: `${Number(now.slice(0, 4)) + 1}${now.slice(4)}`,
          limit: 200,
        },
      },
    }),
    s.api.GET('/receipt-types', { params: { query: { limit: 200 } } }),
    employeeDays(s, now, now),
  ]);
  if (!receipts.data) throw new ApiFailure(receipts.error.message, receipts.response.status);
  if (!types.data) throw new ApiFailure(types.error.message, types.response.status);
  const latest = [...receipts.data.data]
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id)
    .slice(0, LISTED_RECEIPTS);
  const lines = await Promise.all(
    latest.map((r) =>
      s.api.GET('/receipts/{receipt}/amounts', { params: { path: { receipt: r.id }, query: { limit: 100 } } }),
    ),
  );
  return {
    receipts: latest.map((r, i) => ({ ...r, amounts: lines[i]!.data?.data ?? [] })),
    types: types.data.data,
    projects: days.projects.map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export interface ReceiptInput {
  date: string;
  receipt_type_id: string;
  project_id: number;
  currency: string;
  is_amount_net: boolean;
  note: string;
  receiptAmounts: ReceiptLine[];
}

export interface Photo {
  filename: string;
  /** A data: URL (the API takes base64 with or without its prefix). */
  contents: string;
}

/** Files the receipt (POST /receipts), then attaches the photo (PUT /receipts/{id}/attachments). */
export async function fileReceipt(
  s: Session,
  input: ReceiptInput,
  photo: Photo | null,
): Promise<{ refused: Refusal | null; id?: number }> {
  const { data, error } = await s.api.POST('/receipts', {
    body: { ...input, employee_id: s.employee } as Schemas['ReceiptCreate'],
  });
  if (!data) return { refused: refusal(error) };
  const id = data.data.id;
  if (!photo) return { refused: null, id };
  const put = await s.api.PUT('/receipts/{id}/attachments', {
    params: { path: { id } },
    body: { filename: photo.filename, file_contents: photo.contents },
  });
  if (put.error) return { refused: { fields: { photo: put.error.message } }, id };
  return { refused: null, id };
}

/** A picked file as a data: URL. */
export const readPhoto = (file: File): Promise<Photo> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ filename: file.name || 'receipt.jpg', contents: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
