// The natural order of invoice numbers (docs/api/commercial.md "Invoices"): numeric parts compare as numbers, the
// rest byte by byte, so 1, 2, 3, 10, INV-9, INV-10. The list sorts in SQL by a key stored with the number: every run
// of digits, without its leading zeros, becomes its length (two digits) followed by the digits. Keys then compare
// byte by byte exactly as the numbers compare naturally (a longer number is larger; digits sort before letters);
// numbers equal but for leading zeros ("007", "7") tie on the key and follow in byte order of the number itself.
export function invoiceNumberSortKey(invoiceNumber: string): string {
  return invoiceNumber.replace(/[0-9]+/g, (digits) => {
    const significant = digits.replace(/^0+(?=[0-9])/, '');
    return String(significant.length).padStart(2, '0') + significant;
  });
}
