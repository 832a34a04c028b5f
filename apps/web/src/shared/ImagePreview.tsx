import { Image } from 'antd';
import { useTranslation } from 'react-i18next';

/** Thumbnails that open a full preview; `src` may hold several comma-separated URLs. */
export function ImagePreview({
  src,
  width = 48,
  height = 48,
}: {
  src?: string | null;
  width?: number;
  height?: number;
}) {
  const { t } = useTranslation();
  const urls = (src ?? '').split(',').filter(Boolean);
  if (!urls.length) return <span style={{ color: '#c0c4cc' }}>{t('upload.noImage')}</span>;
  return (
    <Image.PreviewGroup>
      {urls.map((url) => (
        <Image key={url} src={url} width={width} height={height} style={{ objectFit: 'cover', borderRadius: 4 }} />
      ))}
    </Image.PreviewGroup>
  );
}
