import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_IMAGE_SIZE_MB, UPLOAD_IMAGE_TYPES } from './constants';
import { feedback } from './feedback';
import { request } from './request';
import { checkUpload } from './upload/rules';
import type { UploadResponse } from './upload/send';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** image size limit in MB; spec default 5 */
  fileSize?: number;
  uploadUrl?: string;
  minHeight?: number;
  readOnly?: boolean;
}

/** Toolbar font sizes of spec §9 (small, normal, large, huge) and headings 1–6. */
export const EDITOR_SIZES = ['small', 'normal', 'large', 'huge'] as const;
export const EDITOR_HEADINGS = [1, 2, 3, 4, 5, 6] as const;

/** The HTML an editor holds, '' when it holds nothing (Quill keeps an empty paragraph). */
export function editorHtml(quill: Quill): string {
  const html = quill.root.innerHTML;
  return quill.getLength() <= 1 && !/<(img|iframe|video)\b/i.test(html) ? '' : html;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

type Labels = Record<string, string>;

/** The toolbar as Quill expects it (selects become pickers, ql-* buttons get Quill's icons), with our titles. */
function buildToolbar(labels: Labels): HTMLElement {
  const button = (format: string, title: string, value?: string) =>
    element('button', {
      type: 'button',
      class: `ql-${format}`,
      title,
      'aria-label': title,
      ...(value ? { value } : {}),
    });
  const header = element('select', { class: 'ql-header', title: labels.heading, 'aria-label': labels.heading }, [
    ...EDITOR_HEADINGS.map((level) => element('option', { value: String(level) }, [labels[`h${level}`]])),
    element('option', { selected: '' }, [labels.paragraph]),
  ]);
  const size = element('select', { class: 'ql-size', title: labels.size, 'aria-label': labels.size }, [
    element('option', { value: 'small' }, [labels.small]),
    element('option', { selected: '' }, [labels.normal]),
    element('option', { value: 'large' }, [labels.large]),
    element('option', { value: 'huge' }, [labels.huge]),
  ]);
  return element('div', { class: 'lx-rte-toolbar' }, [
    element('span', { class: 'ql-formats' }, [header, size]),
    element('span', { class: 'ql-formats' }, [
      button('bold', labels.bold),
      button('italic', labels.italic),
      button('underline', labels.underline),
      button('strike', labels.strike),
    ]),
    element('span', { class: 'ql-formats' }, [
      button('list', labels.orderedList, 'ordered'),
      button('list', labels.bulletList, 'bullet'),
    ]),
    element('span', { class: 'ql-formats' }, [button('link', labels.link), button('image', labels.image)]),
    element('span', { class: 'ql-formats' }, [button('clean', labels.clean)]),
  ]);
}

const cssText = (text: string) => JSON.stringify(text);

/**
 * Rich-text editor on Quill 2 (headings 1–6, sizes small/large/huge, marks, lists, links, images).
 * Images go to /common/upload (png/jpg/jpeg up to `fileSize` MB); success needs code 200,
 * otherwise the insertion-failure message.
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
  const host = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const latest = useRef({ value, onChange, fileSize, uploadUrl });
  latest.current = { value, onChange, fileSize, uploadUrl };
  const scope = `lx-rte-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const labels = useMemo<Labels>(
    () => ({
      heading: t('editor.heading'),
      paragraph: t('editor.paragraph'),
      ...Object.fromEntries(EDITOR_HEADINGS.map((level) => [`h${level}`, t('editor.headingN', { level })])),
      size: t('editor.size'),
      ...Object.fromEntries(EDITOR_SIZES.map((size) => [size, t(`editor.sizes.${size}`)])),
      bold: t('editor.bold'),
      italic: t('editor.italic'),
      underline: t('editor.underline'),
      strike: t('editor.strike'),
      orderedList: t('editor.orderedList'),
      bulletList: t('editor.bulletList'),
      link: t('editor.link'),
      linkPrompt: t('editor.linkPrompt'),
      image: t('editor.image'),
      clean: t('editor.clean'),
      content: t('editor.content'),
    }),
    [t],
  );

  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const toolbar = readOnly ? null : buildToolbar(labels);
    const area = element('div');
    const fileInput = element('input', {
      type: 'file',
      accept: UPLOAD_IMAGE_TYPES.map((type) => `.${type}`).join(','),
      'data-testid': 'rich-text-file',
    });
    fileInput.style.display = 'none';
    if (toolbar) root.append(toolbar);
    root.append(area, fileInput);

    const quill = new Quill(area, {
      theme: 'snow',
      readOnly,
      modules: {
        toolbar: toolbar
          ? {
              container: toolbar,
              handlers: {
                image: () => fileInput.click(),
                link: (on: boolean) => {
                  if (!on) {
                    quill.format('link', false, 'user');
                    return;
                  }
                  const href = window.prompt(labels.linkPrompt, 'https://');
                  if (href && /^https?:\/\//i.test(href.trim())) quill.format('link', href.trim(), 'user');
                },
              },
            }
          : false,
      },
    });
    quillRef.current = quill;
    quill.root.style.minHeight = `${minHeight}px`;
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-label', labels.content);
    if (latest.current.value) quill.setContents(quill.clipboard.convert({ html: latest.current.value }), 'silent');

    quill.on('text-change', () => {
      const html = editorHtml(quill);
      latest.current.value = html;
      latest.current.onChange?.(html);
    });

    fileInput.addEventListener('change', async () => {
      const file = fileInput.files?.[0];
      fileInput.value = '';
      if (!file) return;
      const check = checkUpload(file, { types: UPLOAD_IMAGE_TYPES, sizeMB: latest.current.fileSize, limit: 0 }, 0);
      if (!check.ok) {
        feedback.error(t(check.key, check.values));
        return;
      }
      const range = quill.getSelection(true);
      const close = feedback.loading(t('upload.uploadingImage'));
      const body = new FormData();
      body.append('file', file);
      // RuoYi's editor: anything but code 200 with a URL is "image insertion failed"
      const res = await request<UploadResponse>({
        url: latest.current.uploadUrl,
        method: 'POST',
        data: body,
        silent: true,
      }).catch(() => null);
      close();
      const url = res?.code === 200 ? res.url || res.imgUrl : undefined;
      if (!url) {
        feedback.error(t('editor.insertFailed'));
        return;
      }
      const index = range ? range.index : quill.getLength();
      quill.insertEmbed(index, 'image', url, 'user');
      quill.setSelection(index + 1, 0, 'silent');
    });

    return () => {
      quillRef.current = null;
      root.innerHTML = '';
    };
  }, [readOnly, minHeight, labels, t]);

  // a new value from outside (a record loaded into the form) replaces the content
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === editorHtml(quill)) return;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
    latest.current.value = value;
  }, [value]);

  /** Picker labels come from our options (data-label) so that headings and sizes read in the user's language. */
  const css = `
.${scope} .ql-snow .ql-picker.ql-header { width: 110px; }
.${scope} .ql-snow .ql-picker.ql-header .ql-picker-label[data-label]:not([data-label=''])::before,
.${scope} .ql-snow .ql-picker.ql-header .ql-picker-item[data-label]:not([data-label=''])::before,
.${scope} .ql-snow .ql-picker.ql-size .ql-picker-label[data-label]:not([data-label=''])::before,
.${scope} .ql-snow .ql-picker.ql-size .ql-picker-item[data-label]:not([data-label=''])::before { content: attr(data-label); }
.${scope} .ql-snow .ql-picker.ql-header .ql-picker-label:not([data-label])::before { content: ${cssText(labels.paragraph)}; }
.${scope} .ql-snow .ql-picker.ql-size .ql-picker-label:not([data-label])::before { content: ${cssText(labels.normal)}; }
.${scope} .ql-toolbar.ql-snow { border-radius: 6px 6px 0 0; }
.${scope} .ql-container.ql-snow { border-radius: 0 0 6px 6px; font-size: 14px; }
.${scope}.lx-rte-readonly .ql-container.ql-snow { border: none; }
.${scope}.lx-rte-readonly .ql-editor { padding: 0; }
`;

  return (
    <div className={`${scope}${readOnly ? ' lx-rte-readonly' : ''}`} data-testid="rich-text-editor">
      <style>{css}</style>
      <div ref={host} />
    </div>
  );
}
