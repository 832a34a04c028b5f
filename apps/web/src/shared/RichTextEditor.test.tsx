import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../locales';
import { setFeedback } from './feedback';
import { RichTextEditor } from './RichTextEditor';
import { resetRepeatSubmit } from './request';

const ui = {
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
  notifyError: vi.fn(),
  loading: vi.fn(() => () => undefined),
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function image(sizeBytes: number, name = 'lamp.png'): File {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: sizeBytes });
  return file;
}

async function pick(container: HTMLElement, file: File) {
  const input = container.querySelector('[data-testid="rich-text-file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    fireEvent.change(input);
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  localStorage.setItem('lang', 'en-US');
  setFeedback(ui);
  resetRepeatSubmit();
  for (const fn of Object.values(ui)) fn.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
});

describe('RichTextEditor (Quill 2)', () => {
  it('offers headings 1 to 6 and the sizes small, large and huge, labelled in the user language', () => {
    const { container } = render(<RichTextEditor value="<p>street lights</p>" />);
    const headings = [...container.querySelectorAll('.ql-header .ql-picker-item')].map((item) =>
      item.getAttribute('data-value'),
    );
    expect(headings).toEqual(['1', '2', '3', '4', '5', '6', null]);
    expect(container.querySelector('.ql-header .ql-picker-item[data-value="3"]')?.getAttribute('data-label')).toBe(
      'Heading 3',
    );
    const sizes = [...container.querySelectorAll('.ql-size .ql-picker-item')].map((item) =>
      item.getAttribute('data-value'),
    );
    expect(sizes).toEqual(['small', null, 'large', 'huge']);
    expect(container.querySelector('.ql-bold')?.getAttribute('title')).toBe('Bold');
    expect(container.querySelector('.ql-editor')?.textContent).toBe('street lights');
  });

  it('reports edits as HTML and an emptied editor as an empty string', async () => {
    const onChange = vi.fn();
    const { container } = render(<RichTextEditor value="" onChange={onChange} />);
    const editor = container.querySelector('.ql-editor') as HTMLElement;
    await act(async () => {
      editor.innerHTML = '<p>night patrol</p>';
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>night patrol</p>'));
    await act(async () => {
      editor.innerHTML = '<p><br></p>';
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  it('refuses images over the 5 MB limit before uploading', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<RichTextEditor />);
    await pick(container, image(6 * 1024 * 1024));
    expect(ui.error).toHaveBeenCalledWith('File size exceeded: the limit is 5 MB', undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('honours a smaller fileSize and the image formats', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { container } = render(<RichTextEditor fileSize={1} />);
    await pick(container, image(2 * 1024 * 1024));
    expect(ui.error).toHaveBeenLastCalledWith('File size exceeded: the limit is 1 MB', undefined);
    await pick(container, image(10, 'notes.gif'));
    expect(ui.error).toHaveBeenLastCalledWith(expect.stringContaining('Incorrect file format'), undefined);
  });

  it('shows the insertion-failure message unless the upload answers code 200 with a URL', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 500, msg: 'disk full' })),
    );
    const { container } = render(<RichTextEditor />);
    await pick(container, image(1024));
    await waitFor(() => expect(ui.error).toHaveBeenCalledWith('Image insertion failed', undefined));
    expect(container.querySelector('.ql-editor img')).toBeNull();
  });

  it('inserts the uploaded image', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json({ code: 200, url: '/profile/upload/lamp.png', fileName: 'lamp.png' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    const { container } = render(<RichTextEditor uploadUrl="/common/upload" onChange={onChange} />);
    await pick(container, image(1024));
    await waitFor(() =>
      expect(container.querySelector('.ql-editor img')?.getAttribute('src')).toBe('/profile/upload/lamp.png'),
    );
    expect(fetchMock.mock.calls[0][0]).toBe('/common/upload');
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/profile/upload/lamp.png">'));
  });

  it('shows content without a toolbar when read-only', () => {
    const { container } = render(<RichTextEditor readOnly value="<h2>Notice</h2>" />);
    expect(container.querySelector('.ql-toolbar')).toBeNull();
    expect(container.querySelector('.ql-editor h2')?.textContent).toBe('Notice');
    expect(container.querySelector('.ql-editor')?.getAttribute('contenteditable')).toBe('false');
  });
});
