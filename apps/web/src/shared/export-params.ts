import type { Params } from './request';

/**
 * Exports send the table's filters as a JSON body, which the server reads with the same names
 * as the list's query: a date range must travel as 'params[beginTime]' / 'params[endTime]',
 * not as a nested object (which the server would drop, exporting every date).
 */
export function exportParams(...parts: (Params | undefined)[]): Params {
  const merged: Params = Object.assign({}, ...parts.filter(Boolean));
  const out: Params = {};
  for (const [key, value] of Object.entries(merged)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value as Params)) {
        if (innerValue !== undefined && innerValue !== null && innerValue !== '') out[`${key}[${inner}]`] = innerValue;
      }
    } else if (value !== undefined && value !== null && value !== '') {
      out[key] = value;
    }
  }
  return out;
}
