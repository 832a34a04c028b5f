/** Upload rules of spec §5. */
export const UPLOAD_RULES = {
  /** the default uploader: documents */
  file: { extensions: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'pdf'], maxBytes: 500 * 1024 },
  /** images (default uploader in image mode, editor, avatar) */
  image: { extensions: ['png', 'jpg', 'jpeg'], maxBytes: 5 * 1024 * 1024 },
} as const;

export type UploadKind = keyof typeof UPLOAD_RULES;

/** Checks the name's extension and the content's leading bytes agree with the allowed kind. */
export function sniffAllowed(kind: UploadKind, name: string, head: Buffer): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (!(UPLOAD_RULES[kind].extensions as readonly string[]).includes(ext)) return false;
  if (ext === 'png') return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (ext === 'jpg' || ext === 'jpeg') return head[0] === 0xff && head[1] === 0xd8;
  if (ext === 'pdf') return head.subarray(0, 5).toString('latin1') === '%PDF-';
  if (['docx', 'xlsx', 'pptx'].includes(ext)) return head[0] === 0x50 && head[1] === 0x4b;
  return true;
}

/** The image type its leading bytes show (PNG or JPEG), whatever the file is called; null for anything else. */
export function sniffImage(head: Buffer): 'png' | 'jpg' | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  return null;
}
