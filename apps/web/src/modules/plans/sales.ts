/** The sales address (VITE_SALES_EMAIL); the reserved `.example` domain shows it is not configured. */
const SALES_EMAIL: string = import.meta.env.VITE_SALES_EMAIL || 'sales@vigil.example';

export function salesMailto(subject: string): string {
  return `mailto:${SALES_EMAIL}?${new URLSearchParams({ subject }).toString().replace(/\+/g, '%20')}`;
}

export type BillingPeriod = 'monthly' | 'annual';
