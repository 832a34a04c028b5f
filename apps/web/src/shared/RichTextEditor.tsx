import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Select, Space, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_IMAGE_SIZE_MB, UPLOAD_IMAGE_TYPES } from './constants';
import { feedback } from './feedback';
import { checkUpload } from './upload/rules';
import { sendFile } from './upload/send';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** image size limit in MB; spec default 5 */
  fileSize?: number;
  uploadUrl?: string;
  minHeight?: number;
  readOnly?: boolean;
}

/** Toolbar font sizes of spec §9 (small, large, huge) mapped to the legacy 1–7 scale. */
const SIZES = { small: '2', normal: '3', large: '5', huge: '7' } as const;

/**
 * Rich-text editor (headings 1–6, sizes small/large/huge, marks, lists, links, images).
 * Images go to /common/upload; success needs code 200, otherwise the insertion-failure message.
 */
export function RichTextEditor({
  value = '',
  onChange,
  fileSize = EDITOR_IMAGE_SIZE_MB,
  uploadUrl = '/common/upload',
  minHeight = 240,
  readOnly = false,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const range = useRef<Range | null>(null);

  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const remember = () => {
    const selection = window.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.anchorNode)) range.current = selection.getRangeAt(0);
  };
  const restore = () => {
    area.current?.focus();
    if (range.current) {
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range.current);
    }
  };
  const exec = (command: string, argument?: string) => {
    restore();
    document.execCommand(command, false, argument);
    emit();
  };

  const insertImage = async (file: File) => {
    const check = checkUpload(file, { types: UPLOAD_IMAGE_TYPES, sizeMB: fileSize, limit: 0 }, 0);
    if (!check.ok) {
      feedback.error(t(check.key, check.values));
      return;
    }
    const close = feedback.loading(t('upload.uploadingImage'));
    const res = await sendFile(uploadUrl, file, 'file', {}, 'editor.insertFailed');
    close();
    if (!res?.url) return;
    exec('insertImage', res.url);
  };

  const tool = (title: string, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={title}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={title}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} data-testid="rich-text-editor">
      {!readOnly && (
        <Space wrap size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
          <Select
            size="small"
            style={{ width: 110 }}
            placeholder={t('editor.heading')}
            onMouseDown={remember}
            options={[
              { value: 'P', label: t('editor.paragraph') },
              ...[1, 2, 3, 4, 5, 6].map((level) => ({ value: `H${level}`, label: t('editor.headingN', { level }) })),
            ]}
            onChange={(tag: string) => exec('formatBlock', tag)}
          />
          <Select
            size="small"
            style={{ width: 100 }}
            placeholder={t('editor.size')}
            onMouseDown={remember}
            options={(Object.keys(SIZES) as (keyof typeof SIZES)[]).map((size) => ({
              value: size,
              label: t(`editor.sizes.${size}`),
            }))}
            onChange={(size: keyof typeof SIZES) => exec('fontSize', SIZES[size])}
          />
          {tool(t('editor.bold'), <BoldOutlined />, () => exec('bold'))}
          {tool(t('editor.italic'), <ItalicOutlined />, () => exec('italic'))}
          {tool(t('editor.underline'), <UnderlineOutlined />, () => exec('underline'))}
          {tool(t('editor.strike'), <StrikethroughOutlined />, () => exec('strikeThrough'))}
          {tool(t('editor.orderedList'), <OrderedListOutlined />, () => exec('insertOrderedList'))}
          {tool(t('editor.bulletList'), <UnorderedListOutlined />, () => exec('insertUnorderedList'))}
          {tool(t('editor.link'), <LinkOutlined />, () => {
            remember();
            const href = window.prompt(t('editor.linkPrompt'), 'https://');
            if (href && /^https?:\/\//.test(href)) exec('createLink', href);
          })}
          {tool(t('editor.image'), <PictureOutlined />, () => {
            remember();
            fileInput.current?.click();
          })}
          {tool(t('editor.clean'), <ClearOutlined />, () => exec('removeFormat'))}
          <input
            ref={fileInput}
            type="file"
            accept={UPLOAD_IMAGE_TYPES.map((type) => `.${type}`).join(',')}
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void insertImage(file);
            }}
          />
        </Space>
      )}
      <div
        ref={area}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={remember}
        onKeyUp={remember}
        onMouseUp={remember}
        style={{ minHeight, padding: 12, outline: 'none', overflowY: 'auto' }}
        role="textbox"
        aria-multiline="true"
        aria-label={t('editor.content')}
      />
    </div>
  );
}
