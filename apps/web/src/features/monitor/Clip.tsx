import { Typography } from 'antd';

/**
 * Text cut to a width with the whole of it in a tooltip. Tables laid out 'max-content' size
 * columns by their content, so a long value would otherwise push the other columns away.
 */
export function Clip({
  text,
  width,
  code = false,
}: {
  text: string | null | undefined;
  width: number;
  code?: boolean;
}) {
  if (!text) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Typography.Text
      code={code}
      ellipsis={{ tooltip: text }}
      style={{ maxWidth: width, display: 'inline-block', verticalAlign: 'middle' }}
    >
      {text}
    </Typography.Text>
  );
}
