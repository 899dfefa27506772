/** Prices in words, for pages, mails and protocol messages: `US$19.00 per month, 14-day free trial`. */
export interface Priced {
  amount: number;
  currency: string;
  interval: string;
  intervalCount: number;
  trialDays: number;
}

export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export const every = (p: Pick<Priced, "interval" | "intervalCount">) => (p.intervalCount === 1 ? `per ${p.interval}` : `every ${p.intervalCount} ${p.interval}s`);

export const describePrice = (p: Priced) => `${money(p.amount, p.currency)} ${every(p)}${p.trialDays > 0 ? `, ${p.trialDays}-day free trial` : ""}`;
