export type ValidState = 'not_started' | 'normal' | 'expired';

/** A customer's validity at a moment: before its period starts, within it, or past its end. */
export function validState(validFrom: Date | null, validTo: Date | null, now: number): ValidState {
  if (validFrom && now < validFrom.getTime()) return 'not_started';
  if (validTo && now > validTo.getTime()) return 'expired';
  return 'normal';
}
