/**
 * The renderer's native date inputs and the domain's wall-clock answers (`YYYY-MM-DDTHH:mm:ss`). A
 * time-only question is answered on today's date, as the inspector's device records it.
 */
export type DateInputKind = 'datetime-local' | 'date' | 'time';

const pad = (n: number) => String(n).padStart(2, '0');

export function toDateInput(value: unknown, kind: DateInputKind): string {
  if (typeof value !== 'string' || value.length < 10) return '';
  if (kind === 'date') return value.slice(0, 10);
  if (kind === 'time') return value.slice(11, 19);
  return value.slice(0, 19);
}

export function fromDateInput(text: string, kind: DateInputKind, today: Date): string | null {
  if (text === '') return null;
  const seconds = (time: string) => (time.length === 5 ? `${time}:00` : time.slice(0, 8));
  if (kind === 'date') return `${text}T00:00:00`;
  if (kind === 'time') return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}T${seconds(text)}`;
  const [date, time = '00:00'] = text.split('T');
  return `${date}T${seconds(time)}`;
}
