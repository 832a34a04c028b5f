import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GenTable, genApi } from '../../../../features/monitor/gen-api';
import { PreviewDialog, tabLabels } from './PreviewDialog';

const SLOW = { timeout: 15_000 };

afterEach(() => vi.restoreAllMocks());

describe('generated file tabs', () => {
  it('are named by file, with the folder only where two files share a name', () => {
    expect(
      tabLabels([
        'apps/server/src/modules/system/post/post.table.ts',
        'packages/contracts/src/seed/menus/system-post.ts',
        'packages/contracts/src/messages/system-post.ts',
      ]),
    ).toEqual(['post.table.ts', 'menus/system-post.ts', 'messages/system-post.ts']);
  });
});

describe('PreviewDialog', { timeout: 60_000 }, () => {
  it('shows each generated file in its own tab and copies the open one', async () => {
    vi.spyOn(genApi, 'preview').mockResolvedValue({
      code: 200,
      data: {
        'apps/server/src/modules/system/post/post.table.ts': 'export const sysPost = 1;',
        'apps/web/src/pages/system/post/index.tsx': 'export function PostPage() {}',
      },
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const table = { tableId: 3, tableName: 'sys_post' } as GenTable;
    render(
      <App>
        <PreviewDialog table={table} onClose={() => undefined} onDownload={() => undefined} />
      </App>,
    );
    expect(await screen.findByText('post.table.ts', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('index.tsx')).toBeTruthy();
    expect(screen.getByTestId('gen-preview-code').textContent).toBe('export const sysPost = 1;');
    fireEvent.click(screen.getByTestId('gen-preview-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('export const sysPost = 1;'), SLOW);
    expect(genApi.preview).toHaveBeenCalledWith(3);
  });
});
