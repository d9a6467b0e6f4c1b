/**
 * What a native number field holds as it is typed into: its number; null once emptied; undefined while half-typed
 * ("-", "1e": the field reads empty, or no number, but is not empty), when the answer waits for the number.
 */
export function typedNumber(field: HTMLInputElement): number | null | undefined {
  if (field.value === '') return field.validity.badInput ? undefined : null;
  return Number.isFinite(field.valueAsNumber) ? field.valueAsNumber : undefined;
}
