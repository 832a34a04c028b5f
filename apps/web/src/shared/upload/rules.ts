export interface UploadRules {
  /** extensions without the dot; empty = any */
  types: readonly string[];
  /** megabytes; 0 = unlimited */
  sizeMB: number;
  /** how many files the field holds */
  limit: number;
}

export type UploadCheck =
  | { ok: true }
  | {
      ok: false;
      key: 'upload.badFormat' | 'upload.tooLarge' | 'upload.tooMany';
      values: Record<string, string | number>;
    };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The checks every uploader makes before sending: count, format, size (spec §5). */
export function checkUpload(
  file: { name: string; size: number },
  rules: UploadRules,
  alreadyHeld: number,
): UploadCheck {
  if (rules.limit > 0 && alreadyHeld >= rules.limit)
    return { ok: false, key: 'upload.tooMany', values: { limit: rules.limit } };
  if (rules.types.length && !rules.types.includes(extensionOf(file.name))) {
    return { ok: false, key: 'upload.badFormat', values: { types: rules.types.join('/') } };
  }
  if (rules.sizeMB > 0 && file.size / 1024 / 1024 > rules.sizeMB) {
    const size = rules.sizeMB < 1 ? `${Math.round(rules.sizeMB * 1024)} KB` : `${rules.sizeMB} MB`;
    return { ok: false, key: 'upload.tooLarge', values: { size } };
  }
  return { ok: true };
}
