import type { ReactNode } from 'react';

/** Pretty-prints JSON text (request parameters, results, headers); other text is shown as is. */
export function prettyText(value: string | null | undefined): string {
  if (!value) return '';
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

export function CodeBlock({
  value,
  empty,
  testId,
}: {
  value: string | null | undefined;
  empty?: ReactNode;
  testId?: string;
}) {
  const text = prettyText(value);
  if (!text) return <span style={{ color: '#999' }}>{empty ?? '-'}</span>;
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        maxHeight: 260,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        background: '#f6f8fa',
        padding: 8,
        borderRadius: 4,
        fontSize: 12,
      }}
    >
      {text}
    </pre>
  );
}
