/** Envelope codes (ADMIN-CONTRACT.md, spec §8). HTTP status stays 200 for these envelopes. */
export const CODE = {
  OK: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ERROR: 500,
  WARN: 601,
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

export interface Envelope<T = unknown> {
  code: Code;
  msg: string;
  data?: T;
}

export interface TableEnvelope<T = unknown> {
  code: Code;
  msg: string;
  rows: T[];
  total: number;
}
